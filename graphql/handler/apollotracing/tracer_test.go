package apollotracing_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollotracing"
)

// tickingClock replaces graphql.Now for the test with a clock that starts at
// start and advances by step on every reading.
func tickingClock(t *testing.T, start time.Time, step time.Duration) {
	t.Helper()
	saved := graphql.Now
	var mu sync.Mutex
	now := start
	graphql.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		n := now
		now = now.Add(step)
		return n
	}
	t.Cleanup(func() { graphql.Now = saved })
}

// operation returns a context holding an operation whose phases the executor
// would have timed as given, and a response context.
func operation(start time.Time) context.Context {
	oc := &graphql.OperationContext{RawQuery: "{ name }"}
	oc.Stats.OperationStart = start
	oc.Stats.Parsing = graphql.TraceTiming{Start: start.Add(300), End: start.Add(400)}
	oc.Stats.Validation = graphql.TraceTiming{Start: start.Add(500), End: start.Add(600)}
	ctx := graphql.WithOperationContext(context.Background(), oc)
	return graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
}

// field resolves one field of object, of type typ, through the tracer.
func field(ctx context.Context, object, alias, name string, typ *ast.Type, r graphql.Resolver) (context.Context, any, error) {
	fc := &graphql.FieldContext{
		Object: object,
		Field: graphql.CollectedField{Field: &ast.Field{
			Alias:      alias,
			Name:       name,
			Definition: &ast.FieldDefinition{Name: name, Type: typ},
		}},
	}
	ctx = graphql.WithFieldContext(ctx, fc)
	v, err := apollotracing.Tracer{}.InterceptField(ctx, r)
	return ctx, v, err
}

func constant(v any) graphql.Resolver {
	return func(context.Context) (any, error) { return v, nil }
}

// respond runs body as the response handler behind the tracer and returns
// the encoded response.
func respond(t *testing.T, ctx context.Context, body func(ctx context.Context) json.RawMessage) []byte {
	t.Helper()
	resp := apollotracing.Tracer{}.InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
		return &graphql.Response{Data: body(ctx), Extensions: graphql.GetExtensions(ctx)}
	})
	b, err := codec.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTraceOfOneField(t *testing.T) {
	start := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	// Readings: field start +700, field end +800, response end +900.
	tickingClock(t, start.Add(700), 100)

	got := respond(t, operation(start), func(ctx context.Context) json.RawMessage {
		_, v, err := field(ctx, "Query", "name", "name", ast.NonNullNamedType("String", nil), constant("test"))
		if err != nil || v != "test" {
			t.Errorf("resolver result %v, %v", v, err)
		}
		return json.RawMessage(`{"name":"test"}`)
	})

	want := `{"data":{"name":"test"},"extensions":{"tracing":{` +
		`"version":1,"startTime":"2024-05-01T12:00:00Z","endTime":"2024-05-01T12:00:00.0000009Z","duration":900,` +
		`"parsing":{"startOffset":300,"duration":100},"validation":{"startOffset":500,"duration":100},` +
		`"execution":{"resolvers":[{"path":["name"],"parentType":"Query","fieldName":"name","returnType":"String!","startOffset":700,"duration":100}]}}}}`
	if string(got) != want {
		t.Errorf("response\n got %s\nwant %s", got, want)
	}
}

func TestTraceOfNestedAndListFields(t *testing.T) {
	start := time.Date(2024, 5, 1, 12, 0, 0, 0, time.Local)
	tickingClock(t, start.Add(1000), 10)
	userType := ast.NamedType("User", nil)
	listType := ast.NonNullListType(ast.NonNullNamedType("User", nil), nil)

	got := respond(t, operation(start), func(ctx context.Context) json.RawMessage {
		usersCtx, _, _ := field(ctx, "Query", "people", "users", listType, constant(nil))
		for i := range 2 {
			elem := &graphql.FieldContext{Index: &i}
			elemCtx := graphql.WithFieldContext(usersCtx, elem)
			field(elemCtx, "User", "friend", "bestFriend", userType, constant(nil))
		}
		return json.RawMessage(`{}`)
	})

	var decoded struct {
		Extensions struct {
			Tracing apollotracing.TracingExtension `json:"tracing"`
		} `json:"extensions"`
	}
	if err := codec.Unmarshal(got, &decoded); err != nil {
		t.Fatal(err)
	}
	tr := &decoded.Extensions.Tracing
	if !tr.StartTime.Equal(start) {
		t.Errorf("startTime %v, want %v", tr.StartTime, start)
	}
	type row struct {
		path, parent, name, ret string
		offset, dur             time.Duration
	}
	want := []row{
		{`["people"]`, "Query", "users", "[User!]!", 1000, 10},
		{`["people",0,"friend"]`, "User", "bestFriend", "User", 1020, 10},
		{`["people",1,"friend"]`, "User", "bestFriend", "User", 1040, 10},
	}
	if len(tr.Execution.Resolvers) != len(want) {
		t.Fatalf("%d resolvers, want %d: %s", len(tr.Execution.Resolvers), len(want), got)
	}
	for i, r := range tr.Execution.Resolvers {
		path, _ := codec.Marshal(r.Path)
		g := row{string(path), r.ParentType, r.FieldName, r.ReturnType, r.StartOffset, r.Duration}
		if g != want[i] {
			t.Errorf("resolver %d = %+v, want %+v", i, g, want[i])
		}
	}
	if tr.Duration != 1060 || !tr.EndTime.Equal(start.Add(1060)) {
		t.Errorf("end %v duration %v", tr.EndTime, tr.Duration)
	}
}

func TestNoResolvers(t *testing.T) {
	start := time.Date(2000, 1, 2, 3, 4, 5, 6, time.UTC)
	tickingClock(t, start.Add(50), 1)
	got := respond(t, operation(start), func(context.Context) json.RawMessage { return nil })
	want := `{"data":null,"extensions":{"tracing":{"version":1,"startTime":"2000-01-02T03:04:05.000000006Z",` +
		`"endTime":"2000-01-02T03:04:05.000000056Z","duration":50,"parsing":{"startOffset":300,"duration":100},` +
		`"validation":{"startOffset":500,"duration":100},"execution":{"resolvers":null}}}}`
	if string(got) != want {
		t.Errorf("response\n got %s\nwant %s", got, want)
	}
}

func TestResolverErrorAndPanicAreRecorded(t *testing.T) {
	start := time.Unix(0, 0).UTC()
	tickingClock(t, start, 1)
	ctx := operation(start)
	boom := errors.New("boom")

	var trace *apollotracing.TracingExtension
	apollotracing.Tracer{}.InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
		trace = graphql.GetExtension(ctx, "tracing").(*apollotracing.TracingExtension)
		if _, _, err := field(ctx, "Query", "a", "a", ast.NamedType("Int", nil), func(context.Context) (any, error) {
			return nil, boom
		}); err != boom {
			t.Errorf("error %v, want %v", err, boom)
		}
		func() {
			defer func() { _ = recover() }()
			field(ctx, "Query", "b", "b", ast.NamedType("Int", nil), func(context.Context) (any, error) {
				panic("resolver panic")
			})
		}()
		return &graphql.Response{}
	})
	if n := len(trace.Execution.Resolvers); n != 2 {
		t.Fatalf("%d resolvers recorded, want 2", n)
	}
}

func TestPassThrough(t *testing.T) {
	t.Run("response without operation", func(t *testing.T) {
		ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, graphql.DefaultRecover)
		want := &graphql.Response{}
		got := apollotracing.Tracer{}.InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
			if len(graphql.GetExtensions(ctx)) != 0 {
				t.Error("extension registered without an operation")
			}
			return want
		})
		if got != want {
			t.Error("response replaced")
		}
	})
	t.Run("field without trace", func(t *testing.T) {
		ctx := operation(time.Now())
		_, v, err := field(ctx, "Query", "x", "x", ast.NamedType("Int", nil), constant(7))
		if v != 7 || err != nil {
			t.Errorf("got %v, %v", v, err)
		}
	})
}

func TestConcurrentFields(t *testing.T) {
	start := time.Unix(0, 0).UTC()
	tickingClock(t, start, 1)
	const n = 50
	var trace *apollotracing.TracingExtension
	apollotracing.Tracer{}.InterceptResponse(operation(start), func(ctx context.Context) *graphql.Response {
		trace = graphql.GetExtension(ctx, "tracing").(*apollotracing.TracingExtension)
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() { field(ctx, "Query", "f", "f", ast.NamedType("Int", nil), constant(1)) })
		}
		wg.Wait()
		return &graphql.Response{}
	})
	if len(trace.Execution.Resolvers) != n {
		t.Errorf("%d resolvers, want %d", len(trace.Execution.Resolvers), n)
	}
}

func TestExtensionContract(t *testing.T) {
	var ext graphql.HandlerExtension = apollotracing.Tracer{}
	if ext.ExtensionName() != "ApolloTracing" {
		t.Errorf("name %q", ext.ExtensionName())
	}
	if err := ext.Validate(nil); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

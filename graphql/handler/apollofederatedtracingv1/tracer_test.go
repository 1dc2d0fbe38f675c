package apollofederatedtracingv1_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/generated"
)

var epoch = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// people is { me { name friends { name } } users: allUsers { id } } with two
// friends and one user; me.name fails with "boom" when fail is set.
func people(fail bool) []sel {
	var nameErr error
	if fail {
		nameErr = errors.New("boom")
	}
	friend := []sel{{object: "User", name: "name", typ: named("String")}}
	return []sel{
		{object: "Query", name: "me", typ: named("User"), children: []sel{
			{object: "User", name: "name", typ: nonNull(named("String")), err: nameErr},
			{
				object: "User", name: "friends", typ: nonNull(listOf(nonNull(named("User")))),
				elems: [][]sel{friend, friend},
			},
		}},
		{
			object: "Query", alias: "users", name: "allUsers", typ: listOf(named("User")),
			elems: [][]sel{{{object: "User", name: "id", typ: nonNull(named("ID"))}}},
		},
	}
}

func TestTraceTree(t *testing.T) {
	steppingClock(t, epoch.Add(100), 100)
	body := execute(t, &apollofederatedtracingv1.Tracer{}, request{headers: traced(), start: epoch, fields: people(false)})
	trace := decodeTrace(t, body)
	if trace == nil {
		t.Fatalf("no ftv1 extension in %s", body)
	}

	want := `root
  me Query.User 100-200
    name User.String! 300-400
    friends User.[User!]! 500-600
      [0]
        name User.String 700-800
      [1]
        name User.String 900-1000
  allUsers Query.[User] 1100-1200
    [0]
      id User.ID! 1300-1400
`
	if got := render(trace.GetRoot()); got != want {
		t.Errorf("tree\n%s\nwant\n%s", got, want)
	}
	if got := trace.GetStartTime().AsTime(); !got.Equal(epoch) {
		t.Errorf("start time %v, want %v", got, epoch)
	}
	if got := trace.GetEndTime().AsTime(); !got.Equal(epoch.Add(1500)) {
		t.Errorf("end time %v, want %v", got, epoch.Add(1500))
	}
	if trace.GetDurationNs() != 1500 {
		t.Errorf("duration %d ns, want 1500", trace.GetDurationNs())
	}
	// A subgraph trace carries the tree and the timings only.
	if trace.GetClientName() != "" || trace.GetDetails() != nil || trace.GetHttp() != nil || trace.GetSignature() != "" {
		t.Errorf("gateway-only fields set: %v", trace)
	}
}

func TestTraceWithRealClock(t *testing.T) {
	before := time.Now()
	body := execute(t, &apollofederatedtracingv1.Tracer{}, request{headers: traced(), start: before, fields: people(false)})
	trace := decodeTrace(t, body)
	start, end := trace.GetStartTime().AsTime(), trace.GetEndTime().AsTime()
	if !start.Equal(before) || end.Before(start) {
		t.Errorf("start %v end %v, operation started %v", start, end, before)
	}
	if d := time.Duration(trace.GetDurationNs()); d < 0 || d > end.Sub(start)+time.Millisecond {
		t.Errorf("duration %v for %v..%v", d, start, end)
	}
	me := trace.GetRoot().GetChild()[0]
	if me.GetEndTime() < me.GetStartTime() || me.GetStartTime() == 0 {
		t.Errorf("me resolved %d..%d", me.GetStartTime(), me.GetEndTime())
	}
}

func TestErrorOptions(t *testing.T) {
	redact := func(e *gqlerror.Error) *gqlerror.Error {
		return &gqlerror.Error{Message: "redacted: " + strings.ToUpper(e.Message), Locations: e.Locations}
	}
	masked := `"<masked>" {"message":"\u003cmasked\u003e"}`
	cases := []struct {
		name string
		opts *apollofederatedtracingv1.ErrorOptions
		want string
	}{
		{"default", nil, masked},
		{"masked", &apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_MASKED}, masked},
		{
			"masked ignores the transform",
			&apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_MASKED, TransformFunction: redact},
			masked,
		},
		{
			"all",
			&apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_UNMODIFIED, TransformFunction: redact},
			`"boom" {"message":"boom","path":["me","name"],"locations":[{"line":1,"column":3}]} @1:3`,
		},
		{
			"transform",
			&apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_TRANSFORM, TransformFunction: redact},
			`"redacted: BOOM" {"message":"redacted: BOOM","locations":[{"line":1,"column":3}]} @1:3`,
		},
		{"transform without function", &apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_TRANSFORM}, masked},
		{"unknown option", &apollofederatedtracingv1.ErrorOptions{ErrorOption: "some", TransformFunction: redact}, masked},
		{
			"transform dropping the error",
			&apollofederatedtracingv1.ErrorOptions{
				ErrorOption:       apollofederatedtracingv1.ERROR_TRANSFORM,
				TransformFunction: func(*gqlerror.Error) *gqlerror.Error { return nil },
			},
			"",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var saved apollofederatedtracingv1.ErrorOptions
			if tc.opts != nil {
				saved = *tc.opts
			}
			tr := &apollofederatedtracingv1.Tracer{ErrorOptions: tc.opts}
			body := execute(t, tr, request{headers: traced(), start: time.Now(), fields: people(true)})

			var resp struct{ Errors gqlerror.List }
			if err := codec.Unmarshal(body, &resp); err != nil || len(resp.Errors) != 1 || resp.Errors[0].Message != "boom" {
				t.Errorf("client errors %v (%v); the trace options must not change them", resp.Errors, err)
			}
			name := decodeTrace(t, body).GetRoot().GetChild()[0].GetChild()[0]
			got := ""
			if errs := name.GetError(); len(errs) > 0 {
				if len(errs) != 1 {
					t.Fatalf("%d errors on me.name", len(errs))
				}
				e := errs[0]
				got = `"` + e.GetMessage() + `" ` + e.GetJson()
				for _, l := range e.GetLocation() {
					got += " @" + itoa(l.GetLine()) + ":" + itoa(l.GetColumn())
				}
			}
			if got != tc.want {
				t.Errorf("error on me.name\n got %s\nwant %s", got, tc.want)
			}
			if tc.opts != nil && (tc.opts.ErrorOption != saved.ErrorOption ||
				(tc.opts.TransformFunction == nil) != (saved.TransformFunction == nil)) {
				t.Errorf("options changed to %+v", *tc.opts)
			}
		})
	}
}

func itoa(n uint32) string { return strconv.FormatUint(uint64(n), 10) }

func TestErrorsAwayFromTracedFields(t *testing.T) {
	log := &recordingLogger{}
	tr := &apollofederatedtracingv1.Tracer{
		ErrorOptions: &apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_UNMODIFIED},
		Logger:       log,
	}
	steppingClock(t, epoch, 1)
	body := execute(t, tr, request{
		headers: traced(),
		start:   epoch,
		fields:  []sel{{object: "Query", name: "a", typ: named("Int")}},
		before: func(ctx context.Context) {
			graphql.AddError(ctx, errors.New("operation failed"))
			graphql.AddError(ctx, &gqlerror.Error{Message: "element", Path: ast.Path{ast.PathName("list"), ast.PathIndex(3)}})
		},
	})
	want := `root
  ! "operation failed" {"message":"operation failed"}
  ! "element" {"message":"element","path":["list",3]}
  a Query.Int 0-1
`
	if got := render(decodeTrace(t, body).GetRoot()); got != want {
		t.Errorf("tree\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(log.String(), `"list[3]"`) {
		t.Errorf("unplaced error not logged; log: %s", log)
	}
}

func TestNotRequested(t *testing.T) {
	for name, h := range map[string]http.Header{
		"no header":     nil,
		"other format":  {"Apollo-Federation-Include-Trace": {"ftv2"}},
		"other headers": {"X-Trace": {"ftv1"}},
	} {
		t.Run(name, func(t *testing.T) {
			body := execute(t, &apollofederatedtracingv1.Tracer{}, request{headers: h, start: time.Now(), fields: people(true)})
			if strings.Contains(string(body), "ftv1") || decodeTrace(t, body) != nil {
				t.Errorf("traced without being asked: %s", body)
			}
		})
	}
}

func TestHooksWithoutOperation(t *testing.T) {
	tr := &apollofederatedtracingv1.Tracer{}
	// An error response produced before any operation hook ran, as for a
	// request that could not be parsed.
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, graphql.DefaultRecover)
	want := &graphql.Response{Errors: gqlerror.List{{Message: "no operation provided"}}}
	if got := tr.InterceptResponse(ctx, func(context.Context) *graphql.Response { return want }); got != want {
		t.Error("response replaced")
	}
	if len(graphql.GetExtensions(ctx)) != 0 {
		t.Error("extension registered without an operation")
	}
	v, err := tr.InterceptField(ctx, func(context.Context) (any, error) { return 42, nil })
	if v != 42 || err != nil {
		t.Errorf("InterceptField = %v, %v", v, err)
	}

	// With the header but without InterceptOperation having run.
	oc := &graphql.OperationContext{Headers: traced()}
	ctx = graphql.WithOperationContext(ctx, oc)
	tr.InterceptResponse(ctx, func(context.Context) *graphql.Response { return want })
	if len(graphql.GetExtensions(ctx)) != 0 {
		t.Error("extension registered without a tree builder")
	}
}

func TestConcurrentResolution(t *testing.T) {
	wide := make([][]sel, 40)
	for i := range wide {
		wide[i] = []sel{
			{object: "User", name: "id", typ: named("ID")},
			{object: "User", name: "name", typ: named("String"), err: errors.New("x")},
		}
	}
	fields := []sel{{object: "Query", name: "users", typ: listOf(named("User")), elems: wide, parallel: true}}
	body := execute(t, &apollofederatedtracingv1.Tracer{}, request{headers: traced(), start: time.Now(), fields: fields})

	users := decodeTrace(t, body).GetRoot().GetChild()
	if len(users) != 1 {
		t.Fatalf("%d root children", len(users))
	}
	elems := users[0].GetChild()
	if len(elems) != len(wide) {
		t.Fatalf("%d element nodes, want %d", len(elems), len(wide))
	}
	var idx []int
	for _, e := range elems {
		idx = append(idx, int(e.GetIndex()))
		var names []string
		errs := 0
		for _, c := range e.GetChild() {
			names = append(names, c.GetResponseName())
			errs += len(c.GetError())
		}
		slices.Sort(names)
		if !slices.Equal(names, []string{"id", "name"}) || errs != 1 {
			t.Errorf("element %d: fields %v, %d errors", e.GetIndex(), names, errs)
		}
	}
	slices.Sort(idx)
	for i, n := range idx {
		if i != n {
			t.Fatalf("element indexes %v", idx)
		}
	}
}

func TestTwoResponsesOfOneOperation(t *testing.T) {
	log := &recordingLogger{}
	tr := &apollofederatedtracingv1.Tracer{Logger: log}
	oc := &graphql.OperationContext{Headers: traced()}
	oc.Stats.OperationStart = time.Now()
	ctx := graphql.WithOperationContext(context.Background(), oc)
	var opCtx context.Context
	next := tr.InterceptOperation(ctx, func(ctx context.Context) graphql.ResponseHandler {
		opCtx = ctx
		return func(ctx context.Context) *graphql.Response {
			ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
			return tr.InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
				resolve(ctx, tr, sel{object: "Subscription", name: "tick", typ: named("Int")})
				return &graphql.Response{Extensions: graphql.GetExtensions(ctx)}
			})
		}
	})
	for i := range 2 {
		b, err := codec.Marshal(next(opCtx))
		if err != nil {
			t.Fatal(err)
		}
		if decodeTrace(t, b) == nil {
			t.Fatalf("response %d has no trace", i)
		}
	}
	if !strings.Contains(log.String(), "StartTimer called twice") {
		t.Errorf("second start not logged: %s", log)
	}
}

func TestTreeBuilderMisuse(t *testing.T) {
	log := &recordingLogger{}
	tb := apollofederatedtracingv1.NewTreeBuilder(nil, log)
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, graphql.DefaultRecover)
	fc := &graphql.FieldContext{Object: "Query", Field: graphql.CollectedField{Field: &ast.Field{Alias: "a", Name: "a"}}}
	fctx := graphql.WithFieldContext(ctx, fc)

	if tb.WillResolveField(fctx) != nil {
		t.Error("field traced before StartTimer")
	}
	tb.DidEncounterErrors(ctx, gqlerror.List{{Message: "early"}})
	tb.StartTimer(ctx) // outside an operation: starts now
	if tb.WillResolveField(ctx) != nil {
		t.Error("traced a context without a field")
	}
	done := tb.WillResolveField(fctx)
	if done == nil {
		t.Fatal("field not traced")
	}
	done()
	tb.StopTimer(ctx)
	tb.StopTimer(ctx)
	if tb.WillResolveField(fctx) != nil {
		t.Error("field traced after StopTimer")
	}
	tb.DidEncounterErrors(ctx, gqlerror.List{{Message: "late"}})

	if n := len(tb.Trace.GetRoot().GetChild()); n != 1 || len(tb.Trace.GetRoot().GetError()) != 0 {
		t.Errorf("trace %v", tb.Trace)
	}
	for _, msg := range []string{
		"WillResolveField called before StartTimer", "DidEncounterErrors called before StartTimer",
		"outside a field", "StopTimer called twice", "WillResolveField called after StopTimer",
		"DidEncounterErrors called after StopTimer",
	} {
		if !strings.Contains(log.String(), msg) {
			t.Errorf("log lacks %q:\n%s", msg, log)
		}
	}

	fresh := apollofederatedtracingv1.NewTreeBuilder(nil, nil)
	fresh.StopTimer(ctx) // before StartTimer: logged to the no-op logger, no panic
	if fresh.Trace.GetDurationNs() != 0 || fresh.Trace.GetEndTime() == nil {
		t.Errorf("trace stopped unstarted: %v", fresh.Trace)
	}
}

func TestExtensionContract(t *testing.T) {
	var ext graphql.HandlerExtension = &apollofederatedtracingv1.Tracer{}
	if ext.ExtensionName() != "ApolloFederatedTracingV1" {
		t.Errorf("name %q", ext.ExtensionName())
	}
	if err := ext.Validate(nil); err != nil {
		t.Error(err)
	}
	if _, ok := ext.(graphql.OperationInterceptor); !ok {
		t.Error("not an OperationInterceptor")
	}
	var _ *generated.Trace = apollofederatedtracingv1.NewTreeBuilder(nil, nil).Trace
}

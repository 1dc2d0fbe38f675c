package transport

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"go.uber.org/goleak"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
)

func TestMain(m *testing.M) {
	log.SetOutput(io.Discard) // the transports log bad requests, as upstream does
	goleak.VerifyTestMain(m)
	os.Exit(0)
}

// testExec is a hand-written graphql.GraphExecutor. What it does is chosen
// by the request: a query starting with "#user" or "#validation" fails
// before execution with an error of that kind, other queries are parsed
// (not validated), and the first root field picks the responses:
//
//	hello            {"hello":"world"}
//	echo             what the executor received, as strings
//	ctxvalue         the testCtxKey value of the context
//	ticks(n: N)      N responses {"ticks":i}
//	forever          a response every 10ms until the context ends
//	html             data with whitespace, <, &, U+2028 to be compacted and escaped
//	nan              invalid data, as a float marshaler writes it
//	errors           errors with paths, locations and extensions
//	defer            an initial response and two deferred payloads
//	deferbad         an initial response and a deferred payload with invalid data
//	panic            panics in the response handler
//	suberr           records a subscription error and ends
//
// A gapms: N argument on any of them waits N ms before each response but
// the first. Arguments are read from the query text.
type testExec struct{}

// lastResponseGate is a context key: a channel that the response handler
// waits on before the operation's last response, for tests that must see
// the earlier ones written first.
type lastResponseGate struct{}

// testCtxKey is a context key tests set to see contexts travel.
type testCtxKey struct{}

func codeErr(msg, code string) *gqlerror.Error {
	e := &gqlerror.Error{Message: msg}
	errcode.Set(e, code)
	return e
}

func (testExec) CreateOperationContext(_ context.Context, p *graphql.RawParams) (*graphql.OperationContext, gqlerror.List) {
	switch {
	case p.Query == "":
		return nil, gqlerror.List{codeErr("no operation provided", errcode.ValidationFailed)}
	case strings.HasPrefix(p.Query, "#user"):
		return nil, gqlerror.List{codeErr("PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND")}
	case strings.HasPrefix(p.Query, "#validation"):
		e := codeErr(`Cannot query field "x" on type "Query".`, errcode.ValidationFailed)
		e.Locations = []gqlerror.Location{{Line: 1, Column: 3}}
		return nil, gqlerror.List{e}
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: p.Query})
	if err != nil {
		gqlErr, ok := err.(*gqlerror.Error)
		if !ok {
			gqlErr = gqlerror.Wrap(err)
		}
		errcode.Set(gqlErr, errcode.ParseFailed)
		return nil, gqlerror.List{gqlErr}
	}
	op := doc.Operations.ForName(p.OperationName)
	if op == nil {
		return nil, gqlerror.List{codeErr("operation "+p.OperationName+" not found", errcode.ValidationFailed)}
	}
	return &graphql.OperationContext{
		RawQuery:      p.Query,
		Variables:     p.Variables,
		OperationName: p.OperationName,
		Doc:           doc,
		Extensions:    p.Extensions,
		Headers:       p.Headers,
		Operation:     op,
		RecoverFunc: func(context.Context, any) error {
			return gqlerror.Errorf("internal system error")
		},
	}, nil
}

func (testExec) DispatchError(_ context.Context, list gqlerror.List) *graphql.Response {
	return &graphql.Response{Errors: list}
}

// PresentRecoveredError is what executor.Executor offers and transports
// use to answer responses that cannot be encoded.
func (testExec) PresentRecoveredError(context.Context, any) error {
	return gqlerror.Errorf("internal system error")
}

func intArg(f *ast.Field, name string, def int) int {
	if a := f.Arguments.ForName(name); a != nil {
		n, err := strconv.Atoi(a.Value.Raw)
		if err == nil {
			return n
		}
	}
	return def
}

func ptrTo[T any](v T) *T { return &v }

func (testExec) DispatchOperation(ctx context.Context, oc *graphql.OperationContext) (graphql.ResponseHandler, context.Context) {
	field := oc.Operation.SelectionSet[0].(*ast.Field)
	var queue []*graphql.Response
	add := func(data string) { queue = append(queue, &graphql.Response{Data: json.RawMessage(data)}) }
	switch field.Name {
	case "hello":
		add(`{"hello":"world"}`)
	case "echo":
		add(fmt.Sprintf(`{"vars":%q,"ext":%q,"op":%q,"hdr":%q,"init":%q}`,
			describe(oc.Variables), describe(oc.Extensions), oc.OperationName,
			oc.Headers.Get("X-Test"), describe(GetInitPayload(ctx))))
	case "ctxvalue":
		add(fmt.Sprintf(`{"v":%q}`, fmt.Sprint(ctx.Value(testCtxKey{}))))
	case "ticks":
		for i := range intArg(field, "n", 3) {
			add(fmt.Sprintf(`{"ticks":%d}`, i))
		}
	case "forever":
		n := 0
		return func(ctx context.Context) *graphql.Response {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(10 * time.Millisecond):
				n++
				return &graphql.Response{Data: json.RawMessage(fmt.Sprintf(`{"forever":%d}`, n))}
			}
		}, ctx
	case "html":
		add("{ \"s\" : \"<a&b>\u2028\u2029 x\" ,\n \"t\":[1, 2.5e3, true,null] }")
	case "nan":
		add(`{"x":NaN}`)
	case "errors":
		queue = append(queue, &graphql.Response{
			Errors: gqlerror.List{
				{
					Message:    "boom <&> \u2028",
					Path:       ast.Path{ast.PathName("a"), ast.PathIndex(2), ast.PathName("b<")},
					Locations:  []gqlerror.Location{{Line: 1, Column: 2}, {Column: 5}},
					Extensions: map[string]any{"code": "X", "z": 1.5, "a": []any{json.Number("12"), nil, "s"}},
				},
				{Message: "plain", Extensions: map[string]any{}},
				nil,
			},
			Data:       json.RawMessage(`{"a":null}`),
			Label:      "lbl",
			Path:       ast.Path{ast.PathName("p"), ast.PathIndex(0)},
			HasNext:    ptrTo(false),
			Extensions: map[string]any{"tracing": map[string]any{"v": 1}, "b": "x"},
		})
	case "defer":
		queue = testExec{}.deferResponses()
	case "deferbad":
		queue = append(queue,
			&graphql.Response{Data: json.RawMessage(`{"a":1}`), HasNext: ptrTo(true)},
			&graphql.Response{Data: json.RawMessage(`{"b":NaN}`), Label: "bad", Path: ast.Path{ast.PathName("a")}, HasNext: ptrTo(false)},
		)
	case "panic":
		return func(context.Context) *graphql.Response { panic("resolver panic") }, ctx
	case "suberr":
		return func(ctx context.Context) *graphql.Response {
			AddSubscriptionError(ctx, gqlerror.Errorf("sub failed"))
			return nil
		}, ctx
	default:
		add(`{"unknown":true}`)
	}
	delay := time.Duration(intArg(field, "gapms", 0)) * time.Millisecond
	gate, _ := ctx.Value(lastResponseGate{}).(chan struct{})
	next := 0
	return func(ctx context.Context) *graphql.Response {
		if next >= len(queue) {
			return nil
		}
		if next > 0 && delay > 0 {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(delay):
			}
		}
		if gate != nil && next == len(queue)-1 {
			select {
			case <-ctx.Done():
				return nil
			case <-gate:
			}
		}
		next++
		return queue[next-1]
	}, ctx
}

// deferResponses are the responses of the defer field: the initial one
// and two deferred payloads.
func (testExec) deferResponses() []*graphql.Response {
	return []*graphql.Response{
		{Data: json.RawMessage(`{"a":{"id":1}}`), HasNext: ptrTo(true)},
		{Data: json.RawMessage(`{"name":"x"}`), Label: "one", Path: ast.Path{ast.PathName("a")}, HasNext: ptrTo(true)},
		{Label: "two", Path: ast.Path{ast.PathName("a"), ast.PathIndex(1)}, HasNext: ptrTo(false),
			Errors: gqlerror.List{{Message: "deferred failed", Path: ast.Path{ast.PathName("a"), ast.PathIndex(1), ast.PathName("b")}}}},
	}
}

// describe renders decoded values with their Go types, so that tests can
// see json.Number against float64.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "nil"
	case InitPayload:
		return "InitPayload" + describe(map[string]any(v))
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ":" + describe(v[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = describe(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case graphql.Upload:
		content, _ := io.ReadAll(v.File)
		return fmt.Sprintf("Upload(%s,%d,%s,%q)", v.Filename, v.Size, v.ContentType, content)
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

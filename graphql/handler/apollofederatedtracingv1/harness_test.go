package apollofederatedtracingv1_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"google.golang.org/protobuf/proto"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/generated"
)

// This file stands in for the executor, which lives in another package: it
// drives the tracer's hooks in the order and with the contexts the executor
// uses, over a response described by a tree of sel values.

// sel is a selected field. Its resolver returns err; children are resolved
// on its result, and for a list field each entry of elems is the selection
// resolved on one element.
type sel struct {
	object, alias, name string
	typ                 *ast.Type
	err                 error
	children            []sel
	elems               [][]sel
	// parallel resolves children and elements concurrently.
	parallel bool
}

func named(name string) *ast.Type     { return &ast.Type{NamedType: name} }
func nonNull(t *ast.Type) *ast.Type   { c := *t; c.NonNull = true; return &c }
func listOf(elem *ast.Type) *ast.Type { return &ast.Type{Elem: elem} }

// resolve resolves s below ctx through the tracer, as generated code does.
func resolve(ctx context.Context, tr *apollofederatedtracingv1.Tracer, s sel) {
	alias := s.alias
	if alias == "" {
		alias = s.name
	}
	fc := &graphql.FieldContext{
		Object: s.object,
		Field: graphql.CollectedField{Field: &ast.Field{
			Alias:      alias,
			Name:       s.name,
			Definition: &ast.FieldDefinition{Name: s.name, Type: s.typ},
			Position:   &ast.Position{Line: 1, Column: 3},
		}},
	}
	ctx = graphql.WithFieldContext(ctx, fc)
	if _, err := tr.InterceptField(ctx, func(context.Context) (any, error) { return nil, s.err }); err != nil {
		graphql.AddError(ctx, graphql.AddFieldLocationToError(ctx, err))
	}

	var wg sync.WaitGroup
	each := func(f func()) {
		if s.parallel {
			wg.Go(f)
		} else {
			f()
		}
	}
	for _, c := range s.children {
		each(func() { resolve(ctx, tr, c) })
	}
	for i, elem := range s.elems {
		ectx := graphql.WithFieldContext(ctx, &graphql.FieldContext{Index: &i})
		for _, c := range elem {
			each(func() { resolve(ectx, tr, c) })
		}
	}
	wg.Wait()
}

// request describes one operation.
type request struct {
	headers http.Header
	start   time.Time
	fields  []sel
	// before runs in the response handler ahead of the fields, for errors
	// raised outside any field.
	before func(ctx context.Context)
}

func traced() http.Header {
	h := http.Header{}
	h.Set("apollo-federation-include-trace", "ftv1")
	return h
}

// execute runs req through the operation, response and field hooks and
// returns the encoded response.
func execute(t *testing.T, tr *apollofederatedtracingv1.Tracer, req request) []byte {
	t.Helper()
	oc := &graphql.OperationContext{RawQuery: "{ ... }", Headers: req.headers}
	oc.Stats.OperationStart = req.start
	ctx := graphql.WithOperationContext(context.Background(), oc)

	var opCtx context.Context
	responses := tr.InterceptOperation(ctx, func(ctx context.Context) graphql.ResponseHandler {
		opCtx = ctx
		return func(ctx context.Context) *graphql.Response {
			ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
			return tr.InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
				if req.before != nil {
					req.before(ctx)
				}
				for _, f := range req.fields {
					resolve(ctx, tr, f)
				}
				return &graphql.Response{
					Data:       json.RawMessage(`{}`),
					Errors:     graphql.GetErrors(ctx),
					Extensions: graphql.GetExtensions(ctx),
				}
			})
		}
	})
	b, err := codec.Marshal(responses(opCtx))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeTrace extracts the trace from an encoded response; nil when there is
// no ftv1 extension.
func decodeTrace(t *testing.T, body []byte) *generated.Trace {
	t.Helper()
	var resp struct {
		Extensions map[string]json.RawMessage `json:"extensions"`
	}
	if err := codec.Unmarshal(body, &resp); err != nil {
		t.Fatalf("response %s: %v", body, err)
	}
	raw, ok := resp.Extensions["ftv1"]
	if !ok {
		return nil
	}
	var b64 string
	if err := codec.Unmarshal(raw, &b64); err != nil {
		t.Fatal(err)
	}
	wire, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	trace := &generated.Trace{}
	if err := proto.Unmarshal(wire, trace); err != nil {
		t.Fatal(err)
	}
	return trace
}

// render prints a node tree one node a line, indented by depth: the id, then
// for fields the type, parent type and times, then errors.
func render(n *generated.Trace_Node) string {
	var b strings.Builder
	var walk func(n *generated.Trace_Node, depth int)
	walk = func(n *generated.Trace_Node, depth int) {
		pad := strings.Repeat("  ", depth)
		switch id := n.GetId().(type) {
		case nil:
			b.WriteString(pad + "root")
		case *generated.Trace_Node_Index:
			fmt.Fprintf(&b, "%s[%d]", pad, id.Index)
		case *generated.Trace_Node_ResponseName:
			fmt.Fprintf(&b, "%s%s", pad, id.ResponseName)
		}
		if n.GetType() != "" || n.GetParentType() != "" {
			fmt.Fprintf(&b, " %s.%s %d-%d", n.GetParentType(), n.GetType(), n.GetStartTime(), n.GetEndTime())
		}
		b.WriteString("\n")
		for _, e := range n.GetError() {
			fmt.Fprintf(&b, "%s  ! %q %s", pad, e.GetMessage(), e.GetJson())
			for _, l := range e.GetLocation() {
				fmt.Fprintf(&b, " @%d:%d", l.GetLine(), l.GetColumn())
			}
			b.WriteString("\n")
		}
		for _, c := range n.GetChild() {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// steppingClock replaces graphql.Now with a clock that reads from, from+step,
// from+2*step, ...
func steppingClock(t *testing.T, from time.Time, step time.Duration) {
	t.Helper()
	saved := graphql.Now
	var mu sync.Mutex
	next := from
	graphql.Now = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		n := next
		next = next.Add(step)
		return n
	}
	t.Cleanup(func() { graphql.Now = saved })
}

// recordingLogger keeps what the tracer logs.
type recordingLogger struct {
	mu    sync.Mutex
	lines []string
}

func (l *recordingLogger) add(s string) {
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
}
func (l *recordingLogger) Print(v any)                 { l.add(fmt.Sprint(v)) }
func (l *recordingLogger) Println(v any)               { l.add(fmt.Sprint(v)) }
func (l *recordingLogger) Printf(format string, v any) { l.add(fmt.Sprintf(format, v)) }

func (l *recordingLogger) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

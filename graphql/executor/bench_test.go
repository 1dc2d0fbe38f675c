package executor_test

import (
	"context"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
)

const benchQuery = `query Hero($id: Int!) { hero(id: $id) { name friends { name } } }`

// benchExecutor runs a schema whose Exec answers with a fixed response, so
// that the figures are the executor's own.
func benchExecutor(tb testing.TB, cached bool) (*executor.Executor, *graphql.RawParams) {
	es := newScriptedSchema(tb, `
		type Character { name: String!  friends: [Character!]! }
		type Query { hero(id: Int!): Character }
	`)
	data := []byte(`{"hero":{"name":"R2-D2","friends":[]}}`)
	es.exec = func(context.Context) graphql.ResponseHandler {
		done := false
		return func(context.Context) *graphql.Response {
			if done {
				return nil
			}
			done = true
			return &graphql.Response{Data: data}
		}
	}
	exec := executor.New(es)
	if cached {
		exec.SetQueryCache(graphql.MapCache[*ast.QueryDocument]{})
	}
	return exec, &graphql.RawParams{Query: benchQuery, Variables: map[string]any{"id": int64(1)}}
}

// serve is one request as a transport drives the executor.
func serve(tb testing.TB, exec *executor.Executor, ctx context.Context, params *graphql.RawParams) {
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		tb.Fatal(errs)
	}
	next, rctx := exec.DispatchOperation(ctx, opCtx)
	if resp := next(rctx); resp == nil || resp.Errors != nil {
		tb.Fatal("unexpected response", resp)
	}
}

func BenchmarkExecutor(b *testing.B) {
	for _, bc := range []struct {
		name   string
		cached bool
	}{{"cached", true}, {"uncached", false}} {
		b.Run(bc.name, func(b *testing.B) {
			exec, params := benchExecutor(b, bc.cached)
			ctx := graphql.StartOperationTrace(context.Background())
			b.ReportAllocs()
			for b.Loop() {
				serve(b, exec, ctx, params)
			}
		})
	}
}

// TestCachedRequestAllocations guards the cost of a request whose document
// is cached: the operation context, the variables, the operation and
// response contexts and the handler closures, nothing per extension.
func TestCachedRequestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	exec, params := benchExecutor(t, true)
	ctx := graphql.StartOperationTrace(context.Background())
	serve(t, exec, ctx, params)
	allocs := testing.AllocsPerRun(200, func() { serve(t, exec, ctx, params) })
	t.Logf("%v allocations per cached request", allocs)
	if allocs > 12 {
		t.Errorf("%v allocations per cached request, want at most 12", allocs)
	}
}

package bench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
)

const query = `{ items { id name age score child { id name } } }`

// operation runs the query through the executor as a transport would,
// with the parsed document cached, and returns the data.
type operation struct {
	exec *executor.Executor
	ctx  context.Context
}

// direct runs the query on the executable schema itself, with an operation
// context built once, the way graphql's execution benchmarks do: the figures
// are those of the generated code and the runtime alone.
type direct struct {
	es graphql.ExecutableSchema
	oc *graphql.OperationContext
}

func newDirect(tb testing.TB, n int) *direct {
	es := NewExecutableSchema(Config{Resolvers: NewResolver(n)})
	doc, errs := gqlparser.LoadQuery(es.Schema(), query)
	if errs != nil {
		tb.Fatal(errs)
	}
	return &direct{es: es, oc: &graphql.OperationContext{
		RawQuery:           query,
		Doc:                doc,
		Operation:          doc.Operations[0],
		Variables:          map[string]any{},
		ResolverMiddleware: graphql.PassthroughFieldMiddleware,
		RootResolverMiddleware: func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			return next(ctx)
		},
		RecoverFunc: graphql.DefaultRecover,
	}}
}

func (d *direct) run(tb testing.TB) []byte {
	ctx := graphql.WithOperationContext(context.Background(), d.oc)
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, graphql.DefaultRecover)
	resp := d.es.Exec(ctx)(ctx)
	if resp == nil || resp.Errors != nil {
		tb.Fatal("unexpected response", resp)
	}
	return resp.Data
}

func newOperation(n int, middleware bool) *operation {
	exec := executor.New(NewExecutableSchema(Config{Resolvers: NewResolver(n)}))
	exec.SetQueryCache(graphql.MapCache[*ast.QueryDocument]{})
	if middleware {
		exec.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) { return next(ctx) })
	}
	return &operation{exec: exec, ctx: graphql.StartOperationTrace(context.Background())}
}

func (op *operation) run(tb testing.TB) []byte { return op.runQuery(tb, query) }

func (op *operation) runQuery(tb testing.TB, query string) []byte {
	opCtx, errs := op.exec.CreateOperationContext(op.ctx, &graphql.RawParams{Query: query})
	if errs != nil {
		tb.Fatal(errs)
	}
	next, ctx := op.exec.DispatchOperation(op.ctx, opCtx)
	resp := next(ctx)
	if resp == nil || resp.Errors != nil {
		tb.Fatal("unexpected response", resp)
	}
	return resp.Data
}

func want(n int) string {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"item-%d","name":"Item number %d","age":%d,"score":%s,"child":{"id":"c%d","name":"child %d"}}`,
			i, i, 20+i, strconv.FormatFloat(float64(i)+0.25, 'f', -1, 64), i, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

func TestList(t *testing.T) {
	for _, mw := range []bool{false, true} {
		if got := string(newOperation(3, mw).run(t)); got != want(3) {
			t.Errorf("middleware %v:\n got %s\nwant %s", mw, got, want(3))
		}
	}
	if got := string(newDirect(t, 3).run(t)); got != want(3) {
		t.Errorf("direct:\n got %s\nwant %s", got, want(3))
	}
}

// TestAllocations bounds the allocations per list item of the generated
// code's fast path; the figure is printed for the record.
func TestAllocations(t *testing.T) {
	limit, err := strconv.ParseFloat(os.Getenv("ALLOCS_PER_ITEM"), 64)
	if err != nil {
		t.Skip("ALLOCS_PER_ITEM not set")
	}
	empty, full := newDirect(t, 0), newDirect(t, 100)
	base := testing.AllocsPerRun(20, func() { empty.run(t) })
	got := testing.AllocsPerRun(20, func() { full.run(t) })
	perItem := (got - base) / 100
	t.Logf("100 items: %v allocations (%.2f per item above an empty list's %v)", got, perItem, base)
	if perItem > limit {
		t.Errorf("%.2f allocations per item, want at most %v", perItem, limit)
	}
}

func BenchmarkList100Direct(b *testing.B) {
	d := newDirect(b, 100)
	b.ReportAllocs()
	for b.Loop() {
		d.run(b)
	}
}

func BenchmarkList100(b *testing.B) {
	for _, mw := range []bool{false, true} {
		b.Run(fmt.Sprintf("middleware=%v", mw), func(b *testing.B) {
			op := newOperation(100, mw)
			b.ReportAllocs()
			for b.Loop() {
				op.run(b)
			}
		})
	}
}

// ownerQuery selects a resolver in every item, so the items are resolved
// concurrently, each on a goroutine.
const ownerQuery = `{ items { id owner { name } } }`

func TestOwners(t *testing.T) {
	got := string(newOperation(2, false).runQuery(t, ownerQuery))
	if want := `{"items":[{"id":"item-0","owner":{"name":"owner of item-0"}},{"id":"item-1","owner":{"name":"owner of item-1"}}]}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func BenchmarkResolverList100(b *testing.B) {
	op := newOperation(100, false)
	b.ReportAllocs()
	for b.Loop() {
		op.runQuery(b, ownerQuery)
	}
}

package graphql_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// The execution benchmarks resolve this query over a list of 100 items, each
// with four scalar fields and a nested object, the shape of a typical list
// page. Only the runtime is measured: no HTTP, no parsing, no envelope.
//
// Figures (AMD EPYC, 2 CPUs shared with other work, so the best of ten
// interleaved runs; upstream is this file and execbench_upstream_style_test.go
// built against github.com/99designs/gqlgen v0.17.98):
//
//	                                   ns/op     B/op  allocs/op
//	upstream runtime, upstream-style  496597   454287       9455
//	this runtime, upstream-style      261832   223092       2719
//	this runtime, fast paths           40208    59866        217
//	write phase only: upstream        126935   110149       1625
//	write phase only: this runtime     13515        0          0
const (
	benchSchema = `
type Query { items: [Item!]! }
type Item { id: ID! name: String! age: Int! score: Float! child: Child! }
type Child { id: ID! name: String }
`
	benchQuery = `{ items { id name age score child { id name } } }`
	benchItems = 100
)

type benchChild struct {
	ID   string
	Name *string
}

type benchItem struct {
	ID    string
	Name  string
	Age   int
	Score float64
	Child *benchChild
}

type benchResolvers struct{ items []*benchItem }

func (r *benchResolvers) Items(context.Context) ([]*benchItem, error) { return r.items, nil }

func newBenchResolvers(n int) *benchResolvers {
	r := &benchResolvers{items: make([]*benchItem, n)}
	for i := range r.items {
		name := "child " + strconv.Itoa(i)
		r.items[i] = &benchItem{
			ID:    "item-" + strconv.Itoa(i),
			Name:  "Item number " + strconv.Itoa(i),
			Age:   20 + i,
			Score: float64(i) + 0.25,
			Child: &benchChild{ID: "c" + strconv.Itoa(i), Name: &name},
		}
	}
	return r
}

// benchOperation is one parsed operation ready to execute repeatedly.
type benchOperation struct {
	schema *ast.Schema
	oc     *graphql.OperationContext
	state  *graphql.ExecutableSchemaState[*benchResolvers, struct{}, struct{}]
}

func newBenchOperation(tb testing.TB, query string, fieldMW graphql.FieldMiddleware) *benchOperation {
	tb.Helper()
	schema, err := gqlparser.LoadSchema(&ast.Source{Input: benchSchema})
	if err != nil {
		tb.Fatal(err)
	}
	doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	if fieldMW == nil {
		fieldMW = noFieldMiddleware
	}
	oc := &graphql.OperationContext{
		RawQuery:           query,
		Doc:                doc,
		Operation:          doc.Operations[0],
		Variables:          map[string]any{},
		ResolverMiddleware: fieldMW,
		RootResolverMiddleware: func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			return next(ctx)
		},
		RecoverFunc: func(_ context.Context, v any) error { return fmt.Errorf("panic: %v", v) },
	}
	return &benchOperation{
		schema: schema,
		oc:     oc,
		state:  &graphql.ExecutableSchemaState[*benchResolvers, struct{}, struct{}]{SchemaData: schema},
	}
}

// run executes the operation once with root, writing the data into buf,
// and returns the errors.
func (op *benchOperation) run(
	buf *bytes.Buffer,
	root func(ctx context.Context, ecs *graphql.ExecutionContextState[*benchResolvers, struct{}, struct{}], sel ast.SelectionSet) graphql.Marshaler,
) gqlerror.List {
	ctx := graphql.WithOperationContext(context.Background(), op.oc)
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, op.oc.RecoverFunc)
	ecs := graphql.NewExecutionContextState(op.oc, op.state, op.schema, nil)
	buf.Reset()
	root(ctx, ecs, op.oc.Operation.SelectionSet).MarshalGQL(buf)
	return graphql.GetErrors(ctx)
}

func compatRoot(ctx context.Context, ecs *graphql.ExecutionContextState[*benchResolvers, struct{}, struct{}], sel ast.SelectionSet) graphql.Marshaler {
	return (&compatEC{ecs}).Query(ctx, sel)
}

// Query is the entry point, as the generated Exec would call it.
func (ec *compatEC) Query(ctx context.Context, sel ast.SelectionSet) graphql.Marshaler {
	return ec._Query(ctx, sel)
}

func wantBenchData(n int) string {
	var b bytes.Buffer
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

func TestCompatStyleExecution(t *testing.T) {
	op := newBenchOperation(t, benchQuery, nil)
	op.state.Resolvers = newBenchResolvers(3)
	var buf bytes.Buffer
	if errs := op.run(&buf, compatRoot); errs != nil {
		t.Fatal(errs)
	}
	if got, want := buf.String(), wantBenchData(3); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func BenchmarkExecList100Compat(b *testing.B) {
	op := newBenchOperation(b, benchQuery, nil)
	op.state.Resolvers = newBenchResolvers(benchItems)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		if errs := op.run(&buf, compatRoot); errs != nil {
			b.Fatal(errs)
		}
	}
}

// BenchmarkWriteList100Compat writes the result of the upstream-style code,
// resolved once: the write phase alone.
func BenchmarkWriteList100Compat(b *testing.B) {
	op := newBenchOperation(b, benchQuery, nil)
	op.state.Resolvers = newBenchResolvers(benchItems)
	ctx := graphql.WithOperationContext(context.Background(), op.oc)
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, op.oc.RecoverFunc)
	ecs := graphql.NewExecutionContextState(op.oc, op.state, op.schema, nil)
	data := compatRoot(ctx, ecs, op.oc.Operation.SelectionSet)
	var buf bytes.Buffer
	data.MarshalGQL(&buf)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		data.MarshalGQL(&buf)
	}
}

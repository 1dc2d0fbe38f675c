package graphql

import (
	"context"
	"sync"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestExecutionContextState(t *testing.T) {
	parsed := gqlparser.MustLoadSchema(&ast.Source{Input: `type Query { a: Int }`})
	supplied := gqlparser.MustLoadSchema(&ast.Source{Input: `type Query { b: Int } type Extra { c: Int }`})
	oc := &OperationContext{Variables: map[string]any{"v": 1}}
	state := &ExecutableSchemaState[string, int, bool]{Resolvers: "r", Directives: 2, ComplexityRoot: true}
	results := make(chan DeferredResult)
	ec := NewExecutionContextState(oc, state, parsed, results)

	// Generated code reads these through the embedded pointers.
	if ec.Variables["v"] != 1 || ec.Resolvers != "r" || ec.Directives != 2 || !ec.ComplexityRoot || ec.DeferredResults != results {
		t.Fatal("state not reachable through the execution context")
	}
	if ec.Schema() != parsed {
		t.Error("Schema does not fall back to the parsed schema")
	}
	state.SchemaData = supplied
	if ec.Schema() != supplied {
		t.Error("Schema ignores the supplied schema")
	}
	s, err := ec.IntrospectSchema()
	if err != nil || s.QueryType() == nil || *s.QueryType().Name() != "Query" {
		t.Errorf("IntrospectSchema: %v", err)
	}
	typ, err := ec.IntrospectType("Extra")
	if err != nil || typ == nil || *typ.Name() != "Extra" {
		t.Errorf("IntrospectType: %v", err)
	}
	if typ, err := ec.IntrospectType("Missing"); err != nil || typ != nil {
		t.Errorf("missing type: %v %v", typ, err)
	}
	oc.DisableIntrospection = true
	if _, err := ec.IntrospectSchema(); err == nil || err.Error() != "introspection disabled" {
		t.Errorf("disabled schema: %v", err)
	}
	if _, err := ec.IntrospectType("Extra"); err == nil || err.Error() != "introspection disabled" {
		t.Errorf("disabled type: %v", err)
	}
}

func TestExecutableSchemaMock(t *testing.T) {
	schema := &ast.Schema{}
	m := &ExecutableSchemaMock{
		SchemaFunc: func() *ast.Schema { return schema },
		ComplexityFunc: func(_ context.Context, typeName, fieldName string, child int, _ map[string]any) (int, bool) {
			return child + len(typeName+fieldName), true
		},
		ExecFunc: func(context.Context) ResponseHandler { return OneShot(&Response{}) },
	}
	var es ExecutableSchema = m
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			es.Schema()
			es.Exec(t.Context())
		})
	}
	wg.Wait()
	if n, ok := es.Complexity(t.Context(), "Q", "ab", 3, map[string]any{"x": 1}); n != 6 || !ok {
		t.Errorf("Complexity = %d %v", n, ok)
	}
	if len(m.SchemaCalls()) != 4 || len(m.ExecCalls()) != 4 || m.ExecCalls()[0].Ctx == nil {
		t.Errorf("recorded %d Schema and %d Exec calls", len(m.SchemaCalls()), len(m.ExecCalls()))
	}
	c := m.ComplexityCalls()
	if len(c) != 1 || c[0].TypeName != "Q" || c[0].FieldName != "ab" || c[0].ChildComplexity != 3 || c[0].Args["x"] != 1 {
		t.Errorf("complexity calls %+v", c)
	}
	// The records are the unnamed struct types of the method signatures.
	var _ []struct{ Ctx context.Context } = m.ExecCalls()
	var _ []struct{} = m.SchemaCalls()

	empty := &ExecutableSchemaMock{}
	mustPanic(t, "ExecutableSchemaMock.SchemaFunc: method is nil but ExecutableSchema.Schema was just called", func() { empty.Schema() })
	mustPanic(t, "ExecutableSchemaMock.ExecFunc: method is nil but ExecutableSchema.Exec was just called", func() { empty.Exec(t.Context()) })
	mustPanic(t, "ExecutableSchemaMock.ComplexityFunc: method is nil but ExecutableSchema.Complexity was just called", func() {
		empty.Complexity(t.Context(), "", "", 0, nil)
	})
}

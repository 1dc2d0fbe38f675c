package graphql

import (
	"context"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

func TestRootContextsAreBuiltOnceWhenAskedFor(t *testing.T) {
	var ec ExecutionContextState[struct{}, struct{}, struct{}]
	field := CollectedField{Field: &ast.Field{Name: "todos", Alias: "todos"}}
	ctx := ec.WithRootObject(context.Background(), "Query")
	if ec.root.built.Load() != nil {
		t.Fatal("the root FieldContext was built before anything asked for it")
	}
	fc := GetFieldContext(ctx)
	if fc == nil || fc.Object != "Query" || fc.Parent != nil || GetFieldContext(ctx) != fc {
		t.Fatalf("root FieldContext %+v", fc)
	}
	fieldCtx := ec.WithRootField(ctx, &field)
	rc := GetRootFieldContext(fieldCtx)
	if rc == nil || rc.Object != "todos" || rc.Field.Name != "todos" || GetRootFieldContext(fieldCtx) != rc {
		t.Fatalf("RootFieldContext %+v", rc)
	}
	if GetFieldContext(fieldCtx) != fc {
		t.Error("the root field's context does not see the root object's FieldContext")
	}
	// A second root field gets a node of its own.
	other := CollectedField{Field: &ast.Field{Name: "users", Alias: "users"}}
	if rc2 := GetRootFieldContext(ec.WithRootField(ctx, &other)); rc2 == rc || rc2.Object != "users" {
		t.Errorf("second root field: %+v", rc2)
	}
	if GetRootFieldContext(fieldCtx) != rc {
		t.Error("the first root field's context changed")
	}
}

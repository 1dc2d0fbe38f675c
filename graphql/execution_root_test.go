package graphql

import (
	"context"
	"fmt"
	"slices"
	"sync"
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

// rootTestEC stands for a generated execution context: ResolveRootFieldAt
// hands it to the resolve function.
type rootTestEC struct{ name string }

func TestResolveRootFieldAt(t *testing.T) {
	resolve := func(ec *rootTestEC, ctx context.Context, field *CollectedField) Marshaler {
		if ec.name != "ec" {
			t.Errorf("resolve got ec %q", ec.name)
		}
		if rc := GetRootFieldContext(ctx); rc == nil || rc.Field.Name != field.Name {
			t.Errorf("%s resolved without its RootFieldContext", field.Name)
		}
		switch field.Name {
		case "null":
			return Null
		case "panics":
			panic("root panic")
		}
		return MarshalString(field.Name)
	}
	tests := []struct {
		name       string
		fields     []string
		middleware bool
		concurrent bool
		nullable   bool
		// scheduled: the results are written by Dispatch, not at once.
		scheduled bool
		// want is the set written; invalids the fields counted as making
		// the root null; through the names the middleware saw.
		want     string
		invalids uint32
		through  []string
	}{
		{name: "serial fields go through the middleware", fields: []string{"a", "null"}, want: `{"a":"a","null":null}`, invalids: 1, through: []string{"a", "null"}},
		{name: "a concurrent field alone is resolved at once", fields: []string{"null"}, concurrent: true, want: `{"null":null}`, invalids: 1},
		{name: "a panic alone is a field error", fields: []string{"panics"}, concurrent: true, want: `{"panics":null}`, invalids: 1},
		{name: "concurrent fields are scheduled", fields: []string{"a", "null"}, concurrent: true, scheduled: true, want: `{"a":"a","null":null}`, invalids: 1, through: []string{"a", "null"}},
		{name: "a nullable field's null leaves the root alone", fields: []string{"null"}, nullable: true, want: `{"null":null}`, through: []string{"null"}},
		{name: "a field alone under middleware is scheduled", fields: []string{"a"}, concurrent: true, middleware: true, scheduled: true, want: `{"a":"a"}`, through: []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var through []string
			var mu sync.Mutex
			oc := &OperationContext{
				RecoverFunc:            func(_ context.Context, v any) error { return fmt.Errorf("recovered %v", v) },
				RootResolverMiddleware: PassthroughRootFieldMiddleware,
			}
			if tt.middleware || !tt.concurrent || len(tt.fields) > 1 {
				oc.RootResolverMiddleware = func(ctx context.Context, next RootResolver) Marshaler {
					mu.Lock()
					through = append(through, GetRootFieldContext(ctx).Field.Name)
					mu.Unlock()
					return next(ctx)
				}
			}
			state := ExecutionContextState[struct{}, struct{}, struct{}]{OperationContext: oc}
			ctx := state.WithRootObject(newResponseCtx(t), "Query")
			out := NewFieldSet(fieldsNamed(tt.fields...))
			for i := range tt.fields {
				ResolveRootFieldAt(ctx, &state, &rootTestEC{name: "ec"}, out, i, testFlags(tt.concurrent, true, !tt.nullable), resolve)
			}
			for i, v := range out.Values {
				if (v == nil) != tt.scheduled {
					t.Errorf("field %d: result before Dispatch %v, scheduled %t", i, v, tt.scheduled)
				}
			}
			out.Dispatch(ctx)
			if got := written(out); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if out.Invalids != tt.invalids {
				t.Errorf("Invalids %d, want %d", out.Invalids, tt.invalids)
			}
			slices.Sort(through)
			if !slices.Equal(through, tt.through) {
				t.Errorf("middleware saw %v, want %v", through, tt.through)
			}
		})
	}
}

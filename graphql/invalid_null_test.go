package graphql

import (
	"errors"
	"slices"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// defined returns a collected field whose definition has the given type.
func defined(name string, typ *ast.Type) CollectedField {
	return CollectedField{Field: &ast.Field{Name: name, Alias: name, Definition: &ast.FieldDefinition{Name: name, Type: typ}}}
}

func TestAddInvalidNullError(t *testing.T) {
	nonNullItem := ast.NonNullNamedType("Item", nil)
	nullableItem := ast.NamedType("Item", nil)
	one := 1
	tests := []struct {
		name     string
		chain    []*FieldContext // outermost first
		declared string
		marshal  bool
		want     string
		wantErr  InvalidNullError
	}{
		{
			name:  "model field",
			chain: []*FieldContext{{Object: "Query", Field: defined("item", nonNullItem)}},
			want:  "cannot return null for non-null field Query.item (Item!): the model struct field was nil and the field has no resolver",
		},
		{
			name:  "resolver",
			chain: []*FieldContext{{Object: "Query", Field: defined("item", nonNullItem), IsMethod: true, IsResolver: true}},
			want:  "cannot return null for non-null field Query.item (Item!): the resolver returned nil",
		},
		{
			name:  "method",
			chain: []*FieldContext{{Object: "Query", Field: defined("item", nonNullItem), IsMethod: true}},
			want:  "cannot return null for non-null field Query.item (Item!): the model method returned nil",
		},
		{
			name:  "runtime non-null",
			chain: []*FieldContext{{Object: "Query", Field: defined("item", nullableItem), NonNull: true, IsResolver: true}},
			want:  "cannot return null for non-null field Query.item (Item): the field was marked non-null at runtime and resolved to nil",
		},
		{
			name:     "list element",
			chain:    []*FieldContext{{Object: "Query", Field: defined("items", ast.NonNullListType(nonNullItem, nil))}, {Index: &one}},
			declared: "Item!",
			want:     "cannot return null for non-null element of field Query.items (Item!): the list element was nil",
		},
		{
			name:     "marshaler",
			chain:    []*FieldContext{{Object: "Query", Field: defined("at", ast.NonNullNamedType("Time", nil)), IsResolver: true}},
			declared: "Time!",
			marshal:  true,
			want:     "cannot return null for non-null field Query.at (Time!): the marshaler returned null for a non-nil value",
		},
		{
			name:     "marshaler of a list element",
			chain:    []*FieldContext{{Object: "Query", Field: defined("ats", nil)}, {Index: &one}},
			declared: "Time!",
			marshal:  true,
			want:     "cannot return null for non-null element of field Query.ats (Time!): the marshaler returned null for a non-nil value",
		},
		{
			name:  "no object",
			chain: []*FieldContext{{Field: named("x")}},
			want:  "cannot return null for non-null field x: the model struct field was nil and the field has no resolver",
		},
		{
			name:  "no field",
			chain: []*FieldContext{{Index: &one}},
			want:  "cannot return null for non-null element of response position [1]: the list element was nil",
		},
		{
			name: "no context",
			want: "cannot return null for non-null position: the value was nil",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := newResponseCtx(t)
			for _, fc := range tt.chain {
				ctx = WithFieldContext(ctx, fc)
			}
			if tt.marshal {
				AddInvalidNullFromMarshaler(ctx, tt.declared)
			} else {
				AddInvalidNullError(ctx, tt.declared)
			}
			errs := GetErrors(ctx)
			if len(errs) != 1 || errs[0].Message != tt.want {
				t.Fatalf("errors %v\nwant %s", errs, tt.want)
			}
			inv, ok := errors.AsType[*InvalidNullError](errs[0])
			if !ok || !errors.Is(errs[0], ErrInvalidNull) {
				t.Fatal("the error does not carry an InvalidNullError")
			}
			if !slices.Equal(inv.Path, errs[0].Path) {
				t.Errorf("paths differ: %v and %v", inv.Path, errs[0].Path)
			}
			// A second report for the same position adds nothing.
			AddInvalidNullError(ctx, tt.declared)
			if len(GetErrors(ctx)) != 1 {
				t.Error("the position was reported twice")
			}
		})
	}
}

func TestInvalidNullErrorDetails(t *testing.T) {
	e := &InvalidNullError{Object: "Query", Field: "items", DeclaredType: "Item!", Source: NullSourceModelField,
		ListElement: true, Path: ast.Path{ast.PathName("items"), ast.PathIndex(2)}}
	if e.SchemaCoordinate() != "Query.items" || (&InvalidNullError{Field: "x"}).SchemaCoordinate() != "" {
		t.Error("SchemaCoordinate")
	}
	attrs := e.Attrs()
	if len(attrs) != 1 || attrs[0].Key != "gql" {
		t.Fatalf("attrs %v", attrs)
	}
	got := map[string]string{}
	for _, a := range attrs[0].Value.Group() {
		got[a.Key] = a.Value.String()
	}
	want := map[string]string{"field": "Query.items", "type": "Item!", "null_source": "model_field", "list_element": "true", "path": "items[2]"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("attr %s = %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("attrs %v", got)
	}
	if (&InvalidNullError{}).Attrs() != nil {
		t.Error("an empty error has attributes")
	}
	if !errors.Is(e, ErrInvalidNull) || errors.Is(e, errors.New("invalid null")) {
		t.Error("Is")
	}
	if errors.Unwrap(e) != nil {
		t.Error("the sentinel is unwrapped to")
	}
}

func TestInvalidNullSkipsErroredField(t *testing.T) {
	ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Object: "Q", Field: named("f")})
	AddError(ctx, gqlerror.Errorf("resolver failed"))
	AddInvalidNullError(ctx, "")
	AddInvalidNullFromMarshaler(ctx, "")
	if got := errorMessages(GetErrors(ctx)); !equalStrings(got, []string{"resolver failed"}) {
		t.Errorf("errors %q", got)
	}
	// Errors at other paths do not count.
	other := WithFieldContext(ctx, &FieldContext{Object: "Q", Field: named("g")})
	AddInvalidNullError(other, "")
	if len(GetErrors(ctx)) != 2 {
		t.Error("the null of a sibling field was not reported")
	}
}

package graphql

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestResolveStructFieldMatchesResolveField runs the same struct field
// values through ResolveStructField and through ResolveField with the
// resolver and FieldContext builder generated code used to write per
// field, under middleware that passes, replaces or fails the value, and
// compares what each writes, reports and leaves in the FieldContext.
func TestResolveStructFieldMatchesResolveField(t *testing.T) {
	info := &FieldInfo{Object: "Obj", NoChild: "field of type String does not have child fields"}
	marshal := func(_ *argsEC, ctx context.Context, _ ast.SelectionSet, v *string) Marshaler {
		if v == nil {
			return Null
		}
		if *v == "explode" {
			panic("in marshal")
		}
		return MarshalString(*v)
	}
	str := func(s string) *string { return &s }
	middlewares := map[string]FieldMiddleware{
		"pass": func(ctx context.Context, next Resolver) (any, error) { return next(ctx) },
		"replace": func(ctx context.Context, next Resolver) (any, error) {
			if _, err := next(ctx); err != nil {
				return nil, err
			}
			return str("replaced"), nil
		},
		"fail":      func(context.Context, Resolver) (any, error) { return nil, fmt.Errorf("refused") },
		"nil":       func(context.Context, Resolver) (any, error) { return nil, nil },
		"wrongType": func(context.Context, Resolver) (any, error) { return 42, nil },
		"mark": func(ctx context.Context, next Resolver) (any, error) {
			MarkNonNull(ctx)
			return next(ctx)
		},
	}
	values := map[string]*string{"value": str("v"), "nil": nil, "panics": str("explode")}
	for mwName, mw := range middlewares {
		for valueName, v := range values {
			for _, nonNull := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/nonNull=%t", mwName, valueName, nonNull), func(t *testing.T) {
					field := CollectedField{Field: &ast.Field{Name: "f", Alias: "a", Position: &ast.Position{Line: 2, Column: 3}}}
					run := func(resolve func(ctx context.Context, oc *OperationContext) Marshaler) (string, []string, *FieldContext) {
						oc := &OperationContext{ResolverMiddleware: mw, RecoverFunc: func(_ context.Context, r any) error { return fmt.Errorf("panic: %v", r) }}
						ctx := newResponseCtx(t)
						var seen *FieldContext
						inner := oc.ResolverMiddleware
						oc.ResolverMiddleware = func(ctx context.Context, next Resolver) (any, error) {
							seen = GetFieldContext(ctx)
							return inner(ctx, next)
						}
						res := resolve(ctx, oc)
						kind := written(res)
						switch res {
						case Null:
							kind = "Null"
						case RequiredNull:
							kind = "RequiredNull"
						}
						return kind, errorMessages(GetErrors(ctx)), seen
					}
					wantOut, wantErrs, wantFC := run(func(ctx context.Context, oc *OperationContext) Marshaler {
						return ResolveField(ctx, oc, field,
							func(_ context.Context, field CollectedField) (*FieldContext, error) {
								return NewScalarFieldContext("Obj", field, false, false, "String")
							},
							func(context.Context) (any, error) { return v, nil },
							nil, func(ctx context.Context, sel ast.SelectionSet, v *string) Marshaler { return marshal(nil, ctx, sel, v) }, true, nonNull)
					})
					gotOut, gotErrs, gotFC := run(func(ctx context.Context, oc *OperationContext) Marshaler {
						return ResolveStructField(ctx, oc, &argsEC{}, &field, info, v, marshal, testFlags(false, true, nonNull))
					})
					if gotOut != wantOut || !equalStrings(gotErrs, wantErrs) {
						t.Errorf("ResolveStructField wrote %s with errors %q; ResolveField %s with %q", gotOut, gotErrs, wantOut, wantErrs)
					}
					if gotFC == nil || wantFC == nil {
						t.Fatalf("middleware saw FieldContext %v, want one as ResolveField's %v", gotFC, wantFC)
					}
					if gotFC.Object != wantFC.Object || gotFC.Field.Alias != wantFC.Field.Alias || gotFC.IsMethod != wantFC.IsMethod ||
						gotFC.IsResolver != wantFC.IsResolver || resultText(gotFC.Result) != resultText(wantFC.Result) {
						t.Errorf("FieldContext %+v, ResolveField's %+v", gotFC, wantFC)
					}
					_, gotChildErr := gotFC.Child(context.Background(), field)
					_, wantChildErr := wantFC.Child(context.Background(), field)
					if fmt.Sprint(gotChildErr) != fmt.Sprint(wantChildErr) {
						t.Errorf("Child error %v, ResolveField's %v", gotChildErr, wantChildErr)
					}
				})
			}
		}
	}
}

// TestFieldInfoChild checks the Child of a FieldContext built from a
// FieldInfo: Child is called with the ec given, NoChild fails with its
// message, and neither leaves Child nil.
func TestFieldInfoChild(t *testing.T) {
	type ecType struct{ name string }
	ec := &ecType{"ec"}
	var gotEC any
	withChild := FieldInfo{Object: "Obj", IsMethod: true, Child: func(ec any, _ context.Context, f CollectedField) (*FieldContext, error) {
		gotEC = ec
		return &FieldContext{Object: "Child", Field: f}, nil
	}}
	field := CollectedField{Field: &ast.Field{Name: "f", Alias: "f"}}
	fc, err := withChild.NewFieldContext(ec, field)
	if err != nil || fc.Object != "Obj" || !fc.IsMethod || fc.IsResolver {
		t.Fatalf("NewFieldContext = %+v, %v", fc, err)
	}
	child, err := fc.Child(context.Background(), field)
	if err != nil || child.Object != "Child" || gotEC != ec {
		t.Errorf("Child = %+v, %v; ec %v", child, err, gotEC)
	}
	leaf := FieldInfo{Object: "Obj", NoChild: "FieldContext.Child cannot be called on type INTERFACE"}
	fc, _ = leaf.NewFieldContext(ec, field)
	if _, err := fc.Child(context.Background(), field); err == nil || err.Error() != leaf.NoChild {
		t.Errorf("NoChild Child error %v, want %q", err, leaf.NoChild)
	}
	lazy := WithLazyFieldContext(context.Background(), &leaf, ec, &field, nil)
	if _, err := GetFieldContext(lazy).Child(context.Background(), field); err == nil || err.Error() != leaf.NoChild {
		t.Errorf("lazy NoChild Child error %v, want %q", err, leaf.NoChild)
	}
}

// resultText prints a FieldContext.Result of the test: nil or a *string.
func resultText(r any) string {
	if p, ok := r.(*string); ok && p != nil {
		return "&" + *p
	}
	return fmt.Sprint(r)
}

// argsEC stands for a generated execution context in
// TestNewArgsFieldContext; parse is its argument parser.
type argsEC struct{ calls int }

func (ec *argsEC) parse(ctx context.Context, raw map[string]any) (map[string]any, error) {
	ec.calls++
	if GetFieldContext(ctx) == nil {
		return nil, fmt.Errorf("no field context while parsing")
	}
	switch raw["id"] {
	case "bad":
		return nil, fmt.Errorf("bad id")
	case "boom":
		panic("parser exploded")
	}
	return map[string]any{"id": raw["id"]}, nil
}

// TestNewArgsFieldContext checks the FieldContext builder of fields with
// arguments: arguments parsed under the field's context, errors and panics
// reported on the response and returned.
func TestNewArgsFieldContext(t *testing.T) {
	info := FieldInfo{Object: "Query", IsMethod: true, IsResolver: true, NoChild: "field of type ID does not have child fields"}
	for _, tc := range []struct {
		id, wantErr string
	}{
		{id: "1"},
		{id: "bad", wantErr: "bad id"},
		{id: "boom", wantErr: "panic: parser exploded"},
	} {
		t.Run(tc.id, func(t *testing.T) {
			oc := &OperationContext{Variables: map[string]any{}, RecoverFunc: func(_ context.Context, r any) error { return fmt.Errorf("panic: %v", r) }}
			ctx := newResponseCtx(t)
			field := CollectedField{Field: &ast.Field{Name: "node", Alias: "node",
				Arguments:  ast.ArgumentList{{Name: "id", Value: &ast.Value{Kind: ast.StringValue, Raw: tc.id}}},
				Definition: &ast.FieldDefinition{Name: "node", Arguments: ast.ArgumentDefinitionList{{Name: "id", Type: ast.NonNullNamedType("ID", nil)}}},
			}}
			ec := &argsEC{}
			fc, err := NewArgsFieldContext(ctx, oc, ec, info, field, false, (*argsEC).parse)
			if gotErr := fmt.Sprint(err); (tc.wantErr == "" && err != nil) || (tc.wantErr != "" && !strings.HasSuffix(gotErr, tc.wantErr)) {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			if fc == nil || fc.Object != "Query" || !fc.IsMethod || !fc.IsResolver || ec.calls != 1 {
				t.Fatalf("FieldContext %+v after %d parses", fc, ec.calls)
			}
			errs := errorMessages(GetErrors(ctx))
			if tc.wantErr == "" {
				if fc.Args["id"] != tc.id || len(errs) != 0 {
					t.Errorf("Args %v, errors %q", fc.Args, errs)
				}
				return
			}
			if len(errs) != 1 || !strings.HasSuffix(errs[0], tc.wantErr) {
				t.Errorf("response errors %q, want [%q]", errs, tc.wantErr)
			}
		})
	}
}

// TestNewArgsFieldContextOmitPanicHandler checks that with
// omit_panic_handler a panic in the argument parser is not recovered.
func TestNewArgsFieldContextOmitPanicHandler(t *testing.T) {
	oc := &OperationContext{Variables: map[string]any{}}
	field := CollectedField{Field: &ast.Field{Name: "node", Alias: "node",
		Arguments:  ast.ArgumentList{{Name: "id", Value: &ast.Value{Kind: ast.StringValue, Raw: "boom"}}},
		Definition: &ast.FieldDefinition{Name: "node", Arguments: ast.ArgumentDefinitionList{{Name: "id", Type: ast.NonNullNamedType("ID", nil)}}},
	}}
	defer func() {
		if r := recover(); r != "parser exploded" {
			t.Errorf("recovered %v, want the parser's panic", r)
		}
	}()
	_, _ = NewArgsFieldContext(newResponseCtx(t), oc, &argsEC{}, FieldInfo{Object: "Query"}, field, true, (*argsEC).parse)
	t.Error("NewArgsFieldContext returned; the panic was swallowed")
}

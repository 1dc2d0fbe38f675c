package graphql

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// TestResolveArgsFieldMatchesResolveField checks that ResolveArgsField,
// with and without field middleware, writes what ResolveField writes with
// the same FieldContext builder, resolver and marshaller, reports the same
// errors, and hands the resolver the parsed arguments and the parent.
func TestResolveArgsFieldMatchesResolveField(t *testing.T) {
	info := FieldInfo{Object: "Obj", IsMethod: true, IsResolver: true, NoChild: "field of type String does not have child fields"}
	build := func(ec *argsEC, ctx context.Context, field CollectedField) (*FieldContext, error) {
		return NewArgsFieldContext(ctx, GetOperationContext(ctx), ec, info, field, false, (*argsEC).parse)
	}
	marshal := func(_ *argsEC, _ context.Context, _ ast.SelectionSet, v *string) Marshaler {
		if v == nil {
			return Null
		}
		return MarshalString(*v)
	}
	resolver := func(parent string, fc *FieldContext) (*string, error) {
		switch id := fc.Args["id"].(string); id {
		case "nil":
			return nil, nil
		case "fails":
			return nil, errors.New("resolver failed")
		case "panics":
			panic("resolver exploded")
		default:
			s := parent + ":" + id
			return &s, nil
		}
	}
	middlewares := map[string]FieldMiddleware{
		"none":        nil,
		"passthrough": PassthroughFieldMiddleware,
		"observing":   func(ctx context.Context, next Resolver) (any, error) { return next(ctx) },
		"replacing": func(ctx context.Context, next Resolver) (any, error) {
			if _, err := next(ctx); err != nil {
				return nil, err
			}
			s := "replaced"
			return &s, nil
		},
	}
	for mwName, mw := range middlewares {
		for _, id := range []string{"1", "nil", "fails", "panics", "bad", "boom"} {
			for _, nonNull := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/nonNull=%t", mwName, id, nonNull), func(t *testing.T) {
					field := CollectedField{Field: &ast.Field{Name: "f", Alias: "a", Position: &ast.Position{Line: 2, Column: 3},
						Arguments:  ast.ArgumentList{{Name: "id", Value: &ast.Value{Kind: ast.StringValue, Raw: id}}},
						Definition: &ast.FieldDefinition{Name: "f", Arguments: ast.ArgumentDefinitionList{{Name: "id", Type: ast.NonNullNamedType("ID", nil)}}},
					}}
					run := func(resolve func(ctx context.Context, oc *OperationContext) Marshaler) (string, []string) {
						oc := &OperationContext{Variables: map[string]any{}, ResolverMiddleware: mw,
							RecoverFunc: func(_ context.Context, r any) error { return fmt.Errorf("panic: %v", r) }}
						ctx := WithOperationContext(newResponseCtx(t), oc)
						res := resolve(ctx, oc)
						kind := written(res)
						switch res {
						case Null:
							kind = "Null"
						case RequiredNull:
							kind = "RequiredNull"
						}
						return kind, errorMessages(GetErrors(ctx))
					}
					ec := &argsEC{}
					wantOut, wantErrs := run(func(ctx context.Context, oc *OperationContext) Marshaler {
						return ResolveField(ctx, oc, field,
							func(ctx context.Context, field CollectedField) (*FieldContext, error) { return build(ec, ctx, field) },
							func(ctx context.Context) (any, error) { return resolver("parent", GetFieldContext(ctx)) },
							nil, func(ctx context.Context, sel ast.SelectionSet, v *string) Marshaler { return marshal(ec, ctx, sel, v) }, true, nonNull)
					})
					gotOut, gotErrs := run(func(ctx context.Context, oc *OperationContext) Marshaler {
						return ResolveArgsField(ctx, oc, ec, &field, "parent", build,
							func(_ *argsEC, ctx context.Context, obj string, fc *FieldContext) (*string, error) {
								if GetFieldContext(ctx) != fc {
									t.Error("resolver called outside the field's FieldContext")
								}
								return resolver(obj, fc)
							},
							marshal, testFlags(false, true, nonNull))
					})
					if gotOut != wantOut || !equalStrings(gotErrs, wantErrs) {
						t.Errorf("ResolveArgsField wrote %s with errors %q; ResolveField %s with %q", gotOut, gotErrs, wantOut, wantErrs)
					}
					if id == "1" && mwName != "replacing" && gotOut != `"parent:1"` {
						t.Errorf("wrote %s, want the resolver's value", gotOut)
					}
				})
			}
		}
	}
}

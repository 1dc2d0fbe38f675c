package graphql_test

// A hand-written stand-in for the code upstream gqlgen v0.17.98 generates,
// for the schema in benchSchema, written against the exported runtime API
// only. The same file compiles against upstream's runtime, which is how the
// side-by-side figures in execbench_harness_test.go were taken: copy both
// files into a scratch module that requires upstream, with noFieldMiddleware
// defined as a closure (see execbench_ours_test.go).

import (
	"context"
	"math"
	"strconv"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

type compatEC struct {
	*graphql.ExecutionContextState[*benchResolvers, struct{}, struct{}]
}

var (
	compatQueryImpl = []string{"Query"}
	compatItemImpl  = []string{"Item"}
	compatChildImpl = []string{"Child"}
)

func (ec *compatEC) _Query(ctx context.Context, sel ast.SelectionSet) graphql.Marshaler {
	fields := graphql.CollectFields(ec.OperationContext, sel, compatQueryImpl)
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Query"})
	out := graphql.NewFieldSet(fields)
	deferred := graphql.NewDeferredGroup(ctx)
	for i, field := range fields {
		rootCtx := graphql.WithRootFieldContext(ctx, &graphql.RootFieldContext{Object: field.Name, Field: field})
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString("Query")
		case "items":
			out.ResolveRootFieldConcurrently(rootCtx, ec.OperationContext, i, graphql.FieldRecoverPanics|graphql.FieldNonNull,
				func(ctx context.Context) graphql.Marshaler { return ec._Query_items(ctx, field) })
		default:
			panic("unknown field " + strconv.Quote(field.Name))
		}
	}
	out.Dispatch(ctx)
	if out.Invalids > 0 {
		return graphql.Null
	}
	if n := len(deferred.Defers); n > 0 {
		atomic.AddInt32(&ec.Deferred, int32(min(n, math.MaxInt32)))
		ec.ProcessDeferredGroup(deferred)
	}
	return out
}

func (ec *compatEC) _Query_items(ctx context.Context, field graphql.CollectedField) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return ec.fieldContext_Query_items(ctx, field)
		},
		func(ctx context.Context) (any, error) { return ec.Resolvers.Items(ctx) },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v []*benchItem) graphql.Marshaler {
			return ec.marshalItemList(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) fieldContext_Query_items(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
	return &graphql.FieldContext{
		Object: "Query", Field: field, IsMethod: true, IsResolver: true,
		Child: func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return nil, nil
		},
	}, nil
}

func (ec *compatEC) marshalItemList(ctx context.Context, sel ast.SelectionSet, v []*benchItem) graphql.Marshaler {
	ret := graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, func(ctx context.Context, i int) graphql.Marshaler {
		graphql.GetFieldContext(ctx).Result = &v[i]
		return ec.marshalItem(ctx, sel, v[i])
	})
	for _, e := range ret {
		if e == graphql.Null {
			return graphql.Null
		}
	}
	return ret
}

func (ec *compatEC) marshalItem(ctx context.Context, sel ast.SelectionSet, v *benchItem) graphql.Marshaler {
	if v == nil {
		graphql.AddInvalidNullError(ctx, "Item!")
		return graphql.Null
	}
	return ec._Item(ctx, sel, v)
}

func (ec *compatEC) _Item(ctx context.Context, sel ast.SelectionSet, obj *benchItem) graphql.Marshaler {
	fields := graphql.CollectFields(ec.OperationContext, sel, compatItemImpl)
	out := graphql.NewFieldSet(fields)
	deferred := graphql.NewDeferredGroup(ctx)
	for i, field := range fields {
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString("Item")
		case "id":
			out.Values[i] = ec._Item_id(ctx, field, obj)
		case "name":
			out.Values[i] = ec._Item_name(ctx, field, obj)
		case "age":
			out.Values[i] = ec._Item_age(ctx, field, obj)
		case "score":
			out.Values[i] = ec._Item_score(ctx, field, obj)
		case "child":
			out.Values[i] = ec._Item_child(ctx, field, obj)
		default:
			panic("unknown field " + strconv.Quote(field.Name))
		}
		if out.Values[i] == graphql.Null {
			out.Invalids++
		}
	}
	out.Dispatch(ctx)
	if out.Invalids > 0 {
		return graphql.Null
	}
	if n := len(deferred.Defers); n > 0 {
		atomic.AddInt32(&ec.Deferred, int32(min(n, math.MaxInt32)))
		ec.ProcessDeferredGroup(deferred)
	}
	return out
}

func compatScalar(object, typ string) func(context.Context, graphql.CollectedField) (*graphql.FieldContext, error) {
	return func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return graphql.NewScalarFieldContext(object, field, false, false, typ)
	}
}

func (ec *compatEC) _Item_id(ctx context.Context, field graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return graphql.NewScalarFieldContext("Item", field, false, false, "ID")
		},
		func(ctx context.Context) (any, error) { return obj.ID, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v string) graphql.Marshaler {
			return ec.marshalNID(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Item_name(ctx context.Context, field graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return graphql.NewScalarFieldContext("Item", field, false, false, "String")
		},
		func(ctx context.Context) (any, error) { return obj.Name, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v string) graphql.Marshaler {
			return ec.marshalNString(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Item_age(ctx context.Context, field graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return graphql.NewScalarFieldContext("Item", field, false, false, "Int")
		},
		func(ctx context.Context) (any, error) { return obj.Age, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v int) graphql.Marshaler {
			return ec.marshalNInt(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Item_score(ctx context.Context, field graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return graphql.NewScalarFieldContext("Item", field, false, false, "Float")
		},
		func(ctx context.Context) (any, error) { return obj.Score, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v float64) graphql.Marshaler {
			return ec.marshalNFloat(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Item_child(ctx context.Context, field graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return &graphql.FieldContext{
				Object: "Item", Field: field,
				Child: func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
					return nil, nil
				},
			}, nil
		},
		func(ctx context.Context) (any, error) { return obj.Child, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v *benchChild) graphql.Marshaler {
			if v == nil {
				graphql.AddInvalidNullError(ctx, "Child!")
				return graphql.Null
			}
			return ec._Child(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Child(ctx context.Context, sel ast.SelectionSet, obj *benchChild) graphql.Marshaler {
	fields := graphql.CollectFields(ec.OperationContext, sel, compatChildImpl)
	out := graphql.NewFieldSet(fields)
	deferred := graphql.NewDeferredGroup(ctx)
	for i, field := range fields {
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString("Child")
		case "id":
			out.Values[i] = ec._Child_id(ctx, field, obj)
			if out.Values[i] == graphql.Null {
				out.Invalids++
			}
		case "name":
			out.Values[i] = ec._Child_name(ctx, field, obj)
			if out.Values[i] == graphql.RequiredNull {
				out.Invalids++
			}
		default:
			panic("unknown field " + strconv.Quote(field.Name))
		}
	}
	out.Dispatch(ctx)
	if out.Invalids > 0 {
		return graphql.Null
	}
	if n := len(deferred.Defers); n > 0 {
		atomic.AddInt32(&ec.Deferred, int32(min(n, math.MaxInt32)))
		ec.ProcessDeferredGroup(deferred)
	}
	return out
}

func (ec *compatEC) _Child_id(ctx context.Context, field graphql.CollectedField, obj *benchChild) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		compatScalar("Child", "ID"),
		func(ctx context.Context) (any, error) { return obj.ID, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v string) graphql.Marshaler {
			return ec.marshalNID(ctx, sel, v)
		},
		true, true)
}

func (ec *compatEC) _Child_name(ctx context.Context, field graphql.CollectedField, obj *benchChild) graphql.Marshaler {
	return graphql.ResolveField(ctx, ec.OperationContext, field,
		compatScalar("Child", "String"),
		func(ctx context.Context) (any, error) { return obj.Name, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v *string) graphql.Marshaler {
			if v == nil {
				return graphql.Null
			}
			return graphql.MarshalString(*v)
		},
		true, false)
}

func (ec *compatEC) marshalNID(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
	res := graphql.MarshalID(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "ID!")
	}
	return res
}

func (ec *compatEC) marshalNString(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
	res := graphql.MarshalString(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "String!")
	}
	return res
}

func (ec *compatEC) marshalNInt(ctx context.Context, _ ast.SelectionSet, v int) graphql.Marshaler {
	res := graphql.MarshalInt(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "Int!")
	}
	return res
}

func (ec *compatEC) marshalNFloat(ctx context.Context, _ ast.SelectionSet, v float64) graphql.Marshaler {
	res := graphql.MarshalFloatContext(v)
	return graphql.WrapContextMarshaler(ctx, res)
}

package graphql_test

// A hand-written stand-in for what this module's generator emits for
// benchSchema, using the fast paths of the runtime: plain struct fields are
// stored straight into the FieldSet when no field middleware is installed,
// and a list whose elements cannot block is marshalled on the calling
// goroutine. Where a fast path does not apply it falls back to the same
// field functions as the upstream-style code.

import (
	"bytes"
	"context"
	"math"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

type fastEC struct {
	compatEC
}

func fastRoot(ctx context.Context, ecs *graphql.ExecutionContextState[*benchResolvers, struct{}, struct{}], sel ast.SelectionSet) graphql.Marshaler {
	return (&fastEC{compatEC{ecs}})._Query(ctx, sel)
}

func (ec *fastEC) _Query(ctx context.Context, sel ast.SelectionSet) graphql.Marshaler {
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

func (ec *fastEC) _Query_items(ctx context.Context, field graphql.CollectedField) graphql.Marshaler {
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

// marshalItemList: no field under Item can block, so the elements are
// marshalled in place, under lazy contexts.
func (ec *fastEC) marshalItemList(ctx context.Context, sel ast.SelectionSet, v []*benchItem) graphql.Marshaler {
	ret := graphql.MarshalSlice(ctx, len(v), false,
		func(i int) any { return &v[i] },
		func(ctx context.Context, i int) graphql.Marshaler {
			if v[i] == nil {
				graphql.AddInvalidNullError(ctx, "Item!")
				return graphql.Null
			}
			return ec._Item(ctx, sel, v[i])
		})
	for _, e := range ret {
		if e == graphql.Null {
			return graphql.Null
		}
	}
	return ret
}

func (ec *fastEC) _Item(ctx context.Context, sel ast.SelectionSet, obj *benchItem) graphql.Marshaler {
	fields := graphql.CollectFields(ec.OperationContext, sel, compatItemImpl)
	out := graphql.NewFieldSetWithScalars(fields)
	deferred := graphql.NewDeferredGroup(ctx)
	direct := !ec.HasFieldMiddleware()
	for i, field := range fields {
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString("Item")
		case "id":
			if direct {
				out.SetString(i, obj.ID)
				continue
			}
			out.Values[i] = ec._Item_id(ctx, field, obj)
		case "name":
			if direct {
				out.SetString(i, obj.Name)
				continue
			}
			out.Values[i] = ec._Item_name(ctx, field, obj)
		case "age":
			if direct {
				out.SetInt(i, int64(obj.Age))
				continue
			}
			out.Values[i] = ec._Item_age(ctx, field, obj)
		case "score":
			if direct && out.SetFloat(i, obj.Score) {
				continue
			}
			out.Values[i] = ec._Item_score(ctx, field, obj)
		case "child":
			if direct {
				out.Values[i] = ec.directItemChild(ctx, &fields[i], obj)
			} else {
				out.Values[i] = ec._Item_child(ctx, field, obj)
			}
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

// itemChildInfo is the static part of the FieldContext of Item.child.
var itemChildInfo = &graphql.FieldInfo{
	Object: "Item",
	Child: func(ec any, ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return nil, nil
	},
}

// directItemChild resolves a struct field of object type: the child
// object's fields get a lazy context for their paths, from the same
// allocation as the object's FieldSet, and no middleware runs.
func (ec *fastEC) directItemChild(ctx context.Context, field *graphql.CollectedField, obj *benchItem) graphql.Marshaler {
	lf := graphql.LazyField{Info: itemChildInfo, EC: ec, Field: field, Result: obj.Child}
	if obj.Child == nil {
		graphql.AddInvalidNullError(graphql.WithLazyFieldContext(ctx, lf.Info, lf.EC, lf.Field, lf.Result), "Child!")
		return graphql.Null
	}
	return ec._Child(ctx, field.Selections, obj.Child, &lf)
}

// _Child writes a Child. lf describes the field it is the value of when
// that field has no FieldContext yet (it was resolved directly).
func (ec *fastEC) _Child(ctx context.Context, sel ast.SelectionSet, obj *benchChild, lf *graphql.LazyField) graphql.Marshaler {
	fields := graphql.CollectFields(ec.OperationContext, sel, compatChildImpl)
	var out *graphql.FieldSet
	if lf != nil {
		out, ctx = graphql.NewFieldSetUnder(ctx, *lf, fields)
	} else {
		out = graphql.NewFieldSetWithScalars(fields)
	}
	deferred := graphql.NewDeferredGroup(ctx)
	direct := !ec.HasFieldMiddleware()
	for i, field := range fields {
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString("Child")
		case "id":
			if direct {
				out.SetString(i, obj.ID)
				continue
			}
			out.Values[i] = ec._Child_id(ctx, field, obj)
			if out.Values[i] == graphql.Null {
				out.Invalids++
			}
		case "name":
			if direct {
				if obj.Name == nil {
					out.Values[i] = graphql.Null
				} else {
					out.SetString(i, *obj.Name)
				}
				continue
			}
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

func TestFastStyleExecution(t *testing.T) {
	for _, mw := range []struct {
		name string
		fn   graphql.FieldMiddleware
	}{
		{"no field middleware", nil},
		{"field middleware", func(ctx context.Context, next graphql.Resolver) (any, error) { return next(ctx) }},
	} {
		t.Run(mw.name, func(t *testing.T) {
			op := newBenchOperation(t, benchQuery, mw.fn)
			op.state.Resolvers = newBenchResolvers(3)
			var buf bytes.Buffer
			if errs := op.run(&buf, fastRoot); errs != nil {
				t.Fatal(errs)
			}
			if got, want := buf.String(), wantBenchData(3); got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}

func BenchmarkExecList100Fast(b *testing.B) {
	op := newBenchOperation(b, benchQuery, nil)
	op.state.Resolvers = newBenchResolvers(benchItems)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		if errs := op.run(&buf, fastRoot); errs != nil {
			b.Fatal(errs)
		}
	}
}

// TestFastStyleAllocations pins the cost of the fast path: per list item,
// the item's FieldSet and the child's FieldSet (which holds the lazy context
// of the child field), and a fixed number for the operation.
func TestFastStyleAllocations(t *testing.T) {
	if graphql.RaceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	for _, n := range []int{10, 100} {
		op := newBenchOperation(t, benchQuery, nil)
		op.state.Resolvers = newBenchResolvers(n)
		var buf bytes.Buffer
		got := testing.AllocsPerRun(20, func() { op.run(&buf, fastRoot) })
		if limit := float64(2*n + 20); got > limit {
			t.Errorf("%d items: %v allocations, want at most %v", n, got, limit)
		}
	}
}

// BenchmarkWriteList100 writes an already resolved list of 100 items: the
// cost of the write phase alone.
func BenchmarkWriteList100(b *testing.B) {
	op := newBenchOperation(b, benchQuery, nil)
	op.state.Resolvers = newBenchResolvers(benchItems)
	ctx := graphql.WithOperationContext(context.Background(), op.oc)
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter, op.oc.RecoverFunc)
	ecs := graphql.NewExecutionContextState(op.oc, op.state, op.schema, nil)
	data := fastRoot(ctx, ecs, op.oc.Operation.SelectionSet)
	var buf bytes.Buffer
	data.MarshalGQL(&buf)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		data.MarshalGQL(&buf)
	}
}

package graphql

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
)

// List marshalling for generated code. A generated marshaller of a list
// type used to hold its own loop and two closures, compiled again for
// every list type of every schema; these helpers hold that code once. ec is
// the generated execution context and marshal a method expression of it
// (such as (*executionContext).marshalNUser2ᚖUser), which, unlike a method
// value, costs no allocation to pass. The element type T of most lists is a
// pointer, so one instantiation serves them all.

// MarshalList marshals the elements of v one after another on the calling
// goroutine, as MarshalSlice does, each with marshal(ec, ctx, sel, v[i]). An
// empty v gives a nil Array, which writes [] and costs no allocation as a
// Marshaler.
func MarshalList[E, T any](ctx context.Context, ec E, sel ast.SelectionSet, v []T, omitPanicHandler bool,
	marshal func(E, context.Context, ast.SelectionSet, T) Marshaler,
) Array {
	if len(v) == 0 {
		return nil
	}
	return MarshalSlice(ctx, len(v), omitPanicHandler, func(i int) any { return &v[i] }, func(ctx context.Context, i int) Marshaler {
		return marshal(ec, ctx, sel, v[i])
	})
}

// MarshalListConcurrently is MarshalList with each element on a goroutine
// of its own, as MarshalSliceConcurrently does; the element's FieldContext
// holds a pointer to it as its Result.
func MarshalListConcurrently[E, T any](ctx context.Context, ec E, sel ast.SelectionSet, v []T, workerLimit int64, omitPanicHandler bool,
	marshal func(E, context.Context, ast.SelectionSet, T) Marshaler,
) Array {
	if len(v) == 0 {
		return nil
	}
	return MarshalSliceConcurrently(ctx, len(v), workerLimit, omitPanicHandler, func(ctx context.Context, i int) Marshaler {
		GetFieldContext(ctx).Result = &v[i]
		return marshal(ec, ctx, sel, v[i])
	})
}

// NonNullElements returns list, or Null when one of its elements is Null:
// the null of a non-null element propagates to the list.
func NonNullElements(list Array) Marshaler {
	for _, e := range list {
		if e == Null {
			return Null
		}
	}
	return list
}

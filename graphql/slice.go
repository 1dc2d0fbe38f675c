package graphql

import (
	"context"
	"sync"
)

// Lists are marshalled element by element under a FieldContext that
// carries the element's index (so paths read items[3].name). The contexts
// of all the elements of one list are allocated together, and the index
// lives in the FieldContext itself.

// elementContexts returns one FieldContext per element, children of the
// field context in ctx, each standing for the index i.
func elementContexts(ctx context.Context, length int) []FieldContext {
	parent := GetFieldContext(ctx)
	fcs := make([]FieldContext, length)
	for i := range fcs {
		fc := &fcs[i]
		fc.Parent = parent
		fc.index = i
		fc.Index = &fc.index
	}
	return fcs
}

// elementContext returns the context for element i: ctx with fc attached.
func elementContext(ctx context.Context, fc *FieldContext) context.Context {
	return fc.node.bind(ctx, fieldCtxKey, fc)
}

// MarshalSliceConcurrently marshals the elements 0..length-1 of a list with
// marshalElement, each on a goroutine of its own (a single element on the
// calling goroutine), and returns the results in order. Each call gets a
// context whose FieldContext has Index set; marshalElement may store the
// element in its Result.
//
// workerLimit > 0 bounds how many elements are marshalled at once; 0 means
// no bound. Unless omitPanicHandler is set, a panic in marshalElement is
// recovered, reported as an error on the element's path, and the element is
// Null. With a workerLimit, the elements not yet started when ctx is done
// are Null and ctx's error is reported once. Every element of the result is
// set, so non-null checks on it see Null where marshalling failed.
//
// Under the goroutine limit of the operation (OperationContext.
// SetGoroutineLimit), an element that finds no free slot is marshalled on
// the calling goroutine instead.
//
// Use MarshalSlice instead when the elements cannot block.
func MarshalSliceConcurrently(ctx context.Context, length int, workerLimit int64, omitPanicHandler bool,
	marshalElement func(ctx context.Context, i int) Marshaler,
) Array {
	ret := make(Array, length)
	if length == 0 {
		return ret
	}
	fcs := elementContexts(ctx, length)
	if length == 1 {
		ret[0] = marshalOne(elementContext(ctx, &fcs[0]), 0, omitPanicHandler, marshalElement)
		return ret
	}

	var wg sync.WaitGroup
	var slots chan struct{}
	if workerLimit > 0 {
		slots = make(chan struct{}, workerLimit)
	}
	budget := budgetOf(ctx)
	for i := range length {
		ectx := elementContext(ctx, &fcs[i])
		if slots != nil && !acquireSlot(ctx, slots) {
			AddError(ectx, ctx.Err())
			for j := i; j < length; j++ {
				ret[j] = Null
			}
			break
		}
		if budget != nil && !budget.take() {
			// Over the operation's goroutine limit: this element resolves
			// here, holding its worker slot.
			ret[i] = marshalOne(ectx, i, omitPanicHandler, marshalElement)
			if slots != nil {
				<-slots
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if budget != nil {
				defer budget.give()
			}
			if slots != nil {
				defer func() { <-slots }()
			}
			ret[i] = marshalOne(ectx, i, omitPanicHandler, marshalElement)
		}()
	}
	wg.Wait()
	return ret
}

// acquireSlot takes a worker slot, waiting for one to free up. It fails,
// taking nothing, once ctx is done, even when a slot is free.
func acquireSlot(ctx context.Context, slots chan struct{}) bool {
	if ctx.Err() != nil {
		return false
	}
	select {
	case slots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// MarshalSlice marshals the elements 0..length-1 of a list one after
// another on the calling goroutine, with the same panic handling and
// results as MarshalSliceConcurrently without a worker limit.
//
// It is for generated code whose elements cannot block: no field under
// the element type has a resolver or a method taking a context. Running
// such elements on goroutines buys no overlap and costs a goroutine, a
// closure and a growing stack per element.
//
// The context of each element is lazy: its FieldContext (Index set, and
// Result set to element(i) when element is not nil) is only built if
// something asks for it, such as a resolver or an error below the element.
// marshalElement should therefore not call GetFieldContext itself. The
// contexts of all elements come from one allocation.
func MarshalSlice(ctx context.Context, length int, omitPanicHandler bool,
	element func(i int) any,
	marshalElement func(ctx context.Context, i int) Marshaler,
) Array {
	ret := make(Array, length)
	if length == 0 {
		return ret
	}
	nodes := make([]lazyElement, length)
	for i := range nodes {
		n := &nodes[i]
		n.parent, n.result, n.index = ctx, element, i
		ret[i] = marshalOne(n, i, omitPanicHandler, marshalElement)
	}
	return ret
}

// marshalOne marshals element i under ctx, turning a panic into an error
// and a Null element unless omitPanicHandler is set.
func marshalOne(ctx context.Context, i int, omitPanicHandler bool, marshalElement func(ctx context.Context, i int) Marshaler) (res Marshaler) {
	if !omitPanicHandler {
		defer func() {
			if r := recover(); r != nil {
				AddError(ctx, Recover(ctx, r))
				res = Null
			}
		}()
	}
	return marshalElement(ctx, i)
}

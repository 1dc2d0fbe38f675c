package graphql

import (
	"context"
	"sync/atomic"
)

// The runtime starts goroutines for the concurrent fields of an object
// (FieldSet.Dispatch) and the elements of a list (MarshalSliceConcurrently);
// a query fanning out over nested lists starts one per resolver call. A
// goroutine limit bounds how many of them one operation has running at
// once: past it, a field or element is resolved on the goroutine that would
// have started it. Nothing ever waits for a slot, so nested lists cannot
// deadlock on the limit; what the limit costs is overlap, not progress.

// goroutineBudget is an operation's remaining goroutine slots.
type goroutineBudget struct{ left atomic.Int64 }

// take claims a slot; false means none is free.
func (b *goroutineBudget) take() bool {
	for {
		n := b.left.Load()
		if n <= 0 {
			return false
		}
		if b.left.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// give returns a slot.
func (b *goroutineBudget) give() { b.left.Add(1) }

// goroutineLimitsSet is set once any operation has had a limit: until then
// the runtime does not look for a budget at all.
var goroutineLimitsSet atomic.Bool

// SetGoroutineLimit caps the goroutines that resolve the operation's fields
// at once (concurrent fields, list elements, federation entities) at
// limit, besides the goroutine running the operation; past the cap, fields
// resolve on the goroutine that reached it. Zero or less removes the cap.
// Call it before the operation executes, for instance from an
// OperationContextMutator or handler.Server.SetGoroutineLimit (which sets
// it on every operation).
func (c *OperationContext) SetGoroutineLimit(limit int) {
	if limit <= 0 {
		c.goroutines = nil
		return
	}
	b := &goroutineBudget{}
	b.left.Store(int64(limit))
	c.goroutines = b
	goroutineLimitsSet.Store(true)
}

// budgetOf returns the goroutine budget of the operation in ctx, or nil.
func budgetOf(ctx context.Context) *goroutineBudget {
	if !goroutineLimitsSet.Load() {
		return nil
	}
	if oc, _ := ctx.Value(operationCtxKey).(*OperationContext); oc != nil {
		return oc.goroutines
	}
	return nil
}

// GoroutineLimited reports whether the operation in ctx has a goroutine
// limit (OperationContext.SetGoroutineLimit). Runtimes outside this
// package that fan out (federation's entity resolution) use it with TryGo.
func GoroutineLimited(ctx context.Context) bool { return budgetOf(ctx) != nil }

// TryGo runs f on a goroutine of its own and reports true when the
// goroutine limit of the operation in ctx has a free slot (or there is no
// limit); the slot is given back when f returns. Otherwise it reports false
// without running f, and the caller runs the work itself.
func TryGo(ctx context.Context, f func()) bool {
	b := budgetOf(ctx)
	if b == nil {
		go f()
		return true
	}
	if !b.take() {
		return false
	}
	go func() {
		defer b.give()
		f()
	}()
	return true
}

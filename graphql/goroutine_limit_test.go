package graphql

import (
	"context"
	"runtime"
	"testing"
)

func limitedContext(limit int) context.Context {
	oc := &OperationContext{}
	oc.SetGoroutineLimit(limit)
	return WithOperationContext(context.Background(), oc)
}

// A slot is taken when TryGo starts a goroutine and given back only when
// its function has returned: with two slots, a third TryGo is refused
// while both functions block, and accepted once one of them has returned.
func TestTryGoHoldsASlotUntilReturn(t *testing.T) {
	ctx := limitedContext(2)
	release := [2]chan struct{}{make(chan struct{}), make(chan struct{})}
	done := make(chan int, 3)
	for i := range 2 {
		if !TryGo(ctx, func() { <-release[i]; done <- i }) {
			t.Fatalf("TryGo %d refused with a free slot", i)
		}
	}
	if TryGo(ctx, func() { done <- 99 }) {
		t.Fatal("TryGo started a third goroutine with a limit of 2")
	}
	close(release[0])
	if got := <-done; got != 0 {
		t.Fatalf("got %d from done, want 0", got)
	}
	// The deferred give runs after f's send on done; wait for the slot
	// rather than for a moment.
	for !TryGo(ctx, func() { done <- 2 }) {
		runtime.Gosched()
	}
	if got := <-done; got != 2 {
		t.Fatalf("got %d from done, want 2", got)
	}
	close(release[1])
	<-done
}

// Without a limit TryGo always starts the goroutine, and a limit of zero
// or less removes a limit set before.
func TestTryGoWithoutLimit(t *testing.T) {
	oc := &OperationContext{}
	oc.SetGoroutineLimit(1)
	oc.SetGoroutineLimit(0)
	ctx := WithOperationContext(context.Background(), oc)
	if GoroutineLimited(ctx) {
		t.Fatal("GoroutineLimited after SetGoroutineLimit(0)")
	}
	block := make(chan struct{})
	done := make(chan struct{}, 3)
	for i := range 3 {
		if !TryGo(ctx, func() { <-block; done <- struct{}{} }) {
			t.Fatalf("TryGo %d refused without a limit", i)
		}
	}
	close(block)
	for range 3 {
		<-done
	}
	if !GoroutineLimited(limitedContext(3)) {
		t.Fatal("GoroutineLimited false with a limit")
	}
}

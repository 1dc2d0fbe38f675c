package fedruntime

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// Under a goroutine limit every task runs once, with at most limit+1 of
// them (the helpers and the caller) at once; tasks that block do not stop
// the others from running.
func TestRunConcurrentlyInBoundsHelpers(t *testing.T) {
	for _, limit := range []int{1, 3, 16} {
		oc := &graphql.OperationContext{}
		oc.SetGoroutineLimit(limit)
		ctx := graphql.WithOperationContext(context.Background(), oc)
		const n = 2000
		var ran [n]atomic.Int32
		var active, peak atomic.Int64
		RunConcurrentlyIn(ctx, n, func(i int) {
			now := active.Add(1)
			for old := peak.Load(); now > old && !peak.CompareAndSwap(old, now); old = peak.Load() {
			}
			runtime.Gosched()
			ran[i].Add(1)
			active.Add(-1)
		})
		for i := range ran {
			if got := ran[i].Load(); got != 1 {
				t.Fatalf("limit %d: task %d ran %d times", limit, i, got)
			}
		}
		if got := peak.Load(); got > int64(limit+1) {
			t.Errorf("limit %d: %d tasks ran at once", limit, got)
		}
		t.Logf("limit %d: at most %d tasks at once", limit, peak.Load())
	}
}

// Without a limit RunConcurrentlyIn is RunConcurrently: tasks that wait for
// each other all get to run together.
func TestRunConcurrentlyInWithoutLimit(t *testing.T) {
	ctx := graphql.WithOperationContext(context.Background(), &graphql.OperationContext{})
	const n = 50
	var arrived atomic.Int64
	all := make(chan struct{})
	RunConcurrentlyIn(ctx, n, func(int) {
		if arrived.Add(1) == n {
			close(all)
		}
		select {
		case <-all:
		case <-time.After(10 * time.Second):
			t.Error("the tasks never all ran together")
		}
	})
}

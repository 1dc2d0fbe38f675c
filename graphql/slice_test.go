package graphql

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sliceMarshaller is MarshalSlice or MarshalSliceConcurrently without a
// worker limit.
type sliceMarshaller struct {
	name string
	run  func(ctx context.Context, n int, omitPanicHandler bool, f func(ctx context.Context, i int) Marshaler) Array
}

var sliceMarshallers = []sliceMarshaller{
	{"MarshalSlice", func(ctx context.Context, n int, omit bool, f func(context.Context, int) Marshaler) Array {
		return MarshalSlice(ctx, n, omit, func(i int) any { return i * 100 }, f)
	}},
	{"MarshalSliceConcurrently", func(ctx context.Context, n int, omit bool, f func(context.Context, int) Marshaler) Array {
		return MarshalSliceConcurrently(ctx, n, 0, omit, f)
	}},
	{"MarshalSliceConcurrently limited", func(ctx context.Context, n int, omit bool, f func(context.Context, int) Marshaler) Array {
		return MarshalSliceConcurrently(ctx, n, 2, omit, f)
	}},
}

func TestMarshalSlices(t *testing.T) {
	for _, sm := range sliceMarshallers {
		for _, n := range []int{0, 1, 3, 20} {
			t.Run(fmt.Sprintf("%s/%d", sm.name, n), func(t *testing.T) {
				ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("list")})
				parent := GetFieldContext(ctx)
				seen := make([]*FieldContext, n)
				ret := sm.run(ctx, n, false, func(ctx context.Context, i int) Marshaler {
					fc := GetFieldContext(ctx)
					seen[i] = fc
					if fc.Index == nil || *fc.Index != i || fc.Parent != parent {
						t.Errorf("element %d: context %+v", i, fc)
					}
					if got := GetPath(ctx).String(); got != fmt.Sprintf("list[%d]", i) {
						t.Errorf("element %d: path %s", i, got)
					}
					if i == 2 {
						panic("third")
					}
					return MarshalInt(i)
				})
				if len(ret) != n {
					t.Fatalf("%d elements", len(ret))
				}
				for i, m := range ret {
					if i == 2 {
						if m != Null {
							t.Errorf("panicking element is %v", m)
						}
						continue
					}
					if written(m) != fmt.Sprint(i) {
						t.Errorf("element %d wrote %s", i, written(m))
					}
				}
				var wantErrs []string
				if n > 2 {
					wantErrs = []string{"recovered: third"}
					if errs := GetErrors(ctx); errs[0].Path.String() != "list[2]" {
						t.Errorf("panic reported at %s", errs[0].Path)
					}
				}
				if got := errorMessages(GetErrors(ctx)); !equalStrings(got, wantErrs) {
					t.Errorf("errors %q", got)
				}
				// Contexts stay valid after the call and are distinct.
				for i := range seen {
					if i != 2 && (*seen[i].Index != i || (i > 0 && seen[i] == seen[i-1])) {
						t.Errorf("element context %d changed", i)
					}
				}
			})
		}
	}
}

func TestMarshalSlicesWithoutPanicHandler(t *testing.T) {
	for _, sm := range sliceMarshallers[:1] {
		mustPanic(t, "loose", func() {
			sm.run(newResponseCtx(t), 3, true, func(context.Context, int) Marshaler { panic("loose") })
		})
	}
	// A single element runs on the calling goroutine, whichever function.
	mustPanic(t, "single", func() {
		MarshalSliceConcurrently(newResponseCtx(t), 1, 0, true, func(context.Context, int) Marshaler { panic("single") })
	})
}

func TestMarshalSliceConcurrentlyWorkerLimit(t *testing.T) {
	for _, limit := range []int64{0, 1, 3} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			var running, most atomic.Int32
			const n = 12
			var started sync.WaitGroup
			if limit == 0 {
				// Without a limit all elements run at once.
				started.Add(n)
			}
			MarshalSliceConcurrently(newResponseCtx(t), n, limit, false, func(context.Context, int) Marshaler {
				now := running.Add(1)
				for {
					old := most.Load()
					if now <= old || most.CompareAndSwap(old, now) {
						break
					}
				}
				if limit == 0 {
					started.Done()
					started.Wait()
				} else {
					time.Sleep(time.Millisecond)
				}
				running.Add(-1)
				return Null
			})
			if limit > 0 && int64(most.Load()) > limit {
				t.Errorf("%d elements ran at once, limit %d", most.Load(), limit)
			}
			if limit == 0 && most.Load() != n {
				t.Errorf("%d elements ran at once", most.Load())
			}
		})
	}
}

func TestMarshalSliceConcurrentlyStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("l")}))
	var ran atomic.Int32
	ret := MarshalSliceConcurrently(ctx, 10, 1, false, func(ctx context.Context, i int) Marshaler {
		ran.Add(1)
		if i == 2 {
			cancel()
		}
		return MarshalInt(i)
	})
	if ran.Load() != 3 {
		t.Errorf("%d elements ran after cancellation at the third", ran.Load())
	}
	for i, m := range ret {
		if (i < 3) == (m == Null) {
			t.Errorf("element %d is %s", i, written(m))
		}
	}
	errs := GetErrors(ctx)
	if len(errs) != 1 || errs[0].Message != context.Canceled.Error() || errs[0].Path.String() != "l[3]" {
		t.Errorf("errors %v", errs)
	}
}

package fedruntime

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestGroupRepresentations(t *testing.T) {
	reps := []map[string]any{
		{"__typename": "B", "id": 1},
		{"__typename": "A"},
		{"id": 2},
		{"__typename": "B", "id": 3},
		{"__typename": 7},
	}
	groups, missing := GroupRepresentations(reps)
	if missing != 2 {
		t.Errorf("missing = %d, want 2", missing)
	}
	want := []EntityGroup{
		{TypeName: "B", Indexes: []int{0, 3}, Reps: []map[string]any{reps[0], reps[3]}},
		{TypeName: "A", Indexes: []int{1}, Reps: []map[string]any{reps[1]}},
	}
	if !reflect.DeepEqual(groups, want) {
		t.Errorf("groups = %v, want %v", groups, want)
	}
}

// TestGroupRepresentationsManyTypes goes past the names searched by
// scanning, and checks that a group's slices cannot grow into the next's.
func TestGroupRepresentationsManyTypes(t *testing.T) {
	var reps []map[string]any
	for i := range 200 {
		if i%17 == 5 {
			reps = append(reps, map[string]any{"id": i})
			continue
		}
		reps = append(reps, map[string]any{"__typename": fmt.Sprintf("T%d", (i*7)%23), "id": i})
	}
	groups, missing := GroupRepresentations(reps)
	// The same grouping, computed the plain way.
	var want []EntityGroup
	at := map[string]int{}
	wantMissing := 0
	for i, rep := range reps {
		name, ok := rep["__typename"].(string)
		if !ok {
			wantMissing++
			continue
		}
		g, seen := at[name]
		if !seen {
			g = len(want)
			at[name] = g
			want = append(want, EntityGroup{TypeName: name})
		}
		want[g].Indexes = append(want[g].Indexes, i)
		want[g].Reps = append(want[g].Reps, rep)
	}
	if missing != wantMissing || !reflect.DeepEqual(groups, want) {
		t.Fatalf("got %d groups (missing %d), want %d (missing %d)", len(groups), missing, len(want), wantMissing)
	}
	if len(groups) <= linearGroups {
		t.Fatalf("only %d groups: the map is not exercised", len(groups))
	}
	next := groups[1].Indexes[0]
	_ = append(groups[0].Indexes, -1)
	if groups[1].Indexes[0] != next {
		t.Errorf("appending to group 0 overwrote group 1")
	}
}

func TestRunConcurrently(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7} {
		var mu sync.Mutex
		seen := map[int]int{}
		RunConcurrently(n, func(i int) {
			mu.Lock()
			seen[i]++
			mu.Unlock()
		})
		if len(seen) != n {
			t.Fatalf("n=%d: ran %v", n, seen)
		}
		for i, c := range seen {
			if c != 1 || i < 0 || i >= n {
				t.Errorf("n=%d: task %d ran %d times", n, i, c)
			}
		}
	}
}

// TestRunConcurrentlyAllInProgress has every task wait until all have
// started: it passes only if no task waits for another to finish before it
// starts (what a blocking finder or a data loader needs).
func TestRunConcurrentlyAllInProgress(t *testing.T) {
	for _, n := range []int{2, 3, 50, 300} {
		var started atomic.Int64
		all := make(chan struct{})
		timeout := time.After(10 * time.Second)
		var timedOut atomic.Bool
		RunConcurrently(n, func(int) {
			if started.Add(1) == int64(n) {
				close(all)
			}
			select {
			case <-all:
			case <-timeout:
				timedOut.Store(true)
			}
		})
		if timedOut.Load() {
			t.Fatalf("n=%d: only %d of the tasks started while the others were in progress", n, started.Load())
		}
	}
}

// TestRunConcurrentlyNested runs fan-outs inside fan-outs, each level
// waiting for its siblings, as groups of representations do.
func TestRunConcurrentlyNested(t *testing.T) {
	var ran atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		var outer sync.WaitGroup
		outer.Add(4)
		RunConcurrently(4, func(int) {
			outer.Done()
			outer.Wait()
			var inner sync.WaitGroup
			inner.Add(5)
			RunConcurrently(5, func(int) {
				inner.Done()
				inner.Wait()
				ran.Add(1)
			})
		})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("nested fan-outs stuck after %d inner tasks", ran.Load())
	}
	if got := ran.Load(); got != 20 {
		t.Errorf("ran %d inner tasks, want 20", got)
	}
}

func TestLookup(t *testing.T) {
	rep := map[string]any{"a": map[string]any{"b": "x"}, "n": nil, "s": "str"}
	tests := []struct {
		path []string
		want any
	}{
		{[]string{"a", "b"}, "x"},
		{[]string{"s"}, "str"},
		{[]string{"n"}, nil},
		{[]string{"missing", "b"}, nil},
		{[]string{"s", "b"}, nil},
	}
	for _, tt := range tests {
		if got := Lookup(rep, tt.path...); got != tt.want {
			t.Errorf("Lookup(%v) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

func TestMatchEntityKey(t *testing.T) {
	keys := [][][]string{{{"id"}}, {{"code"}, {"region", "name"}}}
	tests := []struct {
		name    string
		rep     map[string]any
		want    int
		wantErr string
	}{
		{name: "first key", rep: map[string]any{"id": "1", "code": "c"}, want: 0},
		{name: "second key", rep: map[string]any{"code": "c", "region": map[string]any{"name": nil}}, want: 1},
		{name: "null first key falls through", rep: map[string]any{"id": nil, "code": nil, "region": map[string]any{"name": "n"}}, want: 1},
		{
			name: "nothing matches",
			rep:  map[string]any{"id": nil, "code": "c", "region": "flat"},
			want: -1,
			wantErr: "type not found for Port due to type not found due to all null value KeyFields for Port\n" +
				`type not found due to nested Key Field "region" value not matching map[string]any for Port`,
		},
		{
			name: "missing",
			rep:  map[string]any{},
			want: -1,
			wantErr: `type not found for Port due to type not found due to missing Key Field "id" for Port` + "\n" +
				`type not found due to missing Key Field "code" for Port`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MatchEntityKey("Port", tt.rep, keys)
			if got != tt.want {
				t.Errorf("key = %d, want %d", got, tt.want)
			}
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || err.Error() != tt.wantErr {
				t.Fatalf("err = %v, want %s", err, tt.wantErr)
			}
			if !errors.Is(err, ErrTypeNotFound) {
				t.Error("error does not wrap ErrTypeNotFound")
			}
		})
	}
}

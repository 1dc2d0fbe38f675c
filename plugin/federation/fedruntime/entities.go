package fedruntime

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// ErrMissingTypename is reported, once per representation, for a
// representation without a string __typename; it is skipped.
var ErrMissingTypename = errors.New("__typename must be an existing string")

// EntityGroup is the representations of one __typename, in request order,
// with their positions in the _entities list.
type EntityGroup struct {
	TypeName string
	Indexes  []int
	Reps     []map[string]any
}

// GroupRepresentations splits the router's representations by __typename,
// groups ordered by first appearance. missing counts the representations
// without a string __typename.
func GroupRepresentations(reps []map[string]any) (groups []EntityGroup, missing int) {
	// First pass: the group of each representation (-1: no __typename) and
	// the size of each group. A few type names are looked up by scanning
	// the groups; past linearGroups, through a map.
	of := make([]int32, len(reps))
	var sizes []int
	var byName map[string]int
	for i, rep := range reps {
		name, ok := rep["__typename"].(string)
		if !ok {
			missing++
			of[i] = -1
			continue
		}
		g := groupNamed(groups, byName, name)
		if g < 0 {
			g = len(groups)
			groups = append(groups, EntityGroup{TypeName: name})
			sizes = append(sizes, 0)
			switch {
			case byName != nil:
				byName[name] = g
			case len(groups) > linearGroups:
				byName = make(map[string]int, 2*len(groups))
				for j := range groups {
					byName[groups[j].TypeName] = j
				}
			}
		}
		of[i] = int32(g)
		sizes[g]++
	}
	if len(groups) == 0 {
		return nil, missing
	}
	// Second pass: every group's slices are cut from one backing array
	// each, with their capacity capped so that appending to one cannot
	// overwrite the next.
	found := len(reps) - missing
	indexes := make([]int, 0, found)
	members := make([]map[string]any, 0, found)
	start := 0
	for g := range groups {
		end := start + sizes[g]
		groups[g].Indexes = indexes[start:start:end]
		groups[g].Reps = members[start:start:end]
		start = end
	}
	for i, g := range of {
		if g >= 0 {
			groups[g].Indexes = append(groups[g].Indexes, i)
			groups[g].Reps = append(groups[g].Reps, reps[i])
		}
	}
	return groups, missing
}

// linearGroups is how many groups GroupRepresentations searches by
// scanning before it indexes them by name.
const linearGroups = 8

// groupNamed is the index of the group of name, or -1.
func groupNamed(groups []EntityGroup, byName map[string]int, name string) int {
	if byName != nil {
		if g, ok := byName[name]; ok {
			return g
		}
		return -1
	}
	for g := range groups {
		if groups[g].TypeName == name {
			return g
		}
	}
	return -1
}

// RunConcurrently calls task(0) … task(n-1) and returns when all have
// returned. The tasks run concurrently in the sense that matters for entity
// finders: none waits for another to finish before it starts, so tasks may
// block on I/O or on each other (a data loader collecting keys) without
// holding the rest back. It does not cost a goroutine per task, though:
// the calling goroutine and its helpers take the next task as soon as they
// are free, and a helper is woken only while tasks remain and no woken
// helper has yet started, so a task that blocks always leaves someone to
// start the next one. Helpers come from a set of parked goroutines, which
// keep their grown stacks, and a new one is started only when none is
// idle. Tasks must recover their own panics.
func RunConcurrently(n int, task func(i int)) {
	switch {
	case n <= 0:
		return
	case n == 1:
		task(0)
		return
	}
	f := &fanOut{task: task, n: int64(n)}
	f.wg.Add(n)
	f.drain()
	f.wg.Wait()
}

// RunConcurrentlyIn is RunConcurrently under the goroutine limit of the
// operation in ctx (handler.Server.SetGoroutineLimit): a helper starts only
// while the limit has a free slot, and holds it until no task is left for
// it; without a slot the goroutines already working take the next task
// themselves. Tasks that wait for one another (a data loader collecting
// keys) may then run one after another. Without a limit it is
// RunConcurrently.
func RunConcurrentlyIn(ctx context.Context, n int, task func(i int)) {
	if n <= 1 || !graphql.GoroutineLimited(ctx) {
		RunConcurrently(n, task)
		return
	}
	f := &fanOut{task: task, n: int64(n), limited: ctx}
	f.wg.Add(n)
	f.drain()
	f.wg.Wait()
}

// fanOut is one call of RunConcurrently, shared by the goroutines working
// through its tasks.
type fanOut struct {
	task func(int)
	n    int64
	// limited, when set, is the context whose goroutine limit helpers
	// count against; they are then started with graphql.TryGo, not pooled.
	limited context.Context
	// claimed counts the tasks taken so far (the next one's index).
	claimed atomic.Int64
	// pending is set while a woken helper has not yet taken a task.
	pending atomic.Bool
	wg      sync.WaitGroup
}

// drain takes and runs tasks until none is left; before each it makes
// sure that, if more remain, a helper is on its way to take them.
func (f *fanOut) drain() {
	for {
		i := f.claimed.Add(1) - 1
		if i >= f.n {
			return
		}
		if i+1 < f.n && !f.pending.Load() && f.pending.CompareAndSwap(false, true) {
			if f.limited == nil {
				wakeHelper(f)
			} else if !graphql.TryGo(f.limited, f.limitedHelper) {
				f.pending.Store(false)
			}
		}
		f.run(int(i))
	}
}

// limitedHelper works on f under a goroutine limit, then ends.
func (f *fanOut) limitedHelper() {
	f.pending.Store(false)
	f.drain()
}

// run runs task i; it counts as done even if the task ends its goroutine
// (runtime.Goexit, as t.FailNow does in a test's resolver).
func (f *fanOut) run(i int) {
	defer f.wg.Done()
	f.task(i)
}

// idleHelpers hands a fanOut to a parked helper; a send succeeds only if
// one is waiting.
var idleHelpers = make(chan *fanOut)

// helperIdleTime is how long a helper stays parked before it exits: long
// enough to be reused under steady traffic, short enough that none lingers
// long after the last request.
const helperIdleTime = time.Second

// wakeHelper gives f to an idle helper, or to a new one if none is idle.
func wakeHelper(f *fanOut) {
	select {
	case idleHelpers <- f:
	default:
		go helper(f)
	}
}

// helper works on f, then parks until handed another or idle too long.
func helper(f *fanOut) {
	var idle *time.Timer
	for {
		f.pending.Store(false)
		f.drain()
		f = nil
		if idle == nil {
			idle = time.NewTimer(helperIdleTime)
		} else {
			idle.Reset(helperIdleTime)
		}
		select {
		case f = <-idleHelpers:
		case <-idle.C:
			return
		}
	}
}

// Lookup follows path through the nested objects of rep; a missing field,
// or a value on the way that is not an object, gives nil.
func Lookup(rep map[string]any, path ...string) any {
	var v any = rep
	for _, name := range path {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = obj[name]
	}
	return v
}

// MatchEntityKey returns the index of the first of an entity's keys that
// rep can be resolved by: every field of the key present (nested ones
// through objects) and not all of them null. keys[k] lists the field paths
// of key k. When no key matches, the error wraps ErrTypeNotFound and gives
// each key's reason, in the words gqlgen's generated code has always used.
func MatchEntityKey(entity string, rep map[string]any, keys [][][]string) (int, error) {
	var reasons []error
	for k, fields := range keys {
		reason := keyMismatch(entity, rep, fields)
		if reason == nil {
			return k, nil
		}
		reasons = append(reasons, reason)
	}
	return -1, fmt.Errorf("%w for %s due to %v", ErrTypeNotFound, entity, errors.Join(reasons...).Error())
}

// keyMismatch says why rep cannot be resolved by the key made of fields.
func keyMismatch(entity string, rep map[string]any, fields [][]string) error {
	allNull := true
	for _, path := range fields {
		obj := rep
		for i, name := range path {
			v, ok := obj[name]
			if !ok {
				return fmt.Errorf("%w due to missing Key Field %q for %s", ErrTypeNotFound, name, entity)
			}
			if i < len(path)-1 {
				if obj, ok = v.(map[string]any); !ok {
					return fmt.Errorf("%w due to nested Key Field %q value not matching map[string]any for %s", ErrTypeNotFound, name, entity)
				}
				continue
			}
			allNull = allNull && v == nil
		}
	}
	if allNull {
		return fmt.Errorf("%w due to all null value KeyFields for %s", ErrTypeNotFound, entity)
	}
	return nil
}

package fedruntime

import (
	"errors"
	"fmt"
	"sync"
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
	at := map[string]int{}
	for i, rep := range reps {
		name, ok := rep["__typename"].(string)
		if !ok {
			missing++
			continue
		}
		g, seen := at[name]
		if !seen {
			g = len(groups)
			at[name] = g
			groups = append(groups, EntityGroup{TypeName: name})
		}
		groups[g].Indexes = append(groups[g].Indexes, i)
		groups[g].Reps = append(groups[g].Reps, rep)
	}
	return groups, missing
}

// RunConcurrently calls task(0) … task(n-1) at once and returns when all
// have returned. The last runs on the calling goroutine, so one task costs
// no goroutine. Tasks must recover their own panics.
func RunConcurrently(n int, task func(i int)) {
	if n <= 0 {
		return
	}
	var wg sync.WaitGroup
	wg.Add(n - 1)
	for i := range n - 1 {
		go func() {
			defer wg.Done()
			task(i)
		}()
	}
	task(n - 1)
	wg.Wait()
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

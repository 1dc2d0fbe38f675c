package graphql

import (
	"context"
	"errors"
	"fmt"
)

var errOutsideEntities = errors.New("must be called from within _entities")

// FederationRequiresForBatch returns, for a batch resolver of a field with
// @requires (computed_requires), the representation the router sent for
// each of the count parents of the batch, in the order of the parents.
//
// It must run while resolving such a field under Query._entities: the
// representations are the "representations" argument of the nearest
// enclosing field that has one. Parent i's representation is found through
// indexMap when the parents were grouped by concrete type (the key whose
// value is i), through the entity's list index when there is a single
// parent, and is representation i otherwise.
func FederationRequiresForBatch(ctx context.Context, count int, indexMap map[int]int) ([]map[string]any, error) {
	fc := GetFieldContext(ctx)
	reps, ok := representationsAbove(fc)
	if !ok {
		return nil, errOutsideEntities
	}
	out := make([]map[string]any, count)
	for i := range out {
		r, err := representationOf(fc, i, count, indexMap)
		if err != nil {
			return nil, err
		}
		if r < 0 || r >= len(reps) {
			return nil, fmt.Errorf("representation not found for batch index %d", i)
		}
		out[i] = reps[r]
	}
	return out, nil
}

// representationsAbove returns the representations argument of the nearest
// field context at or above fc that has one.
func representationsAbove(fc *FieldContext) ([]map[string]any, bool) {
	for ; fc != nil; fc = fc.Parent {
		if reps, ok := fc.Args["representations"].([]map[string]any); ok {
			return reps, true
		}
	}
	return nil, false
}

// representationOf returns the index in the representations of the
// parent at position pos of the batch.
func representationOf(fc *FieldContext, pos, count int, indexMap map[int]int) (int, error) {
	if indexMap != nil {
		for listIndex, p := range indexMap {
			if p == pos {
				return listIndex, nil
			}
		}
		return 0, fmt.Errorf("batch index %d not found in index map", pos)
	}
	if count == 1 {
		for ; fc != nil; fc = fc.Parent {
			if fc.Index != nil {
				return *fc.Index, nil
			}
		}
	}
	return pos, nil
}

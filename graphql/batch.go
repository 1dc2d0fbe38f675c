package graphql

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// Batch resolvers resolve one field for all the parents of a list at once.
// The marshaller of the list registers the parents in the context
// (WithBatchParents); the field's resolution for each parent finds the
// group (BatchParentsFor), resolves the field once for the whole group
// (FieldResult) and picks its own element of the result
// (ResolveBatchGroupResult).

// BatchErrors is the error of a batch resolver that failed for some parents
// only: Errors has one entry per parent, nil where it succeeded.
type BatchErrors interface {
	Errors() []error
	error
}

// BatchErrorList is a BatchErrors backed by a slice.
type BatchErrorList []error

// Errors returns the per-parent errors.
func (l BatchErrorList) Errors() []error { return l }

// Error returns a fixed summary; the individual errors are reported at the
// paths of their parents.
func (l BatchErrorList) Error() string { return "batch resolver returned errors" }

// Unwrap returns the non-nil errors, or nil if there are none.
func (l BatchErrorList) Unwrap() []error {
	n := 0
	for _, err := range l {
		if err != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	errs := make([]error, 0, n)
	for _, err := range l {
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// BatchParentState is what WithBatchParents stores in a context: the
// parent groups registered on the way to the field, innermost first.
type BatchParentState struct {
	node     valueNode
	typeName string
	group    *BatchParentGroup
	outer    *BatchParentState
}

// find returns the innermost group registered for typeName.
func (s *BatchParentState) find(typeName string) *BatchParentGroup {
	for ; s != nil; s = s.outer {
		if s.typeName == typeName {
			return s.group
		}
	}
	return nil
}

// BatchParentGroup is the parents of one GraphQL type being resolved
// together, and the batch results computed for them so far.
type BatchParentGroup struct {
	// Parents is the slice of parents, []*T (or []T).
	Parents any
	// IndexMap maps a position in the original list to one in Parents, for
	// lists of an interface or union whose elements were grouped by
	// concrete type; nil when the two agree.
	IndexMap map[int]int

	results sync.Map // response key → *BatchFieldResult
}

// BatchFieldResult is the outcome of one batch resolver call, shared by
// all the parents of its group.
type BatchFieldResult struct {
	once sync.Once
	// Results is the resolver's result: a slice with one element per
	// parent.
	Results any
	// Err is the resolver's error, possibly a BatchErrors.
	Err error
}

// WithBatchParents returns a context in which parents, the parents of type
// typeName being resolved together, form a batch group. indexMap is as for
// BatchParentGroup.IndexMap.
func WithBatchParents(ctx context.Context, typeName string, parents any, indexMap map[int]int) context.Context {
	outer, _ := ctx.Value(batchParentsCtxKey).(*BatchParentState)
	s := &BatchParentState{
		typeName: typeName,
		group:    &BatchParentGroup{Parents: parents, IndexMap: indexMap},
		outer:    outer,
	}
	return s.node.bind(ctx, batchParentsCtxKey, s)
}

// WithBatchParentValues is WithBatchParents for a slice of values: the
// group holds a pointer to each element of v (batch resolvers take []*T),
// so v must not change while the context is in use.
func WithBatchParentValues[T any](ctx context.Context, typeName string, v []T) context.Context {
	ptrs := make([]*T, len(v))
	for i := range v {
		ptrs[i] = &v[i]
	}
	return WithBatchParents(ctx, typeName, ptrs, nil)
}

// GetBatchParentGroup returns the batch group of typeName in ctx, or nil.
func GetBatchParentGroup(ctx context.Context, typeName string) *BatchParentGroup {
	s, _ := ctx.Value(batchParentsCtxKey).(*BatchParentState)
	return s.find(typeName)
}

// GetFieldResult returns the batch result stored under key, calling
// resolve to compute it if this is the first request for it; concurrent
// callers wait for that one call. A nil group returns nil.
func (g *BatchParentGroup) GetFieldResult(key string, resolve func() (any, error)) *BatchFieldResult {
	if g == nil {
		return nil
	}
	v, ok := g.results.Load(key)
	if !ok {
		v, _ = g.results.LoadOrStore(key, new(BatchFieldResult))
	}
	r := v.(*BatchFieldResult)
	r.once.Do(func() { r.Results, r.Err = resolve() })
	return r
}

// BatchParents is the batch a field is being resolved in: all the parents
// of the group, and the index of the one at hand.
type BatchParents[P any] struct {
	// Parents are the parents resolved together.
	Parents []P
	group   *BatchParentGroup
	// Index is the position of the current parent in the list it came
	// from.
	Index ast.PathIndex
	// IndexMap maps list positions to positions in Parents, when they
	// differ.
	IndexMap map[int]int
}

// BatchParentsFor returns the batch of parents of type typeName the field
// at ctx is resolved in. It reports false, and the caller resolves its one
// parent alone, when there is no group for typeName, the group's parents
// are not a []P, or the field is not under a list element.
func BatchParentsFor[P any](ctx context.Context, typeName string) (BatchParents[P], bool) {
	var b BatchParents[P]
	if b.group = GetBatchParentGroup(ctx, typeName); b.group == nil {
		return BatchParents[P]{}, false
	}
	parents, isSlice := b.group.Parents.([]P)
	idx, inList := BatchParentIndex(ctx)
	if !isSlice || !inList {
		return BatchParents[P]{}, false
	}
	b.Parents, b.Index, b.IndexMap = parents, idx, b.group.IndexMap
	return b, true
}

// FieldResult returns the group's result for field, calling resolve once
// for all the parents; results are shared by response key.
func (b BatchParents[P]) FieldResult(field CollectedField, resolve func() (any, error)) *BatchFieldResult {
	key := field.Alias
	if key == "" {
		key = field.Name
	}
	return b.group.GetFieldResult(key, resolve)
}

// BatchParentIndex returns the list index of the parent of the field at
// ctx: the second to last element of the response path, if it is an index.
func BatchParentIndex(ctx context.Context) (ast.PathIndex, bool) {
	if GetPathContext(ctx) == nil {
		// The last two elements of the field's path, found without
		// building the path.
		var last, prev *FieldContext
		for fc := GetFieldContext(ctx); fc != nil && prev == nil; fc = fc.Parent {
			if fc.Index == nil && fc.Field.Field == nil {
				continue
			}
			if last == nil {
				last = fc
			} else {
				prev = fc
			}
		}
		if prev == nil || prev.Index == nil {
			return 0, false
		}
		return ast.PathIndex(*prev.Index), true
	}
	path := GetPath(ctx)
	if len(path) < 2 {
		return 0, false
	}
	idx, ok := path[len(path)-2].(ast.PathIndex)
	return idx, ok
}

// BatchPathWithIndex returns the path at ctx with its parent index (see
// BatchParentIndex) replaced by index; the path itself when it has none.
func BatchPathWithIndex(ctx context.Context, index int) ast.Path {
	path := GetPath(ctx)
	n := len(path)
	if n < 2 {
		return path
	}
	if _, ok := path[n-2].(ast.PathIndex); !ok {
		return path
	}
	out := append(ast.Path(nil), path...)
	out[n-2] = ast.PathIndex(index)
	return out
}

// AddBatchError adds err for the parent at index of the batch at ctx: an
// error without a path gets the field's path under that parent. A
// gqlerror.List adds each of its errors.
func AddBatchError(ctx context.Context, index int, err error) {
	if err == nil {
		return
	}
	var path ast.Path
	pathOnce := func() ast.Path {
		if path == nil {
			path = BatchPathWithIndex(ctx, index)
		}
		return path
	}
	withPath := func(e *gqlerror.Error) {
		if e.Path != nil {
			AddError(ctx, e)
			return
		}
		c := *e
		c.Path = pathOnce()
		AddError(ctx, &c)
	}
	if list, ok := err.(gqlerror.List); ok {
		for _, e := range list {
			if e != nil {
				withPath(e)
			}
		}
		return
	}
	if e, ok := errors.AsType[*gqlerror.Error](err); ok {
		withPath(e)
		return
	}
	AddError(ctx, gqlerror.WrapPath(pathOnce(), err))
}

// ResolveBatchGroupResult picks the result of the parent at idx from the
// group's batch result, reporting a failure for that parent, or a batch
// result of the wrong shape, as an error at its path and a nil result.
// parentsLen is the number of parents the resolver was called for; a
// non-nil indexMap maps idx to the parent's position.
func ResolveBatchGroupResult[T any](ctx context.Context, idx ast.PathIndex, parentsLen int,
	result *BatchFieldResult, fieldName string, indexMap map[int]int,
) (any, error) {
	at := int(idx)
	pos := at
	if indexMap != nil {
		mapped, ok := indexMap[at]
		if !ok {
			panic(fmt.Sprintf("batch resolver %s: index %d not found in index map (this is a gqlgen bug)", fieldName, idx))
		}
		pos = mapped
	}
	fail := func(format string, args ...any) (any, error) {
		AddBatchError(ctx, at, fmt.Errorf(format, args...))
		return nil, nil
	}
	var perParent []error
	if result.Err != nil {
		be, ok := result.Err.(BatchErrors)
		if !ok {
			AddBatchError(ctx, at, result.Err)
			return nil, nil
		}
		perParent = be.Errors()
	}
	results, ok := result.Results.([]T)
	if !ok {
		return fail("batch resolver %s returned unexpected result type (index %d)", fieldName, idx)
	}
	if len(results) != parentsLen {
		return fail("index %d: batch resolver %s returned %d results for %d parents", idx, fieldName, len(results), parentsLen)
	}
	if result.Err != nil && len(perParent) != parentsLen {
		return fail("index %d: batch resolver %s returned %d errors for %d parents", idx, fieldName, len(perParent), parentsLen)
	}
	if pos < 0 || pos >= len(results) {
		return fail("batch resolver %s could not resolve parent index %d", fieldName, idx)
	}
	if result.Err != nil && perParent[pos] != nil {
		AddBatchError(ctx, at, perParent[pos])
		return nil, nil
	}
	return results[pos], nil
}

// ResolveBatchSingleResult is ResolveBatchGroupResult for a batch resolver
// called with a single parent (when there is no group), given its results
// and error directly.
func ResolveBatchSingleResult[T any](ctx context.Context, results []T, err error, fieldName string) (any, error) {
	fail := func(format string, args ...any) (any, error) {
		AddBatchError(ctx, 0, fmt.Errorf(format, args...))
		return nil, nil
	}
	if err != nil {
		be, ok := err.(BatchErrors)
		if !ok {
			AddBatchError(ctx, 0, err)
			return nil, nil
		}
		if len(results) != 1 {
			return fail("batch resolver %s returned %d results for %d parents (index %d)", fieldName, len(results), 1, 0)
		}
		if errs := be.Errors(); len(errs) != 1 {
			return fail("batch resolver %s returned %d errors for %d parents (index %d)", fieldName, len(errs), 1, 0)
		} else if errs[0] != nil {
			AddBatchError(ctx, 0, errs[0])
			return nil, nil
		}
		return results[0], nil
	}
	if len(results) != 1 {
		return fail("batch resolver %s returned %d results for %d parents (index %d)", fieldName, len(results), 1, 0)
	}
	return results[0], nil
}

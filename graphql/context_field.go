package graphql

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

// FieldContext describes the field being resolved: generated code creates
// one per field (and per list element) and attaches it to the context that
// the resolver, directives and field middleware receive.
type FieldContext struct {
	// Parent is the enclosing field or list element; WithFieldContext sets it.
	Parent *FieldContext
	// Object is the name of the GraphQL type the field belongs to.
	Object string
	// Args are the coerced arguments. Field middleware may change them before
	// the resolver reads them.
	Args map[string]any
	// Field is the field as selected in the query.
	Field CollectedField
	// Index is the position in the parent list when this context stands for
	// a list element, and nil otherwise.
	Index *int
	// Result is the value the resolver returned, once it has returned.
	Result any

	// node lets WithFieldContext attach this context without allocating.
	node valueNode
	// index backs Index for the contexts of list elements made by
	// MarshalSlice and MarshalSliceConcurrently.
	index int

	// IsMethod reports whether the field is read through a Go method.
	IsMethod bool
	// IsResolver reports whether the field has a resolver method on a
	// resolver interface (as opposed to a model field or method).
	IsResolver bool
	// NonNull, when set during resolution (see MarkNonNull), makes a nil
	// result propagate null to the parent as if the field were declared
	// non-null in the schema.
	NonNull bool
	// Child builds the FieldContext of a field selected below this one, as
	// it stands before that field's resolver runs, so that middleware can
	// look ahead at child arguments.
	Child func(context.Context, CollectedField) (*FieldContext, error)
}

// ResolverContext is the former name of FieldContext.
//
// Deprecated: use FieldContext.
type ResolverContext = FieldContext

// FieldStats holds timings of one field's resolution.
type FieldStats struct {
	// Started is when the field's resolution began.
	Started time.Time
	// ArgumentsCompleted is when its arguments had been coerced.
	ArgumentsCompleted time.Time
	// Completed is when all field middleware had returned; it is not known
	// inside the middleware.
	Completed time.Time
}

// Path returns the response path of the field: the aliases of the enclosing
// fields and the indexes of the enclosing list elements, outermost first. A
// context with neither a field nor an index adds nothing.
func (r *FieldContext) Path() ast.Path {
	n := 0
	for fc := r; fc != nil; fc = fc.Parent {
		if fc.Index != nil || fc.Field.Field != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	path := make(ast.Path, n)
	for fc := r; fc != nil; fc = fc.Parent {
		switch {
		case fc.Index != nil:
			n--
			path[n] = ast.PathIndex(*fc.Index)
		case fc.Field.Field != nil:
			n--
			path[n] = ast.PathName(fc.Field.Alias)
		}
	}
	return path
}

// GetFieldContext returns the FieldContext of the field being resolved, or
// nil outside of field resolution.
func GetFieldContext(ctx context.Context) *FieldContext {
	fc, _ := ctx.Value(fieldCtxKey).(*FieldContext)
	return fc
}

// GetResolverContext is the former name of GetFieldContext.
//
// Deprecated: use GetFieldContext.
func GetResolverContext(ctx context.Context) *ResolverContext {
	return GetFieldContext(ctx)
}

// WithFieldContext sets rc.Parent to the field context already in ctx and
// returns a context carrying rc.
func WithFieldContext(ctx context.Context, rc *FieldContext) context.Context {
	rc.Parent = GetFieldContext(ctx)
	return rc.node.bind(ctx, fieldCtxKey, rc)
}

// NewScalarFieldContext returns the FieldContext of a field whose type, named
// typeName, is a scalar or an enum. Such a field has no children, so its Child
// function always fails; a valid query cannot select below a scalar, so that
// failure is not expected in practice. The error result is always nil.
func NewScalarFieldContext(objectName string, field CollectedField, isMethod, isResolver bool, typeName string) (*FieldContext, error) {
	fc := &FieldContext{Object: objectName, Field: field, Child: scalarChild(typeName)}
	fc.IsMethod, fc.IsResolver = isMethod, isResolver
	return fc, nil
}

// scalarChildren caches the Child function of each scalar type, keyed by type
// name, so that building a scalar field's context allocates only the context.
var scalarChildren sync.Map

func scalarChild(typeName string) func(context.Context, CollectedField) (*FieldContext, error) {
	if f, ok := scalarChildren.Load(typeName); ok {
		return f.(func(context.Context, CollectedField) (*FieldContext, error))
	}
	f := failingChild("field of type " + typeName + " does not have child fields")
	actual, _ := scalarChildren.LoadOrStore(typeName, f)
	return actual.(func(context.Context, CollectedField) (*FieldContext, error))
}

// failingChildren caches the Child functions of failingChild, keyed by
// message.
var failingChildren sync.Map

// failingChild returns the Child function that fails with msg, shared by
// every field context with that message.
func failingChild(msg string) func(context.Context, CollectedField) (*FieldContext, error) {
	if f, ok := failingChildren.Load(msg); ok {
		return f.(func(context.Context, CollectedField) (*FieldContext, error))
	}
	f := func(context.Context, CollectedField) (*FieldContext, error) {
		return nil, errors.New(msg)
	}
	actual, _ := failingChildren.LoadOrStore(msg, f)
	return actual.(func(context.Context, CollectedField) (*FieldContext, error))
}

// MarkNonNull marks the field being resolved as non-null for this request:
// if it resolves to nil, the null propagates to its parent as if the schema
// declared the field non-null. Call it from field middleware or an
// interceptor before the resolver returns. Clients cannot see this through
// introspection, so prefer to trigger it from a directive the client writes
// in the query.
func MarkNonNull(ctx context.Context) {
	if fc := GetFieldContext(ctx); fc != nil {
		fc.NonNull = true
	}
}

package graphql

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// GetOperationContext returns the OperationContext in ctx. It panics if there
// is none; use HasOperationContext where that can happen.
func GetOperationContext(ctx context.Context) *OperationContext {
	if oc, _ := ctx.Value(operationCtxKey).(*OperationContext); oc != nil {
		return oc
	}
	panic("missing operation context")
}

// GetRequestContext is the former name of GetOperationContext.
//
// Deprecated: use GetOperationContext.
func GetRequestContext(ctx context.Context) *RequestContext {
	return GetOperationContext(ctx)
}

// WithOperationContext returns a context carrying opCtx.
func WithOperationContext(ctx context.Context, opCtx *OperationContext) context.Context {
	// The first bindings use the embedded nodes, each once: operation
	// contexts, unlike field contexts, may be bound from several
	// goroutines. An executor binds twice (for the extensions that prepare
	// the operation, then for running it).
	if opCtx == nil {
		return context.WithValue(ctx, operationCtxKey, opCtx)
	}
	i := opCtx.bound.Add(1) - 1
	if i >= int32(len(opCtx.nodes)) {
		return context.WithValue(ctx, operationCtxKey, opCtx)
	}
	return opCtx.nodes[i].bind(ctx, operationCtxKey, opCtx)
}

// HasOperationContext reports whether ctx belongs to an operation. Some
// errors, such as a request body that cannot be decoded, happen before
// there is one.
func HasOperationContext(ctx context.Context) bool {
	oc, _ := ctx.Value(operationCtxKey).(*OperationContext)
	return oc != nil
}

// OperationContext holds one GraphQL operation of a request, from parsing to
// the last response: the query and its variables, the chosen operation, the
// middleware to run around resolvers, and timings.
type OperationContext struct {
	// RawQuery is the query text as the client sent it.
	RawQuery string
	// Variables are the coerced variable values.
	Variables map[string]any
	// OperationName is the operation the client asked for, if it named one.
	OperationName string
	// Doc is the parsed and validated query document.
	Doc *ast.QueryDocument
	// Extensions are the request's "extensions" (persisted queries, ...).
	Extensions map[string]any
	// Headers are the HTTP headers of the request.
	Headers http.Header

	// collected memoises CollectFields for this operation, where the
	// results depend on its variables; sharedCollected is the cache of Doc.
	collected       atomic.Pointer[collectCache]
	sharedCollected atomic.Pointer[collectCache]
	// nodes let the first WithOperationContext calls attach this context
	// without allocating; bound counts the calls.
	nodes [2]valueNode
	bound atomic.Int32
	// responses serve the first WithResponseContext calls under this
	// operation; responsesTaken counts the calls (it stops soon after
	// len(responses)).
	responses      [2]responseState
	responsesTaken atomic.Int32

	// Operation is the operation of Doc being executed.
	Operation *ast.OperationDefinition
	// DisableIntrospection makes __schema and __type fail.
	DisableIntrospection bool
	// RecoverFunc turns a panic in a resolver into an error.
	RecoverFunc RecoverFunc
	// ResolverMiddleware runs around every field resolver.
	ResolverMiddleware FieldMiddleware
	// RootResolverMiddleware runs around every root field.
	RootResolverMiddleware RootFieldMiddleware

	// Stats holds the operation's timings and extension data.
	Stats Stats

	// goroutines bounds the goroutines resolving the operation's fields;
	// nil means no bound (goroutine_limit.go).
	goroutines *goroutineBudget
}

// RequestContext is the former name of OperationContext.
//
// Deprecated: use OperationContext.
type RequestContext = OperationContext

// Validate checks that the fields an executor needs are set, and fills in
// defaults: empty Variables and DefaultRecover.
func (c *OperationContext) Validate(_ context.Context) error {
	switch {
	case c.Doc == nil:
		return errors.New("field 'Doc'is required")
	case c.RawQuery == "":
		return errors.New("field 'RawQuery' is required")
	}
	if c.Variables == nil {
		c.Variables = map[string]any{}
	}
	switch {
	case c.ResolverMiddleware == nil:
		return errors.New("field 'ResolverMiddleware' is required")
	case c.RootResolverMiddleware == nil:
		return errors.New("field 'RootResolverMiddleware' is required")
	}
	if c.RecoverFunc == nil {
		c.RecoverFunc = DefaultRecover
	}
	return nil
}

// Errorf adds a formatted error to the response.
//
// Deprecated: use AddErrorf.
func (c *OperationContext) Errorf(ctx context.Context, format string, args ...any) {
	AddErrorf(ctx, format, args...)
}

// Error adds err to the response; a gqlerror.List adds each of its errors.
func (c *OperationContext) Error(ctx context.Context, err error) {
	if list, ok := err.(gqlerror.List); ok {
		for _, e := range list {
			AddError(ctx, e)
		}
		return
	}
	AddError(ctx, err)
}

// Recover turns a recovered panic value into an error on the current path,
// through the operation's RecoverFunc.
func (c *OperationContext) Recover(ctx context.Context, err any) error {
	return ErrorOnPath(ctx, c.RecoverFunc(ctx, err))
}

// CollectFieldsCtx collects the fields selected below the field being
// resolved, as CollectFields does.
func CollectFieldsCtx(ctx context.Context, satisfies []string) []CollectedField {
	return CollectFields(GetOperationContext(ctx), GetFieldContext(ctx).Field.Selections, satisfies)
}

// CollectAllFields returns the names of the fields selected below the field
// being resolved, each once, in order of first appearance, whatever the type
// conditions of the fragments that select them.
func CollectAllFields(ctx context.Context) []string {
	fields := CollectFields(GetOperationContext(ctx), GetFieldContext(ctx).Field.Selections, nil)
	names := make([]string, 0, len(fields))
	for _, f := range fields {
		seen := false
		for _, name := range names {
			if name == f.Name {
				seen = true
				break
			}
		}
		if !seen {
			names = append(names, f.Name)
		}
	}
	return names
}

// FieldRequested reports whether the selection below the field being
// resolved includes path, a dot-separated list of field names such as
// "reviews.author.name". Fragments count whatever their type condition, and
// @skip and @include are honoured, so a resolver can use it to fetch related
// data in the same query only when the client asked for it.
func FieldRequested(ctx context.Context, path string) bool {
	return AnyFieldRequested(ctx, path)
}

// AnyFieldRequested reports whether any of paths (each as for
// FieldRequested) is selected below the field being resolved.
func AnyFieldRequested(ctx context.Context, paths ...string) bool {
	sel := GetFieldContext(ctx).Field.Selections
	oc := GetOperationContext(ctx)
	for _, p := range paths {
		if selects(oc, sel, p) {
			return true
		}
	}
	return false
}

// selects reports whether sel selects the dotted path of field names.
func selects(oc *OperationContext, sel ast.SelectionSet, path string) bool {
	name, rest, more := strings.Cut(path, ".")
	for _, f := range CollectFields(oc, sel, nil) {
		if f.Name != name {
			continue
		}
		if !more || selects(oc, f.Selections, rest) {
			return true
		}
	}
	return false
}

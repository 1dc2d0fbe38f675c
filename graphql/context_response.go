package graphql

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// responseState collects what one response carries besides its data: the
// errors added while resolving, and the extensions registered. Resolvers run
// concurrently, so both are guarded.
type responseState struct {
	node      valueNode
	presenter ErrorPresenterFunc
	recover   RecoverFunc

	mu         sync.Mutex
	errors     gqlerror.List
	extensions map[string]any
}

func responseFrom(ctx context.Context) *responseState {
	if rs, ok := ctx.Value(responseCtxKey).(*responseState); ok {
		return rs
	}
	panic("missing response context")
}

// WithResponseContext returns a context that collects errors and extensions
// for a new response. Errors pass through presenterFunc; Recover uses
// recoverFunc.
func WithResponseContext(
	ctx context.Context,
	presenterFunc ErrorPresenterFunc,
	recoverFunc RecoverFunc,
) context.Context {
	// The first response contexts under an operation use the states its
	// operation context holds: an executor starts the operation under one
	// and writes the usual operation's one response under the other.
	var rs *responseState
	if oc, _ := ctx.Value(operationCtxKey).(*OperationContext); oc != nil && oc.responsesTaken.Load() < int32(len(oc.responses)) {
		if i := oc.responsesTaken.Add(1) - 1; i < int32(len(oc.responses)) {
			rs = &oc.responses[i]
		}
	}
	if rs == nil {
		rs = new(responseState)
	}
	rs.presenter, rs.recover = presenterFunc, recoverFunc
	return rs.node.bind(ctx, responseCtxKey, rs)
}

// WithFreshResponseContext returns a context for a new response with the
// same presenter and recover function as the one in ctx, and no errors or
// extensions yet. Subscriptions use it for each event.
func WithFreshResponseContext(ctx context.Context) context.Context {
	rs := responseFrom(ctx)
	return WithResponseContext(ctx, rs.presenter, rs.recover)
}

// AddErrorf adds an error with a formatted message to the response, as
// AddError does.
func AddErrorf(ctx context.Context, format string, args ...any) {
	AddError(ctx, fmt.Errorf(format, args...))
}

// AddError adds err to the response: it is given the current path if it has
// none, then passed through the error presenter. A nil err, or a nil
// presented error, adds nothing.
func AddError(ctx context.Context, err error) {
	if err == nil {
		return
	}
	rs := responseFrom(ctx)
	presented := rs.presenter(ctx, ErrorOnPath(ctx, err))
	if presented == nil {
		return
	}
	rs.mu.Lock()
	rs.errors = append(rs.errors, presented)
	rs.mu.Unlock()
}

// Recover turns a recovered panic value into an error on the current path,
// through the response's recover function.
func Recover(ctx context.Context, err any) (userMessage error) {
	return ErrorOnPath(ctx, responseFrom(ctx).recover(ctx, err))
}

// HasFieldError reports whether an error has been added for the path of
// rctx.
func HasFieldError(ctx context.Context, rctx *FieldContext) bool {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.errors) == 0 {
		return false
	}
	path := rctx.Path()
	for _, e := range rs.errors {
		if slices.Equal(e.Path, path) {
			return true
		}
	}
	return false
}

// GetFieldErrors returns the errors added for the path of rctx, or nil.
func GetFieldErrors(ctx context.Context, rctx *FieldContext) gqlerror.List {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.errors) == 0 {
		return nil
	}
	path := rctx.Path()
	var list gqlerror.List
	for _, e := range rs.errors {
		if slices.Equal(e.Path, path) {
			list = append(list, e)
		}
	}
	return list
}

// GetErrors returns copies of the errors added so far, or nil. Changing them
// does not change the response.
func GetErrors(ctx context.Context) gqlerror.List {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.errors) == 0 {
		return nil
	}
	copies := make([]gqlerror.Error, len(rs.errors))
	list := make(gqlerror.List, len(rs.errors))
	for i, e := range rs.errors {
		copies[i] = *e
		list[i] = &copies[i]
	}
	return list
}

// RegisterExtension adds an entry to the response's "extensions". It panics
// if key is already registered.
func RegisterExtension(ctx context.Context, key string, value any) {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if _, dup := rs.extensions[key]; dup {
		panic(fmt.Errorf("extension already registered for key %s", key))
	}
	if rs.extensions == nil {
		rs.extensions = map[string]any{}
	}
	rs.extensions[key] = value
}

// GetExtensions returns the extensions registered so far: the response's own
// map, or a new empty one when there are none.
func GetExtensions(ctx context.Context) map[string]any {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.extensions == nil {
		return map[string]any{}
	}
	return rs.extensions
}

// RegisteredExtensions returns the extensions registered so far, or nil
// when there are none. Unlike GetExtensions it never allocates: executors
// use it to fill in a response that nothing else will modify.
func RegisteredExtensions(ctx context.Context) map[string]any {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.extensions
}

// GetExtension returns the extension registered under name, or nil.
func GetExtension(ctx context.Context, name string) any {
	rs := responseFrom(ctx)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.extensions[name]
}

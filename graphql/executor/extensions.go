package executor

import (
	"context"
	"errors"
	"fmt"

	"github.com/99designs/gqlgen/graphql"
)

// hooks holds the extensions sorted by what they hook into, with the
// interceptors of each kind composed into one middleware.
type hooks struct {
	paramMutators []graphql.OperationParameterMutator
	docCheckers   []graphql.DocumentChecker
	docProviders  []graphql.DocumentProvider
	ctxMutators   []graphql.OperationContextMutator
	// mutates reports whether there are mutators of either kind, which need
	// the operation context in their context.
	mutates bool

	// operation and response are nil when no extension intercepts them,
	// so that the executor can skip the closure a middleware call needs.
	operation graphql.OperationMiddleware
	response  graphql.ResponseMiddleware
	// rootField and field are never nil: generated code calls them for
	// every field.
	rootField graphql.RootFieldMiddleware
	field     graphql.FieldMiddleware
}

// Use adds an extension. Its Validate method is called with the schema
// first, and Use panics if that fails, or if the extension implements none
// of the hook interfaces (graphql.OperationParameterMutator,
// DocumentChecker, DocumentProvider, OperationContextMutator, OperationInterceptor,
// ResponseInterceptor, RootFieldInterceptor, FieldInterceptor, RequestChecker).
// A RequestChecker is accepted here but called by handler.Server, which sees
// the HTTP request; the executor never does.
//
// Interceptors run in the order they were added: the first added is the
// outermost and sees a request first.
func (e *Executor) Use(extension graphql.HandlerExtension) {
	if err := extension.Validate(e.es); err != nil {
		panic(err)
	}
	if !hooksInto(extension) {
		panic(fmt.Errorf("cannot Use %T as a gqlgen handler extension because it does not implement any extension hooks", extension))
	}
	e.exts = append(e.exts, extension)
	e.hooks = buildHooks(e.exts)
}

func hooksInto(extension graphql.HandlerExtension) bool {
	switch extension.(type) {
	case graphql.OperationParameterMutator, graphql.OperationContextMutator,
		graphql.DocumentChecker, graphql.DocumentProvider,
		graphql.OperationInterceptor, graphql.ResponseInterceptor,
		graphql.RootFieldInterceptor, graphql.FieldInterceptor, graphql.RequestChecker:
		return true
	}
	return false
}

// AroundOperations adds an extension that only intercepts operations.
func (e *Executor) AroundOperations(f graphql.OperationMiddleware) {
	e.Use(inlineOperation(f))
}

// AroundResponses adds an extension that only intercepts responses.
func (e *Executor) AroundResponses(f graphql.ResponseMiddleware) {
	e.Use(inlineResponse(f))
}

// AroundRootFields adds an extension that only intercepts root fields.
func (e *Executor) AroundRootFields(f graphql.RootFieldMiddleware) {
	e.Use(inlineRootField(f))
}

// AroundFields adds an extension that only intercepts fields.
func (e *Executor) AroundFields(f graphql.FieldMiddleware) {
	e.Use(inlineField(f))
}

func buildHooks(exts []graphql.HandlerExtension) hooks {
	var (
		h          hooks
		operations []graphql.OperationInterceptor
		responses  []graphql.ResponseInterceptor
		rootFields []graphql.RootFieldInterceptor
		fields     []graphql.FieldInterceptor
	)
	for _, ext := range exts {
		if m, ok := ext.(graphql.OperationParameterMutator); ok {
			h.paramMutators = append(h.paramMutators, m)
		}
		if c, ok := ext.(graphql.DocumentChecker); ok {
			h.docCheckers = append(h.docCheckers, c)
		}
		if p, ok := ext.(graphql.DocumentProvider); ok {
			h.docProviders = append(h.docProviders, p)
		}
		if m, ok := ext.(graphql.OperationContextMutator); ok {
			h.ctxMutators = append(h.ctxMutators, m)
		}
		if i, ok := ext.(graphql.OperationInterceptor); ok {
			operations = append(operations, i)
		}
		if i, ok := ext.(graphql.ResponseInterceptor); ok {
			responses = append(responses, i)
		}
		if i, ok := ext.(graphql.RootFieldInterceptor); ok {
			rootFields = append(rootFields, i)
		}
		if i, ok := ext.(graphql.FieldInterceptor); ok {
			fields = append(fields, i)
		}
	}
	h.mutates = len(h.paramMutators)+len(h.ctxMutators) > 0

	if len(operations) > 0 {
		h.operation = func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
			return operationLayer(operations, ctx, next)
		}
	}
	if len(responses) > 0 {
		h.response = func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
			return responseLayer(responses, ctx, next)
		}
	}
	h.rootField = graphql.PassthroughRootFieldMiddleware
	if len(rootFields) > 0 {
		h.rootField = func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			return rootFieldLayer(rootFields, ctx, next)
		}
	}
	// The runtime's own pass-through, so that generated code can tell
	// (OperationContext.HasFieldMiddleware) that no field is observed and
	// take its direct paths.
	h.field = graphql.PassthroughFieldMiddleware
	if len(fields) > 0 {
		h.field = func(ctx context.Context, next graphql.Resolver) (any, error) {
			return fieldLayer(fields, ctx, next)
		}
	}
	return h
}

// The layer functions call the first interceptor of a chain with a next
// that runs the rest of it. The last interceptor gets the caller's next
// itself, which saves a closure per call.

func operationLayer(chain []graphql.OperationInterceptor, ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if len(chain) == 1 {
		return chain[0].InterceptOperation(ctx, next)
	}
	return chain[0].InterceptOperation(ctx, func(ctx context.Context) graphql.ResponseHandler {
		return operationLayer(chain[1:], ctx, next)
	})
}

func responseLayer(chain []graphql.ResponseInterceptor, ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if len(chain) == 1 {
		return chain[0].InterceptResponse(ctx, next)
	}
	return chain[0].InterceptResponse(ctx, func(ctx context.Context) *graphql.Response {
		return responseLayer(chain[1:], ctx, next)
	})
}

func rootFieldLayer(chain []graphql.RootFieldInterceptor, ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
	if len(chain) == 1 {
		return chain[0].InterceptRootField(ctx, next)
	}
	return chain[0].InterceptRootField(ctx, func(ctx context.Context) graphql.Marshaler {
		return rootFieldLayer(chain[1:], ctx, next)
	})
}

func fieldLayer(chain []graphql.FieldInterceptor, ctx context.Context, next graphql.Resolver) (any, error) {
	if len(chain) == 1 {
		return chain[0].InterceptField(ctx, next)
	}
	return chain[0].InterceptField(ctx, func(ctx context.Context) (any, error) {
		return fieldLayer(chain[1:], ctx, next)
	})
}

// The Around… methods wrap their function in one of these single-hook
// extensions. Their names are the ones upstream gqlgen reports.

type inlineOperation graphql.OperationMiddleware

func (inlineOperation) ExtensionName() string { return "InlineOperationFunc" }

func (f inlineOperation) Validate(graphql.ExecutableSchema) error {
	return nilFuncError(f == nil, "OperationFunc")
}

func (f inlineOperation) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	return f(ctx, next)
}

type inlineResponse graphql.ResponseMiddleware

func (inlineResponse) ExtensionName() string { return "InlineResponseFunc" }

func (f inlineResponse) Validate(graphql.ExecutableSchema) error {
	return nilFuncError(f == nil, "ResponseFunc")
}

func (f inlineResponse) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	return f(ctx, next)
}

type inlineRootField graphql.RootFieldMiddleware

func (inlineRootField) ExtensionName() string { return "InlineRootFieldFunc" }

func (f inlineRootField) Validate(graphql.ExecutableSchema) error {
	return nilFuncError(f == nil, "RootFieldFunc")
}

func (f inlineRootField) InterceptRootField(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
	return f(ctx, next)
}

type inlineField graphql.FieldMiddleware

func (inlineField) ExtensionName() string { return "InlineFieldFunc" }

func (f inlineField) Validate(graphql.ExecutableSchema) error {
	return nilFuncError(f == nil, "FieldFunc")
}

func (f inlineField) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	return f(ctx, next)
}

// nilFuncError is the Validate error of an inline extension built from a
// nil function.
func nilFuncError(isNil bool, kind string) error {
	if isNil {
		return errors.New(kind + " can not be nil")
	}
	return nil
}

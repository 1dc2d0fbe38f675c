package executor

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// DispatchOperation starts the operation of opCtx inside the operation
// interceptors and returns the handler that yields its responses, together
// with the context to call that handler with: ctx carrying opCtx, as the
// innermost operation interceptor passed it on.
//
// Each call of the handler produces one response inside the response
// interceptors, with its own error and extension collection; it yields nil
// when the operation has no more responses or the context it is given is
// done.
func (e *Executor) DispatchOperation(
	ctx context.Context,
	opCtx *graphql.OperationContext,
) (graphql.ResponseHandler, context.Context) {
	if !carries(ctx, opCtx) {
		ctx = graphql.WithOperationContext(ctx, opCtx)
	}
	if e.hooks.operation == nil {
		return e.start(ctx, opCtx), ctx
	}
	handlerCtx := ctx
	responses := e.hooks.operation(ctx, func(ctx context.Context) graphql.ResponseHandler {
		handlerCtx = ctx
		return e.start(ctx, opCtx)
	})
	return responses, handlerCtx
}

// carries reports whether opCtx is the operation context ctx already holds.
func carries(ctx context.Context, opCtx *graphql.OperationContext) bool {
	return graphql.HasOperationContext(ctx) && graphql.GetOperationContext(ctx) == opCtx
}

// start runs the schema's Exec for the operation. Errors raised while
// starting (a subscription that cannot open, say) end the operation with a
// response holding just them.
func (e *Executor) start(ctx context.Context, opCtx *graphql.OperationContext) graphql.ResponseHandler {
	startCtx := graphql.WithResponseContext(ctx, e.presenter, e.recover)

	// A schema whose subscription events carry their own context hands it
	// to the response interceptors. Queries and mutations never take that
	// path.
	if opCtx.Operation != nil && opCtx.Operation.Operation == ast.Subscription {
		if es, ok := e.es.(graphql.ExecutableSchemaWithEventContext); ok {
			events := es.ExecWithEventContext(startCtx)
			if errs := graphql.GetErrors(startCtx); errs != nil {
				return graphql.OneShot(&graphql.Response{Errors: errs})
			}
			return e.eventResponses(events)
		}
	}

	next := e.es.Exec(startCtx)
	if errs := graphql.GetErrors(startCtx); errs != nil {
		return graphql.OneShot(&graphql.Response{Errors: errs})
	}

	// Every response gets a response context of its own, fresh: nothing
	// Exec's context collected is carried over (errors stopped the
	// operation above). The operation context holds the states of the first
	// two response contexts, so the usual operation allocates neither.
	return func(ctx context.Context) *graphql.Response {
		if ctx.Err() != nil {
			return nil
		}
		ctx = graphql.WithResponseContext(ctx, e.presenter, e.recover)
		if e.hooks.response == nil {
			return complete(ctx, next(ctx), false)
		}
		return e.hooks.response(ctx, func(ctx context.Context) *graphql.Response {
			return complete(ctx, next(ctx), true)
		})
	}
}

// eventResponses adapts a ResponseHandlerWithContext: the schema produces
// each event before the response interceptors run, so that they can be
// given the event's context.
func (e *Executor) eventResponses(events graphql.ResponseHandlerWithContext) graphql.ResponseHandler {
	return func(ctx context.Context) *graphql.Response {
		if ctx.Err() != nil {
			return nil
		}
		eventCtx, resp := events(graphql.WithResponseContext(ctx, e.presenter, e.recover))
		if resp == nil {
			return nil
		}
		if e.hooks.response == nil {
			return complete(eventCtx, resp, false)
		}
		return e.hooks.response(eventCtx, func(ctx context.Context) *graphql.Response {
			return complete(ctx, resp, true)
		})
	}
}

// complete adds to resp the errors and extensions collected in ctx. The
// extensions replace whatever resp held, as the response context is the one
// place extensions are registered. A response that response interceptors
// will see (observed) always gets a map they can add to, as upstream's
// does; otherwise, without extensions, Extensions stays nil, which encodes
// the same (the key is omitted) and saves an allocation.
func complete(ctx context.Context, resp *graphql.Response, observed bool) *graphql.Response {
	if resp == nil {
		return nil
	}
	resp.Errors = append(resp.Errors, graphql.GetErrors(ctx)...)
	if observed {
		resp.Extensions = graphql.GetExtensions(ctx)
	} else {
		resp.Extensions = graphql.RegisteredExtensions(ctx)
	}
	return resp
}

// DispatchError builds the response for errors found before the operation
// could run: each passes through the error presenter, and the response
// through the response interceptors.
func (e *Executor) DispatchError(ctx context.Context, list gqlerror.List) *graphql.Response {
	ctx = graphql.WithResponseContext(ctx, e.presenter, e.recover)
	for _, err := range list {
		graphql.AddError(ctx, err)
	}
	if e.hooks.response == nil {
		return errorsOnly(ctx)
	}
	return e.hooks.response(ctx, errorsOnly)
}

// errorsOnly is a response without data, holding what ctx collected.
func errorsOnly(ctx context.Context) *graphql.Response {
	return &graphql.Response{
		Errors:     graphql.GetErrors(ctx),
		Extensions: graphql.GetExtensions(ctx),
	}
}

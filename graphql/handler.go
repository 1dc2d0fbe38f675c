package graphql

import (
	"context"
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The lifecycle these types describe: an HTTP request (or websocket
// connection) carries one or more operations; an operation yields one
// response, or many for a subscription; a response is assembled from root
// fields, and each field from its resolver.

// OperationHandler starts an operation and returns the handler that yields
// its responses.
type OperationHandler func(ctx context.Context) ResponseHandler

// OperationMiddleware wraps the start of every operation.
type OperationMiddleware func(ctx context.Context, next OperationHandler) ResponseHandler

// ResponseHandler yields the responses of an operation, one per call, and
// nil when there are no more: a query or mutation yields one, a subscription
// one per event.
type ResponseHandler func(ctx context.Context) *Response

// ResponseMiddleware wraps the production of every response.
type ResponseMiddleware func(ctx context.Context, next ResponseHandler) *Response

// ResponseHandlerWithContext is a ResponseHandler that also returns the
// context later response middleware should see: the operation's own for
// queries and mutations, and for a subscription field marked
// @subscriptionContext the context the resolver attached to the event.
type ResponseHandlerWithContext func(ctx context.Context) (context.Context, *Response)

// Resolver computes the value of one field.
type Resolver func(ctx context.Context) (res any, err error)

// FieldMiddleware wraps the resolution of every field.
type FieldMiddleware func(ctx context.Context, next Resolver) (res any, err error)

// RootResolver computes and writes one root field.
type RootResolver func(ctx context.Context) Marshaler

// RootFieldMiddleware wraps the resolution of every root field.
type RootFieldMiddleware func(ctx context.Context, next RootResolver) Marshaler

// Status is an HTTP status code.
type Status int

// GraphExecutor turns decoded requests into operations and runs them;
// transports drive it.
type GraphExecutor interface {
	// CreateOperationContext parses and validates the request and coerces
	// its variables.
	CreateOperationContext(ctx context.Context, params *RawParams) (*OperationContext, gqlerror.List)
	// DispatchOperation runs the operation and returns the handler that
	// yields its responses, and the context to call it with.
	DispatchOperation(ctx context.Context, opCtx *OperationContext) (ResponseHandler, context.Context)
	// DispatchError builds the response for errors found before execution.
	DispatchError(ctx context.Context, list gqlerror.List) *Response
}

// HandlerExtension adds behaviour to the server. Besides these two methods
// an extension implements one or more of the hook interfaces below
// (OperationParameterMutator, OperationContextMutator, OperationInterceptor,
// ResponseInterceptor, RootFieldInterceptor, FieldInterceptor, and this
// module's DocumentChecker, DocumentProvider and RequestChecker).
//
// An extension that answers an operation without calling next must wrap its
// response in OneShot, or streaming transports such as websockets will keep
// asking for more.
type HandlerExtension interface {
	// ExtensionName is a CamelCase name for logs and statistics.
	ExtensionName() string
	// Validate is called when the extension is added to a server, to check
	// it against the schema.
	Validate(schema ExecutableSchema) error
}

// OperationParameterMutator can change a request before it is parsed.
type OperationParameterMutator interface {
	MutateOperationParameters(ctx context.Context, request *RawParams) *gqlerror.Error
}

// DocumentChecker inspects a query document after it is parsed and before
// it is validated, so that a document too big to be worth validating is
// refused early (extension.Limits is one). The executor calls it only for
// documents it parses: a document found in the query cache passed every
// checker when it was stored. An error it returns is the request's only
// error, and the document is not cached. It must not change doc.
//
// It is a hook of this module's own; upstream gqlgen has no such interface.
type DocumentChecker interface {
	CheckDocument(ctx context.Context, doc *ast.QueryDocument) *gqlerror.Error
}

// RequestChecker vets an HTTP request before any transport sees it, and so
// before its body is read or anything in it is parsed. handler.Server calls
// the CheckRequest of each extension implementing it, in the order they
// were added, before it picks a transport; the first error is answered with
// status 400 and that error alone, and the request goes no further.
// CheckRequest must not read r.Body. An executor used without a
// handler.Server never calls it. (extension.CSRFPrevention is one.)
//
// It is a hook of this module's own; upstream gqlgen has no such interface.
type RequestChecker interface {
	CheckRequest(r *http.Request) *gqlerror.Error
}

// DocumentProvider hands the executor documents that an extension parsed
// and validated against the schema ahead of time (extension.TrustedDocuments
// does so for its manifest, when it is added to the server). When
// PreparedDocument returns a document for the request's query text (after
// the parameter mutators ran), the executor uses it as it would a document
// from the query cache: it neither parses nor validates the text, and no
// DocumentChecker sees it. The document must have been validated against
// the executor's schema, and it must not be changed afterwards: it is shared
// by every request that names it.
//
// It is a hook of this module's own; upstream gqlgen has no such interface.
type DocumentProvider interface {
	PreparedDocument(ctx context.Context, query string) (*ast.QueryDocument, bool)
}

// OperationContextMutator can change an operation after it is parsed and
// validated, before it runs.
type OperationContextMutator interface {
	MutateOperationContext(ctx context.Context, opCtx *OperationContext) *gqlerror.Error
}

// OperationInterceptor runs around the start of every operation. If it
// returns without calling next, it must return OneShot(...) (see
// HandlerExtension).
type OperationInterceptor interface {
	InterceptOperation(ctx context.Context, next OperationHandler) ResponseHandler
}

// ResponseInterceptor runs around every response; a subscription has many.
type ResponseInterceptor interface {
	InterceptResponse(ctx context.Context, next ResponseHandler) *Response
}

// RootFieldInterceptor runs around every root field.
type RootFieldInterceptor interface {
	InterceptRootField(ctx context.Context, next RootResolver) Marshaler
}

// FieldInterceptor runs around every field.
type FieldInterceptor interface {
	InterceptField(ctx context.Context, next Resolver) (res any, err error)
}

// Transport reads requests of one wire format (POST, GET, websocket, ...)
// and writes their responses.
type Transport interface {
	// Supports reports whether the transport handles r.
	Supports(r *http.Request) bool
	// Do serves r with exec.
	Do(w http.ResponseWriter, r *http.Request, exec GraphExecutor)
}

// Package apollofederatedtracingv1 implements Apollo's federated tracing
// (FTV1) for a subgraph: when the gateway asks for it, each response carries
// a protobuf Trace of the fields this service resolved, with their timings
// and errors, base64-encoded under extensions.ftv1. The gateway merges these
// into the trace it reports to Apollo.
//
// The gateway asks by sending the request header
// "apollo-federation-include-trace: ftv1"; requests without it are not
// traced and cost nothing beyond a header lookup.
package apollofederatedtracingv1

import (
	"context"
	"encoding/base64"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	tracing_logger "github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1/logger"
)

// The values of ErrorOptions.ErrorOption: how errors appear in traces, which
// leave the service and end up in Apollo's systems.
const (
	// ERROR_MASKED replaces every error by one whose message is "<masked>"
	// and which carries nothing else. It is the default.
	ERROR_MASKED = "masked"
	// ERROR_UNMODIFIED sends errors as the client received them.
	ERROR_UNMODIFIED = "all"
	// ERROR_TRANSFORM sends what ErrorOptions.TransformFunction makes of
	// each error, for example with sensitive details redacted.
	ERROR_TRANSFORM = "transform"
)

// ErrorOptions chooses how errors are reported in traces.
type ErrorOptions struct {
	// ErrorOption is ERROR_MASKED, ERROR_UNMODIFIED or ERROR_TRANSFORM; any
	// other value means ERROR_MASKED.
	ErrorOption string
	// TransformFunction rewrites an error for ERROR_TRANSFORM; it is ignored
	// for the other options. Left nil, errors are masked. Returning nil
	// leaves the error out of the trace.
	TransformFunction func(g *gqlerror.Error) *gqlerror.Error
}

// Tracer is the handler extension. Add it with Server.Use(&Tracer{}).
type Tracer struct {
	// ErrorOptions says how errors are reported; nil masks them.
	ErrorOptions *ErrorOptions
	// Logger receives the tracer's own diagnostics; nil discards them.
	Logger tracing_logger.Logger

	// ClientName, Version and Hostname describe this service for usage
	// reports. The trace a subgraph returns to its gateway carries none of
	// them, so the tracer does not read them.
	ClientName string
	Version    string
	Hostname   string
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationInterceptor
	graphql.ResponseInterceptor
	graphql.FieldInterceptor
} = &Tracer{}

// ftv1Header is the request header by which the gateway asks for a trace,
// and ftv1Value the value that asks for this format.
const (
	ftv1Header    = "Apollo-Federation-Include-Trace"
	ftv1Value     = "ftv1"
	ftv1Extension = "ftv1"
)

// builderKey finds the operation's TreeBuilder in a context.
type builderKey struct{}

// ExtensionName names the extension in logs and statistics.
func (Tracer) ExtensionName() string { return "ApolloFederatedTracingV1" }

// Validate accepts any schema.
func (Tracer) Validate(graphql.ExecutableSchema) error { return nil }

// requested reports whether the gateway asked for a trace of the operation
// in ctx.
func requested(ctx context.Context) bool {
	return graphql.HasOperationContext(ctx) &&
		graphql.GetOperationContext(ctx).Headers.Get(ftv1Header) == ftv1Value
}

// builderFrom returns the operation's TreeBuilder, or nil when the operation
// is not traced.
func builderFrom(ctx context.Context) *TreeBuilder {
	tb, _ := ctx.Value(builderKey{}).(*TreeBuilder)
	return tb
}

// InterceptOperation gives an operation whose trace was requested a fresh
// TreeBuilder, which the field and response hooks then find in the context.
func (t *Tracer) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if !requested(ctx) {
		return next(ctx)
	}
	return next(context.WithValue(ctx, builderKey{}, NewTreeBuilder(t.ErrorOptions, t.Logger)))
}

// InterceptField adds the field to the trace, timing its resolution.
func (t *Tracer) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	tb := builderFrom(ctx)
	if tb == nil {
		return next(ctx)
	}
	if done := tb.WillResolveField(ctx); done != nil {
		defer done()
	}
	return next(ctx)
}

// InterceptResponse starts the trace clock, lets the response be produced,
// then records its errors, stops the clock and stores the encoded trace
// under extensions.ftv1.
func (t *Tracer) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	tb := builderFrom(ctx)
	if tb == nil || !requested(ctx) {
		return next(ctx)
	}
	tb.StartTimer(ctx)
	// The extension is registered before the response exists, so that the
	// executor copies it into the response; its value is filled in below,
	// before the response is encoded.
	encoded := new(string)
	graphql.RegisterExtension(ctx, ftv1Extension, encoded)

	resp := next(ctx)

	if errs := graphql.GetErrors(ctx); len(errs) > 0 {
		tb.DidEncounterErrors(ctx, errs)
	}
	tb.StopTimer(ctx)
	wire, err := tb.encode()
	if err != nil {
		tb.logger.Printf("ftv1: encoding trace: %v", err)
	}
	*encoded = base64.StdEncoding.EncodeToString(wire)
	return resp
}

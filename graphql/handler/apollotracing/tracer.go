// Package apollotracing adds per-resolver timings to every response, in the
// Apollo Tracing format (version 1), under extensions.tracing.
//
// The format is deprecated by Apollo in favour of federated tracing (see
// package apollofederatedtracingv1) but is still read by some tools. All
// offsets and durations are in nanoseconds; times are RFC 3339 with
// nanoseconds.
package apollotracing

import (
	"context"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

// extensionKey is the response extension the trace is registered under.
const extensionKey = "tracing"

// Tracer is the handler extension. Add it with Server.Use(apollotracing.Tracer{}).
type Tracer struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
	graphql.FieldInterceptor
} = Tracer{}

// ExtensionName names the extension in logs and statistics.
func (Tracer) ExtensionName() string { return "ApolloTracing" }

// Validate accepts any schema.
func (Tracer) Validate(graphql.ExecutableSchema) error { return nil }

// TracingExtension is the value of extensions.tracing. The JSON field order
// is the one the format's readers expect.
type TracingExtension struct {
	// Version of the format; always 1.
	Version int `json:"version"`
	// StartTime is when the operation started (the operation trace start).
	StartTime time.Time `json:"startTime"`
	// EndTime is when the response was complete.
	EndTime time.Time `json:"endTime"`
	// Duration is EndTime - StartTime.
	Duration time.Duration `json:"duration"`

	// mu guards Execution.Resolvers, which resolvers running in parallel
	// append to.
	mu sync.Mutex

	// Parsing and Validation time the two phases before execution, relative
	// to StartTime.
	Parsing    Span `json:"parsing"`
	Validation Span `json:"validation"`
	// Execution lists one entry per resolved field, in order of completion.
	Execution struct {
		Resolvers []*ResolverExecution `json:"resolvers"`
	} `json:"execution"`
}

// Span is a phase of the operation.
type Span struct {
	// StartOffset is the time from the operation start to the phase start.
	StartOffset time.Duration `json:"startOffset"`
	// Duration is how long the phase took.
	Duration time.Duration `json:"duration"`
}

// ResolverExecution is the timing of one resolved field.
type ResolverExecution struct {
	// Path is the field's response path, such as ["user", "friends", 0, "name"].
	Path ast.Path `json:"path"`
	// ParentType is the object type that owns the field.
	ParentType string `json:"parentType"`
	// FieldName is the field's schema name (not its alias).
	FieldName string `json:"fieldName"`
	// ReturnType is the field's type as written in the schema, such as "[User!]!".
	ReturnType string `json:"returnType"`
	// StartOffset is the time from the operation start to the resolver call.
	StartOffset time.Duration `json:"startOffset"`
	// Duration is how long the resolver and the field middleware inside this
	// interceptor took.
	Duration time.Duration `json:"duration"`
}

// span returns t as a Span relative to origin.
func span(origin time.Time, t graphql.TraceTiming) Span {
	return Span{StartOffset: t.Start.Sub(origin), Duration: t.End.Sub(t.Start)}
}

// InterceptResponse registers the trace before the response is produced and
// closes it once the response is complete. Responses produced outside of an
// operation (a request that could not be decoded, say) are not traced.
func (Tracer) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if !graphql.HasOperationContext(ctx) {
		return next(ctx)
	}
	stats := &graphql.GetOperationContext(ctx).Stats
	origin := stats.OperationStart
	trace := &TracingExtension{
		Version:    1,
		StartTime:  origin,
		Parsing:    span(origin, stats.Parsing),
		Validation: span(origin, stats.Validation),
	}
	graphql.RegisterExtension(ctx, extensionKey, trace)

	resp := next(ctx)

	trace.EndTime = graphql.Now()
	trace.Duration = trace.EndTime.Sub(origin)
	return resp
}

// InterceptField times the field's resolution and records it in the trace
// of the current response, if there is one.
func (Tracer) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	trace, ok := graphql.GetExtension(ctx, extensionKey).(*TracingExtension)
	if !ok {
		return next(ctx)
	}
	started := graphql.Now()
	// Deferred, so that a resolver that panics is still recorded.
	defer trace.record(ctx, started)
	return next(ctx)
}

// record appends the execution of the field in ctx, started at started and
// ending now.
func (t *TracingExtension) record(ctx context.Context, started time.Time) {
	ended := graphql.Now()
	fc := graphql.GetFieldContext(ctx)
	exec := &ResolverExecution{
		Path:        fc.Path(),
		ParentType:  fc.Object,
		FieldName:   fc.Field.Name,
		ReturnType:  fc.Field.Definition.Type.String(),
		StartOffset: started.Sub(graphql.GetOperationContext(ctx).Stats.OperationStart),
		Duration:    ended.Sub(started),
	}
	t.mu.Lock()
	t.Execution.Resolvers = append(t.Execution.Resolvers, exec)
	t.mu.Unlock()
}

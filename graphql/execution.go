package graphql

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql/introspection"
)

// ExecutionContextState is the state of one operation's execution that
// generated code shares: generated code defines its executionContext type
// by embedding a pointer to it, and reads the operation (Variables,
// RootResolverMiddleware, ...) and the schema state (Resolvers, Directives,
// ComplexityRoot, SchemaData) through the embedded pointers.
type ExecutionContextState[R, D, C any] struct {
	*OperationContext
	*ExecutableSchemaState[R, D, C]

	// ParsedSchema is the schema parsed from the generated sources, used
	// when the Config supplied none.
	ParsedSchema *ast.Schema

	// Deferred counts the @defer payloads the operation will send; the
	// response writer reads it to decide whether a response has a next one,
	// so it must be raised before the first response is written. Generated
	// code adds to it only for objects that have deferred fields, keeping
	// operations without @defer off this shared counter. PendingDeferred
	// counts the payloads scheduled and not yet delivered.
	Deferred, PendingDeferred int32
	// DeferredResults receives the payloads as they complete. When it is
	// nil, ProcessDeferredGroup creates it: most operations defer nothing.
	DeferredResults chan DeferredResult

	// deferMu guards the creation of DeferredResults.
	deferMu sync.Mutex
	// inputs is the context node of WithInputUnmarshalers, root that of
	// WithRootObject and rootField that of the first WithRootField call;
	// they live here so that binding them costs no allocation.
	inputs        indexNode
	root          lazyRootObject
	rootUsed      atomic.Bool
	rootField     lazyRootField
	rootFieldUsed atomic.Bool
}

// WithRootField returns a context carrying the RootFieldContext of field,
// a field of the operation's root object, which must not change while the
// context is in use (a pointer into a CollectFields result does not). The
// RootFieldContext is built when something asks for it; the first call
// uses a context node held by ec.
func (ec *ExecutionContextState[R, D, C]) WithRootField(ctx context.Context, field *CollectedField) context.Context {
	n := &ec.rootField
	if !ec.rootFieldUsed.CompareAndSwap(false, true) {
		n = new(lazyRootField)
	}
	n.parent, n.field = ctx, field
	return n
}

// ResolveRootField resolves a root field at once, on the calling
// goroutine, under ctx (from WithRootField), turning a panic into a field
// error and a Null result when flags has FieldRecoverPanics. It is what a task
// of ResolveRootConcurrently does when the operation has no root field
// middleware (HasRootFieldMiddleware is false), minus the scheduling:
// generated code uses it for the only field selected on the root object,
// where there is nothing to overlap with. resolve does not escape.
func (ec *ExecutionContextState[R, D, C]) ResolveRootField(
	ctx context.Context, flags FieldFlags, resolve func(ctx context.Context) Marshaler,
) (res Marshaler) {
	if flags.Has(FieldRecoverPanics) {
		defer func() {
			if r := recover(); r != nil {
				res = FieldPanicResult(ctx, ec.OperationContext, r)
			}
		}()
	}
	return resolve(ctx)
}

// ResolveRootFieldAt resolves root field i of out, the field set of the
// root object (Query or Mutation) of the operation that state executes, for
// generated code: one call per root field instead of the same dozen lines,
// with their closures, in every case of the root object's field loop.
// resolve is the field's generated resolve function as a method expression
// of ec's type; it runs under the field's RootFieldContext (WithRootField).
//
// A field that is not concurrent (a mutation field, run one after another)
// goes through the root field middleware at once. A concurrent one is
// resolved at once when it is the only field selected and no root field
// middleware runs (ResolveRootField), and scheduled with
// ResolveRootConcurrently otherwise. A result that makes the root object
// null (Null for a nonNull field, RequiredNull for another) is counted in
// out.Invalids, as ResolveRootConcurrently counts the fields it schedules.
func ResolveRootFieldAt[E, R, D, C any](
	ctx context.Context, state *ExecutionContextState[R, D, C], ec E, out *FieldSet, i int,
	flags FieldFlags,
	resolve func(E, context.Context, *CollectedField) Marshaler,
) {
	field := &out.fields[i]
	ctx = state.WithRootField(ctx, field)
	// Each path has a literal of its own: only the ones handed to the
	// middleware or the scheduler escape, so the single-field path
	// allocates none.
	switch {
	case !flags.Has(FieldConcurrent):
		out.Values[i] = state.OperationContext.RootResolverMiddleware(ctx,
			func(ctx context.Context) Marshaler { return resolve(ec, ctx, field) })
	case len(out.fields) == 1 && !state.HasRootFieldMiddleware():
		out.Values[i] = state.ResolveRootField(ctx, flags,
			func(ctx context.Context) Marshaler { return resolve(ec, ctx, field) })
	default:
		out.ResolveRootFieldConcurrently(ctx, state.OperationContext, i, flags,
			func(ctx context.Context) Marshaler { return resolve(ec, ctx, field) })
		return
	}
	out.CountInvalid(i, flags)
}

// WithInputUnmarshalers returns a context carrying the operation's input
// unmarshaler index (see UnmarshalNamedInputFromContext), built on first
// use by build(owner). It does what WithLazyInputUnmarshalerIndex does,
// with the context node held by ec; owner is usually the generated
// execution context embedding ec. Call it once per execution context.
func (ec *ExecutionContextState[R, D, C]) WithInputUnmarshalers(
	ctx context.Context, owner any, build func(owner any) *InputUnmarshalerIndex,
) context.Context {
	n := &ec.inputs
	if n.node.parent != nil {
		n = new(indexNode)
	}
	n.owner, n.buildFor = owner, build
	return n.node.bind(ctx, inputIndexCtxKey, n)
}

// WithRootObject returns a context whose FieldContext is that of the root
// object named object (Query, Mutation), parent of the root fields. The
// FieldContext is built when something asks for it (an error's path, a
// field context built below); the first call uses a context node held by
// ec.
func (ec *ExecutionContextState[R, D, C]) WithRootObject(ctx context.Context, object string) context.Context {
	n := &ec.root
	if !ec.rootUsed.CompareAndSwap(false, true) {
		n = new(lazyRootObject)
	}
	n.parent, n.object = ctx, object
	return n
}

// deferredResults returns DeferredResults, creating it if need be.
func (ec *ExecutionContextState[R, D, C]) deferredResults() chan DeferredResult {
	ec.deferMu.Lock()
	defer ec.deferMu.Unlock()
	if ec.DeferredResults == nil {
		ec.DeferredResults = make(chan DeferredResult)
	}
	return ec.DeferredResults
}

// NewExecutionContextState returns the state for executing the operation
// of oc against state. parsed is the fallback schema (see Schema); results
// receives the @defer payloads.
func NewExecutionContextState[R, D, C any](
	oc *OperationContext, state *ExecutableSchemaState[R, D, C], parsed *ast.Schema, results chan DeferredResult,
) *ExecutionContextState[R, D, C] {
	return &ExecutionContextState[R, D, C]{
		OperationContext:      oc,
		ExecutableSchemaState: state,
		ParsedSchema:          parsed,
		DeferredResults:       results,
	}
}

// Schema returns the schema supplied in the Config, else ParsedSchema.
func (ec *ExecutionContextState[R, D, C]) Schema() *ast.Schema {
	if s := ec.SchemaData; s != nil {
		return s
	}
	return ec.ParsedSchema
}

var errIntrospectionDisabled = errors.New("introspection disabled")

// IntrospectSchema returns the value of the __schema field, or an error if
// the operation has introspection disabled.
func (ec *ExecutionContextState[R, D, C]) IntrospectSchema() (*introspection.Schema, error) {
	if ec.DisableIntrospection {
		return nil, errIntrospectionDisabled
	}
	return introspection.WrapSchema(ec.Schema()), nil
}

// IntrospectType returns the value of __type(name: name): nil for a type
// the schema does not have, or an error if the operation has introspection
// disabled.
func (ec *ExecutionContextState[R, D, C]) IntrospectType(name string) (*introspection.Type, error) {
	if ec.DisableIntrospection {
		return nil, errIntrospectionDisabled
	}
	s := ec.Schema()
	return introspection.WrapTypeFromDef(s, s.Types[name]), nil
}

// ProcessDeferredGroup resolves the deferred fields of dg in the background
// and sends one DeferredResult per label to DeferredResults as each label's
// fields complete. A label whose fields include one that nulls its payload
// sends Null. The fields run with a response context of their own; each
// payload carries the errors raised since the previous payload of the
// group was sent, so every error is delivered exactly once. An empty group
// does nothing.
func (ec *ExecutionContextState[R, D, C]) ProcessDeferredGroup(dg DeferredGroup) {
	if len(dg.Defers) == 0 {
		return
	}
	results := ec.deferredResults()
	atomic.AddInt32(&ec.PendingDeferred, int32(len(dg.Defers)))
	ctx := WithFreshResponseContext(dg.Context)
	errs := &errorCursor{}
	for label, view := range dg.Defers {
		view.SetOnComplete(func(ctx context.Context) {
			res := DeferredResult{Path: dg.Path, Label: label, Result: view, Errors: errs.next(ctx)}
			if view.payloadInvalid() {
				res.Result = Null
			}
			select {
			case results <- res:
			case <-ctx.Done():
			}
		})
	}
	go dg.FieldSet.Dispatch(ctx)
}

// errorCursor hands out the errors of a response in consecutive runs: each
// call returns the errors added since the previous call.
type errorCursor struct {
	mu   sync.Mutex
	sent int
}

func (c *errorCursor) next(ctx context.Context) gqlerror.List {
	c.mu.Lock()
	defer c.mu.Unlock()
	all := GetErrors(ctx)
	from := min(c.sent, len(all))
	c.sent = len(all)
	return all[from:]
}

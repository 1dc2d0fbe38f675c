package graphql

import (
	"context"
	"io"
	"reflect"

	"github.com/vektah/gqlparser/v2/ast"
)

// PassthroughFieldMiddleware is the field middleware of an operation that
// has no field interceptors: it calls next. An executor should install this
// very function (not a closure of its own) as OperationContext.
// ResolverMiddleware in that case, so that HasFieldMiddleware can tell
// resolution code that nothing needs to observe individual fields.
func PassthroughFieldMiddleware(ctx context.Context, next Resolver) (any, error) {
	return next(ctx)
}

var passthroughFieldMiddleware = reflect.ValueOf(FieldMiddleware(PassthroughFieldMiddleware)).Pointer()

// PassthroughRootFieldMiddleware is the root field middleware of an
// operation that has no root field interceptors: it calls next. As with
// PassthroughFieldMiddleware, an executor installs this very function so
// that HasRootFieldMiddleware can tell that root fields may be resolved
// directly.
func PassthroughRootFieldMiddleware(ctx context.Context, next RootResolver) Marshaler {
	return next(ctx)
}

var passthroughRootFieldMiddleware = reflect.ValueOf(RootFieldMiddleware(PassthroughRootFieldMiddleware)).Pointer()

// HasRootFieldMiddleware reports whether c.RootResolverMiddleware does
// anything: it is false when it is nil or PassthroughRootFieldMiddleware.
func (c *OperationContext) HasRootFieldMiddleware() bool {
	mw := c.RootResolverMiddleware
	return mw != nil && reflect.ValueOf(mw).Pointer() != passthroughRootFieldMiddleware
}

// HasFieldMiddleware reports whether c.ResolverMiddleware does anything: it
// is false when it is nil or PassthroughFieldMiddleware. When it is false,
// generated code may write a field whose value is a plain Go value (a
// struct field, with no resolver, directive or argument) straight into the
// FieldSet, with no FieldContext and no call through the middleware: there
// is nothing that could observe the difference.
func (c *OperationContext) HasFieldMiddleware() bool {
	mw := c.ResolverMiddleware
	return mw != nil && reflect.ValueOf(mw).Pointer() != passthroughFieldMiddleware
}

// ResolveField resolves one field and returns its result. It builds the
// field's FieldContext with initFieldContext, calls resolver through
// directives (the chain of the field's directives, may be nil) and the
// operation's field middleware, and hands a result of type T to marshal
// together with the field's sub-selection.
//
// The result is Null when the field context cannot be built, the resolver
// fails (the error is added to the response), returns nil, returns a value
// of another type, or panics while recoverFromPanic is set. A failing or
// nil field that is non-null only at run time (MarkNonNull) yields
// RequiredNull instead, so its parent can propagate the null. A nil result
// in a field that is non-null (nonNull, or at run time) is reported as an
// InvalidNullError. A middleware may also return a Marshaler, which is
// returned as is.
func ResolveField[T any](
	ctx context.Context, oc *OperationContext, field CollectedField,
	initFieldContext func(context.Context, CollectedField) (*FieldContext, error),
	resolver func(context.Context) (any, error),
	directives func(context.Context, Resolver) Resolver,
	marshal func(context.Context, ast.SelectionSet, T) Marshaler,
	recoverFromPanic, nonNull bool,
) Marshaler {
	return resolveFieldAs(ctx, oc, field, initFieldContext, resolver, directives,
		func(ctx context.Context, fc *FieldContext, res any) Marshaler {
			if v, ok := res.(T); ok {
				fc.Result = res
				return marshal(ctx, field.Selections, v)
			}
			if m, ok := res.(Marshaler); ok {
				fc.Result = res
				return m
			}
			reportUnexpectedType[T](ctx, res)
			return Null
		},
		recoverFromPanic, nonNull)
}

// resolveFieldAs is ResolveField with the part that depends on the
// result's type in as, which turns the resolved value into the field's
// result (setting fc.Result as ResolveField does): the body of the field's
// resolution is compiled once here, not once per result type in every
// generated package that resolves a field of that type. as runs under the
// panic recovery, as marshal does in ResolveField.
func resolveFieldAs(
	ctx context.Context, oc *OperationContext, field CollectedField,
	initFieldContext func(context.Context, CollectedField) (*FieldContext, error),
	resolver func(context.Context) (any, error),
	directives func(context.Context, Resolver) Resolver,
	as func(ctx context.Context, fc *FieldContext, res any) Marshaler,
	recoverFromPanic, nonNull bool,
) (ret Marshaler) {
	fc, err := initFieldContext(ctx, field)
	if err != nil {
		return Null
	}
	ctx = WithFieldContext(ctx, fc)
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				ret = FieldPanicResult(ctx, oc, r)
			}
		}()
	}
	res, outcome := resolveValue(&ctx, oc, fc, resolver, directives, nonNull)
	switch outcome {
	case resolvedNull:
		return Null
	case resolvedRequiredNull:
		return RequiredNull
	}
	return as(ctx, fc, res)
}

// ResolveFieldStream resolves a subscription field whose resolver returns a
// channel of T. It returns a function that waits for the next value and
// returns it, marshalled as the object {"<alias>": value}, or nil when the
// channel is closed or the context it is given is done. The value is
// marshalled when the returned Marshaler is written. Where ResolveField
// would return Null or RequiredNull it returns nil; a middleware may return
// the function itself.
func ResolveFieldStream[T any](
	ctx context.Context, oc *OperationContext, field CollectedField,
	initFieldContext func(context.Context, CollectedField) (*FieldContext, error),
	resolver func(context.Context) (any, error),
	directives func(context.Context, Resolver) Resolver,
	marshal func(context.Context, ast.SelectionSet, T) Marshaler,
	recoverFromPanic, nonNull bool,
) (ret func(context.Context) Marshaler) {
	fc, err := initFieldContext(ctx, field)
	if err != nil {
		return nil
	}
	ctx = WithFieldContext(ctx, fc)
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				ret = nil
			}
		}()
	}
	res, outcome := resolveValue(&ctx, oc, fc, resolver, directives, nonNull)
	if outcome != resolvedValue {
		return nil
	}
	switch v := res.(type) {
	case <-chan T:
		fc.Result = res
		return func(ctx context.Context) Marshaler {
			select {
			case value, ok := <-v:
				if !ok {
					return nil
				}
				return &streamPayload[T]{ctx: ctx, field: &field, marshal: marshal, value: value}
			case <-ctx.Done():
				return nil
			}
		}
	case func(context.Context) Marshaler:
		fc.Result = res
		return v
	}
	reportUnexpectedType[<-chan T](ctx, res)
	return nil
}

// ResolveFieldStreamWithEventContext is ResolveFieldStream for a
// subscription field marked @subscriptionContext, whose resolver returns a
// channel of Event[T]. The returned function also returns the context of
// each event (the one it is given when the event has none, or when the
// stream ends), for response middleware to see.
func ResolveFieldStreamWithEventContext[T any](
	ctx context.Context, oc *OperationContext, field CollectedField,
	initFieldContext func(context.Context, CollectedField) (*FieldContext, error),
	resolver func(context.Context) (any, error),
	directives func(context.Context, Resolver) Resolver,
	marshal func(context.Context, ast.SelectionSet, T) Marshaler,
	recoverFromPanic, nonNull bool,
) (ret func(context.Context) (context.Context, Marshaler)) {
	fc, err := initFieldContext(ctx, field)
	if err != nil {
		return nil
	}
	ctx = WithFieldContext(ctx, fc)
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				ret = nil
			}
		}()
	}
	res, outcome := resolveValue(&ctx, oc, fc, resolver, directives, nonNull)
	if outcome != resolvedValue {
		return nil
	}
	switch v := res.(type) {
	case <-chan Event[T]:
		fc.Result = res
		return func(ctx context.Context) (context.Context, Marshaler) {
			select {
			case ev, ok := <-v:
				if !ok {
					return ctx, nil
				}
				evCtx := ev.Context
				if evCtx == nil {
					evCtx = ctx
				}
				return evCtx, &streamPayload[T]{ctx: ctx, field: &field, marshal: marshal, value: ev.Value}
			case <-ctx.Done():
				return ctx, nil
			}
		}
	case func(context.Context) (context.Context, Marshaler):
		fc.Result = res
		return v
	}
	reportUnexpectedType[<-chan Event[T]](ctx, res)
	return nil
}

// streamPayload writes one subscription event as {"<alias>": value}. The
// value is marshalled, resolving its sub-selection, when it is written.
type streamPayload[T any] struct {
	ctx     context.Context
	field   *CollectedField
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) Marshaler
	value   T
}

func (p *streamPayload[T]) MarshalGQL(w io.Writer) {
	dst, buf := beginWrite(w, 64)
	endWrite(w, p.appendGQL(dst, nil), buf)
}

func (p *streamPayload[T]) appendGQL(dst []byte, ws *wireState) []byte {
	ws.open()
	dst = append(appendString(append(dst, '{'), p.field.Alias, ws), ':')
	dst = appendValue(dst, p.marshal(p.ctx, p.field.Selections, p.value), ws)
	ws.close()
	return append(dst, '}')
}

// resolution is how a field's resolver call ended.
type resolution uint8

const (
	// resolvedValue: a non-nil value to marshal.
	resolvedValue resolution = iota
	// resolvedNull: the field is null; nothing propagates beyond what its
	// declared type implies.
	resolvedNull
	// resolvedRequiredNull: the field is null and was made non-null at run
	// time, so the parent must treat it as a non-null violation.
	resolvedRequiredNull
)

// resolveValue calls the resolver of the field described by fc, through
// the directive chain and the operation's field middleware, and deals with
// errors and nil results. *ctx is replaced by the context the resolver was
// called with, which is the one children must be resolved under.
func resolveValue(
	ctx *context.Context,
	oc *OperationContext,
	fc *FieldContext,
	fieldResolver func(ctx context.Context) (any, error),
	middlewareChain func(ctx context.Context, next Resolver) Resolver,
	nonNull bool,
) (any, resolution) {
	var res any
	var err error
	if middlewareChain == nil && !oc.HasFieldMiddleware() {
		res, err = fieldResolver(*ctx)
	} else {
		res, err = callThroughMiddleware(ctx, oc, fieldResolver, middlewareChain)
	}
	var m Marshaler
	switch {
	case err != nil:
		m = FieldErrorResult(*ctx, oc, fc, err, nonNull)
	case res == nil:
		m = FieldNilResult(*ctx, fc, nonNull)
	default:
		return res, resolvedValue
	}
	if m == RequiredNull {
		return nil, resolvedRequiredNull
	}
	return nil, resolvedNull
}

// FieldErrorResult, FieldNilResult and FieldPanicResult are ResolveField
// taken apart, for generated code that calls a field's resolver itself:
// correct when the operation has no field middleware
// (OperationContext.HasFieldMiddleware) and the field no directives. The
// resolver still gets its FieldContext; what is saved is the closure
// around it, the trip through the middleware and the boxing of its result:
//
//	fc := &graphql.FieldContext{Object: "User", Field: field, IsMethod: true, IsResolver: true}
//	ctx = graphql.WithFieldContext(ctx, fc)
//	defer func() {
//		if r := recover(); r != nil {
//			ret = graphql.FieldPanicResult(ctx, oc, r)
//		}
//	}()
//	v, err := ec.Resolvers.User().Friends(ctx, obj)
//	if err != nil {
//		return graphql.FieldErrorResult(ctx, oc, fc, err, true)
//	}
//	fc.Result = v
//	return ec.marshalNUser2ᚕᚖUserᚄ(ctx, field.Selections, v)
//
// As in ResolveField, only a nil interface counts as "no value"
// (FieldNilResult); a nil pointer or slice is the marshaller's to handle.

// FieldErrorResult adds err, returned by the resolver of the field fc at
// ctx, to the response with the field's location, and returns the field's
// result: RequiredNull when the field is non-null only at run time (see
// MarkNonNull) and nonNull is false, else Null.
func FieldErrorResult(ctx context.Context, oc *OperationContext, fc *FieldContext, err error, nonNull bool) Marshaler {
	oc.Error(ctx, AddFieldLocationToError(ctx, err))
	return nullFor(fc, nonNull)
}

// FieldNilResult is the result of the field fc at ctx when its resolver
// returned no value: an InvalidNullError is reported if the field is
// non-null (nonNull, or at run time), and the result is as for
// FieldErrorResult.
func FieldNilResult(ctx context.Context, fc *FieldContext, nonNull bool) Marshaler {
	if nonNull || fc.NonNull {
		AddInvalidNullError(ctx, "")
	}
	return nullFor(fc, nonNull)
}

// FieldPanicResult reports recovered, the value a field's resolver or
// marshaller panicked with at ctx, through the operation's RecoverFunc, and
// returns Null.
func FieldPanicResult(ctx context.Context, oc *OperationContext, recovered any) Marshaler {
	oc.Error(ctx, oc.Recover(ctx, recovered))
	return Null
}

func nullFor(fc *FieldContext, nonNull bool) Marshaler {
	if fc.NonNull && !nonNull {
		return RequiredNull
	}
	return Null
}

// callThroughMiddleware runs fieldResolver wrapped in the directive chain
// and the field middleware. It is kept out of resolveValue so that the
// closure it needs costs nothing when there is no middleware.
func callThroughMiddleware(
	ctx *context.Context,
	oc *OperationContext,
	fieldResolver func(ctx context.Context) (any, error),
	middlewareChain func(ctx context.Context, next Resolver) Resolver,
) (any, error) {
	outer := *ctx
	inner := outer
	var next Resolver = func(rctx context.Context) (any, error) {
		inner = rctx
		return fieldResolver(rctx)
	}
	if middlewareChain != nil {
		next = middlewareChain(outer, next)
	}
	var res any
	var err error
	if oc.HasFieldMiddleware() {
		res, err = oc.ResolverMiddleware(outer, next)
	} else {
		res, err = next(outer)
	}
	*ctx = inner
	return res, err
}

// reportUnexpectedType adds the error for a middleware or directive that
// returned a value of the wrong type for the field.
func reportUnexpectedType[T any](ctx context.Context, got any) {
	var want T
	addUnexpectedTypeError(ctx, got, want)
}

// addUnexpectedTypeError is reportUnexpectedType's body, compiled once.
func addUnexpectedTypeError(ctx context.Context, got, want any) {
	AddErrorf(ctx, "unexpected type %T from middleware/directive chain, should be %T", got, want)
}

// ResolveStructField is ResolveField for a field whose value is read
// straight from its parent (a struct field) and so needs neither a
// resolver nor a FieldContext builder of its own: value is the field's
// value, info the static part of its FieldContext (ec is handed to
// info.Child). marshal is the generated marshaller of the field's type as a
// method expression of ec's type, which, unlike a method value, costs no
// allocation to pass and no wrapper function to compile. Generated code
// calls it where field middleware runs; with none, it writes such values
// itself. field points into the object's collected fields, which the call
// site then passes as one word rather than copying the whole struct.
func ResolveStructField[E, T any](
	ctx context.Context, oc *OperationContext, ec E, field *CollectedField, info *FieldInfo,
	value T, marshal func(E, context.Context, ast.SelectionSet, T) Marshaler,
	flags FieldFlags,
) Marshaler {
	return ResolveField(ctx, oc, *field,
		func(_ context.Context, field CollectedField) (*FieldContext, error) {
			return info.NewFieldContext(ec, field)
		},
		func(context.Context) (any, error) { return value, nil },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v T) Marshaler { return marshal(ec, ctx, sel, v) },
		flags.Has(FieldRecoverPanics), flags.Has(FieldNonNull))
}

// ResolveArgsField resolves a field that has arguments and a resolver (or
// a method taking a context) in one generated function. Without field
// middleware it builds the field's FieldContext with fieldContext (which
// parses the arguments), calls call under it and marshals the result with
// marshal; with middleware it hands the same pieces to ResolveField. call,
// fieldContext and marshal are generated functions taking ec (method
// expressions or literals that capture nothing), so passing them costs no
// allocation; obj is the parent object handed to call (struct{}{} for a
// root field). The result and the reporting of errors and panics are those
// of ResolveField.
func ResolveArgsField[E, O, T any](
	ctx context.Context, oc *OperationContext, ec E, field *CollectedField, obj O,
	fieldContext func(E, context.Context, CollectedField) (*FieldContext, error),
	call func(E, context.Context, O, *FieldContext) (T, error),
	marshal func(E, context.Context, ast.SelectionSet, T) Marshaler,
	flags FieldFlags,
) (ret Marshaler) {
	if oc.HasFieldMiddleware() {
		return resolveArgsFieldMiddleware(ctx, oc, ec, field, obj, fieldContext, call, marshal, flags)
	}
	fc, err := fieldContext(ec, ctx, *field)
	if err != nil {
		return Null
	}
	ctx = WithFieldContext(ctx, fc)
	if flags.Has(FieldRecoverPanics) {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				ret = Null
			}
		}()
	}
	res, err := call(ec, ctx, obj, fc)
	if err != nil {
		oc.Error(ctx, AddFieldLocationToError(ctx, err))
		return Null
	}
	fc.Result = res
	return marshal(ec, ctx, field.Selections, res)
}

// resolveArgsFieldMiddleware is ResolveArgsField's path through the field
// middleware.
func resolveArgsFieldMiddleware[E, O, T any](
	ctx context.Context, oc *OperationContext, ec E, field *CollectedField, obj O,
	fieldContext func(E, context.Context, CollectedField) (*FieldContext, error),
	call func(E, context.Context, O, *FieldContext) (T, error),
	marshal func(E, context.Context, ast.SelectionSet, T) Marshaler,
	flags FieldFlags,
) Marshaler {
	return ResolveField(ctx, oc, *field,
		func(ctx context.Context, f CollectedField) (*FieldContext, error) { return fieldContext(ec, ctx, f) },
		func(ctx context.Context) (any, error) { return call(ec, ctx, obj, GetFieldContext(ctx)) },
		nil,
		func(ctx context.Context, sel ast.SelectionSet, v T) Marshaler { return marshal(ec, ctx, sel, v) },
		flags.Has(FieldRecoverPanics), flags.Has(FieldNonNull))
}

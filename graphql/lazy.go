package graphql

import (
	"context"
	"sync/atomic"
	"time"
)

// Lazy field contexts. Upstream-style generated code builds a FieldContext
// for every field and list element before resolving it, although for most
// of them nothing ever looks at it: a field read straight from a struct,
// below which no resolver runs, only needs its context to name the path of
// an error that usually never happens. A lazy context carries what the
// FieldContext would hold and builds it on the first GetFieldContext (or
// GetPath, or error) that reaches it; until then it costs a small node, or
// for list elements a share of one allocation for the whole list.
//
// A lazily built FieldContext is the one WithFieldContext would have
// attached: same Parent, Object, Field, flags, Index and Result, and
// GetFieldContext returns the same pointer every time.

// FieldInfo is the static part of a field's FieldContext, which generated
// code keeps in a package-level variable per field, for
// WithLazyFieldContext.
type FieldInfo struct {
	// Object is the FieldContext's Object: the type owning the field.
	Object string
	// IsMethod and IsResolver are the FieldContext's flags.
	IsMethod, IsResolver bool
	// Child, if set, backs the FieldContext's Child function; ec is the
	// value given to WithLazyFieldContext.
	Child func(ec any, ctx context.Context, field CollectedField) (*FieldContext, error)
	// NoChild, when Child is nil, is the message of the error the
	// FieldContext's Child function returns: the field's type has no
	// fields (a scalar or an enum) or is abstract.
	NoChild string
}

// NewFieldContext returns the FieldContext of field as info describes it,
// with ec handed to info.Child; Parent and Result are left for the caller.
// The error result is always nil: the signature is that of a FieldContext
// builder, so that generated code can return it as is. (A value receiver,
// so that a childFields_ function can call it on a literal: referring to
// the field's FieldInfo variable instead would make an initialization
// cycle through the Child functions.)
func (info FieldInfo) NewFieldContext(ec any, field CollectedField) (*FieldContext, error) {
	fc := &FieldContext{Object: info.Object, Field: field, IsMethod: info.IsMethod, IsResolver: info.IsResolver}
	info.setChild(fc, ec)
	return fc, nil
}

// setChild sets fc.Child from info.
func (info *FieldInfo) setChild(fc *FieldContext, ec any) {
	switch child := info.Child; {
	case child != nil:
		fc.Child = func(ctx context.Context, f CollectedField) (*FieldContext, error) { return child(ec, ctx, f) }
	case info.NoChild != "":
		fc.Child = failingChild(info.NoChild)
	}
}

// WithLazyFieldContext returns a context for resolving the value of field
// (described by info) below ctx, as WithFieldContext(ctx, fc) would with
// the FieldContext fc that info, field and result describe; fc is only
// built if something asks for it. field must stay unchanged while the
// context is in use: a pointer into a CollectFields result is. It is meant
// for fields that generated code resolves without ResolveField, which is
// only correct when the operation has no field middleware
// (OperationContext.HasFieldMiddleware) and the field has no resolver,
// arguments or directives.
//
// It is kept out of line (go:noinline): generated objects call it for
// every field holding an object or a list, and inlined there it cost the
// compiler more than the call costs next to the allocation it makes.
//
//go:noinline
func WithLazyFieldContext(ctx context.Context, info *FieldInfo, ec any, field *CollectedField, result any) context.Context {
	return &lazyField{parent: ctx, info: info, ec: ec, field: field, result: result}
}

// lazyField is the context node of WithLazyFieldContext.
type lazyField struct {
	parent context.Context
	info   *FieldInfo
	ec     any
	field  *CollectedField
	result any
	built  atomic.Pointer[FieldContext]
}

func (n *lazyField) Value(key any) any {
	if key == any(fieldCtxKey) {
		return n.fieldContext()
	}
	return n.parent.Value(key)
}

// fieldContext builds the FieldContext, once.
func (n *lazyField) fieldContext() *FieldContext {
	if fc := n.built.Load(); fc != nil {
		return fc
	}
	fc := &FieldContext{
		Parent:     GetFieldContext(n.parent),
		Object:     n.info.Object,
		Field:      *n.field,
		Result:     n.result,
		IsMethod:   n.info.IsMethod,
		IsResolver: n.info.IsResolver,
	}
	n.info.setChild(fc, n.ec)
	return n.install(fc)
}

// install makes fc the node's FieldContext unless another goroutine got
// there first, and returns the one installed.
func (n *lazyField) install(fc *FieldContext) *FieldContext {
	if n.built.CompareAndSwap(nil, fc) {
		return fc
	}
	return n.built.Load()
}

func (n *lazyField) Deadline() (time.Time, bool) { return n.parent.Deadline() }
func (n *lazyField) Done() <-chan struct{}       { return n.parent.Done() }
func (n *lazyField) Err() error                  { return n.parent.Err() }
func (n *lazyField) String() string              { return contextName(n.parent) + ".WithLazyFieldContext" }

// lazyElement is the context node of one list element of MarshalSlice. The
// nodes of a list share one allocation.
type lazyElement struct {
	parent context.Context
	result func(i int) any
	index  int
	built  atomic.Pointer[FieldContext]
}

func (n *lazyElement) Value(key any) any {
	if key == any(fieldCtxKey) {
		return n.fieldContext()
	}
	return n.parent.Value(key)
}

func (n *lazyElement) fieldContext() *FieldContext {
	if fc := n.built.Load(); fc != nil {
		return fc
	}
	fc := &FieldContext{Parent: GetFieldContext(n.parent)}
	fc.index = n.index
	fc.Index = &fc.index
	if r := n.result; r != nil {
		fc.Result = r(n.index)
	}
	if n.built.CompareAndSwap(nil, fc) {
		return fc
	}
	return n.built.Load()
}

func (n *lazyElement) Deadline() (time.Time, bool) { return n.parent.Deadline() }
func (n *lazyElement) Done() <-chan struct{}       { return n.parent.Done() }
func (n *lazyElement) Err() error                  { return n.parent.Err() }
func (n *lazyElement) String() string              { return contextName(n.parent) + ".WithListIndex" }

// lazyRootObject is the context node of WithRootObject.
type lazyRootObject struct {
	parent context.Context
	object string
	built  atomic.Pointer[FieldContext]
}

func (n *lazyRootObject) Value(key any) any {
	if key == any(fieldCtxKey) {
		if fc := n.built.Load(); fc != nil {
			return fc
		}
		fc := &FieldContext{Object: n.object, Parent: GetFieldContext(n.parent)}
		if !n.built.CompareAndSwap(nil, fc) {
			fc = n.built.Load()
		}
		return fc
	}
	return n.parent.Value(key)
}

func (n *lazyRootObject) Deadline() (time.Time, bool) { return n.parent.Deadline() }
func (n *lazyRootObject) Done() <-chan struct{}       { return n.parent.Done() }
func (n *lazyRootObject) Err() error                  { return n.parent.Err() }
func (n *lazyRootObject) String() string              { return contextName(n.parent) + ".WithRootObject" }

// lazyRootField is the context node of WithRootField.
type lazyRootField struct {
	parent context.Context
	field  *CollectedField
	built  atomic.Pointer[RootFieldContext]
}

func (n *lazyRootField) Value(key any) any {
	if key == any(rootFieldCtxKey) {
		if rc := n.built.Load(); rc != nil {
			return rc
		}
		rc := &RootFieldContext{Object: n.field.Name, Field: *n.field}
		if !n.built.CompareAndSwap(nil, rc) {
			rc = n.built.Load()
		}
		return rc
	}
	return n.parent.Value(key)
}

func (n *lazyRootField) Deadline() (time.Time, bool) { return n.parent.Deadline() }
func (n *lazyRootField) Done() <-chan struct{}       { return n.parent.Done() }
func (n *lazyRootField) Err() error                  { return n.parent.Err() }
func (n *lazyRootField) String() string              { return contextName(n.parent) + ".WithRootField" }

// NewArgsFieldContext is the FieldContext builder of a field with
// arguments: the FieldContext of field as info describes it (ec is handed
// to info.Child), whose Args parse reads from the field's arguments under
// that context. A parse error is added to the response and returned with
// the context; unless omitPanicHandler is set, so is a panic in parse.
// parse is the generated argument parser, as a method expression of ec's
// type, which costs no allocation to pass.
func NewArgsFieldContext[E any](ctx context.Context, oc *OperationContext, ec E, info FieldInfo, field CollectedField,
	omitPanicHandler bool, parse func(E, context.Context, map[string]any) (map[string]any, error),
) (fc *FieldContext, err error) {
	fc = &FieldContext{Object: info.Object, Field: field, IsMethod: info.IsMethod, IsResolver: info.IsResolver}
	info.setChild(fc, ec)
	if !omitPanicHandler {
		defer func() {
			if r := recover(); r != nil {
				err = oc.Recover(ctx, r)
				oc.Error(ctx, err)
			}
		}()
	}
	ctx = WithFieldContext(ctx, fc)
	if fc.Args, err = parse(ec, ctx, field.ArgumentMap(oc.Variables)); err != nil {
		oc.Error(ctx, err)
		return fc, err
	}
	return fc, nil
}

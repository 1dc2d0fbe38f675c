package graphql

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Generated code registers the unmarshaler of every input object in the
// request context, so that a resolver holding a raw input value (from a
// Map scalar, say) can have it unmarshalled by name:
// UnmarshalNamedInputFromContext. The index is built on first use only.

var (
	errNoInputIndex   = errors.New("graphql: the input context is empty")
	errNotAPointer    = errors.New("graphql: input must be a non-nil pointer")
	errNoUnmarshaller = errors.New("graphql: no unmarshal function found")
)

// InputUnmarshaler is the generated unmarshaler of one input object, with
// the object's GraphQL name. Generated code makes them with
// NewInputUnmarshaler.
type InputUnmarshaler struct {
	name string
	// goType is the type the unmarshaler returns (the input's Go type or a
	// pointer to it); only the lookup by Go type needs it.
	goType reflect.Type
	// into unmarshals raw and stores the result through v, which has been
	// checked to be a non-nil pointer.
	into func(ctx context.Context, raw, v any) error
}

// NewInputUnmarshaler pairs unmarshal, the generated unmarshaler of the
// input object called name, with that name.
func NewInputUnmarshaler[T any](name string, unmarshal func(ctx context.Context, obj any) (T, error)) InputUnmarshaler {
	return InputUnmarshaler{
		name:   name,
		goType: reflect.TypeFor[T](),
		into: func(ctx context.Context, raw, v any) error {
			res, err := unmarshal(ctx, raw)
			if err != nil {
				return err
			}
			return storeUnmarshaled(reflect.ValueOf(v).Elem(), reflect.ValueOf(&res).Elem())
		},
	}
}

// unmarshalInto checks v and runs the unmarshaler.
func (u InputUnmarshaler) unmarshalInto(ctx context.Context, raw, v any) error {
	if rv := reflect.ValueOf(v); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errNotAPointer
	}
	return u.into(ctx, raw, v)
}

// storeUnmarshaled stores result in target. Whether generated unmarshalers
// return T or *T depends on configuration (return_pointers_in_unmarshalinput),
// so either is accepted for a target of either type: one level of pointer
// is added or removed as needed, and a nil *T stores the zero T.
func storeUnmarshaled(target, result reflect.Value) error {
	rt, tt := result.Type(), target.Type()
	switch {
	case rt.AssignableTo(tt):
		target.Set(result)
	case rt.Kind() == reflect.Pointer && rt.Elem().AssignableTo(tt):
		if result.IsNil() {
			target.SetZero()
		} else {
			target.Set(result.Elem())
		}
	case tt.Kind() == reflect.Pointer && rt.AssignableTo(tt.Elem()):
		p := reflect.New(tt.Elem())
		p.Elem().Set(result)
		target.Set(p)
	default:
		return fmt.Errorf("graphql: cannot store unmarshaled %s in %s", rt, tt)
	}
	return nil
}

// InputUnmarshalerIndex finds the unmarshaler of an input object by its
// GraphQL name. Generated unmarshalers are bound to one request's execution
// context, so an index belongs to one request.
type InputUnmarshalerIndex struct {
	byName map[string]InputUnmarshaler
}

// NewInputUnmarshalerIndex indexes unmarshalers by name; of two with the
// same name the later wins.
func NewInputUnmarshalerIndex(unmarshalers ...InputUnmarshaler) *InputUnmarshalerIndex {
	idx := &InputUnmarshalerIndex{byName: make(map[string]InputUnmarshaler, len(unmarshalers))}
	for _, u := range unmarshalers {
		idx.byName[u.name] = u
	}
	return idx
}

// namesFor returns, sorted, the names of the inputs whose unmarshaler
// returns t.
func (idx *InputUnmarshalerIndex) namesFor(t reflect.Type) []string {
	var names []string
	for name, u := range idx.byName {
		if u.goType == t {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// indexNode is the context node holding an index, or the function that
// builds it on first use.
type indexNode struct {
	node  valueNode
	ready atomic.Bool
	mu    sync.Mutex
	build func() *InputUnmarshalerIndex
	idx   *InputUnmarshalerIndex
	// buildFor(owner), when set, builds the index instead of build.
	buildFor func(owner any) *InputUnmarshalerIndex
	owner    any
}

func (n *indexNode) index() *InputUnmarshalerIndex {
	if n.ready.Load() {
		return n.idx
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.ready.Load() {
		if n.buildFor != nil {
			n.idx = n.buildFor(n.owner)
		} else {
			n.idx = n.build()
		}
		n.ready.Store(true)
	}
	return n.idx
}

// WithInputUnmarshalerIndex returns a context carrying idx.
func WithInputUnmarshalerIndex(ctx context.Context, idx *InputUnmarshalerIndex) context.Context {
	n := &indexNode{idx: idx}
	n.ready.Store(true)
	return n.node.bind(ctx, inputIndexCtxKey, n)
}

// WithLazyInputUnmarshalerIndex returns a context whose index is built by
// build on first use, once, however many goroutines ask. Most requests
// never look an input up, and building the index costs a bound method per
// input type. A nil build returns ctx unchanged.
func WithLazyInputUnmarshalerIndex(ctx context.Context, build func() *InputUnmarshalerIndex) context.Context {
	if build == nil {
		return ctx
	}
	n := &indexNode{build: build}
	return n.node.bind(ctx, inputIndexCtxKey, n)
}

func inputIndex(ctx context.Context) *InputUnmarshalerIndex {
	if n, _ := ctx.Value(inputIndexCtxKey).(*indexNode); n != nil {
		return n.index()
	}
	return nil
}

// BindUnmarshaler turns unmarshal, a generated unmarshaler written as a
// function of the execution context (use_function_syntax_for_execution_context),
// into the method-like form NewInputUnmarshaler takes, bound to ec.
func BindUnmarshaler[EC, T any](ec EC, unmarshal func(ctx context.Context, ec EC, obj any) (T, error)) func(ctx context.Context, obj any) (T, error) {
	return func(ctx context.Context, obj any) (T, error) { return unmarshal(ctx, ec, obj) }
}

// UnmarshalNamedInputFromContext unmarshals raw into v with the generated
// unmarshaler of the input object called name. v points to the input's Go
// type or to a pointer to it, whichever the caller prefers. Inputs bound to
// a Go type with its own UnmarshalGQL method have no generated unmarshaler
// and are not found.
func UnmarshalNamedInputFromContext(ctx context.Context, name string, raw, v any) error {
	idx := inputIndex(ctx)
	if idx == nil {
		return errNoInputIndex
	}
	u, ok := idx.byName[name]
	if !ok {
		return fmt.Errorf("graphql: no unmarshaler for input %q; inputs bound to a Go type with its own UnmarshalGQL method are not indexed", name)
	}
	return u.unmarshalInto(ctx, raw, v)
}

// BuildUnmarshalerMap maps the result type of each unmarshaler (a function
// of two arguments and two results, like the generated ones) to it, for
// WithUnmarshalerMap. Other values are ignored.
//
// Deprecated: use NewInputUnmarshalerIndex, which keys by GraphQL name and
// so tells apart inputs that share a Go type.
func BuildUnmarshalerMap(unmarshaler ...any) map[reflect.Type]reflect.Value {
	m := make(map[reflect.Type]reflect.Value)
	for _, f := range unmarshaler {
		t := reflect.TypeOf(f)
		if t != nil && t.Kind() == reflect.Func && t.NumIn() == 2 && t.NumOut() == 2 {
			m[t.Out(0)] = reflect.ValueOf(f)
		}
	}
	return m
}

// WithUnmarshalerMap returns a context carrying maps, for
// UnmarshalInputFromContext.
//
// Deprecated: use WithInputUnmarshalerIndex.
func WithUnmarshalerMap(ctx context.Context, maps map[reflect.Type]reflect.Value) context.Context {
	return context.WithValue(ctx, unmarshalerMapCtxKey, maps)
}

// UnmarshalInputFromContext unmarshals raw into v, choosing the input
// object by the Go type v points to. When the context has an index, an
// error names the candidates if several inputs share that type.
//
// Deprecated: use UnmarshalNamedInputFromContext, which chooses by name.
func UnmarshalInputFromContext(ctx context.Context, raw, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errNotAPointer
	}
	target := rv.Elem().Type()
	if idx := inputIndex(ctx); idx != nil {
		names := idx.namesFor(target)
		switch len(names) {
		case 0:
			return errNoUnmarshaller
		case 1:
			return idx.byName[names[0]].unmarshalInto(ctx, raw, v)
		}
		return fmt.Errorf("graphql: %d input types unmarshal to %s (%s); use UnmarshalNamedInputFromContext",
			len(names), target, strings.Join(names, ", "))
	}
	m, _ := ctx.Value(unmarshalerMapCtxKey).(map[reflect.Type]reflect.Value)
	if m == nil {
		return errNoInputIndex
	}
	fn, ok := m[target]
	if !ok {
		return errNoUnmarshaller
	}
	arg := reflect.ValueOf(raw)
	if !arg.IsValid() {
		arg = reflect.Zero(fn.Type().In(1))
	}
	out := fn.Call([]reflect.Value{reflect.ValueOf(ctx), arg})
	if err, _ := out[1].Interface().(error); err != nil {
		return err
	}
	return storeUnmarshaled(rv.Elem(), out[0])
}

// UnmarshalInputField reads the field name of an input object from raw,
// the object's map, into *dst, when it is present: unmarshal (the
// generated unmarshaller of the field's type, as a method expression of
// ec's type) gets the raw value under a path naming the field. *dst is
// left alone when the field is absent or unmarshal fails, whose error is
// returned.
func UnmarshalInputField[E, T any](ctx context.Context, ec E, raw map[string]any, name string,
	unmarshal func(E, context.Context, any) (T, error), dst *T,
) error {
	v, ok := raw[name]
	if !ok {
		return nil
	}
	data, err := unmarshal(ec, WithPathContext(ctx, NewPathWithField(name)), v)
	if err != nil {
		return err
	}
	*dst = data
	return nil
}

// UnmarshalInputSharedField is UnmarshalInputField for a field read under a
// path position shared with its siblings: ctx already carries pos, whose
// field name is set to name before the value is read, so no context is
// allocated for the field (generated code; see UnmarshalInputField).
func UnmarshalInputSharedField[E, T any](ctx context.Context, pos *PathContext, ec E, raw map[string]any, name string,
	unmarshal func(E, context.Context, any) (T, error), dst *T,
) error {
	v, ok := raw[name]
	if !ok {
		return nil
	}
	*pos.Field = name
	data, err := unmarshal(ec, ctx, v)
	if err != nil {
		return err
	}
	*dst = data
	return nil
}

package graphql

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// resolveCase runs ResolveField[string] for one field called "f" with the
// given resolver and middleware, and reports the result written, the
// errors, and the FieldContext.
type resolveCase struct {
	resolver    func(ctx context.Context) (any, error)
	directives  func(ctx context.Context, next Resolver) Resolver
	fieldMW     FieldMiddleware
	markNonNull bool // the middleware calls MarkNonNull
	nonNull     bool
	initErr     error
}

type resolveOutcome struct {
	result Marshaler
	errors []string
	fc     *FieldContext
}

func (c resolveCase) run(t *testing.T) resolveOutcome {
	t.Helper()
	mw := c.fieldMW
	if mw == nil {
		mw = PassthroughFieldMiddleware
	}
	if c.markNonNull {
		inner := mw
		mw = func(ctx context.Context, next Resolver) (any, error) {
			MarkNonNull(ctx)
			return inner(ctx, next)
		}
	}
	oc := &OperationContext{ResolverMiddleware: mw, RecoverFunc: func(_ context.Context, v any) error { return fmt.Errorf("panic: %v", v) }}
	ctx := newResponseCtx(t)
	field := CollectedField{Field: &ast.Field{Name: "f", Alias: "f", Position: &ast.Position{Line: 2, Column: 3}}}
	var fc *FieldContext
	res := ResolveField(ctx, oc, field,
		func(context.Context, CollectedField) (*FieldContext, error) {
			if c.initErr != nil {
				return nil, c.initErr
			}
			fc = &FieldContext{Object: "Obj", Field: field, IsResolver: true}
			return fc, nil
		},
		c.resolver, c.directives,
		func(ctx context.Context, _ ast.SelectionSet, v string) Marshaler {
			if v == "explode" {
				panic("in marshal")
			}
			if tag, _ := ctx.Value(ctxMark{}).(string); tag != "" {
				v += "+" + tag
			}
			return MarshalString(v)
		},
		true, c.nonNull)
	return resolveOutcome{res, errorMessages(GetErrors(ctx)), fc}
}

func value(v any, err error) func(context.Context) (any, error) {
	return func(context.Context) (any, error) { return v, err }
}

func TestResolveField(t *testing.T) {
	tagging := func(ctx context.Context, next Resolver) (any, error) {
		return next(context.WithValue(ctx, ctxMark{}, "mw"))
	}
	tests := []struct {
		name       string
		c          resolveCase
		want       Marshaler // compared by identity when Null or RequiredNull
		wantText   string
		wantErrors []string
	}{
		{name: "value", c: resolveCase{resolver: value("v", nil)}, wantText: `"v"`},
		{name: "error in nullable", c: resolveCase{resolver: value(nil, errors.New("bad"))}, want: Null, wantErrors: []string{"bad"}},
		{name: "error in non-null", c: resolveCase{resolver: value(nil, errors.New("bad")), nonNull: true}, want: Null, wantErrors: []string{"bad"}},
		{name: "error in runtime non-null", c: resolveCase{resolver: value(nil, errors.New("bad")), markNonNull: true}, want: RequiredNull, wantErrors: []string{"bad"}},
		{name: "nil in nullable", c: resolveCase{resolver: value(nil, nil)}, want: Null},
		{name: "nil in non-null", c: resolveCase{resolver: value(nil, nil), nonNull: true}, want: Null,
			wantErrors: []string{"cannot return null for non-null field Obj.f: the resolver returned nil"}},
		{name: "nil in runtime non-null", c: resolveCase{resolver: value(nil, nil), markNonNull: true}, want: RequiredNull,
			wantErrors: []string{"cannot return null for non-null field Obj.f: the field was marked non-null at runtime and resolved to nil"}},
		{name: "wrong type", c: resolveCase{resolver: value(42, nil)}, want: Null,
			wantErrors: []string{"unexpected type int from middleware/directive chain, should be string"}},
		{name: "marshaler from middleware", c: resolveCase{resolver: value(MarshalInt(7), nil)}, wantText: `7`},
		{name: "panic in resolver", c: resolveCase{resolver: func(context.Context) (any, error) { panic("oops") }}, want: Null,
			wantErrors: []string{"panic: oops"}},
		{name: "panic in marshal", c: resolveCase{resolver: value("explode", nil)}, want: Null, wantErrors: []string{"panic: in marshal"}},
		{name: "field context fails", c: resolveCase{resolver: value("v", nil), initErr: errors.New("no")}, want: Null},
		{name: "children see the middleware's context", c: resolveCase{resolver: value("v", nil), fieldMW: tagging}, wantText: `"v+mw"`},
		{name: "children see the directives' context", c: resolveCase{resolver: value("v", nil),
			directives: func(_ context.Context, next Resolver) Resolver {
				return func(ctx context.Context) (any, error) { return next(context.WithValue(ctx, ctxMark{}, "dir")) }
			}}, wantText: `"v+dir"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.c.run(t)
			if tt.want != nil && got.result != tt.want {
				t.Errorf("result %v (%s), want identity with %v", got.result, written(got.result), tt.want)
			}
			if tt.wantText != "" && written(got.result) != tt.wantText {
				t.Errorf("wrote %s, want %s", written(got.result), tt.wantText)
			}
			if !equalStrings(got.errors, tt.wantErrors) {
				t.Errorf("errors %q, want %q", got.errors, tt.wantErrors)
			}
			if tt.wantText != "" && got.fc.Result == nil {
				t.Error("FieldContext.Result not set")
			}
		})
	}
}

func TestResolveFieldErrorLocationAndPath(t *testing.T) {
	got := resolveCase{resolver: value(nil, errors.New("bad"))}
	oc := &OperationContext{ResolverMiddleware: PassthroughFieldMiddleware}
	ctx := newResponseCtx(t)
	field := CollectedField{Field: &ast.Field{Name: "f", Alias: "g", Position: &ast.Position{Line: 4, Column: 5}}}
	ResolveField(ctx, oc, field,
		func(context.Context, CollectedField) (*FieldContext, error) { return &FieldContext{Field: field}, nil },
		got.resolver, nil,
		func(context.Context, ast.SelectionSet, string) Marshaler { return nil }, false, false)
	errs := GetErrors(ctx)
	if len(errs) != 1 || errs[0].Path.String() != "g" || len(errs[0].Locations) != 1 || errs[0].Locations[0] != (gqlerror.Location{Line: 4, Column: 5}) {
		t.Errorf("error %+v", errs)
	}
}

func TestMiddlewareOrder(t *testing.T) {
	var order []string
	step := func(name string) func(ctx context.Context, next Resolver) (any, error) {
		return func(ctx context.Context, next Resolver) (any, error) {
			order = append(order, name)
			return next(ctx)
		}
	}
	c := resolveCase{
		resolver: func(context.Context) (any, error) { order = append(order, "resolver"); return "v", nil },
		fieldMW:  step("field middleware"),
		directives: func(_ context.Context, next Resolver) Resolver {
			return func(ctx context.Context) (any, error) { return step("directive")(ctx, next) }
		},
	}
	c.run(t)
	if !equalStrings(order, []string{"field middleware", "directive", "resolver"}) {
		t.Errorf("order %q", order)
	}
}

func TestHasFieldMiddleware(t *testing.T) {
	var f FieldMiddleware = PassthroughFieldMiddleware
	tests := []struct {
		mw   FieldMiddleware
		want bool
	}{
		{nil, false},
		{PassthroughFieldMiddleware, false},
		{f, false},
		{func(ctx context.Context, next Resolver) (any, error) { return next(ctx) }, true},
		{func(ctx context.Context, next Resolver) (any, error) { return PassthroughFieldMiddleware(ctx, next) }, true},
	}
	for i, tt := range tests {
		if got := (&OperationContext{ResolverMiddleware: tt.mw}).HasFieldMiddleware(); got != tt.want {
			t.Errorf("%d: HasFieldMiddleware = %v", i, got)
		}
	}
}

func streamField() CollectedField {
	return CollectedField{Field: &ast.Field{Name: "tick", Alias: "t"}}
}

func streamInit(_ context.Context, f CollectedField) (*FieldContext, error) {
	return &FieldContext{Object: "Subscription", Field: f, IsResolver: true}, nil
}

func TestResolveFieldStream(t *testing.T) {
	oc := &OperationContext{RecoverFunc: DefaultRecover}
	ctx := newResponseCtx(t)
	ch := make(chan int, 2)
	ch <- 1
	ch <- 2
	close(ch)
	next := ResolveFieldStream(ctx, oc, streamField(), streamInit, value((<-chan int)(ch), nil), nil,
		func(_ context.Context, _ ast.SelectionSet, v int) Marshaler { return MarshalInt(v * 10) }, true, true)
	for _, want := range []string{`{"t":10}`, `{"t":20}`} {
		if got := writtenEverywhere(t, next(ctx)); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	if m := next(ctx); m != nil {
		t.Errorf("closed stream yielded %v", m)
	}

	blocked := make(chan int)
	next = ResolveFieldStream(ctx, oc, streamField(), streamInit, value((<-chan int)(blocked), nil), nil,
		func(context.Context, ast.SelectionSet, int) Marshaler { return Null }, true, true)
	done, cancel := context.WithCancel(ctx)
	cancel()
	if m := next(done); m != nil {
		t.Error("a done context yielded a value")
	}

	// Failures give a nil reader.
	for _, tt := range []struct {
		resolver func(context.Context) (any, error)
		want     string
	}{
		{value(nil, errors.New("no stream")), "no stream"},
		{value(nil, nil), "cannot return null for non-null field Subscription.tick: the resolver returned nil"},
		{value("x", nil), "unexpected type string from middleware/directive chain, should be <-chan int"},
	} {
		ctx := newResponseCtx(t)
		if f := ResolveFieldStream(ctx, oc, streamField(), streamInit, tt.resolver, nil,
			func(context.Context, ast.SelectionSet, int) Marshaler { return Null }, true, true); f != nil {
			t.Errorf("%s: got a reader", tt.want)
		}
		if got := errorMessages(GetErrors(ctx)); !equalStrings(got, []string{tt.want}) {
			t.Errorf("errors %q, want %q", got, tt.want)
		}
	}
}

func TestResolveFieldStreamWithEventContext(t *testing.T) {
	oc := &OperationContext{RecoverFunc: DefaultRecover}
	ctx := newResponseCtx(t)
	evCtx := context.WithValue(ctx, ctxMark{}, "event")
	ch := make(chan Event[string], 2)
	ch <- Event[string]{Context: evCtx, Value: "a"}
	ch <- Event[string]{Value: "b"}
	close(ch)
	next := ResolveFieldStreamWithEventContext(ctx, oc, streamField(), streamInit, value((<-chan Event[string])(ch), nil), nil,
		func(_ context.Context, _ ast.SelectionSet, v string) Marshaler { return MarshalString(v) }, true, true)
	readCtx := context.WithValue(ctx, ctxMark{}, "reader")
	for _, want := range []struct{ tag, data string }{{"event", `{"t":"a"}`}, {"reader", `{"t":"b"}`}} {
		c, m := next(readCtx)
		if c.Value(ctxMark{}) != want.tag || written(m) != want.data {
			t.Errorf("got %v %s, want %s %s", c.Value(ctxMark{}), written(m), want.tag, want.data)
		}
	}
	if c, m := next(readCtx); c != readCtx || m != nil {
		t.Error("closed stream yielded a value")
	}
	// A middleware may hand back the reader itself.
	reader := func(ctx context.Context) (context.Context, Marshaler) { return ctx, True }
	if f := ResolveFieldStreamWithEventContext(ctx, oc, streamField(), streamInit, value(reader, nil), nil,
		func(context.Context, ast.SelectionSet, string) Marshaler { return nil }, true, true); f == nil {
		t.Error("reader from the middleware not returned")
	} else if _, m := f(ctx); m != True {
		t.Error("wrong reader returned")
	}
}

func TestSubscriptionHandlers(t *testing.T) {
	ctx := t.Context()
	evCtx := context.WithValue(ctx, ctxMark{}, "ev")
	n := 0
	next := func(ctx context.Context) (context.Context, Marshaler) {
		n++
		if n > 2 {
			return evCtx, nil
		}
		return evCtx, MarshalInt(n)
	}
	h := SubscriptionEventResponseHandler(next)
	for i := 1; i <= 2; i++ {
		c, resp := h(ctx)
		if c != evCtx || string(resp.Data) != fmt.Sprint(i) {
			t.Errorf("event %d: %v %s", i, c.Value(ctxMark{}), resp.Data)
		}
	}
	if c, resp := h(ctx); c != ctx || resp != nil {
		t.Error("end of stream not reported")
	}

	n = 0
	plain := SubscriptionResponseHandler(StreamWithoutEventContext(func(context.Context) Marshaler {
		n++
		if n > 1 {
			return nil
		}
		return MarshalString("x")
	}))
	if resp := plain(ctx); string(resp.Data) != `"x"` {
		t.Errorf("got %s", resp.Data)
	}
	if plain(ctx) != nil {
		t.Error("end of stream not reported")
	}
	if NullStream()(ctx) != Null {
		t.Error("NullStream")
	}
	if c, m := NullEventStream()(evCtx); c != evCtx || m != Null {
		t.Error("NullEventStream")
	}
}

func TestResolveFieldStreamPanics(t *testing.T) {
	oc := &OperationContext{RecoverFunc: func(context.Context, any) error { return errors.New("recovered") }}
	ctx := newResponseCtx(t)
	explode := func(context.Context) (any, error) { panic("x") }
	if f := ResolveFieldStream(ctx, oc, streamField(), streamInit, explode, nil,
		func(context.Context, ast.SelectionSet, int) Marshaler { return nil }, true, false); f != nil {
		t.Error("got a reader")
	}
	if f := ResolveFieldStreamWithEventContext(ctx, oc, streamField(), streamInit, explode, nil,
		func(context.Context, ast.SelectionSet, int) Marshaler { return nil }, true, false); f != nil {
		t.Error("got a reader")
	}
	if got := errorMessages(GetErrors(ctx)); !equalStrings(got, []string{"recovered", "recovered"}) {
		t.Errorf("errors %q", got)
	}
}

// direct resolves field "f" the way generated code does with the Field*
// helpers, calling resolver without ResolveField.
func direct(ctx context.Context, oc *OperationContext, field CollectedField, nonNull bool, resolver func(context.Context) (any, error)) (ret Marshaler) {
	fc := &FieldContext{Object: "Obj", Field: field, IsMethod: true, IsResolver: true}
	ctx = WithFieldContext(ctx, fc)
	defer func() {
		if r := recover(); r != nil {
			ret = FieldPanicResult(ctx, oc, r)
		}
	}()
	v, err := resolver(ctx)
	if err != nil {
		return FieldErrorResult(ctx, oc, fc, err, nonNull)
	}
	if v == nil {
		return FieldNilResult(ctx, fc, nonNull)
	}
	fc.Result = v
	return MarshalString(v.(string))
}

// The Field* helpers give what ResolveField gives.
func TestDirectResolutionMatchesResolveField(t *testing.T) {
	markThen := func(v any, err error) func(context.Context) (any, error) {
		return func(ctx context.Context) (any, error) {
			MarkNonNull(ctx)
			return v, err
		}
	}
	cases := map[string]resolveCase{
		"value":                     {resolver: value("v", nil)},
		"error":                     {resolver: value(nil, errors.New("bad"))},
		"error in non-null":         {resolver: value(nil, errors.New("bad")), nonNull: true},
		"nil":                       {resolver: value(nil, nil)},
		"nil in non-null":           {resolver: value(nil, nil), nonNull: true},
		"resolver marks error":      {resolver: markThen(nil, errors.New("bad"))},
		"resolver marks nil":        {resolver: markThen(nil, nil)},
		"panic":                     {resolver: func(context.Context) (any, error) { panic("oops") }},
		"resolver marks, has value": {resolver: markThen("v", nil)},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			want := c.run(t)
			oc := &OperationContext{ResolverMiddleware: PassthroughFieldMiddleware, RecoverFunc: func(_ context.Context, v any) error { return fmt.Errorf("panic: %v", v) }}
			ctx := newResponseCtx(t)
			field := CollectedField{Field: &ast.Field{Name: "f", Alias: "f", Position: &ast.Position{Line: 2, Column: 3}}}
			got := direct(ctx, oc, field, c.nonNull, c.resolver)
			if (want.result == Null) != (got == Null) || (want.result == RequiredNull) != (got == RequiredNull) || written(want.result) != written(got) {
				t.Errorf("direct gave %s (%p), ResolveField %s (%p)", written(got), got, written(want.result), want.result)
			}
			if errs := errorMessages(GetErrors(ctx)); !equalStrings(errs, want.errors) {
				t.Errorf("direct errors %q, ResolveField %q", errs, want.errors)
			}
		})
	}
}

package graphql

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

func named(alias string) CollectedField {
	return CollectedField{Field: &ast.Field{Name: alias, Alias: alias}}
}

// fieldChain attaches field contexts for the path users[3].friends[0].name
// and returns the innermost context.
func fieldChain(ctx context.Context) context.Context {
	i3, i0 := 3, 0
	for _, fc := range []*FieldContext{
		{Field: named("users")},
		{Index: &i3},
		{Field: named("friends")},
		{Index: &i0},
		{Field: named("name")},
	} {
		ctx = WithFieldContext(ctx, fc)
	}
	return ctx
}

func TestFieldContext(t *testing.T) {
	if GetFieldContext(t.Context()) != nil || GetPath(t.Context()) != nil {
		t.Fatal("empty context has a field context")
	}
	ctx := fieldChain(t.Context())
	fc := GetFieldContext(ctx)
	if fc.Field.Alias != "name" || fc.Parent.Index == nil || *fc.Parent.Index != 0 {
		t.Fatalf("innermost field context %+v", fc)
	}
	want := "users[3].friends[0].name"
	if got := fc.Path().String(); got != want {
		t.Errorf("Path() = %s, want %s", got, want)
	}
	if got := GetPath(ctx).String(); got != want {
		t.Errorf("GetPath = %s, want %s", got, want)
	}
	if GetResolverContext(ctx) != fc {
		t.Error("GetResolverContext differs from GetFieldContext")
	}

	// A context with neither field nor index adds nothing to the path.
	if p := (&FieldContext{}).Path(); p != nil {
		t.Errorf("empty FieldContext path = %v", p)
	}
	bare := WithFieldContext(ctx, &FieldContext{Object: "X"})
	if got := GetPath(bare).String(); got != want {
		t.Errorf("path through an empty FieldContext = %s", got)
	}

	MarkNonNull(ctx)
	if !fc.NonNull {
		t.Error("MarkNonNull did not mark the field")
	}
	MarkNonNull(t.Context()) // no field: nothing to do, no panic
}

func TestFieldContextRebinding(t *testing.T) {
	type tag struct{}
	a := context.WithValue(t.Context(), tag{}, "a")
	b := context.WithValue(t.Context(), tag{}, "b")
	fc := &FieldContext{Field: named("f")}
	ca := WithFieldContext(a, fc)
	cb := WithFieldContext(b, fc)
	if ca.Value(tag{}) != "a" || cb.Value(tag{}) != "b" {
		t.Errorf("binding a FieldContext twice mixed up its parents: %v, %v", ca.Value(tag{}), cb.Value(tag{}))
	}
	if GetFieldContext(ca) != fc || GetFieldContext(cb) != fc {
		t.Error("a bound context does not carry its FieldContext")
	}
	copied := *fc
	cc := WithFieldContext(ca, &copied)
	if GetFieldContext(cc) != &copied || copied.Parent != fc || cc.Value(tag{}) != "a" {
		t.Error("a copied FieldContext was not bound afresh")
	}
}

func TestContextNodesBehaveAsContexts(t *testing.T) {
	deadline := time.Now().Add(time.Hour)
	base, cancel := context.WithDeadline(t.Context(), deadline)
	ctx := WithPathContext(fieldChain(base), NewPathWithField("arg"))

	if d, ok := ctx.Deadline(); !ok || !d.Equal(deadline) {
		t.Errorf("Deadline() = %v, %v", d, ok)
	}
	child, stop := context.WithCancel(ctx)
	defer stop()
	if ctx.Err() != nil || child.Err() != nil {
		t.Fatal("context done too early")
	}
	cancel()
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Fatal("cancelling the parent did not reach the field context")
	}
	<-child.Done()
	if !errors.Is(ctx.Err(), context.Canceled) || !errors.Is(child.Err(), context.Canceled) {
		t.Errorf("Err() = %v, %v", ctx.Err(), child.Err())
	}
	s := fmt.Sprint(ctx)
	if !strings.Contains(s, "WithValue(graphql.PathContext)") || !strings.Contains(s, "WithValue(graphql.FieldContext)") {
		t.Errorf("String() = %s", s)
	}
	if fmt.Sprint(WithFieldContext(stringless{t.Context()}, &FieldContext{})) != "context.WithValue(graphql.FieldContext)" {
		t.Error("String() of a context over a parent without a name")
	}
}

type stringless struct{ context.Context }

func TestPathContext(t *testing.T) {
	ctx := fieldChain(t.Context())
	ctx = WithPathContext(ctx, NewPathWithField("input"))
	ctx = WithPathContext(ctx, NewPathWithField("tags"))
	ctx = WithPathContext(ctx, NewPathWithIndex(2))
	pc := GetPathContext(ctx)
	if pc == nil || *pc.Index != 2 || pc.Field != nil || *pc.Parent.Field != "tags" {
		t.Fatalf("innermost path context %+v", pc)
	}
	want := "users[3].friends[0].name.input.tags[2]"
	if got := GetPath(ctx).String(); got != want {
		t.Errorf("GetPath = %s, want %s", got, want)
	}
	if got := pc.Path().String(); got != want {
		t.Errorf("Path() = %s, want %s", got, want)
	}

	// Without a field context the path starts at the input.
	top := WithPathContext(t.Context(), NewPathWithField("id"))
	if got := GetPath(top); len(got) != 1 || got[0] != ast.PathName("id") {
		t.Errorf("GetPath without a field = %v", got)
	}
	// An empty PathContext contributes nothing.
	if p := (&PathContext{}).Path(); p != nil {
		t.Errorf("empty PathContext path = %v", p)
	}
	withField := &PathContext{ParentField: GetFieldContext(ctx)}
	if got := withField.Path().String(); got != "users[3].friends[0].name" {
		t.Errorf("PathContext with only a parent field = %s", got)
	}
	// Only the innermost context's parent field counts.
	inner := &PathContext{Field: new("x"), Parent: &PathContext{Index: new(1), ParentField: GetFieldContext(ctx)}}
	if got := inner.Path().String(); got != "[1].x" {
		t.Errorf("path = %s", got)
	}
	// A literal PathContext can be bound too.
	lit := &PathContext{Field: new("lit")}
	if got := GetPath(WithPathContext(t.Context(), lit)).String(); got != "lit" {
		t.Errorf("literal path context = %s", got)
	}
}

func TestRootFieldContext(t *testing.T) {
	if GetRootFieldContext(t.Context()) != nil {
		t.Fatal("empty context has a root field context")
	}
	rc := &RootFieldContext{Object: "Query", Field: named("me")}
	if GetRootFieldContext(WithRootFieldContext(t.Context(), rc)) != rc {
		t.Error("root field context not found")
	}
}

func TestOperationContext(t *testing.T) {
	if HasOperationContext(t.Context()) {
		t.Fatal("empty context has an operation context")
	}
	mustPanic(t, "missing operation context", func() { GetOperationContext(t.Context()) })
	nilOC := WithOperationContext(t.Context(), nil)
	if HasOperationContext(nilOC) {
		t.Error("a nil operation context counts as present")
	}
	mustPanic(t, "missing operation context", func() { GetOperationContext(nilOC) })

	oc := &OperationContext{RawQuery: "{a}"}
	ctx := WithOperationContext(t.Context(), oc)
	if !HasOperationContext(ctx) || GetOperationContext(ctx) != oc || GetRequestContext(ctx) != oc {
		t.Error("operation context not found")
	}
}

func TestOperationContextValidate(t *testing.T) {
	mw := func(ctx context.Context, next Resolver) (any, error) { return next(ctx) }
	rmw := func(ctx context.Context, next RootResolver) Marshaler { return next(ctx) }
	tests := []struct {
		oc  OperationContext
		err string
	}{
		{OperationContext{}, "field 'Doc'is required"},
		{OperationContext{Doc: &ast.QueryDocument{}}, "field 'RawQuery' is required"},
		{OperationContext{Doc: &ast.QueryDocument{}, RawQuery: "{a}"}, "field 'ResolverMiddleware' is required"},
		{OperationContext{Doc: &ast.QueryDocument{}, RawQuery: "{a}", ResolverMiddleware: mw}, "field 'RootResolverMiddleware' is required"},
	}
	for i := range tests {
		if err := tests[i].oc.Validate(t.Context()); err == nil || err.Error() != tests[i].err {
			t.Errorf("Validate() = %v, want %s", err, tests[i].err)
		}
	}
	oc := &OperationContext{Doc: &ast.QueryDocument{}, RawQuery: "{a}", ResolverMiddleware: mw, RootResolverMiddleware: rmw}
	if err := oc.Validate(t.Context()); err != nil {
		t.Fatal(err)
	}
	if oc.Variables == nil || oc.RecoverFunc == nil {
		t.Error("Validate did not fill in the defaults")
	}
	custom := RecoverFunc(func(context.Context, any) error { return nil })
	oc = &OperationContext{Doc: &ast.QueryDocument{}, RawQuery: "{a}", ResolverMiddleware: mw, RootResolverMiddleware: rmw, RecoverFunc: custom, Variables: map[string]any{"v": 1}}
	if err := oc.Validate(t.Context()); err != nil || oc.Variables["v"] != 1 || oc.RecoverFunc == nil {
		t.Error("Validate replaced values that were set")
	}
}

func newResponseCtx(t testing.TB) context.Context {
	return WithResponseContext(t.Context(), DefaultErrorPresenter, func(_ context.Context, v any) error {
		return fmt.Errorf("recovered: %v", v)
	})
}

func TestAddError(t *testing.T) {
	ctx := newResponseCtx(t)
	AddError(ctx, nil)
	if GetErrors(ctx) != nil {
		t.Fatal("AddError(nil) added an error")
	}
	AddError(ctx, errors.New("at root"))
	fctx := fieldChain(ctx)
	AddError(fctx, errors.New("plain"))
	AddErrorf(fctx, "formatted %d", 7)
	tagged := &gqlerror.Error{Message: "tagged", Path: ast.Path{ast.PathName("elsewhere")}}
	AddError(fctx, tagged)
	wrapped := fmt.Errorf("wrapping: %w", &gqlerror.Error{Message: "inner"})
	AddError(fctx, wrapped)

	errs := GetErrors(ctx)
	got := make([]string, len(errs))
	for i, e := range errs {
		got[i] = e.Message + "@" + e.Path.String()
	}
	want := []string{
		"at root@",
		"plain@users[3].friends[0].name",
		"formatted 7@users[3].friends[0].name",
		"tagged@elsewhere",
		"inner@users[3].friends[0].name",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("errors:\n got %v\nwant %v", got, want)
	}

	// GetErrors hands out copies.
	errs[0].Message = "changed"
	if GetErrors(ctx)[0].Message != "at root" {
		t.Error("GetErrors returned the response's own errors")
	}

	fc := GetFieldContext(fctx)
	if !HasFieldError(ctx, fc) || HasFieldError(ctx, fc.Parent) {
		t.Error("HasFieldError")
	}
	if n := len(GetFieldErrors(ctx, fc)); n != 3 {
		t.Errorf("GetFieldErrors = %d errors, want 3", n)
	}
	if GetFieldErrors(ctx, fc.Parent) != nil {
		t.Error("GetFieldErrors for a field without errors is not nil")
	}
	empty := newResponseCtx(t)
	if HasFieldError(empty, fc) || GetFieldErrors(empty, fc) != nil {
		t.Error("errors reported for a fresh response")
	}
}

func TestErrorPresenterAndList(t *testing.T) {
	var seen []string
	presenter := func(ctx context.Context, err error) *gqlerror.Error {
		// ErrorOnPath has already made every error a *gqlerror.Error.
		msg := err.(*gqlerror.Error).Message
		seen = append(seen, msg)
		if strings.HasPrefix(msg, "drop") {
			return nil
		}
		return &gqlerror.Error{Message: "presented: " + msg}
	}
	ctx := WithResponseContext(t.Context(), presenter, nil)
	oc := &OperationContext{}
	oc.Error(ctx, gqlerror.List{{Message: "one"}, {Message: "drop two"}})
	oc.Error(ctx, errors.New("three"))
	oc.Errorf(ctx, "four %s", "4")
	var msgs []string
	for _, e := range GetErrors(ctx) {
		msgs = append(msgs, e.Message)
	}
	if strings.Join(msgs, "|") != "presented: one|presented: three|presented: four 4" {
		t.Errorf("messages = %v (presenter saw %v)", msgs, seen)
	}
}

func TestRecover(t *testing.T) {
	ctx := fieldChain(newResponseCtx(t))
	err := Recover(ctx, "boom")
	var gqlErr *gqlerror.Error
	if !errors.As(err, &gqlErr) || gqlErr.Message != "recovered: boom" || gqlErr.Path.String() != "users[3].friends[0].name" {
		t.Errorf("Recover = %#v", err)
	}

	oc := &OperationContext{RecoverFunc: func(_ context.Context, v any) error {
		return &gqlerror.Error{Message: fmt.Sprint("op: ", v)}
	}}
	err = oc.Recover(ctx, 42)
	if !errors.As(err, &gqlErr) || gqlErr.Message != "op: 42" || gqlErr.Path.String() != "users[3].friends[0].name" {
		t.Errorf("OperationContext.Recover = %#v", err)
	}
	mustPanic(t, "missing response context", func() { Recover(t.Context(), 1) })
}

func TestDefaultRecover(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	got := DefaultRecover(t.Context(), "kaput")
	os.Stderr = stderr
	_ = w.Close()
	out, _ := io.ReadAll(r)

	if got == nil || got.Error() != "input: internal system error" {
		t.Errorf("DefaultRecover = %v", got)
	}
	if _, ok := got.(*gqlerror.Error); !ok {
		t.Errorf("DefaultRecover returned %T", got)
	}
	if !strings.HasPrefix(string(out), "kaput\n\n") || !strings.Contains(string(out), "goroutine") {
		t.Errorf("DefaultRecover printed %q", out)
	}
}

func TestErrorOnPath(t *testing.T) {
	ctx := fieldChain(t.Context())
	if ErrorOnPath(ctx, nil) != nil {
		t.Error("ErrorOnPath(nil) is not nil")
	}
	plain := errors.New("plain")
	err := ErrorOnPath(ctx, plain)
	var gqlErr *gqlerror.Error
	if !errors.As(err, &gqlErr) || gqlErr.Path.String() != "users[3].friends[0].name" || !errors.Is(err, plain) {
		t.Errorf("ErrorOnPath(plain) = %#v", err)
	}

	inner := &gqlerror.Error{Message: "inner"}
	outer := fmt.Errorf("outer: %w", inner)
	if got := ErrorOnPath(ctx, outer); got != outer || inner.Path.String() != "users[3].friends[0].name" {
		t.Errorf("ErrorOnPath did not keep the wrapper or fill the path: %v, %v", got, inner.Path)
	}
	kept := &gqlerror.Error{Message: "kept", Path: ast.Path{ast.PathIndex(9)}}
	if ErrorOnPath(ctx, kept) != kept || kept.Path.String() != "[9]" {
		t.Error("ErrorOnPath replaced an existing path")
	}

	if DefaultErrorPresenter(ctx, nil) != nil {
		t.Error("DefaultErrorPresenter(nil) is not nil")
	}
	if DefaultErrorPresenter(ctx, outer) != inner {
		t.Error("DefaultErrorPresenter did not unwrap to the gqlerror")
	}
	if p := DefaultErrorPresenter(ctx, plain); p.Message != "plain" || p.Path.String() != "users[3].friends[0].name" || p.Unwrap() != plain {
		t.Errorf("DefaultErrorPresenter(plain) = %#v", p)
	}
}

func TestAddFieldLocationToError(t *testing.T) {
	plain := errors.New("plain")
	if AddFieldLocationToError(t.Context(), nil) != nil || AddFieldLocationToError(t.Context(), plain) != plain {
		t.Error("without a field the error must pass unchanged")
	}
	noPos := WithFieldContext(t.Context(), &FieldContext{Field: named("a")})
	if AddFieldLocationToError(noPos, plain) != plain {
		t.Error("without a position the error must pass unchanged")
	}
	zeroLine := WithFieldContext(t.Context(), &FieldContext{Field: CollectedField{Field: &ast.Field{Alias: "a", Position: &ast.Position{}}}})
	if AddFieldLocationToError(zeroLine, plain) != plain {
		t.Error("with line 0 the error must pass unchanged")
	}
	if AddFieldLocationToError(WithFieldContext(t.Context(), &FieldContext{}), plain) != plain {
		t.Error("with no field the error must pass unchanged")
	}

	ctx := WithFieldContext(t.Context(), &FieldContext{Field: CollectedField{Field: &ast.Field{
		Alias: "hero", Position: &ast.Position{Line: 3, Column: 5},
	}}})
	err := AddFieldLocationToError(ctx, plain)
	var gqlErr *gqlerror.Error
	if !errors.As(err, &gqlErr) || len(gqlErr.Locations) != 1 || gqlErr.Locations[0] != (gqlerror.Location{Line: 3, Column: 5}) ||
		gqlErr.Path.String() != "hero" || !errors.Is(err, plain) {
		t.Errorf("AddFieldLocationToError(plain) = %#v", err)
	}

	own := &gqlerror.Error{Message: "own"}
	wrapped := fmt.Errorf("w: %w", own)
	if AddFieldLocationToError(ctx, wrapped) != wrapped || len(own.Locations) != 1 || own.Locations[0].Line != 3 {
		t.Error("a gqlerror in the chain did not get the location")
	}
	located := &gqlerror.Error{Message: "located", Locations: []gqlerror.Location{{Line: 1, Column: 1}}}
	if AddFieldLocationToError(ctx, located) != located || located.Locations[0].Line != 1 {
		t.Error("an existing location was replaced")
	}
}

func TestExtensions(t *testing.T) {
	ctx := newResponseCtx(t)
	if got := GetExtensions(ctx); got == nil || len(got) != 0 {
		t.Errorf("GetExtensions on a fresh response = %#v", got)
	}
	if GetExtension(ctx, "x") != nil {
		t.Error("GetExtension on a fresh response is not nil")
	}
	RegisterExtension(ctx, "tracing", 1)
	RegisterExtension(ctx, "cost", map[string]any{"n": 2})
	if GetExtension(ctx, "tracing") != 1 || len(GetExtensions(ctx)) != 2 {
		t.Errorf("extensions = %v", GetExtensions(ctx))
	}
	mustPanic(t, "extension already registered for key tracing", func() { RegisterExtension(ctx, "tracing", 2) })

	fresh := WithFreshResponseContext(ctx)
	if len(GetExtensions(fresh)) != 0 || GetErrors(fresh) != nil {
		t.Error("fresh response context is not empty")
	}
	AddError(fresh, errors.New("e"))
	if GetErrors(ctx) != nil || len(GetErrors(fresh)) != 1 {
		t.Error("fresh response context shares errors with its parent")
	}
	if err := Recover(fresh, "x"); err == nil || !strings.Contains(err.Error(), "recovered: x") {
		t.Errorf("fresh response context lost the recover func: %v", err)
	}
	mustPanic(t, "missing response context", func() { AddError(t.Context(), errors.New("x")) })
	mustPanic(t, "missing response context", func() { WithFreshResponseContext(t.Context()) })
}

func TestResponseContextConcurrency(t *testing.T) {
	ctx := newResponseCtx(t)
	fctx := fieldChain(ctx)
	fc := GetFieldContext(fctx)
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Go(func() {
			AddErrorf(fctx, "e%d", i)
			RegisterExtension(ctx, fmt.Sprint("k", i), i)
			_ = HasFieldError(ctx, fc)
			_ = GetFieldErrors(ctx, fc)
			_ = GetErrors(ctx)
			_ = GetExtension(ctx, "k0")
		})
	}
	wg.Wait()
	if len(GetErrors(ctx)) != 32 || len(GetExtensions(ctx)) != 32 {
		t.Errorf("%d errors, %d extensions", len(GetErrors(ctx)), len(GetExtensions(ctx)))
	}
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Errorf("no panic, want %q", want)
			return
		}
		if got := fmt.Sprint(r); got != want {
			t.Errorf("panic %q, want %q", got, want)
		}
	}()
	f()
}

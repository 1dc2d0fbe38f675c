package graphql

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
)

// RaceEnabled lets the external tests skip allocation checks under -race.
const RaceEnabled = raceEnabled

// The fast paths promise fixed allocation counts; these pin them.
func TestExecutionAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	ctx := WithFieldContext(newResponseCtx(t), &FieldContext{Field: named("list")})
	five := fieldsNamed("a", "b", "c", "d", "e")
	oc := &OperationContext{ResolverMiddleware: PassthroughFieldMiddleware}
	full := NewFieldSetWithScalars(five)
	full.SetString(0, "text")
	full.SetInt(1, -5)
	full.SetFloat(2, 2.5)
	full.Values[3] = Array{WriterFunc(writeCustom), MarshalInt(1)}
	full.SetBoolean(4, true)
	var buf bytes.Buffer
	full.MarshalGQL(&buf)
	dst := make([]byte, 0, 1024)

	tests := []struct {
		name string
		want float64
		f    func()
	}{
		{"NewDeferredGroup", 0, func() { _ = NewDeferredGroup(ctx) }},
		{"HasFieldMiddleware", 0, func() { _ = oc.HasFieldMiddleware() }},
		{"NewFieldSet", 1, func() { _ = NewFieldSet(five) }},
		{"NewFieldSetWithScalars", 1, func() { _ = NewFieldSetWithScalars(five) }},
		{"Set methods", 0, func() {
			full.SetString(0, "text")
			full.SetInt(1, -5)
			full.SetUint(1, 5)
			full.SetFloat(2, 2.5)
			full.SetBoolean(4, true)
		}},
		{"object written to a buffer", 0, func() {
			buf.Reset()
			full.MarshalGQL(&buf)
		}},
		{"object appended", 0, func() { _ = AppendGQL(dst[:0], full) }},
		{"NewFieldSetUnder", 1, func() {
			_, _ = NewFieldSetUnder(ctx, LazyField{Info: lazyInfo, Field: &five[0], Result: full}, five)
		}},
		{"WithLazyFieldContext", 1, func() { sinkCtx = WithLazyFieldContext(ctx, lazyInfo, nil, &five[0], full) }},
		{"MarshalSlice", 2, func() {
			_ = MarshalSlice(ctx, 50, false, nil, func(context.Context, int) Marshaler { return Null })
		}},
		{"synchronous object with a deferred group", 1, func() {
			fs := NewFieldSetWithScalars(five)
			dg := NewDeferredGroup(ctx)
			for i := range five {
				fs.SetInt(i, int64(i))
			}
			fs.Dispatch(ctx)
			if len(dg.Defers) > 0 {
				t.Fatal("deferred")
			}
		}},
		{"object with one concurrent field", 2, func() {
			fs := NewFieldSet(five)
			dg := NewDeferredGroup(ctx)
			fs.ResolveFieldConcurrently(oc, &dg, 0, FieldRecoverPanics|FieldNonNull, nullField)
			fs.Dispatch(ctx)
		}},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(200, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

// sinkCtx keeps contexts on the heap, as a real caller would.
var sinkCtx context.Context

func nullField(context.Context) Marshaler { return Null }

var customBytes = []byte(`"custom"`)

func writeCustom(w io.Writer) { _, _ = w.Write(customBytes) }

func BenchmarkFieldSetWrite(b *testing.B) {
	fs := NewFieldSetWithScalars(fieldsNamed("id", "name", "age", "score", "active", "tags"))
	fs.SetString(0, "VXNlcjox")
	fs.SetString(1, "Ada Lovelace")
	fs.SetInt(2, 36)
	fs.SetFloat(3, 99.5)
	fs.SetBoolean(4, true)
	fs.Values[5] = Array{MarshalString("math"), MarshalString("engines")}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		fs.MarshalGQL(&buf)
	}
}

func BenchmarkMarshalSlice(b *testing.B) {
	ctx := WithFieldContext(context.Background(), &FieldContext{Field: named("list")})
	element := func(context.Context, int) Marshaler { return Null }
	b.Run("inline", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = MarshalSlice(ctx, 100, false, nil, element)
		}
	})
	b.Run("concurrent", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = MarshalSliceConcurrently(ctx, 100, 0, false, element)
		}
	})
}

// BenchmarkResolveField resolves one String field whose resolver reads a
// struct: through ResolveField as upstream-style code does, with and
// without field middleware, and directly with the Field* helpers.
func BenchmarkResolveField(b *testing.B) {
	ctx := WithFieldContext(newResponseCtx(b), &FieldContext{Field: named("obj")})
	field := named("f")
	obj := &struct{ s string }{"value"}
	initFC := func(_ context.Context, f CollectedField) (*FieldContext, error) {
		return NewScalarFieldContext("Obj", f, true, true, "String")
	}
	marshal := func(_ context.Context, _ ast.SelectionSet, v string) Marshaler { return MarshalString(v) }
	for _, mw := range []struct {
		name string
		fn   FieldMiddleware
	}{
		{"ResolveField", PassthroughFieldMiddleware},
		{"ResolveField with middleware", func(ctx context.Context, next Resolver) (any, error) { return next(ctx) }},
	} {
		oc := &OperationContext{ResolverMiddleware: mw.fn, RecoverFunc: DefaultRecover}
		b.Run(mw.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				// As generated code does, with a closure over the object.
				_ = ResolveField(ctx, oc, field, initFC, func(context.Context) (any, error) { return obj.s, nil }, nil, marshal, true, true)
			}
		})
	}
	oc := &OperationContext{ResolverMiddleware: PassthroughFieldMiddleware, RecoverFunc: DefaultRecover}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = direct(ctx, oc, field, true, func(context.Context) (any, error) { return obj.s, nil })
		}
	})
}

package graphql

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/ast"
)

// The scalar writers are the leaves of every response; these pin them at
// zero allocations per write (the Marshal* call itself may allocate to box
// its argument, once, as upstream's closures do).
func TestScalarWritersDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	ms := map[string]Marshaler{
		"String":  MarshalString("hello \"world\"\n"),
		"Int":     MarshalInt(123456789),
		"Int64":   MarshalInt64(-1 << 62),
		"Uint64":  MarshalUint64(1 << 63),
		"IntID":   MarshalIntID(42),
		"UintID":  MarshalUintID(42),
		"Float":   MarshalFloat(3.14159),
		"Boolean": MarshalBoolean(true),
		"Null":    Null,
		"Time":    MarshalTime(time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)),
		"Date":    MarshalDate(time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)),
		"UUID":    MarshalUUID(uuid.MustParse("f47ac10b-58cc-4372-a567-0e02b2c3d479")),
		"Array":   Array{MarshalInt(1), MarshalString("x"), Null},
	}
	var buf bytes.Buffer
	var plain plainWriter
	bw := bufio.NewWriter(io.Discard)
	for name, m := range ms {
		for wname, w := range map[string]io.Writer{"bytes.Buffer": &buf, "bufio.Writer": bw, "plain": &plain} {
			m.MarshalGQL(w) // warm the pool and grow the buffers
			allocs := testing.AllocsPerRun(100, func() {
				buf.Reset()
				plain.b = plain.b[:0]
				m.MarshalGQL(w)
			})
			if allocs != 0 {
				t.Errorf("%s to %s: %v allocations per write", name, wname, allocs)
			}
		}
	}
	small := testing.AllocsPerRun(100, func() {
		_ = MarshalInt(7)
		_ = MarshalBoolean(false)
		_ = MarshalString("")
	})
	if small != 0 {
		t.Errorf("marshalers of small values allocate %v times", small)
	}
}

func TestContextsAllocateOnlyThemselves(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	ctx := WithResponseContext(context.Background(), DefaultErrorPresenter, DefaultRecover)
	field := CollectedField{Field: &ast.Field{Name: "f", Alias: "f"}}
	if n := testing.AllocsPerRun(100, func() {
		fc := &FieldContext{Object: "Query", Field: field}
		_ = GetFieldContext(WithFieldContext(ctx, fc))
	}); n != 1 {
		t.Errorf("a field context costs %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		_ = GetPathContext(WithPathContext(ctx, NewPathWithField("arg")))
	}); n != 1 {
		t.Errorf("a path context costs %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		fc, _ := NewScalarFieldContext("Query", field, false, false, "String")
		_ = WithFieldContext(ctx, fc)
	}); n != 1 {
		t.Errorf("a scalar field context costs %v allocations, want 1", n)
	}
	deep := fieldChain(ctx)
	if n := testing.AllocsPerRun(100, func() { _ = GetFieldContext(deep) }); n != 0 {
		t.Errorf("GetFieldContext allocates %v times", n)
	}
}

func benchmarkWrite(b *testing.B, m Marshaler) {
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		m.MarshalGQL(&buf)
	}
}

func BenchmarkMarshalString(b *testing.B) {
	b.Run("short", func(b *testing.B) { benchmarkWrite(b, MarshalString("Luke Skywalker")) })
	b.Run("escapes", func(b *testing.B) { benchmarkWrite(b, MarshalString("line one\nline \"two\"\t\\end")) })
	b.Run("1KiB", func(b *testing.B) { benchmarkWrite(b, MarshalString(string(bytes.Repeat([]byte("abcdefgh"), 128)))) })
	b.Run("create+write", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for b.Loop() {
			buf.Reset()
			MarshalString("Luke Skywalker").MarshalGQL(&buf)
		}
	})
}

func BenchmarkMarshalInt(b *testing.B) {
	b.Run("write", func(b *testing.B) { benchmarkWrite(b, MarshalInt(1234567)) })
	b.Run("create+write", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			MarshalInt(i).MarshalGQL(&buf)
		}
	})
}

func BenchmarkMarshalFloat(b *testing.B) { benchmarkWrite(b, MarshalFloat(1234.5678)) }

func BenchmarkMarshalBoolean(b *testing.B) {
	var buf bytes.Buffer
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf.Reset()
		MarshalBoolean(i&1 == 0).MarshalGQL(&buf)
	}
}

func BenchmarkMarshalID(b *testing.B) { benchmarkWrite(b, MarshalID("VXNlcjoxMjM0NQ==")) }

func BenchmarkMarshalTime(b *testing.B) {
	benchmarkWrite(b, MarshalTime(time.Date(2024, 1, 2, 3, 4, 5, 678000000, time.UTC)))
}

func BenchmarkMarshalArray(b *testing.B) {
	arr := make(Array, 100)
	for i := range arr {
		arr[i] = MarshalInt(i * 1000)
	}
	benchmarkWrite(b, arr)
}

func BenchmarkUnmarshalInt(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := UnmarshalInt(jsonNumber42); err != nil {
			b.Fatal(err)
		}
	}
}

var jsonNumber42 any = json.Number("42")

func BenchmarkFieldContext(b *testing.B) {
	ctx := WithResponseContext(context.Background(), DefaultErrorPresenter, DefaultRecover)
	field := CollectedField{Field: &ast.Field{Name: "f", Alias: "f"}}
	b.Run("With+Get", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			fc := &FieldContext{Object: "Query", Field: field}
			_ = GetFieldContext(WithFieldContext(ctx, fc))
		}
	})
	deep := fieldChain(ctx)
	b.Run("Get", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = GetFieldContext(deep)
		}
	})
	b.Run("GetPath", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = GetPath(deep)
		}
	})
}

func BenchmarkCollectFieldsCached(b *testing.B) {
	oc, sel := operation(b, `{ pets { name ... on Dog { barks owner { name } } ... on Cat { meows } } }`, nil)
	sat := []string{"Dog", "Pet"}
	CollectFields(oc, sel, sat)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = CollectFields(oc, sel, sat)
		}
	})
}

// BenchmarkCollectFieldsCachedDocument is a request on a cached document:
// a new operation context finds the document's collect cache.
func BenchmarkCollectFieldsCachedDocument(b *testing.B) {
	oc, sel := operation(b, `{ pets { name ... on Dog { barks owner { name } } ... on Cat { meows } } }`, nil)
	sat := []string{"Dog", "Pet"}
	CollectFields(oc, sel, sat)
	b.ReportAllocs()
	for b.Loop() {
		fresh := &OperationContext{Doc: oc.Doc, Operation: oc.Operation}
		_ = CollectFields(fresh, sel, sat)
	}
}

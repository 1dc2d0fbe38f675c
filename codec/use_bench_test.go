package codec_test

import (
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// The package-level functions are what the runtime calls on every request;
// these benchmarks measure what routing them through the installed codec
// costs in the default case (nothing installed).

func BenchmarkPackageMarshal(b *testing.B) {
	list := todos(10)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := codec.Marshal(list); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPackageUnmarshal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var p rawParams
		if err := codec.Unmarshal(requestBody, &p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPackageAppendQuote(b *testing.B) {
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = codec.AppendQuote(buf[:0], "buy milk <1> & eggs")
	}
}

func BenchmarkPackageName(b *testing.B) {
	for b.Loop() {
		if codec.Name() == "" {
			b.Fatal("empty name")
		}
	}
}

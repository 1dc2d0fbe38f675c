package codec

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/internal/builtinjson"
)

// For the build-tag codec, the built-in untyped encoder, decoder and string
// escaper against the codec's own library, on the shapes of
// _examples/benchmark's payload benchmarks, at several sizes. Every codec
// leaves untyped values to the built-in paths because of these figures; a
// library that wins here is the case for routing values to it:
//
//	go test -run '^$' -bench Route -benchmem -tags TAG ./codec/

// routeMap is one Map value like those of the MapScalars benchmark (~450
// bytes of JSON).
func routeMap(i int) map[string]any {
	n := strconv.Itoa(i)
	return map[string]any{
		"id": i, "name": "map " + n + ` <b>"bold"</b> & more`, "score": float64(i)*1.5 + 0.25,
		"tiny": 1e-7 * float64(i+1), "huge": 1e21 * float64(i+1), "big": int64(1) << 53,
		"count": json.Number("1234567890123456789" + n), "active": i%2 == 0, "nothing": nil,
		"tags": []any{"alpha", "b<e>ta", i, i%3 == 0, nil, 2.5}, "ints": []int{i, i + 1, i + 2},
		"labels": []string{"x\u2028y", "日本", "tab\there"},
		"nested": map[string]any{
			"level": 1,
			"inner": map[string]any{"key": "value " + n, "list": []any{map[string]any{"x": i, "y": "z"}, []any{}, map[string]any{}}},
			"empty": map[string]any{}, "path": `C:\tmp\` + n,
		},
		"unicode": "café 🙂 \x01",
	}
}

// routeRecords is a variables object of n records with Map attributes, as
// in the LargeVariables benchmark (~350 bytes a record).
func routeRecords(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"records":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		s := strconv.Itoa(i)
		b.WriteString(`{"id":"R` + s + `","name":"record ` + s + ` \u00e9\"x\"","attrs":{"sku":"SKU-` + s + `","price":` + s +
			`.25,"qty":` + s + `,"exp":1.5e7,"neg":-` + s + `,"active":true,"note":null,` +
			`"desc":"a \"quoted\" word, a \\ backslash, a tab\t and \u00e9\u2028 \ud83d\ude80",` +
			`"tags":["red","green","blue",` + s + `,true,null],"dims":{"w":` + s + `,"h":2.5,"unit":"cm",` +
			`"history":[{"at":"2024-01-01","v":1},{"at":"2024-02-01","v":2}]},"empty":{},"none":[]}}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

func BenchmarkRouteEncode(b *testing.B) {
	sizes := []struct {
		name string
		v    any
	}{{"1map", routeMap(1)}, {"50maps", func() any {
		l := make([]any, 50)
		for i := range l {
			l[i] = routeMap(i)
		}
		return l
	}()}}
	for _, s := range sizes {
		b.Run(s.name+"/builtin", func(b *testing.B) {
			buf := make([]byte, 0, 64<<10)
			b.ReportAllocs()
			for range b.N {
				if _, err := builtinjson.AppendUntyped(buf[:0], s.v, true, active.libAppend); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(s.name+"/library", func(b *testing.B) {
			buf := make([]byte, 0, 64<<10)
			b.ReportAllocs()
			for range b.N {
				if _, err := active.libAppend(buf[:0], s.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkRouteDecode(b *testing.B) {
	for _, n := range []int{1, 30, 300, 1000} {
		data := routeRecords(n)
		name := strconv.Itoa(len(data)>>10) + "KB"
		if len(data) < 1<<10 {
			name = strconv.Itoa(len(data)) + "B"
		}
		b.Run(name+"/builtin", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for range b.N {
				var v map[string]any
				if _, err := builtinjson.UnmarshalUntyped(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/library", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for range b.N {
				var v map[string]any
				if err := active.libUnmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRouteQuote: AppendQuote's built-in escaper against the
// library's encoding of the same string, on strings of 256 bytes to 8 KB
// full of characters to escape (like the EscapedStrings benchmark's
// bodies) and on a short plain one.
func BenchmarkRouteQuote(b *testing.B) {
	var long strings.Builder
	for long.Len() < 8<<10+256 {
		long.WriteString("He said \"hi\" C:\\dir\\ tab\there\n <p>&amp;</p> sep\u2028 café 日本語 🙂 \x01 plain words ")
	}
	l := long.String()
	for _, s := range []struct{ name, s string }{
		{"short", "a plain message"}, {"256B", l[:256]}, {"1KB", l[:1<<10]}, {"2KB", l[:2<<10]}, {"8KB", l[:8<<10]},
	} {
		buf := make([]byte, 0, 32<<10)
		b.Run(s.name+"/builtin", func(b *testing.B) {
			b.SetBytes(int64(len(s.s)))
			b.ReportAllocs()
			for range b.N {
				buf = appendQuote(buf[:0], s.s, true)
			}
		})
		b.Run(s.name+"/library", func(b *testing.B) {
			b.SetBytes(int64(len(s.s)))
			b.ReportAllocs()
			for range b.N {
				var err error
				if buf, err = active.libAppend(buf[:0], s.s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

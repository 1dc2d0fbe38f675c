package codec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// smallVariables is the variables object of a typical mutation.
var smallVariables = []byte(`{"input":{"text":"buy milk","userId":"U1","done":false}}`)

// largeVariables is a variables object of about 10 KB: a batch of input
// objects with strings (a few escaped), numbers of several shapes, booleans,
// nulls and nested lists.
var largeVariables = func() []byte {
	var b strings.Builder
	b.WriteString(`{"batch":[`)
	for i := 0; b.Len() < 10<<10-300; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"T%d","text":"buy milk \"%d\" & eggs\n","done":%t,"rank":%d.%d,"tags":["a","b%d"],"owner":{"id":"U%d","name":"Ada Lovelace","email":null},"score":-%de3}`,
			i, i, i%2 == 0, i, i%7, i, i%10, i)
	}
	b.WriteString(`],"dryRun":false,"note":"\u00e9t\u00e9 \ud83d\ude00"}`)
	return []byte(b.String())
}()

// stdDecoderUnmarshal is what the std codec did before the untyped fast
// path: a json.Decoder with UseNumber, and a trailing-data check.
func stdDecoderUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

func BenchmarkDecodeVariables(b *testing.B) {
	docs := []struct {
		name string
		data []byte
	}{{"small", smallVariables}, {"10KB", largeVariables}}
	impls := []struct {
		name      string
		unmarshal func([]byte, any) error
	}{
		{"json.Decoder", stdDecoderUnmarshal},
		{"std", codec.Std.Unmarshal},
		{"active", codec.Unmarshal},
	}
	for _, doc := range docs {
		for _, impl := range impls {
			b.Run(doc.name+"/"+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(doc.data)))
				for b.Loop() {
					var m map[string]any
					if err := impl.unmarshal(doc.data, &m); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

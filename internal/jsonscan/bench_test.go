package jsonscan

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchDoc is a response-sized document: 200 objects with strings that
// need escaping, numbers and nesting.
var benchDoc = func() []byte {
	var b strings.Builder
	b.WriteString(`{"data": {"todos": [`)
	for i := range 200 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"id": "T%d", "text": "buy <milk> & eggs \"%d\" \u00e9", "done": %v, "rank": %g, "tags": ["a", "b"], "user": null}`, i, i, i%2 == 0, float64(i)/7)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}()

func BenchmarkValid(b *testing.B) {
	b.SetBytes(int64(len(benchDoc)))
	b.Run("jsonscan", func(b *testing.B) {
		for b.Loop() {
			if !Valid(benchDoc) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			if !json.Valid(benchDoc) {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkAppendCompact(b *testing.B) {
	b.SetBytes(int64(len(benchDoc)))
	b.ReportAllocs()
	buf := make([]byte, 0, 2*len(benchDoc))
	for b.Loop() {
		if _, err := AppendCompact(buf[:0], benchDoc, true); err != nil {
			b.Fatal(err)
		}
	}
}

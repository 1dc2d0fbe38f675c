package transport

import (
	"testing"
)

// BenchmarkDecodeJSON reads request bodies the way the POST transport does:
// plain, with escapes and non-ASCII text in the query, and one the request
// reader leaves to the general decoder (an unknown key).
func BenchmarkDecodeJSON(b *testing.B) {
	for _, c := range []struct{ name, body string }{
		{"plain", `{"query":"query Todos($first: Int!) { todos(first: $first) { id text done } }","operationName":"Todos","variables":{"first":100,"filter":{"done":false,"ids":[1,2,3]}}}`},
		{"escaped", `{"query":"query Todos {\n  todos(filter: \"caf\u00e9 \\\"x\\\"\") {\n    id\n    text # é\n  }\n}","operationName":"Todos"}`},
		{"fallback", `{"query":"{ todos { id } }","id":"persisted"}`},
	} {
		body := []byte(c.body)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				p := getParams()
				if err := decodeJSON(body, p); err != nil {
					b.Fatal(err)
				}
				putParams(p)
			}
		})
	}
}

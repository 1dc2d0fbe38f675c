package codec_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// Each benchmark runs the built-in codec ("active", chosen by the build tag)
// next to encoding/json ("std"), so one run gives the ratio:
//
//	go test -tags sonic -run '^$' -bench . -benchmem ./codec

var requestBody = []byte(`{"query":"query Todos($first: Int!, $after: String, $filter: TodoFilter) { todos(first: $first, after: $after, filter: $filter) { id text done user { id name } } }","operationName":"Todos","variables":{"first":100,"after":"Y3Vyc29yOjEw","filter":{"done":false,"text":"milk","ids":[1,2,3]}},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38"}}}`)

type rawParams struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    map[string]any `json:"extensions"`
}

type user struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type todo struct {
	ID   string  `json:"id"`
	Text string  `json:"text"`
	Done bool    `json:"done"`
	Rank float64 `json:"rank"`
	User *user   `json:"user"`
}

func todos(n int) []todo {
	list := make([]todo, n)
	for i := range list {
		list[i] = todo{
			ID: fmt.Sprint("T", i), Text: fmt.Sprintf("buy milk <%d> & eggs", i), Done: i%3 == 0, Rank: float64(i) / 7,
			User: &user{ID: fmt.Sprint("U", i%10), Name: "Ada Lovelace"},
		}
	}
	return list
}

type response struct {
	Errors     []map[string]any `json:"errors,omitempty"`
	Data       json.RawMessage  `json:"data"`
	Extensions map[string]any   `json:"extensions,omitempty"`
}

type namedCodec struct {
	name string
	codec.Codec
}

func codecs() []namedCodec {
	return []namedCodec{{"std", codec.Std}, {"active", codec.Active}}
}

func BenchmarkDecodeRequest(b *testing.B) {
	for _, c := range codecs() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(requestBody)))
			for b.Loop() {
				var p rawParams
				if err := c.Unmarshal(requestBody, &p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncodeList100(b *testing.B) {
	v := map[string]any{"todos": todos(100)}
	for _, c := range codecs() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 16<<10)
			for b.Loop() {
				var err error
				if buf, err = c.Codec.(codec.Appender).AppendMarshal(buf[:0], v); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(len(buf)))
		})
	}
}

func BenchmarkEncodeEnvelope(b *testing.B) {
	data, err := codec.Std.Marshal(map[string]any{"todos": todos(100)})
	if err != nil {
		b.Fatal(err)
	}
	r := &response{Data: data}
	for _, c := range codecs() {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = c.Codec.(codec.Appender).AppendMarshal(buf[:0], r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package benchmark_test

// The payload benchmarks (schema (d)): responses and requests where JSON
// encoding and decoding, not execution, are most of the work, so that the
// codec chosen by build tag shows at the server. Their servers get the same
// LRU query cache on both sides (handler.New plus SetQueryCache), so that
// only the payload work differs.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/lru"

	payload "github.com/99designs/gqlgen/_examples/benchmark/payload/graph"
)

func payloadServer() http.Handler {
	h := handler.New(payload.NewExecutableSchema(payload.Config{Resolvers: payload.NewResolver()}))
	h.SetQueryCache(lru.New[*ast.QueryDocument](100))
	return newPOSTServer(h)
}

// quoteString writes s as GraphQL String fields are written on the wire by
// upstream v0.17.98: only '"', '\\' and control characters below U+0020
// are escaped (\t \r \n short, the others as \u00XX in upper-case hex);
// <, >, &, U+2028 and everything else stand for themselves.
func quoteString(b *strings.Builder, s string) {
	const hex = "0123456789ABCDEF"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

// wire is the response text raw becomes on upstream's wire: the data is
// a json.RawMessage inside the response that encoding/json writes, so it is
// compacted (the newline after each Map goes) and <, >, &, U+2028 and
// U+2029 inside strings are escaped.
func wire(raw string) string {
	b, err := json.Marshal(json.RawMessage(raw))
	if err != nil {
		panic(err)
	}
	return string(b)
}

// docsResponse is the expected response of the docs query: NumDocs
// documents of about 8 KB, every one full of characters to escape.
func docsResponse() string {
	var b strings.Builder
	b.WriteString(`{"data":{"docs":[`)
	for i, d := range payload.Docs() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"id":`)
		quoteString(&b, d.ID)
		b.WriteString(`,"title":`)
		quoteString(&b, d.Title)
		b.WriteString(`,"body":`)
		quoteString(&b, d.Body)
		b.WriteByte('}')
	}
	b.WriteString(`]}}`)
	return wire(b.String())
}

// mapsResponse is the expected response of the maps query: each Map
// written as encoding/json's Encoder writes it (sorted keys, HTML escaped,
// a newline after the value), which is what the Map scalar does on both
// sides, then the whole as it goes on the wire.
func mapsResponse() string {
	var b bytes.Buffer
	b.WriteString(`{"data":{"maps":[`)
	enc := json.NewEncoder(&b)
	for i, m := range payload.Maps() {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := enc.Encode(m); err != nil {
			panic(err)
		}
	}
	b.WriteString(`]}}`)
	return wire(b.String())
}

// recordAttrs is the text of record i's attrs: nested objects and arrays,
// numbers of every form, strings with escapes; about 300 bytes.
func recordAttrs(i int) string {
	n := strconv.Itoa(i)
	return `{"sku":"SKU-` + n + `","price":` + n + `.25,"qty":` + n + `,"exp":1.5e` + strconv.Itoa(i%20) +
		`,"neg":-` + n + `,"active":` + strconv.FormatBool(i%2 == 0) + `,"note":null,` +
		`"desc":"a \"quoted\" word, a \\ backslash, a tab\t and \u00e9\u2028 \ud83d\ude80",` +
		`"tags":["red","green","blue",` + n + `,true,null],` +
		`"dims":{"w":` + n + `,"h":2.5,"unit":"cm","history":[{"at":"2024-01-0` + strconv.Itoa(i%9+1) +
		`","v":1},{"at":"2024-02-01","v":2}]},"empty":{},"none":[]}`
}

// ingestRequest is a createTodo-style mutation whose variables hold
// NumRecords input objects with Map attributes: about 350 KB.
func ingestRequest() string {
	var b strings.Builder
	b.WriteString(`{"query":"mutation Ingest($records: [RecordInput!]!) { ingest(records: $records) { records attrs names } }",` +
		`"variables":{"records":[`)
	for i := range payload.NumRecords {
		if i > 0 {
			b.WriteByte(',')
		}
		n := strconv.Itoa(i)
		b.WriteString(`{"id":"R` + n + `","name":"record ` + n + ` \u00e9\"x\"","attrs":` + recordAttrs(i) + `}`)
	}
	b.WriteString(`]}}`)
	return b.String()
}

// ingestResponse works out, with encoding/json, what ingest must answer
// for req.
func ingestResponse(req string) string {
	var r struct {
		Variables struct {
			Records []struct {
				Name  string         `json:"name"`
				Attrs map[string]any `json:"attrs"`
			} `json:"records"`
		} `json:"variables"`
	}
	if err := json.Unmarshal([]byte(req), &r); err != nil {
		panic(err)
	}
	attrs, names := 0, 0
	for _, rec := range r.Variables.Records {
		names += len(rec.Name)
		attrs += payload.CountValues(rec.Attrs)
	}
	return `{"data":{"ingest":{"records":` + strconv.Itoa(len(r.Variables.Records)) + `,"attrs":` +
		strconv.Itoa(attrs) + `,"names":` + strconv.Itoa(names) + `}}}`
}

// payloadCases are the three payload benchmarks.
var payloadCases = []struct {
	name    string
	payload string
	want    func(payload string) string
}{{
	// 9. NumDocs documents with ~8 KB bodies full of characters to escape.
	name:    "EscapedStrings",
	payload: `{"query":"{ docs { id title body } }"}`,
	want:    func(string) string { return docsResponse() },
}, {
	// 10. NumMaps Map scalars with nested objects and arrays (~20 KB).
	name:    "MapScalars",
	payload: `{"query":"{ maps }"}`,
	want:    func(string) string { return mapsResponse() },
}, {
	// 11. A mutation with ~350 KB of variables: NumRecords input objects
	// with Map fields.
	name:    "LargeVariables",
	payload: ingestRequest(),
	want:    ingestResponse,
}}

func BenchmarkEscapedStrings(b *testing.B) { benchPayload(b, 0) }
func BenchmarkMapScalars(b *testing.B)     { benchPayload(b, 1) }
func BenchmarkLargeVariables(b *testing.B) { benchPayload(b, 2) }

func benchPayload(b *testing.B, i int) {
	c := payloadCases[i]
	newExchange(payloadServer()).run(b, []byte(c.payload), c.want(c.payload))
}

// TestPayloadResponses checks the payload benchmarks' responses and that
// their payloads have the sizes and contents they claim.
func TestPayloadResponses(t *testing.T) {
	for _, c := range payloadCases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want(c.payload)
			if !json.Valid([]byte(want)) {
				t.Fatalf("expected response is not valid JSON")
			}
			x := newExchange(payloadServer())
			for range 2 {
				x.do([]byte(c.payload))
				if x.w.code != http.StatusOK || string(x.w.buf) != want {
					t.Fatalf("status %d, body (%d bytes)\n%.2000s\nwant (%d bytes)\n%.2000s",
						x.w.code, len(x.w.buf), x.w.buf, len(want), want)
				}
			}
		})
	}
	t.Run("sizes", func(t *testing.T) {
		docs := docsResponse()
		if len(docs) < payload.NumDocs*payload.DocBytes {
			t.Errorf("docs response is %d bytes, want at least %d", len(docs), payload.NumDocs*payload.DocBytes)
		}
		for _, want := range []string{`\"`, `\\`, `\n`, `\t`, `\r`, `\u0000`, `\u0007`, `\u001F`, `\u003cp`, `\u0026amp;`, `\u2028`, "日本語"} {
			if !strings.Contains(docs, want) {
				t.Errorf("docs response has no %q", want)
			}
		}
		if !utf8.ValidString(docs) {
			t.Errorf("docs response is not valid UTF-8")
		}
		maps := mapsResponse()
		if len(maps) < 15<<10 || len(maps) > 40<<10 {
			t.Errorf("maps response is %d bytes, want about 20 KB", len(maps))
		}
		for _, want := range []string{`\u003c`, `\u0026`, `\u2028`, `1e+21`, `1e-7`, `12345678901234567890`, `{}`, `[]`, `null`} {
			if !strings.Contains(maps, want) {
				t.Errorf("maps response has no %q", want)
			}
		}
		if n := len(ingestRequest()); n < 300<<10 || n > 420<<10 {
			t.Errorf("ingest request is %d bytes, want about 350 KB", n)
		}
	})
}

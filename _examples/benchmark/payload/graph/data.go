package graph

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/_examples/benchmark/payload/graph/model"
)

// Sizes of the payloads.
const (
	NumDocs    = 50
	DocBytes   = 8 << 10
	NumMaps    = 50
	NumRecords = 1000
)

// escapeHeavy are the pieces a document body is made of: every kind of
// character a JSON string writer must escape (quotes, backslashes, control
// characters) next to ones some writers escape and others do not (<, >, &,
// U+2028, U+2029) and multi-byte UTF-8.
var escapeHeavy = []string{
	`He said "hello" and left. `,
	`C:\Users\gopher\go\bin `,
	"col1\tcol2\tcol3\n",
	"line one\r\nline two\n",
	"bell\a back\b form\f nul\x00 unit\x1f del\x7f ",
	"<p class=\"x\">Tom &amp; Jerry</p> ",
	"sep\u2028para\u2029 ",
	"café, naïve, Ærøskøbing, 日本語, Ελληνικά ",
	"emoji 🙂🚀 ",
	"plain words between the escapes ",
}

// Docs builds NumDocs documents with bodies of at least DocBytes bytes.
func Docs() []*model.Doc {
	docs := make([]*model.Doc, NumDocs)
	for i := range docs {
		var b strings.Builder
		b.Grow(DocBytes + 64)
		for k := i; b.Len() < DocBytes; k++ {
			b.WriteString(escapeHeavy[k%len(escapeHeavy)])
		}
		n := strconv.Itoa(i)
		docs[i] = &model.Doc{ID: "D" + n, Title: "Doc \"" + n + "\" <draft> & \\notes\\\t", Body: b.String()}
	}
	return docs
}

// Maps builds NumMaps maps mixing every kind of value encoding/json writes
// for a map[string]any: numbers of several types, json.Number, strings to
// escape, booleans, nil, nested maps, []any and typed slices.
func Maps() []map[string]any {
	out := make([]map[string]any, NumMaps)
	for i := range out {
		n := strconv.Itoa(i)
		out[i] = map[string]any{
			"id":      i,
			"name":    "map " + n + ` <b>"bold"</b> & more`,
			"score":   float64(i)*1.5 + 0.25,
			"tiny":    1e-7 * float64(i+1),
			"huge":    1e21 * float64(i+1),
			"ratio":   float32(i) / 3,
			"big":     int64(1) << 53,
			"count":   json.Number("1234567890123456789" + n),
			"active":  i%2 == 0,
			"nothing": nil,
			"tags":    []any{"alpha", "b<e>ta", i, i%3 == 0, nil, 2.5},
			"ints":    []int{i, i + 1, i + 2},
			"labels":  []string{"x\u2028y", "日本", "tab\there"},
			"nested": map[string]any{
				"level": 1,
				"inner": map[string]any{
					"key":  "value " + n,
					"list": []any{map[string]any{"x": i, "y": "z"}, []any{}, map[string]any{}},
				},
				"empty": map[string]any{},
				"path":  `C:\tmp\` + n,
			},
			"unicode": "café 🙂 \x01",
		}
	}
	return out
}

// CountValues counts the values in v: 1 for a scalar, and for a map or
// []any, the values inside it (at any depth) plus 1.
func CountValues(v any) int {
	switch v := v.(type) {
	case map[string]any:
		n := 1
		for _, e := range v {
			n += CountValues(e)
		}
		return n
	case []any:
		n := 1
		for _, e := range v {
			n += CountValues(e)
		}
		return n
	}
	return 1
}

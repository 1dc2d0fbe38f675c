package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// The envelope must be byte for byte what encoding/json's Marshal writes
// for the same *graphql.Response, whichever codec is built in, and must
// fail exactly where Marshal fails.
func TestAppendResponseMatchesEncodingJSON(t *testing.T) {
	tests := []struct {
		name string
		resp *graphql.Response
	}{
		{"nil response", nil},
		{"empty", &graphql.Response{}},
		{"data", &graphql.Response{Data: json.RawMessage(`{"a":1}`)}},
		{"data null", &graphql.Response{Data: json.RawMessage(`null`)}},
		{"data whitespace", &graphql.Response{Data: json.RawMessage(" {\n\t\"a\" : [ 1 , 2 ] ,\r\"b\":{ } } \n")}},
		{"data html", &graphql.Response{Data: json.RawMessage(`{"s":"<script>&amp;</script>","k<":">"}`)}},
		{"data line separators", &graphql.Response{Data: json.RawMessage("{\"s\":\"a\u2028b\u2029c\"}")}},
		{"data escapes kept", &graphql.Response{Data: json.RawMessage(`{"s":"\"\\\/\b\f\n\r\t\u00e9 \" x"}`)}},
		{"data invalid utf8 kept", &graphql.Response{Data: json.RawMessage("{\"s\":\"a\xffb\xc3\"}")}},
		{"data scalar", &graphql.Response{Data: json.RawMessage(`"x"`)}},
		{"data numbers", &graphql.Response{Data: json.RawMessage(`[0,-1,1.5e+10,2E-3,-0.0]`)}},
		{"empty errors", &graphql.Response{Errors: gqlerror.List{}, Data: json.RawMessage(`{}`)}},
		{"empty extensions", &graphql.Response{Extensions: map[string]any{}}},
		{"errors", &graphql.Response{Errors: gqlerror.List{
			{Message: "first"},
			nil,
			{Message: "with <html> & \u2028 and \xff", Path: ast.Path{ast.PathName("a"), ast.PathIndex(0), nil, ast.PathName("ü<")}},
			{Message: "locations", Locations: []gqlerror.Location{{Line: 1, Column: 2}, {Line: 3}, {Column: 4}, {}}},
			{Message: "extensions", Extensions: map[string]any{"code": "X", "b": []any{1, "two", nil, json.Number("3")}, "a": map[string]any{"z": true, "y": 1.5}}},
			{Message: "empty extensions", Extensions: map[string]any{}, Path: ast.Path{}},
			{Message: "hidden fields", Err: fmt.Errorf("not sent"), Rule: "NotSent"},
			{Message: "plain extensions", Extensions: map[string]any{"code": "C", "n": -3, "big": int64(1) << 60, "ok": true, "none": nil, "<k>": "<v>\u2028", "é": "x"}},
			{Message: "many extensions", Extensions: map[string]any{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9}},
			{Message: "mixed extensions", Extensions: map[string]any{"code": "C", "f": 1.5, "u": uint(7)}},
		}}},
		{"everything", &graphql.Response{
			Errors:     gqlerror.List{{Message: "e"}},
			Data:       json.RawMessage(`{"a":null}`),
			Label:      "lab<el>",
			Path:       ast.Path{ast.PathName("p"), ast.PathIndex(-1)},
			HasNext:    ptrTo(true),
			Extensions: map[string]any{"tracing": map[string]any{"version": 1, "s": "<"}, "b": []int{1}},
		}},
		{"has next false", &graphql.Response{HasNext: ptrTo(false)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := refMarshal(tt.resp)
			if err != nil {
				t.Fatalf("encoding/json: %v", err)
			}
			got, err := appendResponse([]byte("prefix"), tt.resp)
			if err != nil {
				t.Fatalf("appendResponse: %v", err)
			}
			if !bytes.Equal(got, append([]byte("prefix"), want...)) {
				t.Errorf("got  %s\nwant prefix%s", got, want)
			}
		})
	}
}

func TestAppendResponseFailsWhereEncodingJSONFails(t *testing.T) {
	tests := []struct {
		name string
		resp *graphql.Response
	}{
		{"NaN", &graphql.Response{Data: json.RawMessage(`{"x":NaN}`)}},
		{"empty data", &graphql.Response{Data: json.RawMessage{}}},
		{"truncated", &graphql.Response{Data: json.RawMessage(`{"x":`)}},
		{"two values", &graphql.Response{Data: json.RawMessage(`{} {}`)}},
		{"control character", &graphql.Response{Data: json.RawMessage("\"a\x01\"")}},
		{"extension without JSON form", &graphql.Response{Data: json.RawMessage(`{}`), Extensions: map[string]any{"c": make(chan int)}}},
		{"error extension without JSON form", &graphql.Response{Errors: gqlerror.List{{Message: "m", Extensions: map[string]any{"f": func() {}}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := refMarshal(tt.resp); err == nil {
				t.Fatal("encoding/json accepts it; the case is wrong")
			}
			got, err := appendResponse([]byte("prefix"), tt.resp)
			if err == nil {
				t.Fatalf("appendResponse accepted it: %s", got)
			}
			if string(got) != "prefix" {
				t.Errorf("dst not restored: %q", got)
			}
			if cause := encodeFailure(tt.resp); !strings.HasPrefix(cause.Error(), "unable to marshal ") {
				t.Errorf("encodeFailure = %v", cause)
			}
		})
	}
}

func FuzzAppendResponse(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,{"b":"<c>"}]}`), "label", "message")
	f.Add([]byte(" [ true , false , null ] "), "", "\u2028")
	f.Add([]byte(`{"x":NaN}`), "\xff", "<&>")
	f.Add([]byte(`"\u0000\ud800"`), "l", "")
	f.Fuzz(func(t *testing.T, data []byte, label, message string) {
		resp := &graphql.Response{
			Data:   data,
			Label:  label,
			Errors: gqlerror.List{{Message: message, Path: ast.Path{ast.PathName(label)}}},
		}
		want, wantErr := refMarshal(resp)
		got, err := appendResponse(nil, resp)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("error %v, encoding/json error %v", err, wantErr)
		}
		if err == nil && !bytes.Equal(got, want) {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
	})
}

// benchResponses are a small response, and one of a list page with an error.
func benchResponses() map[string]*graphql.Response {
	var data strings.Builder
	data.WriteString(`{"todos":[`)
	for i := range 100 {
		if i > 0 {
			data.WriteByte(',')
		}
		fmt.Fprintf(&data, `{"id":"T%d","text":"Buy milk & eggs, item %d","done":%t,"user":{"id":"U1","name":"Ann"}}`, i, i, i%2 == 0)
	}
	data.WriteString(`]}`)
	return map[string]*graphql.Response{
		"small": {Data: json.RawMessage(`{"hello":"world"}`)},
		"list": {
			Data: json.RawMessage(data.String()),
			Errors: gqlerror.List{{
				Message:    "resolver failed",
				Path:       ast.Path{ast.PathName("todos"), ast.PathIndex(3), ast.PathName("user")},
				Locations:  []gqlerror.Location{{Line: 3, Column: 5}},
				Extensions: map[string]any{"code": "INTERNAL"},
			}},
		},
	}
}

// BenchmarkEnvelope compares the envelope writer with upstream's way of
// encoding a response (encoding/json's Marshal over the whole Response).
func BenchmarkEnvelope(b *testing.B) {
	for name, resp := range benchResponses() {
		b.Run(name+"/envelope", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf := getBuffer()
				out, err := appendResponse(*buf, resp)
				if err != nil {
					b.Fatal(err)
				}
				*buf = out
				putBuffer(buf)
			}
		})
		b.Run(name+"/encoding-json", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := json.Marshal(resp); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

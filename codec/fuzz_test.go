package codec_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/codec/codectest"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// The fuzz targets compare the built-in codec with encoding/json: same value
// or same error, never a panic. CI runs their seed corpus; run one for real
// with e.g. `go test -tags sonic -run '^$' -fuzz FuzzUnmarshalAny ./codec`.

func addDecodeSeeds(f *testing.F) {
	for _, tc := range codectest.Decode() {
		if len(tc.Input) < 4096 {
			f.Add([]byte(tc.Input))
		}
	}
	for _, s := range []string{`{"a":[1,{"b":null}]}`, `[1,]`, `{"a":1,}`, `1.`, `-`, `.5`, `1e`, `+1`, `"\u00"`, `[1 2]`, `{"a" 1}`, "\"\xed\xa0\x80\"", `NaN`, `0x10`, `"\/"`} {
		f.Add([]byte(s))
	}
}

func FuzzUnmarshalAny(f *testing.F) {
	addDecodeSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want any
		gotErr := codec.Unmarshal(bytes.Clone(data), &got)
		wantErr := codec.SlowUnmarshal(data, &want)
		compareDecode(t, data, got, want, gotErr, wantErr)
	})
}

// request mirrors the shape of a GraphQL request body.
type request struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    map[string]any `json:"extensions"`
	Count         int32          `json:"count"`
	Raw           json.RawMessage
}

func FuzzUnmarshalRequest(f *testing.F) {
	addDecodeSeeds(f)
	f.Add([]byte(`{"query":"{a}","variables":{"x":1},"count":2147483648}`))
	f.Add([]byte(`{"query":"{a}","Raw":{ "x" : 1 },"operationName":7}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want request
		gotErr := codec.Unmarshal(bytes.Clone(data), &got)
		wantErr := codec.SlowUnmarshal(data, &want)
		compareDecode(t, data, got, want, gotErr, wantErr)
	})
}

func compareDecode(t *testing.T, data []byte, got, want any, gotErr, wantErr error) {
	t.Helper()
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("input %q: error %v; encoding/json: %v", data, gotErr, wantErr)
	}
	if wantErr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("input %q:\n got %#v\nwant %#v", data, got, want)
	}
}

// FuzzMarshalString checks string escaping, the codec's and appendQuote's.
func FuzzMarshalString(f *testing.F) {
	for _, s := range []string{"", "plain", "<>&", "\u2028\u2029", "\x00\x1f\b\f\x7f", "a\xffb", "\xe2\x80", "😀", `"\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if jsonExperiment && !utf8.ValidString(s) {
			// encoding/json on v2 writes raw U+FFFD; the codecs keep v1's
			// \ufffd. Check the codec against its own AppendQuote, which
			// the corpus pins, instead.
			got, err := codec.Marshal(s)
			if q := codec.AppendQuote(nil, s); err != nil || !bytes.Equal(got, q) {
				t.Fatalf("Marshal(%q) = %s, %v; AppendQuote gives %s", s, got, err, q)
			}
			return
		}
		want, _ := json.Marshal(s)
		if got, err := codec.Marshal(s); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Marshal(%q) = %s, %v; want %s", s, got, err, want)
		}
		if got := codec.AppendQuote(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendQuote(%q) = %s; want %s", s, got, want)
		}
		m := map[string]string{s: s}
		wantMap, _ := json.Marshal(m)
		if got, err := codec.Marshal(m); err != nil || !bytes.Equal(got, wantMap) {
			t.Fatalf("Marshal(map of %q) = %s, %v; want %s", s, got, err, wantMap)
		}
	})
}

// FuzzAppendCompact checks that jsonscan.AppendCompactValid, which the
// runtime compacts checked JSON with, writes what encoding/json
// writes for a valid json.RawMessage, with and without HTML escaping.
func FuzzAppendCompact(f *testing.F) {
	for _, s := range []string{` { "a" : [ 1 , 2 ] } `, `"<\u2028>` + "\u2028\u2029" + `"`, `["\"<", "\\", 1e5]`, "\"a\xffb\"", `"\\\"&"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		if jsonExperiment && (!utf8.Valid(data) || bytes.ContainsRune(data, '\u2028') || bytes.ContainsRune(data, '\u2029')) {
			// encoding/json on v2 rewrites these inside a RawMessage, where
			// v1 (the reference) keeps them.
			return
		}
		want, err := json.Marshal(json.RawMessage(data))
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonscan.AppendCompactValid(nil, data, true); !bytes.Equal(got, want) {
			t.Fatalf("AppendCompact(%q, html) = %q; want %q", data, got, want)
		}
		var plain bytes.Buffer
		enc := json.NewEncoder(&plain)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(json.RawMessage(data)); err != nil {
			t.Fatal(err)
		}
		if got := jsonscan.AppendCompactValid(nil, data, false); !bytes.Equal(got, bytes.TrimSuffix(plain.Bytes(), []byte("\n"))) {
			t.Fatalf("AppendCompact(%q) = %q; want %q", data, got, plain.Bytes())
		}
	})
}

// FuzzMarshalFloat checks float formatting against encoding/json.
func FuzzMarshalFloat(f *testing.F) {
	for _, v := range []float64{0, 1, -1, 0.1, 1e21, 1e20, 1e-6, 1e-7, 123456789.125, 5e-324, 1.7976931348623157e308} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v float64) {
		for _, x := range []any{v, float32(v), []float64{v}, map[string]float32{"f": float32(v)}} {
			want, wantErr := json.Marshal(x)
			got, err := codec.Marshal(x)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("Marshal(%#v) = %s, %v; want %s, %v", x, got, err, want, wantErr)
			}
		}
	})
}

package codec_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// The errors below are pinned as encoding/json words them without
// GOEXPERIMENT=jsonv2 (checked against it when the experiment is off).
// With the experiment on, encoding/json names other types and words syntax
// errors otherwise; every codec must still give these texts.

type refusing struct{}

func (refusing) MarshalJSON() ([]byte, error) { return nil, errors.New("refused") }

type ptrRefusing struct{}

func (*ptrRefusing) MarshalJSON() ([]byte, error) { return nil, errors.New("refused") }

type badJSON struct{ out string }

func (b badJSON) MarshalJSON() ([]byte, error) { return []byte(b.out), nil }

// ptrBadJSON writes invalid JSON from a method on its pointer type, which
// encoding/json calls for addressable values only.
type ptrBadJSON struct{ out string }

func (p *ptrBadJSON) MarshalJSON() ([]byte, error) { return []byte(p.out), nil }

type textRefusing struct{}

func (textRefusing) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

type ptrTextRefusing struct{ A int }

func (*ptrTextRefusing) MarshalText() ([]byte, error) { return nil, errors.New("no text") }

// angleText is a TextMarshaler whose text needs escaping.
type angleText struct{}

func (angleText) MarshalText() ([]byte, error) { return []byte("<a>\u2028\xff"), nil }

func TestMarshalerErrorsAsV1(t *testing.T) {
	for _, tc := range []struct {
		name  string
		value any
		want  string
	}{
		{"top value", refusing{}, "json: error calling MarshalJSON for type codec_test.refusing: refused"},
		{"top pointer", &refusing{}, "json: error calling MarshalJSON for type *codec_test.refusing: refused"},
		{"field", struct{ A refusing }{}, "json: error calling MarshalJSON for type codec_test.refusing: refused"},
		{"pointer field", struct{ A *refusing }{A: &refusing{}}, "json: error calling MarshalJSON for type *codec_test.refusing: refused"},
		{"in interface", []any{"x\xff", refusing{}}, "json: error calling MarshalJSON for type codec_test.refusing: refused"},
		{"pointer in interface", []any{&refusing{}}, "json: error calling MarshalJSON for type *codec_test.refusing: refused"},
		{"map value", map[string]refusing{"a": {}}, "json: error calling MarshalJSON for type codec_test.refusing: refused"},
		{"pointer method, addressable", &struct{ A ptrRefusing }{}, "json: error calling MarshalJSON for type codec_test.ptrRefusing: refused"},
		{"raw message", struct{ R json.RawMessage }{R: json.RawMessage(`{"x":NaN}`)},
			"json: error calling MarshalJSON for type json.RawMessage: invalid character 'N' looking for beginning of value"},
		{"raw message pointer", struct{ R *json.RawMessage }{R: &json.RawMessage{'['}},
			"json: error calling MarshalJSON for type *json.RawMessage: unexpected end of JSON input"},
		{"invalid output", []badJSON{{`{"a" 1}`}}, "json: error calling MarshalJSON for type codec_test.badJSON: invalid character '1' after object key"},
		{"cut output", badJSON{`"\u12`}, "json: error calling MarshalJSON for type codec_test.badJSON: invalid character ' ' in \\u hexadecimal character escape"},
		{"pointer method output, addressable", &struct{ A ptrBadJSON }{A: ptrBadJSON{`nul`}},
			"json: error calling MarshalJSON for type codec_test.ptrBadJSON: invalid character ' ' in literal null (expecting 'l')"},
		{"pointer method output, slice element", []ptrBadJSON{{`tru`}},
			"json: error calling MarshalJSON for type codec_test.ptrBadJSON: invalid character ' ' in literal true (expecting 'e')"},
		{"pointer method cut escape", &struct{ A ptrBadJSON }{A: ptrBadJSON{`"\u12`}},
			"json: error calling MarshalJSON for type codec_test.ptrBadJSON: invalid character ' ' in \\u hexadecimal character escape"},
		{"pointer method trailing data", &struct{ A ptrBadJSON }{A: ptrBadJSON{`{"a":1}x`}},
			"json: error calling MarshalJSON for type codec_test.ptrBadJSON: invalid character 'x' after top-level value"},
		{"pointer method output, top", &ptrBadJSON{`nul`}, "json: error calling MarshalJSON for type *codec_test.ptrBadJSON: invalid character ' ' in literal null (expecting 'l')"},
		{"text top value", textRefusing{}, "json: error calling MarshalText for type codec_test.textRefusing: no text"},
		{"text top pointer", &textRefusing{}, "json: error calling MarshalText for type *codec_test.textRefusing: no text"},
		{"text field", struct{ A textRefusing }{}, "json: error calling MarshalText for type codec_test.textRefusing: no text"},
		{"text in interface", []any{"x\xff", textRefusing{}}, "json: error calling MarshalText for type codec_test.textRefusing: no text"},
		{"text map value", map[string]textRefusing{"a": {}}, "json: error calling MarshalText for type codec_test.textRefusing: no text"},
		{"text map key", map[textRefusing]int{{}: 1}, `json: encoding error for type "map[codec_test.textRefusing]int": "no text"`},
		{"text pointer method, addressable", &struct{ A ptrTextRefusing }{}, "json: error calling MarshalText for type codec_test.ptrTextRefusing: no text"},
		{"text pointer method, slice element", []ptrTextRefusing{{}}, "json: error calling MarshalText for type codec_test.ptrTextRefusing: no text"},
		{"text pointer method, top", &ptrTextRefusing{}, "json: error calling MarshalText for type *codec_test.ptrTextRefusing: no text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, c := range []codec.Codec{codec.Active, codec.Std} {
				if _, err := c.Marshal(tc.value); err == nil || err.Error() != tc.want {
					t.Errorf("%s: %v; want %q", c.Name(), err, tc.want)
				}
			}
			if !jsonExperiment {
				if _, err := json.Marshal(tc.value); err == nil || err.Error() != tc.want {
					t.Errorf("encoding/json: %v; the table says %q", err, tc.want)
				}
			}
		})
	}
}

// TestExactPassKeepsMarshalerBytes: a value with invalid UTF-8 in a string
// takes the second pass under the experiment, where MarshalJSON output is
// compacted by the scanner; the bytes stay v1's.
func TestExactPassKeepsMarshalerBytes(t *testing.T) {
	v := map[string]any{
		"bad": "a\xffb",
		"raw": json.RawMessage(" { \"h\" : \"<i>&\u2028\" , \"k\" : [ 1 ] } "),
		"m":   badJSON{`"x\u2029y"`},
		"nil": (*json.RawMessage)(nil),
		"txt": angleText{},
	}
	want := `{"bad":"a\ufffdb","m":"x\u2029y","nil":null,"raw":{"h":"\u003ci\u003e\u0026\u2028","k":[1]},"txt":"\u003ca\u003e\u2028\ufffd"}`
	for _, c := range []codec.Codec{codec.Active, codec.Std} {
		if got, err := c.Marshal(v); err != nil || string(got) != want {
			t.Errorf("%s: %s, %v\nwant %s", c.Name(), got, err, want)
		}
	}
	if !jsonExperiment {
		if got, err := json.Marshal(v); err != nil || string(got) != want {
			t.Errorf("encoding/json: %s, %v; the test says %s", got, err, want)
		}
	}
}

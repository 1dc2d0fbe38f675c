package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

// The fuzz targets hold the scanner to encoding/json without the experiment
// (see haveReference; under GOEXPERIMENT=jsonv2 they only check that
// nothing panics and that the routines agree with each other). Run one
// with e.g. `go test -run '^$' -fuzz FuzzCheck ./internal/jsonscan`.

func addSeeds(f *testing.F) {
	for _, tc := range syntaxCases {
		if len(tc.in) < 1024 {
			f.Add([]byte(tc.in))
		}
	}
	for _, s := range []string{
		`{"a":[1,{"b":null}],"c":"x\u00e9\ud83d\ude00","d":-1.5e+7,"e":true,"f":false}`,
		" [ \"<>&\u2028\u2029\" , 0.5 ] ", "\"a\xffb\"", `"\ud800\u0041"`, `{"":""}`, `[[[[]]]]`,
	} {
		f.Add([]byte(s))
	}
}

// FuzzCheck: Valid and Check agree with json.Valid and json.Unmarshal's
// syntax error (message and offset), AppendCompact with Check.
func FuzzCheck(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		err := Check(src)
		if Valid(src) != (err == nil) {
			t.Fatalf("%q: Valid and Check disagree: %v", src, err)
		}
		if _, cerr := AppendCompact(nil, src, true); (cerr == nil) != (err == nil) || cerr != nil && *cerr != *err {
			t.Fatalf("%q: AppendCompact says %v, Check %v", src, cerr, err)
		}
		if !haveReference {
			return
		}
		if json.Valid(src) != (err == nil) {
			t.Fatalf("%q: Check says %v, json.Valid %v", src, err, json.Valid(src))
		}
		var v any
		jerr := json.Unmarshal(src, &v)
		var serr *json.SyntaxError
		if err != nil && (!errors.As(jerr, &serr) || serr.Error() != err.Msg || serr.Offset != err.Offset) {
			t.Fatalf("%q: Check says %q at %d; encoding/json %v", src, err.Msg, err.Offset, jerr)
		}
	})
}

// FuzzCompact: the bytes of AppendCompact and AppendCompactValid are
// encoding/json's for a json.RawMessage, with HTML escaping and without.
func FuzzCompact(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, html := range []bool{true, false} {
			got, err := AppendCompact(nil, src, html)
			if err != nil {
				continue
			}
			if trusted := AppendCompactValid(nil, src, html); !bytes.Equal(trusted, got) {
				t.Fatalf("%q html=%v: AppendCompactValid %q, AppendCompact %q", src, html, trusted, got)
			}
			if !haveReference {
				continue
			}
			var out bytes.Buffer
			enc := json.NewEncoder(&out)
			enc.SetEscapeHTML(html)
			if err := enc.Encode(json.RawMessage(src)); err != nil {
				t.Fatalf("%q: valid for us, encoding/json: %v", src, err)
			}
			if want := bytes.TrimSuffix(out.Bytes(), []byte("\n")); !bytes.Equal(got, want) {
				t.Fatalf("%q html=%v:\n got %q\nwant %q", src, html, got, want)
			}
		}
	})
}

// FuzzFirstValue: FirstValue finds what a json.Decoder finds, or fails as
// it does.
func FuzzFirstValue(f *testing.F) {
	addSeeds(f)
	f.Add([]byte(`{"a":1} trailing`))
	f.Add([]byte(`1x`))
	f.Fuzz(func(t *testing.T, src []byte) {
		end, err := FirstValue(src)
		if err == nil && !Valid(src[:end]) {
			t.Fatalf("%q: first value %q is not valid", src, src[:end])
		}
		if !haveReference {
			return
		}
		d := json.NewDecoder(bytes.NewReader(src))
		var raw json.RawMessage
		jerr := d.Decode(&raw)
		if errText(err) != errText(jerr) {
			t.Fatalf("%q: FirstValue error %v; json.Decoder %v", src, err, jerr)
		}
		var serr *json.SyntaxError
		var ours *SyntaxError
		if errors.As(jerr, &serr) && errors.As(err, &ours) && serr.Offset != ours.Offset {
			t.Fatalf("%q: offset %d; json.Decoder %d", src, ours.Offset, serr.Offset)
		}
		if err == nil && !bytes.Equal(bytes.TrimSpace(src[:end]), raw) {
			t.Fatalf("%q: first value %q; json.Decoder %q", src, src[:end], raw)
		}
	})
}

// FuzzUnquote: StringEnd with Unquote, and AppendString, read a string as
// json.Unmarshal does into a Go string.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"plain"`, `"\ud83d\ude00\u00e9"`, `"\ud800\ud800\udc00"`, "\"a\xffb\"", `"\u12"`, `"\x"`, "\"\x01\"", `"é"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) == 0 || src[0] != '"' {
			return
		}
		end, plain, ok := StringEnd(src, 1)
		var text string
		if ok {
			var uok bool
			text, uok = Unquote(src[1:end])
			if !uok {
				t.Fatalf("%q: StringEnd accepts, Unquote refuses", src)
			}
			if plain && text != string(src[1:end]) {
				t.Fatalf("%q: plain, but the text is %q", src, text)
			}
		}
		out, aend, raw, aok := AppendString(nil, src, 1)
		if raw {
			out = src[1:aend]
		}
		if aok != ok || ok && (aend != end || string(out) != text) {
			t.Fatalf("%q: AppendString %q, %d, %v; StringEnd and Unquote %q, %d, %v", src, out, aend, aok, text, end, ok)
		}
		if !haveReference {
			return
		}
		var want string
		jerr := json.Unmarshal(src[:min(end+1, len(src))], &want)
		if ok != (jerr == nil) || ok && text != want {
			t.Fatalf("%q: %q, %v; encoding/json %q, %v", src, text, ok, want, jerr)
		}
	})
}

// Package codectest checks a codec.Codec against the contract every codec of
// this module keeps: the bytes, values and errors of encoding/json as it is
// without GOEXPERIMENT=jsonv2 (upstream gqlgen v0.17.98's wire bytes), with
// the experiment on or off. The module's own codecs run it under every
// build tag; a program that brings its own codec can run it too:
//
//	func TestMyCodec(t *testing.T) { codectest.Run(t, mycodec.New()) }
//
// RunInstalled checks it installed for the whole process (codec.Use), as
// the runtime then uses it.
package codectest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// Options relax the contract for codecs that cannot reproduce it all.
type Options struct {
	// AnyError accepts any non-nil error where the corpus expects a
	// specific encoding/json error text.
	AnyError bool
}

// Run checks c against the whole corpus.
func Run(t *testing.T, c codec.Codec) { RunWith(t, c, Options{}) }

// RunWith checks c against the whole corpus with relaxed options.
func RunWith(t *testing.T, c codec.Codec, o Options) {
	t.Run("Marshal", func(t *testing.T) { checkMarshal(t, c, o) })
	t.Run("Encoder", func(t *testing.T) { checkEncoder(t, c, o) })
	t.Run("Unmarshal", func(t *testing.T) { checkUnmarshal(t, c, o) })
	t.Run("Decoder", func(t *testing.T) { checkDecoder(t, c) })
	t.Run("NoAliasing", func(t *testing.T) { checkNoAliasing(t, c) })
}

// RunInstalled installs c for the whole process (codec.Use), checks that
// the package-level functions of codec, which the runtime calls, then use
// it (Current and Name report it) and keep the contract, and puts back the
// build-tag default when the test ends. It must not run in parallel with
// tests that use the package-level functions.
func RunInstalled(t *testing.T, c codec.Codec) {
	codec.Use(c)
	t.Cleanup(func() { codec.Use(nil) })
	if codec.Current() != c || codec.Name() != c.Name() {
		t.Fatalf("after Use, Current is %q: the package-level functions do not use %q", codec.Name(), c.Name())
	}
	Run(t, installed{})
}

// installed is the codec of the package-level functions.
type installed struct{}

func (installed) Name() string                         { return codec.Name() }
func (installed) Marshal(v any) ([]byte, error)        { return codec.Marshal(v) }
func (installed) Unmarshal(data []byte, v any) error   { return codec.Unmarshal(data, v) }
func (installed) NewEncoder(w io.Writer) codec.Encoder { return codec.NewEncoder(w) }
func (installed) NewDecoder(r io.Reader) codec.Decoder { return codec.NewDecoder(r) }

func (o Options) errorMatches(t *testing.T, got error, want string) {
	t.Helper()
	switch {
	case got == nil:
		t.Errorf("no error; want %q", want)
	case !o.AnyError && got.Error() != want:
		t.Errorf("error %q; want %q", got.Error(), want)
	}
}

func checkMarshal(t *testing.T, c codec.Codec, o Options) {
	for _, tc := range Encode() {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := c.Marshal(tc.Value)
			if tc.WantErr != "" {
				o.errorMatches(t, err, tc.WantErr)
				return
			}
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if string(got) != tc.Want {
				t.Errorf("Marshal\n got %s\nwant %s", got, tc.Want)
			}
			prefix := []byte("prefix:")
			appended, err := codec.AppendWith(c, prefix, tc.Value)
			if err != nil || string(appended) != "prefix:"+tc.Want {
				t.Errorf("AppendWith = %q, %v; want %q", appended, err, "prefix:"+tc.Want)
			}
		})
	}
}

func checkEncoder(t *testing.T, c codec.Codec, o Options) {
	for _, tc := range Encode() {
		t.Run(tc.Name, func(t *testing.T) {
			var out bytes.Buffer
			err := c.NewEncoder(&out).Encode(tc.Value)
			if tc.WantErr != "" {
				o.errorMatches(t, err, tc.WantErr)
				return
			}
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if out.String() != tc.Want+"\n" {
				t.Errorf("Encode\n got %q\nwant %q", out.String(), tc.Want+"\n")
			}
		})
	}
	t.Run("SetEscapeHTML(false)", func(t *testing.T) {
		var out bytes.Buffer
		enc := c.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		v := map[string]any{"s": "<a>&\u2028", "raw": rawHTML}
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if err := enc.Encode([]string{"<second>"}); err != nil {
			t.Fatal(err)
		}
		want := `{"raw":{"h":"<i>"},"s":"<a>&\u2028"}` + "\n" + `["<second>"]` + "\n"
		if out.String() != want {
			t.Errorf("got %q\nwant %q", out.String(), want)
		}
	})
}

var rawHTML = json.RawMessage(`{ "h" : "<i>" }`)

func checkUnmarshal(t *testing.T, c codec.Codec, o Options) {
	for _, tc := range Decode() {
		t.Run(tc.Name, func(t *testing.T) {
			target := tc.Into()
			err := c.Unmarshal([]byte(tc.Input), target)
			if tc.WantErr != "" {
				o.errorMatches(t, err, tc.WantErr)
				return
			}
			if err != nil {
				t.Fatalf("Unmarshal: %v", err)
			}
			got := reflect.ValueOf(target).Elem().Interface()
			if !reflect.DeepEqual(got, tc.Want) {
				t.Errorf("Unmarshal\n got %#v\nwant %#v", got, tc.Want)
			}
		})
	}
}

func checkDecoder(t *testing.T, c codec.Codec) {
	dec := c.NewDecoder(strings.NewReader(` {"a":1e400} [12345678901234567890] "x" `))
	dec.UseNumber()
	var first, second, third any
	for i, v := range []*any{&first, &second, &third} {
		if err := dec.Decode(v); err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
	}
	want := []any{map[string]any{"a": json.Number("1e400")}, []any{json.Number("12345678901234567890")}, "x"}
	if got := []any{first, second, third}; !reflect.DeepEqual(got, want) {
		t.Errorf("stream\n got %#v\nwant %#v", got, want)
	}
	var rest any
	if err := dec.Decode(&rest); err != io.EOF {
		t.Errorf("after the last value: %v; want io.EOF", err)
	}

	plain := c.NewDecoder(strings.NewReader(`{"n":[1.5]}`))
	var floats any
	if err := plain.Decode(&floats); err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"n": []any{1.5}}; !reflect.DeepEqual(floats, want) {
		t.Errorf("without UseNumber: got %#v; want %#v", floats, want)
	}

	bad := c.NewDecoder(strings.NewReader(`{"a":tru}`))
	bad.UseNumber()
	err := bad.Decode(&rest)
	var de *codec.DecodeError
	if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), codec.DecodeErrorPrefix) {
		t.Errorf("invalid input: %v (%T); want a *codec.DecodeError", err, err)
	}
}

// checkNoAliasing decodes from a buffer, overwrites the buffer, and checks
// that no decoded string changed: callers pool their request buffers.
func checkNoAliasing(t *testing.T, c codec.Codec) {
	input := `{"query":"{ hero { name } }","operationName":"HeroNameQuery","variables":{"episode":"JEDI","list":["a","b"]}}`
	type params struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}
	buf := []byte(input)
	var p params
	if err := c.Unmarshal(buf, &p); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := c.Unmarshal(buf, &m); err != nil {
		t.Fatal(err)
	}
	for i := range buf {
		buf[i] = '#'
	}
	if p.Query != "{ hero { name } }" || p.OperationName != "HeroNameQuery" ||
		p.Variables["episode"] != "JEDI" || !reflect.DeepEqual(p.Variables["list"], []any{"a", "b"}) {
		t.Errorf("struct strings changed with the input buffer: %#v", p)
	}
	if m["query"] != "{ hero { name } }" || m["operationName"] != "HeroNameQuery" {
		t.Errorf("map strings changed with the input buffer: %#v", m)
	}
}

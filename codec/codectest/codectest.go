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
	"reflect"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// Options relax the contract for codecs that cannot reproduce it all.
type Options struct {
	// AnyError accepts any non-nil error where the corpus expects a
	// specific encoding/json error text.
	AnyError bool
}

// Run checks c against the whole corpus: Marshal and Unmarshal, and
// AppendMarshal and AppendQuote when c has the Appender and Quoter
// abilities.
func Run(t *testing.T, c codec.Codec) { RunWith(t, c, Options{}) }

// RunWith checks c against the whole corpus with relaxed options.
func RunWith(t *testing.T, c codec.Codec, o Options) {
	t.Run("Marshal", func(t *testing.T) { checkMarshal(t, c, o) })
	t.Run("Unmarshal", func(t *testing.T) { checkUnmarshal(t, c, o) })
	t.Run("NoAliasing", func(t *testing.T) { checkNoAliasing(t, c) })
	if q, ok := c.(codec.Quoter); ok {
		t.Run("AppendQuote", func(t *testing.T) { checkQuote(t, q) })
	}
}

// RunInstalled installs c for the whole process (codec.Use), checks that
// the package-level functions of codec, which the runtime calls, then use
// it (Name reports it) and keep the contract, AppendMarshal and AppendQuote
// included whether or not c has those abilities, and puts back the
// build-tag default when the test ends. It must not run in parallel with
// tests that use the package-level functions.
func RunInstalled(t *testing.T, c codec.Codec) {
	codec.Use(c)
	t.Cleanup(func() { codec.Use(nil) })
	if codec.Name() != c.Name() {
		t.Fatalf("after Use, Name is %q: the package-level functions do not use %q", codec.Name(), c.Name())
	}
	Run(t, installed{})
}

// installed is the codec of the package-level functions.
type installed struct{}

func (installed) Name() string                                    { return codec.Name() }
func (installed) Marshal(v any) ([]byte, error)                   { return codec.Marshal(v) }
func (installed) Unmarshal(data []byte, v any) error              { return codec.Unmarshal(data, v) }
func (installed) AppendMarshal(dst []byte, v any) ([]byte, error) { return codec.AppendMarshal(dst, v) }
func (installed) AppendQuote(dst []byte, s string) []byte         { return codec.AppendQuote(dst, s) }

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
			if a, ok := c.(codec.Appender); ok {
				appended, err := a.AppendMarshal([]byte("prefix:"), tc.Value)
				if err != nil || string(appended) != "prefix:"+tc.Want {
					t.Errorf("AppendMarshal = %q, %v; want %q", appended, err, "prefix:"+tc.Want)
				}
			}
		})
	}
}

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

// checkQuote compares AppendQuote with Marshal of the same string, on the
// strings of the corpus.
func checkQuote(t *testing.T, q codec.Quoter) {
	for _, tc := range Encode() {
		str, ok := tc.Value.(string)
		if !ok {
			continue
		}
		t.Run(tc.Name, func(t *testing.T) {
			if got := q.AppendQuote([]byte("prefix:"), str); string(got) != "prefix:"+tc.Want {
				t.Errorf("AppendQuote = %q; want %q", got, "prefix:"+tc.Want)
			}
		})
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

//go:build sonic && !go_json && !jsoniter && !jsonv2 && ((amd64 && !go1.28) || (arm64 && !go1.28))

package codec

import (
	"bytes"
	"io"
	"sync"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/encoder"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

var active = sonicCodec{}

// sonicAPI decodes like encoding/json: strings copied out of the input and
// numbers in interfaces kept as json.Number. Invalid UTF-8 is left to
// encoding/json (sonic would reject it; see Unmarshal).
var sonicAPI = sonic.Config{
	EscapeHTML:       true,
	SortMapKeys:      true,
	CompactMarshaler: true,
	CopyString:       true,
	ValidateString:   true,
	UseNumber:        true,
}.Froze()

// sonicStreamAPI is sonicAPI without UseNumber, for Decoders, whose
// UseNumber method turns it on.
var sonicStreamAPI = sonic.Config{
	EscapeHTML:       true,
	SortMapKeys:      true,
	CompactMarshaler: true,
	CopyString:       true,
	ValidateString:   true,
}.Froze()

// sonic repairs invalid UTF-8 everywhere, RawMessage included, where
// encoding/json keeps it; so it is not asked to, and trustworthy() sends such
// output to encoding/json. Its HTML escaping is a second pass into a new
// buffer; sonicAppend runs the same (vectorised) pass into a pooled one.
const sonicOptions = encoder.SortMapKeys | encoder.CompactMarshaler

var sonicScratch = sync.Pool{New: func() any { return new([]byte) }}

// sonicCodec is github.com/bytedance/sonic, JIT-compiled on amd64 and arm64.
type sonicCodec struct{}

func (sonicCodec) Name() string { return "sonic" }

func sonicAppend(dst []byte, v any, html bool) ([]byte, error) {
	n := len(dst)
	if err := encoder.EncodeInto(&dst, v, sonicOptions); err != nil || !trustworthy(dst[n:], html) {
		return stdAppend(dst[:n], v, html)
	}
	if html {
		scratch := sonicScratch.Get().(*[]byte)
		escaped := encoder.HTMLEscape((*scratch)[:0], dst[n:])
		dst = append(dst[:n], escaped...)
		*scratch = escaped
		sonicScratch.Put(scratch)
	}
	return dst, nil
}

func (c sonicCodec) Marshal(v any) ([]byte, error) { return c.AppendMarshal(nil, v) }

func (c sonicCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendRouted(dst, v, c.NativeUntypedEncode(), c.libAppend)
}

// Unmarshal routes untyped targets as NativeUntypedDecode says.
func (c sonicCodec) Unmarshal(data []byte, v any) error {
	return unmarshalRouted(data, v, c.NativeUntypedDecode(len(data)), c.libUnmarshal)
}

// NativeUntypedEncode: sonic's map encoder against the built-in one
// (route_bench_test.go, see route.go for the numbers).
func (sonicCodec) NativeUntypedEncode() bool { return sonicEncodesUntyped }

// NativeUntypedDecode: from sonicDecodesUntypedFrom bytes on, sonic
// decodes an untyped document faster than the built-in decoder (with more
// allocations); below that the built-in decoder wins on both.
func (sonicCodec) NativeUntypedDecode(n int) bool { return n >= sonicDecodesUntypedFrom }

func (sonicCodec) libAppend(dst []byte, v any) ([]byte, error) { return sonicAppend(dst, v, true) }

func (sonicCodec) libUnmarshal(data []byte, v any) error {
	if !validEscapes(data) {
		return stdUnmarshal(data, v)
	}
	if err := sonicAPI.Unmarshal(data, v); err != nil {
		return stdUnmarshal(data, v)
	}
	return nil
}

// validEscapes reports whether every backslash in data starts a valid JSON
// escape. When sonic skips a value that no field asks for, it misses bad
// escapes at some offsets of long strings ({"x":"<28 zeros>\0"} decodes
// without an error), so documents with a bad escape go straight to
// encoding/json. Found by FuzzUnmarshalRequest.
func validEscapes(data []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\\')
		if j < 0 {
			return true
		}
		i += j
		n := jsonscan.EscapeLen(data, i)
		if n == 0 {
			return false
		}
		i += n
	}
}

func (sonicCodec) NewEncoder(w io.Writer) Encoder {
	return &bufferedEncoder{w: w, append: sonicAppend}
}
func (sonicCodec) NewDecoder(r io.Reader) Decoder {
	return &wrappedDecoder{sonicStreamAPI.NewDecoder(r)}
}
func (sonicCodec) Valid(data []byte) bool { return stdValid(data) }
func (sonicCodec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

// sonic's routing decisions, from route_bench_test.go (go test -run '^$'
// -bench Route -tags sonic ./codec/) on the Map and variables shapes of
// _examples/benchmark; the numbers are in _examples/benchmark/README.md.
const (
	// sonicEncodesUntyped: whether sonic encodes map[string]any trees.
	sonicEncodesUntyped = false
	// sonicDecodesUntypedFrom: the document size from which sonic decodes
	// untyped targets (never, as measured).
	sonicDecodesUntypedFrom = 1 << 62
)

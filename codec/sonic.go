//go:build sonic && !go_json && !jsoniter && !jsonv2 && ((amd64 && !go1.28) || (arm64 && !go1.28))

package codec

import (
	"bytes"
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

// sonic repairs invalid UTF-8 everywhere, RawMessage included, where
// encoding/json keeps it; so it is not asked to, and trustworthy() sends such
// output to encoding/json. Its HTML escaping is a second pass into a new
// buffer; sonicAppend runs the same (vectorised) pass into a pooled one.
const sonicOptions = encoder.SortMapKeys | encoder.CompactMarshaler

var sonicScratch = sync.Pool{New: func() any { return new([]byte) }}

// sonicCodec is github.com/bytedance/sonic, JIT-compiled on amd64 and arm64.
type sonicCodec struct{}

func (sonicCodec) Name() string { return "sonic" }

func sonicAppend(dst []byte, v any) ([]byte, error) {
	n := len(dst)
	if err := encoder.EncodeInto(&dst, v, sonicOptions); err != nil || !trustworthy(dst[n:]) {
		return stdAppend(dst[:n], v, true)
	}
	scratch := sonicScratch.Get().(*[]byte)
	escaped := encoder.HTMLEscape((*scratch)[:0], dst[n:])
	dst = append(dst[:n], escaped...)
	*scratch = escaped
	sonicScratch.Put(scratch)
	return dst, nil
}

func (c sonicCodec) Marshal(v any) ([]byte, error) { return c.AppendMarshal(nil, v) }

// AppendMarshal and Unmarshal leave untyped values to the built-in encoder
// and decoder, which beat sonic's on allocations at every size measured and
// on time at every size a request holds.
func (c sonicCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendUntyped(dst, v, c.libAppend)
}

func (c sonicCodec) Unmarshal(data []byte, v any) error {
	return unmarshalUntyped(data, v, c.libUnmarshal)
}

func (sonicCodec) libAppend(dst []byte, v any) ([]byte, error) { return sonicAppend(dst, v) }

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

func (sonicCodec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

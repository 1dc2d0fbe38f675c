package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// This file holds the encoding/json behaviour every codec is measured
// against. The other codecs use it on their error paths, so that an input
// that one library rejects gets exactly the result encoding/json would give.

var errTrailing = errors.New("codec: data after the top-level value")

// stdUnmarshal decodes like json.Unmarshal, except that numbers held in
// interface values become json.Number (encoding/json only offers that on a
// Decoder). Errors are the ones json.Unmarshal returns for the same input.
func stdUnmarshal(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	err := d.Decode(v)
	if err == nil && jsonscan.OnlySpace(data[d.InputOffset():]) {
		return nil
	}
	// A Decoder words syntax errors differently ("unexpected EOF") and does
	// not look past the first value; json.Unmarshal checks the whole input
	// first, so its syntax error is the one to report: the scanner's, worded
	// as encoding/json without GOEXPERIMENT=jsonv2 words it. Type errors are
	// the Decoder's.
	if serr := jsonscan.Check(data); serr != nil {
		return syntaxError(serr)
	}
	if err == nil {
		return errTrailing // not reached: bytes after the value are a syntax error
	}
	return err
}

// stdValid is json.Valid as encoding/json without the experiment decides
// it, whether or not the experiment is on.
func stdValid(data []byte) bool { return jsonscan.Valid(data) }

func stdNewDecoder(r io.Reader) Decoder { return &wrappedDecoder{json.NewDecoder(r)} }

// stdCodec is encoding/json. It is always compiled: it is the default codec,
// the fallback for sonic where sonic cannot run, and the reference in tests.
type stdCodec struct{ name string }

func (c stdCodec) Name() string                          { return c.name }
func (stdCodec) NewEncoder(w io.Writer) Encoder          { return stdNewEncoder(w) }
func (stdCodec) NewDecoder(r io.Reader) Decoder          { return stdNewDecoder(r) }
func (stdCodec) Valid(data []byte) bool                  { return stdValid(data) }
func (stdCodec) AppendQuote(dst []byte, s string) []byte { return appendQuote(dst, s, true) }

// Marshal encodes untyped trees (map[string]any, []any) with the encoder
// of untypedenc.go and everything else with encoding/json: encoding/json
// has no untyped path that beats the built-in one at any size (see
// route.go), so stdCodec has no UntypedNative capability.
func (c stdCodec) Marshal(v any) ([]byte, error) {
	if untypedTree(v) {
		return appendUntyped(nil, v, true, c.libAppend)
	}
	return stdMarshal(v)
}

func (c stdCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendRouted(dst, v, false, c.libAppend)
}

// Unmarshal decodes untyped targets (*any, *map[string]any, *[]any) with
// the decoder of anydecode.go, and everything else, or whatever that
// decoder gives up on, with encoding/json.
func (c stdCodec) Unmarshal(data []byte, v any) error {
	return unmarshalRouted(data, v, false, c.libUnmarshal)
}

// NativeUntypedEncode is false: the built-in encoder writes the same bytes
// as encoding/json with a fraction of its allocations and time.
func (stdCodec) NativeUntypedEncode() bool { return false }

// NativeUntypedDecode is false: the built-in decoder beats encoding/json at
// every size.
func (stdCodec) NativeUntypedDecode(int) bool { return false }

// libAppend and libUnmarshal are encoding/json alone.
func (stdCodec) libAppend(dst []byte, v any) ([]byte, error) {
	b, err := stdMarshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

func (stdCodec) libUnmarshal(data []byte, v any) error { return stdUnmarshal(data, v) }

// Std is encoding/json as a Codec, whichever codec the build tags chose.
var Std Codec = stdCodec{name: "encoding/json"}

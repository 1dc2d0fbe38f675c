// Package codec is the one place where the runtime turns Go values into JSON
// and back. Every transport, the response writer, the Map/Any/Omittable
// scalars and the test client go through it, so a build tag can swap the JSON
// library for the whole server:
//
//	no tag      encoding/json
//	go_json     github.com/goccy/go-json
//	sonic       github.com/bytedance/sonic (encoding/json where sonic cannot run)
//	jsoniter    github.com/json-iterator/go
//	jsonv2      encoding/json/v2 (only with GOEXPERIMENT=jsonv2; without it the build fails and says so)
//
// Whatever library is built in, the contract is the one of encoding/json as
// it is without GOEXPERIMENT=jsonv2, which is what upstream gqlgen v0.17.98
// put on the wire: the same output bytes (HTML characters, U+2028 and U+2029
// escaped, invalid UTF-8 replaced by \ufffd, map keys sorted, floats
// formatted alike), the same errors (syntax errors worded as its scanner
// words them, marshaler errors naming the type it names), and on decoding,
// numbers held in an interface value become json.Number, at every depth, so
// that integers keep their precision. Decoded strings never share memory
// with the input. The contract holds with the experiment on too, where
// encoding/json itself words errors and writes some bytes otherwise: syntax
// errors are found and worded by the module's own scanner, and the few
// values v2 writes differently are written by this package.
//
// The String and ID fields of a response are the one exception: the
// runtime writes them itself (package graphql), escaped at once by
// upstream's rule for GraphQL strings and by encoding/json's HTML and
// U+2028/U+2029 rule, which is what upstream put on the wire and no library
// writes.
//
// Untyped values, the trees of map[string]any, []any, strings, numbers,
// booleans and nil that variables decode into and that Map and Any scalars
// hold, have their own encoder and decoder in this package, exact to the
// same contract and far lighter on allocations than reflection. Each
// build-tag codec says, through the UntypedNative capability, where its
// library is used instead (today: nowhere, measured; see
// _examples/benchmark/README.md); the go_json codec also quotes strings of
// 1 KB and more with go-json.
//
// A program may bring its own Codec: it installs it with Use, before serving,
// and the codectest package checks it against that contract. Such a codec is
// given every value, untyped ones included, unless it has the UntypedNative
// capability and leaves some to the built-in paths.
package codec

import (
	"bytes"
	"io"
)

// Codec encodes and decodes JSON values.
//
// Marshal must produce exactly what encoding/json's Marshal produces.
// Unmarshal must accept what encoding/json's Unmarshal accepts, reject what it
// rejects (trailing data included), and decode numbers held in interface
// values as json.Number. A Codec is safe for concurrent use.
type Codec interface {
	// Name identifies the implementation, for logs and `gqlgen version`.
	Name() string
	Marshal(v any) ([]byte, error)
	Unmarshal(data []byte, v any) error
	// NewEncoder returns an Encoder that writes one JSON text per Encode call,
	// each followed by a newline, as json.Encoder does.
	NewEncoder(w io.Writer) Encoder
	// NewDecoder returns a Decoder that reads a stream of JSON values from r.
	NewDecoder(r io.Reader) Decoder
}

// Encoder writes JSON values to a stream.
type Encoder interface {
	// Encode writes v and a newline.
	Encode(v any) error
	// SetEscapeHTML turns the escaping of <, > and & inside strings on (the
	// default) or off. U+2028 and U+2029 are escaped either way.
	SetEscapeHTML(on bool)
}

// Decoder reads JSON values from a stream.
type Decoder interface {
	// Decode reads the next value into v.
	Decode(v any) error
	// UseNumber makes numbers held in interface values decode as json.Number.
	UseNumber()
}

// Appender is an optional Codec capability: encode v onto the end of dst,
// so that a caller can reuse its buffer.
type Appender interface {
	AppendMarshal(dst []byte, v any) ([]byte, error)
}

// Quoter is an optional Codec capability: append s as a JSON string, escaped
// exactly as Marshal would escape it.
type Quoter interface {
	AppendQuote(dst []byte, s string) []byte
}

// Validator is an optional Codec capability: report whether data is one
// valid JSON value.
type Validator interface {
	Valid(data []byte) bool
}

// Default returns the codec chosen by the build tags, whatever Use installed.
func Default() Codec { return active }

// Current returns the codec the package-level functions use: the one given
// to Use, or Default when none was.
func Current() Codec {
	if b := installed.Load(); b != nil {
		return b.c
	}
	return active
}

// Name reports the codec in use, for example "encoding/json", "sonic
// (fallback: encoding/json)" where sonic cannot run on this platform, or the
// Name of the codec given to Use.
func Name() string {
	if b := installed.Load(); b != nil {
		return b.c.Name()
	}
	return active.Name()
}

// Marshal encodes v with the codec in use (see Use), or, for a
// map[string]any or []any, with the built-in encoder when the codec's
// UntypedNative capability leaves it that path.
func Marshal(v any) ([]byte, error) {
	if b := installed.Load(); b != nil {
		if untypedTree(v) && !nativeEncodes(b.c) {
			return appendUntyped(nil, v, true, func(dst []byte, v any) ([]byte, error) { return libAppendWith(b.c, dst, v) })
		}
		return b.c.Marshal(v)
	}
	return active.Marshal(v)
}

// Unmarshal decodes data into v with the codec in use (see Use), or, for
// an untyped target (*any, *map[string]any, *[]any), with the built-in
// decoder when the codec's UntypedNative capability leaves it that path.
// Numbers held in interface values become json.Number.
func Unmarshal(data []byte, v any) error {
	if b := installed.Load(); b != nil {
		return unmarshalRouted(data, v, nativeDecodes(b.c, len(data)), b.c.Unmarshal)
	}
	return active.Unmarshal(data, v)
}

// NewEncoder returns a streaming encoder of the codec in use (see Use).
func NewEncoder(w io.Writer) Encoder {
	if b := installed.Load(); b != nil {
		return b.c.NewEncoder(w)
	}
	return active.NewEncoder(w)
}

// NewDecoder returns a streaming decoder of the codec in use (see Use).
func NewDecoder(r io.Reader) Decoder {
	if b := installed.Load(); b != nil {
		return b.c.NewDecoder(r)
	}
	return active.NewDecoder(r)
}

// AppendMarshal appends the encoding of v to dst with the codec in use (see
// Use), through its Appender capability when it has one.
func AppendMarshal(dst []byte, v any) ([]byte, error) {
	if b := installed.Load(); b != nil {
		return AppendWith(b.c, dst, v)
	}
	return active.AppendMarshal(dst, v)
}

// AppendQuote appends s to dst as a JSON string, escaped as Marshal escapes
// it: by the Quoter capability of a codec given to Use, if it has one, and
// otherwise as encoding/json does.
func AppendQuote(dst []byte, s string) []byte {
	if b := installed.Load(); b != nil {
		return QuoteWith(b.c, dst, s)
	}
	return active.AppendQuote(dst, s)
}

// Valid reports whether data is one valid JSON value according to the codec
// in use (see Use).
func Valid(data []byte) bool {
	if b := installed.Load(); b != nil {
		return ValidWith(b.c, data)
	}
	return active.Valid(data)
}

// AppendWith appends the encoding of v to dst with c, using c's Appender
// capability when it has one, and the built-in encoder for a
// map[string]any or []any when c's UntypedNative capability leaves it that
// path.
func AppendWith(c Codec, dst []byte, v any) ([]byte, error) {
	if untypedTree(v) && !nativeEncodes(c) {
		return appendUntyped(dst, v, true, func(dst []byte, v any) ([]byte, error) { return libAppendWith(c, dst, v) })
	}
	return libAppendWith(c, dst, v)
}

// libAppendWith is AppendWith without the routing of untyped trees.
func libAppendWith(c Codec, dst []byte, v any) ([]byte, error) {
	if a, ok := c.(Appender); ok {
		return a.AppendMarshal(dst, v)
	}
	b, err := c.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// QuoteWith appends s as a JSON string, using c's Quoter capability when it
// has one.
func QuoteWith(c Codec, dst []byte, s string) []byte {
	if q, ok := c.(Quoter); ok {
		return q.AppendQuote(dst, s)
	}
	return appendQuote(dst, s, true)
}

// ValidWith reports whether data is one valid JSON value according to c,
// using its Validator capability when it has one.
func ValidWith(c Codec, data []byte) bool {
	if v, ok := c.(Validator); ok {
		return v.Valid(data)
	}
	var x any
	return c.Unmarshal(bytes.Clone(data), &x) == nil
}

//go:build go_json && !sonic && !jsoniter && !jsonv2

package codec

import (
	"io"

	gojson "github.com/goccy/go-json"
)

var active = goJSONCodec{}

// useNumber sets go-json's UseNumberOption (bit 3 of its decoder flags),
// which its Decoder exposes but its Unmarshal takes only as a raw option.
// The conformance suite fails if a go-json upgrade moves the bit.
func useNumber(o *gojson.DecodeOption) { o.Flags |= 1 << 3 }

// goJSONCodec is github.com/goccy/go-json. Its defaults already follow
// encoding/json for escaping, map order, floats and copied strings.
type goJSONCodec struct{}

func (goJSONCodec) Name() string { return "go-json" }

func (goJSONCodec) Marshal(v any) ([]byte, error) {
	b, err := gojson.Marshal(v)
	if err != nil {
		return stdMarshal(v)
	}
	return b, nil
}

func (c goJSONCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	b, err := c.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// Unmarshal leaves untyped targets to the decoder of anydecode.go, which
// allocates half as often as go-json on small documents and a fifth as
// often on large ones, at least as fast.
func (goJSONCodec) Unmarshal(data []byte, v any) error {
	if untyped, err := unmarshalUntyped(data, v); untyped {
		return err
	}
	if err := gojson.UnmarshalWithOption(data, v, useNumber); err != nil {
		return stdUnmarshal(data, v)
	}
	return nil
}

func (goJSONCodec) NewEncoder(w io.Writer) Encoder {
	return &goJSONEncoder{Encoder: gojson.NewEncoder(w), html: true}
}
func (goJSONCodec) NewDecoder(r io.Reader) Decoder { return &wrappedDecoder{gojson.NewDecoder(r)} }
func (goJSONCodec) Valid(data []byte) bool         { return stdValid(data) }
func (goJSONCodec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

// goJSONEncoder is go-json's stream encoder with encoding/json's errors: a
// value go-json refuses is encoded again by the reference, whose error is
// returned. (Under GOEXPERIMENT=jsonv2, json.RawMessage is an alias of
// jsontext.Value, and go-json names it so in its errors.)
type goJSONEncoder struct {
	*gojson.Encoder
	html bool
}

func (e *goJSONEncoder) SetEscapeHTML(on bool) {
	e.html = on
	e.Encoder.SetEscapeHTML(on)
}

func (e *goJSONEncoder) Encode(v any) error {
	err := e.Encoder.Encode(v)
	if err == nil {
		return nil
	}
	if _, stdErr := stdAppend(nil, v, e.html); stdErr != nil {
		return stdErr
	}
	return err
}

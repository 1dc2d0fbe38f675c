//go:build go_json && !sonic && !jsoniter && !jsonv2

package codec

import (
	gojson "github.com/goccy/go-json"

	"github.com/99designs/gqlgen/internal/builtinjson"
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

// Marshal, AppendMarshal and Unmarshal leave untyped values to the built-in
// encoder and decoder, which beat go-json's on time and allocations at every
// size measured.
func (c goJSONCodec) Marshal(v any) ([]byte, error) {
	if builtinjson.UntypedTree(v) {
		return builtinjson.AppendUntyped(nil, v, true, c.libAppend)
	}
	return c.libMarshal(v)
}

func (c goJSONCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendUntyped(dst, v, c.libAppend)
}

func (c goJSONCodec) Unmarshal(data []byte, v any) error {
	return unmarshalUntyped(data, v, c.libUnmarshal)
}

func (goJSONCodec) libMarshal(v any) ([]byte, error) {
	b, err := gojson.Marshal(v)
	if err != nil {
		return stdMarshal(v)
	}
	return b, nil
}

func (c goJSONCodec) libAppend(dst []byte, v any) ([]byte, error) {
	b, err := c.libMarshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

func (goJSONCodec) libUnmarshal(data []byte, v any) error {
	if err := gojson.UnmarshalWithOption(data, v, useNumber); err != nil {
		return stdUnmarshal(data, v)
	}
	return nil
}

// AppendQuote gives strings from goJSONQuotesFrom bytes on to go-json, whose
// escaping of long strings is faster than the built-in one; shorter ones,
// where go-json's two allocations dominate, to the built-in escaper.
func (c goJSONCodec) AppendQuote(dst []byte, s string) []byte {
	if len(s) >= goJSONQuotesFrom {
		if out, err := c.libAppend(dst, s); err == nil {
			return out
		}
	}
	return appendQuote(dst, s, true)
}

// goJSONQuotesFrom is the string length from which go-json quotes strings
// (AppendQuote), measured (_examples/benchmark/README.md).
const goJSONQuotesFrom = 1 << 10

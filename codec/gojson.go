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

func (c goJSONCodec) Marshal(v any) ([]byte, error) {
	if untypedTree(v) && !c.NativeUntypedEncode() {
		return appendUntyped(nil, v, true, c.libAppend)
	}
	return c.libMarshal(v)
}

func (c goJSONCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendRouted(dst, v, c.NativeUntypedEncode(), c.libAppend)
}

// Unmarshal routes untyped targets as NativeUntypedDecode says.
func (c goJSONCodec) Unmarshal(data []byte, v any) error {
	return unmarshalRouted(data, v, c.NativeUntypedDecode(len(data)), c.libUnmarshal)
}

// NativeUntypedEncode: go-json's map encoder against the built-in one
// (route_bench_test.go, see route.go for the numbers).
func (goJSONCodec) NativeUntypedEncode() bool { return goJSONEncodesUntyped }

// NativeUntypedDecode: the built-in decoder allocates half as often as
// go-json on small documents and a fifth as often on large ones, and is at
// least as fast at every size measured.
func (goJSONCodec) NativeUntypedDecode(int) bool { return false }

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

func (goJSONCodec) NewEncoder(w io.Writer) Encoder {
	return &goJSONEncoder{Encoder: gojson.NewEncoder(w), html: true}
}
func (goJSONCodec) NewDecoder(r io.Reader) Decoder { return &wrappedDecoder{gojson.NewDecoder(r)} }
func (goJSONCodec) Valid(data []byte) bool         { return stdValid(data) }

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

// go-json's routing decisions, from route_bench_test.go (go test -run '^$'
// -bench Route -tags go_json ./codec/) on the Map and variables shapes of
// _examples/benchmark; the numbers are in _examples/benchmark/README.md.
const (
	// goJSONEncodesUntyped: whether go-json encodes map[string]any trees.
	goJSONEncodesUntyped = false
	// goJSONQuotesFrom: the string length from which go-json quotes
	// strings (AppendQuote).
	goJSONQuotesFrom = 1 << 10
)

package graphql

import (
	"fmt"
	"io"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/internal/builtinjson"
)

// jsonMarshaler writes any Go value through the codec, as an encoder's
// Encode call would: HTML characters escaped, map keys sorted, and a newline
// at the end.
type jsonMarshaler struct{ v any }

// MarshalGQL panics if the value cannot be encoded, as upstream does; the
// field's panic recovery turns that into an error.
func (m jsonMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 64)
	endWrite(w, m.appendGQL(dst, nil), p)
}

func (m jsonMarshaler) appendGQL(dst []byte, ws *wireState) []byte {
	if ws != nil {
		return m.appendWire(dst, ws)
	}
	out, err := codec.AppendMarshal(dst, m.v)
	if err != nil {
		panic(err)
	}
	return append(out, '\n')
}

// appendWire appends the value in wire form. What the built-in untyped
// encoder wrote alone is wire form already; anything else the codec wrote
// (all of it when a program installed its own codec, which is then given
// every value) is checked as a user's marshaler's output is (which also
// drops the newline).
func (m jsonMarshaler) appendWire(dst []byte, ws *wireState) []byte {
	start := len(dst)
	var out []byte
	var wire bool
	var err error
	if builtinjson.Custom() {
		out, err = codec.AppendMarshal(dst, m.v)
	} else {
		out, wire, err = builtinjson.AppendWire(dst, m.v, ws.depth, codec.AppendMarshal)
	}
	if err != nil {
		panic(err)
	}
	if wire {
		return out
	}
	return ws.foreign(append(out, '\n'), start)
}

// MarshalMap writes val as a JSON object followed by a newline.
func MarshalMap(val map[string]any) Marshaler { return jsonMarshaler{v: val} }

// UnmarshalMap accepts a map[string]any, which is how an input object or a
// JSON object variable arrives.
func UnmarshalMap(v any) (map[string]any, error) {
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return nil, fmt.Errorf("%T is not a map", v)
}

// MarshalAny writes v as JSON followed by a newline.
func MarshalAny(v any) Marshaler { return jsonMarshaler{v: v} }

// UnmarshalAny returns v unchanged.
func UnmarshalAny(v any) (any, error) { return v, nil }

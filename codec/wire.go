package codec

import (
	"github.com/99designs/gqlgen/internal/jsonscan"
	"github.com/99designs/gqlgen/internal/untypedhook"
)

// A Map or Any value in a response's data is written with AppendMarshal,
// then, since the response is sealed as wire bytes (graphql.NewDataResponse),
// checked and compacted as any marshaler's output is. When the built-in
// encoder wrote the whole tree, that check can only give the same bytes
// back: the encoder writes encoding/json's Marshal output, which is one
// valid value, compact, with <, >, &, U+2028 and U+2029 escaped and no
// invalid UTF-8 left, and it never nests past maxUntypedDepth. appendWire
// says when that holds, so that the response writer skips the check (on a
// response of Map values it took a fifth of the time).

func init() { untypedhook.AppendWire = appendWire }

// appendWire is untypedhook.AppendWire: AppendMarshal(dst, v), and whether
// the bytes appended are already wire bytes for a value inside depth
// objects and arrays. They are when the built-in encoder wrote all of v
// (no value of it handed to a codec's library or to encoding/json) and the
// nesting stays under jsonscan.MaxDepth.
func appendWire(dst []byte, v any, depth int) (out []byte, wire bool, err error) {
	// The codec's own append for what the built-in encoder does not know;
	// nil when the codec writes untyped trees itself. (Current would box
	// active into an interface: an allocation per call.)
	var lib func([]byte, any) ([]byte, error)
	if b := installed.Load(); b != nil {
		if !nativeEncodes(b.c) {
			lib = func(dst []byte, v any) ([]byte, error) { return libAppendWith(b.c, dst, v) }
		}
	} else if !active.NativeUntypedEncode() {
		lib = active.libAppend
	}
	if lib == nil || !untypedTree(v) {
		out, err = AppendMarshal(dst, v)
		return out, false, err
	}
	e := untypedEncoder{html: true, lib: lib}
	out, err = e.value(dst, v, 0)
	if err != nil {
		return dst, false, err
	}
	return out, !e.handedOn && depth+e.nest < jsonscan.MaxDepth, nil
}

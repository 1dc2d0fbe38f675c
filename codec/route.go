package codec

// The untyped paths: a request's variables and extensions, a Map or Any
// scalar, an _entities representation, a websocket or SSE payload built
// from such values. For them this package has its own encoder
// (untypedenc.go) and decoder (anydecode.go), which write and read exactly
// what encoding/json does, with far fewer allocations than reflection. A
// codec's library may still be the faster of the two on some of these
// paths, for some sizes; a codec says so through the UntypedNative
// capability, and the package routes each call accordingly. Every
// build-tag codec has it. A codec without it (a program's own codec given
// to Use, typically) is given every value itself, untyped or not: the
// program chose it. One that has it and answers false gets the built-in
// paths, with its own Marshal for any value inside an untyped tree that the
// built-in encoder does not know.

// UntypedNative is an optional Codec capability: it tells the package which
// untyped values the codec's own library should handle instead of the
// built-in encoder and decoder. The answers must not change while the
// program runs.
type UntypedNative interface {
	// NativeUntypedEncode reports whether Marshal and AppendMarshal should
	// give a map[string]any or []any value to the codec's library rather
	// than the built-in encoder.
	NativeUntypedEncode() bool
	// NativeUntypedDecode reports whether Unmarshal of an n-byte document
	// into *any, *map[string]any or *[]any should go to the codec's library
	// rather than the built-in decoder.
	NativeUntypedDecode(n int) bool
}

// nativeEncodes reports whether c encodes untyped trees itself: it has no
// UntypedNative capability, or says so through it.
func nativeEncodes(c Codec) bool {
	n, ok := c.(UntypedNative)
	return !ok || n.NativeUntypedEncode()
}

// nativeDecodes reports whether c decodes an n-byte document into an
// untyped target itself (no UntypedNative capability, or it says so).
func nativeDecodes(c Codec, n int) bool {
	u, ok := c.(UntypedNative)
	return !ok || u.NativeUntypedDecode(n)
}

// appendRouted appends v: through the built-in encoder when v is an
// untyped tree and native is false (with lib, the codec's own append, for
// the values that encoder does not know), and through lib otherwise.
func appendRouted(dst []byte, v any, native bool, lib func([]byte, any) ([]byte, error)) ([]byte, error) {
	if !native && untypedTree(v) {
		return appendUntyped(dst, v, true, lib)
	}
	return lib(dst, v)
}

// unmarshalRouted decodes data into v: untyped targets through the
// built-in decoder unless native is set, everything else (and untyped
// targets when it is) through lib, the codec's own decoding.
func unmarshalRouted(data []byte, v any, native bool, lib func([]byte, any) error) error {
	if !native {
		if untyped, err := unmarshalUntyped(data, v); untyped {
			return err
		}
	}
	return lib(data, v)
}

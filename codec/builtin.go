package codec

import "github.com/99designs/gqlgen/internal/builtinjson"

// The reference encoding/json, the untyped encoder and decoder, and the
// string and float formats are internal/builtinjson's, which the runtime
// calls too. These are their names inside this package.

func stdMarshal(v any) ([]byte, error)                       { return builtinjson.Marshal(v) }
func stdAppend(dst []byte, v any, html bool) ([]byte, error) { return builtinjson.Append(dst, v, html) }
func stdUnmarshal(data []byte, v any) error                  { return builtinjson.Unmarshal(data, v) }

func appendQuote[S ~string | ~[]byte](dst []byte, s S, html bool) []byte {
	return builtinjson.AppendQuote(dst, s, html)
}

// appendUntyped appends v through the built-in encoder when it is an
// untyped tree (with lib for the values that encoder does not know), and
// through lib otherwise.
func appendUntyped(dst []byte, v any, lib func([]byte, any) ([]byte, error)) ([]byte, error) {
	if builtinjson.UntypedTree(v) {
		return builtinjson.AppendUntyped(dst, v, true, lib)
	}
	return lib(dst, v)
}

// unmarshalUntyped decodes data into v: untyped targets through the
// built-in decoder, everything else (and what it gives up on, worded by
// encoding/json) through lib.
func unmarshalUntyped(data []byte, v any, lib func([]byte, any) error) error {
	if untyped, err := builtinjson.UnmarshalUntyped(data, v); untyped {
		return err
	}
	return lib(data, v)
}

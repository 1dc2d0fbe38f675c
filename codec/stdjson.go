package codec

import "github.com/99designs/gqlgen/internal/builtinjson"

// stdCodec is encoding/json, with the built-in encoder and decoder for
// untyped values (encoding/json has no untyped path that beats them at any
// size). It is the default codec and the fallback for sonic where sonic
// cannot run.
type stdCodec struct{ name string }

func (c stdCodec) Name() string                          { return c.name }
func (stdCodec) AppendQuote(dst []byte, s string) []byte { return appendQuote(dst, s, true) }

func (c stdCodec) Marshal(v any) ([]byte, error) {
	if builtinjson.UntypedTree(v) {
		return builtinjson.AppendUntyped(nil, v, true, c.libAppend)
	}
	return stdMarshal(v)
}

func (c stdCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendUntyped(dst, v, c.libAppend)
}

func (c stdCodec) Unmarshal(data []byte, v any) error {
	return unmarshalUntyped(data, v, c.libUnmarshal)
}

// libAppend and libUnmarshal are encoding/json alone.
func (stdCodec) libAppend(dst []byte, v any) ([]byte, error) { return stdAppend(dst, v, true) }
func (stdCodec) libUnmarshal(data []byte, v any) error       { return stdUnmarshal(data, v) }

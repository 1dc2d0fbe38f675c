//go:build jsonv2 && !go_json && !sonic && !jsoniter && goexperiment.jsonv2

package codec

var active = jsonV2Codec{}

// jsonV2Codec is encoding/json/v2 (GOEXPERIMENT=jsonv2), set up to write
// and read what encoding/json v1 does without the experiment: it encodes
// with the v2 options of stdenc_jsonv2.go (v1's whole option set, plus the
// repair of invalid UTF-8 escaping).
type jsonV2Codec struct{}

func (jsonV2Codec) Name() string { return "encoding/json/v2" }

func (c jsonV2Codec) Marshal(v any) ([]byte, error) { return c.AppendMarshal(nil, v) }

// AppendMarshal leaves untyped trees to the built-in encoder (v2's
// reflection is no match for it, as v1's is not) and the rest to v2.
func (c jsonV2Codec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendUntyped(dst, v, c.libAppend)
}

// Unmarshal leaves untyped targets to the built-in decoder and the rest to
// the v1 API, which the experiment runs on v2 and which alone can make
// numbers in nested interface values json.Number.
func (c jsonV2Codec) Unmarshal(data []byte, v any) error {
	return unmarshalUntyped(data, v, c.libUnmarshal)
}

func (jsonV2Codec) libAppend(dst []byte, v any) ([]byte, error) { return stdAppend(dst, v, true) }
func (jsonV2Codec) libUnmarshal(data []byte, v any) error       { return stdUnmarshal(data, v) }
func (jsonV2Codec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

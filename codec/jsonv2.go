//go:build jsonv2 && !go_json && !sonic && !jsoniter && goexperiment.jsonv2

package codec

import "io"

var active = jsonV2Codec{}

// jsonV2Codec is encoding/json/v2 (GOEXPERIMENT=jsonv2), set up to write
// and read what encoding/json v1 does without the experiment: it encodes
// with the v2 options of stdenc_jsonv2.go (v1's whole option set, plus the
// repair of invalid UTF-8 escaping).
type jsonV2Codec struct{}

func (jsonV2Codec) Name() string { return "encoding/json/v2" }

func (jsonV2Codec) Marshal(v any) ([]byte, error) { return stdAppend(nil, v, true) }

func (jsonV2Codec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return stdAppend(dst, v, true)
}

// Unmarshal leaves untyped targets to the decoder of anydecode.go and the
// rest to the v1 API, which the experiment runs on v2 and which alone can
// make numbers in nested interface values json.Number.
func (jsonV2Codec) Unmarshal(data []byte, v any) error {
	if untyped, err := unmarshalUntyped(data, v); untyped {
		return err
	}
	return stdUnmarshal(data, v)
}

func (jsonV2Codec) NewEncoder(w io.Writer) Encoder {
	return &bufferedEncoder{w: w, append: stdAppend}
}
func (jsonV2Codec) NewDecoder(r io.Reader) Decoder { return stdNewDecoder(r) }
func (jsonV2Codec) Valid(data []byte) bool         { return stdValid(data) }
func (jsonV2Codec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

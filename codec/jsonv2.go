//go:build jsonv2 && !go_json && !sonic && !jsoniter && goexperiment.jsonv2

package codec

import (
	"encoding"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"
)

var active = jsonV2Codec{}

// The options that make encoding/json/v2 write what encoding/json v1 writes:
// v1's whole option set (HTML and JS escaping, sorted map keys, nil slices
// and maps as null, v1's omitempty, MarshalJSON semantics, ...), and, for
// the Encoder with SetEscapeHTML(false), the same without HTML escaping
// (U+2028 and U+2029 stay escaped, as in v1).
//
// One difference is left: with invalid UTF-8 allowed, v2 writes each bad
// byte of a string as a raw U+FFFD where v1 writes the escape \ufffd. So
// strings are first encoded strictly (invalid UTF-8 is an error); only a
// value that fails that way is encoded again with v2ExactStrings, which
// writes every Go string as appendQuote (v1's own escaping) does.
var (
	v2Strict       = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsontext.AllowInvalidUTF8(false))
	v2StrictNoHTML = jsonv2.JoinOptions(v2Strict, jsontext.EscapeForHTML(false))
	v2Exact        = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsonv2.WithMarshalers(v2ExactStrings(true)))
	v2ExactNoHTML  = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsontext.EscapeForHTML(false), jsonv2.WithMarshalers(v2ExactStrings(false)))
)

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	v2MarshalerType   = reflect.TypeFor[jsonv2.Marshaler]()
	v2MarshalerToType = reflect.TypeFor[jsonv2.MarshalerTo]()
)

// v2ExactStrings quotes every value of a string kind that has no marshaling
// method of its own with appendQuote, and leaves everything else to v2. v2
// hands the function a pointer to the value where it can (always, so far),
// hence the two shapes.
func v2ExactStrings(html bool) *jsonv2.Marshalers {
	return jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, v any) error {
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Type().Elem().Kind() == reflect.String {
			if hasMarshaler(rv.Type()) {
				return jsonv2.SkipFunc
			}
			rv = rv.Elem()
		}
		if rv.Kind() != reflect.String || hasMarshaler(rv.Type()) {
			return jsonv2.SkipFunc
		}
		return enc.WriteValue(appendQuote(nil, rv.String(), html))
	})
}

// hasMarshaler reports whether t or *t has a method that encoding/json or
// v2 would call instead of encoding the string itself.
func hasMarshaler(t reflect.Type) bool {
	for _, t := range []reflect.Type{t, reflect.PointerTo(t)} {
		if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) ||
			t.Implements(v2MarshalerType) || t.Implements(v2MarshalerToType) {
			return true
		}
	}
	return false
}

// jsonV2Codec is encoding/json/v2 (GOEXPERIMENT=jsonv2), set up to write
// and read what encoding/json v1 does.
type jsonV2Codec struct{}

func (jsonV2Codec) Name() string { return "encoding/json/v2" }

func v2Append(dst []byte, v any, html bool) ([]byte, error) {
	strict, exact := v2Strict, v2Exact
	if !html {
		strict, exact = v2StrictNoHTML, v2ExactNoHTML
	}
	b, err := jsonv2.Marshal(v, strict)
	if err == nil {
		return append(dst, b...), nil
	}
	// jsontext exports no error for invalid UTF-8, so any error gets the
	// second try; a value that fails it too is a real error, which the v1
	// API words as encoding/json does.
	if b, err = jsonv2.Marshal(v, exact); err != nil {
		return stdAppend(dst, v, html)
	}
	return append(dst, b...), nil
}

func (jsonV2Codec) Marshal(v any) ([]byte, error) { return v2Append(nil, v, true) }

func (jsonV2Codec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return v2Append(dst, v, true)
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
	return &bufferedEncoder{w: w, append: v2Append}
}
func (jsonV2Codec) NewDecoder(r io.Reader) Decoder { return stdNewDecoder(r) }
func (jsonV2Codec) Valid(data []byte) bool         { return stdValid(data) }
func (jsonV2Codec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

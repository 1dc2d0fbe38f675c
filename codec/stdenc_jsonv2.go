//go:build goexperiment.jsonv2

package codec

import (
	"encoding"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"
)

// With GOEXPERIMENT=jsonv2, encoding/json runs on encoding/json/v2 and
// writes each invalid UTF-8 byte of a string as a raw U+FFFD, where
// encoding/json without the experiment (the reference every codec keeps)
// writes the escape \ufffd. Encoding here goes through v2 with v1's whole
// option set, strictly first (invalid UTF-8 is an error); only a value that
// fails that way is encoded again with v2ExactStrings, which writes every Go
// string as appendQuote (v1's own escaping) does. The jsonv2 codec is this
// path; the other codecs reach it on their fallbacks.
var (
	v2Strict       = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsontext.AllowInvalidUTF8(false))
	v2StrictNoHTML = jsonv2.JoinOptions(v2Strict, jsontext.EscapeForHTML(false))
	v2Exact        = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsonv2.WithMarshalers(v2ExactStrings(true)))
	v2ExactNoHTML  = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsontext.EscapeForHTML(false), jsonv2.WithMarshalers(v2ExactStrings(false)))
)

var (
	exactJSONMarshaler = reflect.TypeFor[json.Marshaler]()
	exactTextMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	exactV2Marshaler   = reflect.TypeFor[jsonv2.Marshaler]()
	exactV2MarshalerTo = reflect.TypeFor[jsonv2.MarshalerTo]()
)

// v2ExactStrings quotes every value of a string kind that has no marshaling
// method of its own with appendQuote, and leaves everything else to v2. v2
// hands the function a pointer to the value where it can (always, so far),
// hence the two shapes. Map keys do not come through here: an invalid UTF-8
// byte in a map key still comes out as a raw U+FFFD.
func v2ExactStrings(html bool) *jsonv2.Marshalers {
	return jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, v any) error {
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Type().Elem().Kind() == reflect.String {
			if hasOwnMarshaler(rv.Type()) {
				return jsonv2.SkipFunc
			}
			rv = rv.Elem()
		}
		if rv.Kind() != reflect.String || hasOwnMarshaler(rv.Type()) {
			return jsonv2.SkipFunc
		}
		return enc.WriteValue(appendQuote(nil, rv.String(), html))
	})
}

// hasOwnMarshaler reports whether t or *t has a method that encoding/json or
// v2 would call instead of encoding the string itself.
func hasOwnMarshaler(t reflect.Type) bool {
	for _, t := range []reflect.Type{t, reflect.PointerTo(t)} {
		if t.Implements(exactJSONMarshaler) || t.Implements(exactTextMarshaler) ||
			t.Implements(exactV2Marshaler) || t.Implements(exactV2MarshalerTo) {
			return true
		}
	}
	return false
}

func stdMarshal(v any) ([]byte, error) { return stdAppend(nil, v, true) }

func stdNewEncoder(w io.Writer) Encoder { return &bufferedEncoder{w: w, append: stdAppend} }

// stdAppend appends the reference encoding of v to dst, with or without
// HTML escaping.
func stdAppend(dst []byte, v any, html bool) ([]byte, error) {
	strict, exact := v2Strict, v2Exact
	if !html {
		strict, exact = v2StrictNoHTML, v2ExactNoHTML
	}
	b, err := jsonv2.Marshal(v, strict)
	if err != nil {
		// jsontext exports no error for invalid UTF-8, so any error gets
		// the second try; a value that fails it too is a real error, which
		// the v1 API words.
		if b, err = jsonv2.Marshal(v, exact); err != nil {
			return dst, v1Error(v, html)
		}
	}
	return append(dst, b...), nil
}

// v1Error is the error encoding/json's API gives for v.
func v1Error(v any, html bool) error {
	if html {
		_, err := json.Marshal(v)
		return err
	}
	enc := json.NewEncoder(io.Discard)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

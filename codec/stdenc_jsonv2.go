//go:build goexperiment.jsonv2

package codec

import (
	"encoding"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"reflect"
	"strings"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// With GOEXPERIMENT=jsonv2, encoding/json runs on encoding/json/v2 and
// differs from encoding/json without the experiment (the reference every
// codec keeps) in a few places:
//   - each invalid UTF-8 byte of a string comes out as a raw U+FFFD, where
//     the reference writes the escape \ufffd;
//   - a MarshalJSON method that fails, or writes invalid JSON, is reported
//     with the pointer type (*T for T, *jsontext.Value for json.RawMessage)
//     and v2's wording of syntax errors.
//
// Encoding here goes through v2 with v1's whole option set, strictly first
// (invalid UTF-8 is an error). Only a value that fails that way is encoded
// again, by exactMarshal, which writes every Go string as appendQuote (v1's
// own escaping) does and calls every MarshalJSON method itself, checking and
// compacting its output with internal/jsonscan and wording a failure as v1
// does. The jsonv2 codec is this path; the other codecs reach it on their
// fallbacks.
var (
	v2Strict       = jsonv2.JoinOptions(json.DefaultOptionsV1(), jsontext.AllowInvalidUTF8(false))
	v2StrictNoHTML = jsonv2.JoinOptions(v2Strict, jsontext.EscapeForHTML(false))
)

var (
	exactJSONMarshaler = reflect.TypeFor[json.Marshaler]()
	exactTextMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	exactV2Marshaler   = reflect.TypeFor[jsonv2.Marshaler]()
	exactV2MarshalerTo = reflect.TypeFor[jsonv2.MarshalerTo]()
)

// exactMarshal encodes v as encoding/json does without the experiment, or
// fails with the error it would give.
func exactMarshal(v any, html bool) ([]byte, error) {
	// At the top v2 hands the hook a pointer value as it is, not a pointer
	// to it, so the hook cannot tell T from *T there: a marshaler at the top
	// is called here.
	if t := reflect.TypeOf(v); t != nil && t.Implements(exactJSONMarshaler) {
		return marshalMethod(reflect.ValueOf(v), t, html)
	}
	var failed error
	opts := jsonv2.JoinOptions(json.DefaultOptionsV1(), jsonv2.WithMarshalers(exactHook(html, &failed)))
	if !html {
		opts = jsonv2.JoinOptions(opts, jsontext.EscapeForHTML(false))
	}
	b, err := jsonv2.Marshal(v, opts)
	switch {
	case err == nil:
		return b, nil
	case failed != nil:
		return nil, failed
	}
	return nil, v1Error(v, html)
}

// exactHook writes, for every value v2 is about to encode, the strings and
// MarshalJSON results that v2 would write differently, and leaves
// everything else to v2. v2 hands it a pointer to the value where it can
// (always, so far): the type of the value is then the pointer's element
// type, which is the type v1 names in its errors. The first error of a
// MarshalJSON method is kept in *failed.
func exactHook(html bool, failed *error) *jsonv2.Marshalers {
	return jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, v any) error {
		val := reflect.ValueOf(v)
		if val.Kind() == reflect.Pointer && !val.IsNil() {
			val = val.Elem()
		}
		if !atObjectName(enc) { // names are v2's: v1 never calls MarshalJSON for a map key
			if m, t, ok := methodOf(val); ok {
				b, err := marshalMethod(m, t, html)
				if err != nil {
					*failed = err
					return err
				}
				return enc.WriteValue(b)
			}
		}
		if val.Kind() == reflect.String && !hasOwnMarshaler(val.Type()) {
			return enc.WriteValue(appendQuote(nil, val.String(), html))
		}
		return jsonv2.SkipFunc
	})
}

// atObjectName reports whether the next token enc writes is an object name.
func atObjectName(enc *jsontext.Encoder) bool {
	kind, n := enc.StackIndex(enc.StackDepth())
	return kind == '{' && n%2 == 0
}

// methodOf finds the MarshalJSON method v1 calls for val, a value of its
// declared type: the type's own (reported under the declared type), or, for
// an interface, that of the value held (reported under that value's type).
// Methods on the pointer type only are left to v2, which alone knows
// whether the value is addressable.
func methodOf(val reflect.Value) (reflect.Value, reflect.Type, bool) {
	t := val.Type()
	if t.Implements(exactJSONMarshaler) {
		return val, t, true
	}
	if t.Kind() == reflect.Interface && !val.IsNil() && val.Elem().Type().Implements(exactJSONMarshaler) {
		return val.Elem(), val.Elem().Type(), true
	}
	return reflect.Value{}, nil, false
}

// marshalMethod calls the MarshalJSON method of m and returns its output
// checked and compacted as v1 does; t is the type to name in an error.
func marshalMethod(m reflect.Value, t reflect.Type, html bool) ([]byte, error) {
	if (m.Kind() == reflect.Pointer || m.Kind() == reflect.Interface) && m.IsNil() {
		return []byte("null"), nil
	}
	out, err := m.Interface().(json.Marshaler).MarshalJSON()
	if err == nil {
		var serr *jsonscan.SyntaxError
		if out, serr = jsonscan.AppendCompact(nil, out, html); serr != nil {
			err = syntaxError(serr)
		}
	}
	if err != nil {
		return nil, marshalerError(t, err)
	}
	return out, nil
}

// marshalerError is v1's error for a failed MarshalJSON method of type t.
// json.RawMessage is an alias of jsontext.Value under the experiment, so
// its reflect.Type has the wrong name for v1's message: such an error is
// wrapped to carry the right text.
func marshalerError(t reflect.Type, err error) error {
	me := &json.MarshalerError{Type: t, Err: err}
	if name := t.String(); strings.Contains(name, "jsontext.Value") {
		return &renamedMarshalerError{me, strings.ReplaceAll(name, "jsontext.Value", "json.RawMessage")}
	}
	return me
}

// renamedMarshalerError is a *json.MarshalerError whose type v1 names
// otherwise than reflect does.
type renamedMarshalerError struct {
	err  *json.MarshalerError
	name string
}

func (e *renamedMarshalerError) Error() string {
	return "json: error calling MarshalJSON for type " + e.name + ": " + e.err.Err.Error()
}

func (e *renamedMarshalerError) Unwrap() error { return e.err }

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
	strict := v2Strict
	if !html {
		strict = v2StrictNoHTML
	}
	b, err := jsonv2.Marshal(v, strict)
	if err != nil {
		// jsontext exports no error for invalid UTF-8, so any error gets
		// the second try.
		if b, err = exactMarshal(v, html); err != nil {
			return dst, err
		}
	}
	return append(dst, b...), nil
}

// v1Error is the error encoding/json's API gives for v, for the failures
// exactMarshal leaves to v2 (unsupported values and types, and the methods
// on pointer types only, which v1 names by the type they are declared on).
func v1Error(v any, html bool) error {
	var err error
	if html {
		_, err = json.Marshal(v)
	} else {
		enc := json.NewEncoder(io.Discard)
		enc.SetEscapeHTML(false)
		err = enc.Encode(v)
	}
	if me, ok := errors.AsType[*json.MarshalerError](err); ok && me.Type.Kind() == reflect.Pointer && !me.Type.Elem().Implements(exactJSONMarshaler) {
		return marshalerError(me.Type.Elem(), me.Err)
	}
	return err
}

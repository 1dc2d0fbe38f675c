//go:build goexperiment.jsonv2

package builtinjson

import (
	"encoding"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
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
// again, by exactMarshal, which writes every Go string as AppendQuote (v1's
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
	// to it, so the hook cannot tell T from *T there: a method at the top
	// is called here.
	if t := reflect.TypeOf(v); t != nil && t.Implements(exactJSONMarshaler) {
		return marshalMethod(reflect.ValueOf(v), t, html)
	} else if t != nil && t.Implements(exactTextMarshaler) {
		return textMethod(reflect.ValueOf(v), t, html)
	}
	var st exactState
	opts := jsonv2.JoinOptions(json.DefaultOptionsV1(), jsonv2.WithMarshalers(exactHook(html, &st)))
	if !html {
		opts = jsonv2.JoinOptions(opts, jsontext.EscapeForHTML(false))
	}
	b, err := jsonv2.Marshal(v, opts)
	switch {
	case err == nil:
		return b, nil
	case st.failed != nil:
		return nil, st.failed
	}
	if me, ok := errors.AsType[*json.MarshalerError](err); ok {
		if err := st.reword(me, html); err != nil {
			return nil, err
		}
	}
	return nil, v1Error(v, html)
}

// exactState is what exactHook keeps of one encoding.
type exactState struct {
	// failed is the first error of a method the hook called.
	failed error
	// ptr is the last value seen whose methods are on its pointer type
	// only, as the pointer v2 handed the hook: v2 calls such a method when
	// the value is addressable (which the hook cannot tell), and its
	// failure is then reported as the pointer type's.
	ptr reflect.Value
	// keyMap is the type of the last map seen whose keys have a
	// MarshalText method: v2 calls it for the keys and reports its failure
	// as a failure of the key type's method.
	keyMap reflect.Type
}

// reword turns a method failure v2 reported into v1's error, when it is one
// of those v2 words otherwise: a method on the pointer type called for an
// addressable value (v1 names the value's type, and words the syntax error
// of a MarshalJSON result as its scanner does) and a map key's MarshalText
// (v1 names the map type). nil means me is not one of them.
func (st *exactState) reword(me *json.MarshalerError, html bool) error {
	text := strings.HasPrefix(me.Error(), "json: error calling MarshalText ")
	switch {
	case st.ptr.IsValid() && me.Type == st.ptr.Type():
		// The method is called again for the output v2 checked, as the
		// scanner words its syntax error (a method error comes out the same).
		if !text {
			if _, err := marshalMethod(st.ptr, me.Type.Elem(), html); err != nil {
				return err
			}
		}
		renamed := *me // keeps the name of the method that failed
		renamed.Type = me.Type.Elem()
		return &renamed
	case text && st.keyMap != nil && (me.Type == st.keyMap.Key() || me.Type == reflect.PointerTo(st.keyMap.Key())):
		return fmt.Errorf("json: encoding error for type %q: %q", st.keyMap.String(), me.Err.Error())
	}
	return nil
}

// exactHook writes, for every value v2 is about to encode, the strings and
// method results that v2 would write differently, and leaves everything
// else to v2. v2 hands it a pointer to the value where it can (always, so
// far): the type of the value is then the pointer's element type, which is
// the type v1 names in its errors. The first error of a method it calls is
// kept in st.failed; st also keeps what reword needs.
func exactHook(html bool, st *exactState) *jsonv2.Marshalers {
	return jsonv2.MarshalToFunc(func(enc *jsontext.Encoder, v any) error {
		val := reflect.ValueOf(v)
		if val.Kind() == reflect.Pointer && !val.IsNil() {
			val = val.Elem()
			if t := val.Type(); !t.Implements(exactJSONMarshaler) && !t.Implements(exactTextMarshaler) &&
				(reflect.PointerTo(t).Implements(exactJSONMarshaler) || reflect.PointerTo(t).Implements(exactTextMarshaler)) {
				st.ptr = reflect.ValueOf(v)
			}
		}
		if val.Kind() == reflect.Map && val.Type().Key().Kind() != reflect.String && val.Type().Key().Implements(exactTextMarshaler) {
			st.keyMap = val.Type()
		}
		if !atObjectName(enc) { // names are v2's: v1 never calls MarshalJSON for a map key
			if m, t, ok := methodOf(val, exactJSONMarshaler); ok {
				b, err := marshalMethod(m, t, html)
				if err != nil {
					st.failed = err
					return err
				}
				return enc.WriteValue(b)
			}
			if m, t, ok := methodOf(val, exactTextMarshaler); ok {
				b, err := textMethod(m, t, html)
				if err != nil {
					st.failed = err
					return err
				}
				return enc.WriteValue(b)
			}
		}
		if val.Kind() == reflect.String && !hasOwnMarshaler(val.Type()) {
			return enc.WriteValue(AppendQuote(nil, val.String(), html))
		}
		return jsonv2.SkipFunc
	})
}

// atObjectName reports whether the next token enc writes is an object name.
func atObjectName(enc *jsontext.Encoder) bool {
	kind, n := enc.StackIndex(enc.StackDepth())
	return kind == '{' && n%2 == 0
}

// methodOf finds the method of interface iface (json.Marshaler or
// encoding.TextMarshaler) that v1 calls for val, a value of its declared
// type: the type's own (reported under the declared type), or, for an
// interface, that of the value held (reported under that value's type).
// Methods on the pointer type only are left to v2, which alone knows
// whether the value is addressable.
func methodOf(val reflect.Value, iface reflect.Type) (reflect.Value, reflect.Type, bool) {
	t := val.Type()
	if t.Implements(iface) {
		return val, t, true
	}
	if t.Kind() == reflect.Interface && !val.IsNil() && val.Elem().Type().Implements(iface) {
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

// textMethod calls the MarshalText method of m and returns its result as
// the JSON string v1 writes; t is the type to name in an error.
func textMethod(m reflect.Value, t reflect.Type, html bool) ([]byte, error) {
	if (m.Kind() == reflect.Pointer || m.Kind() == reflect.Interface) && m.IsNil() {
		return []byte("null"), nil
	}
	text, err := m.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return nil, textMarshalerError(t, err)
	}
	return AppendQuote(nil, string(text), html), nil
}

// textMarshalerError is v1's error for a failed MarshalText method of type
// t: a *json.MarshalerError naming MarshalText, which only encoding/json
// can make (the method's name is an unexported field), so it is a copy of
// one encoding/json made.
func textMarshalerError(t reflect.Type, err error) error {
	me := textMarshalerErrorTemplate
	me.Type, me.Err = t, err
	return &me
}

var textMarshalerErrorTemplate = func() json.MarshalerError {
	_, err := json.Marshal(failingText{})
	me, _ := errors.AsType[*json.MarshalerError](err)
	return *me
}()

// failingText is a TextMarshaler that fails.
type failingText struct{}

func (failingText) MarshalText() ([]byte, error) { return nil, errors.New("failing") }

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

func Marshal(v any) ([]byte, error) { return Append(nil, v, true) }

// Append appends the reference encoding of v to dst, with or without
// HTML escaping.
func Append(dst []byte, v any, html bool) ([]byte, error) {
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

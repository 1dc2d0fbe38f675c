//go:build jsoniter && !go_json && !sonic && !jsonv2

package codec

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	jsoniter "github.com/json-iterator/go"
	"github.com/modern-go/reflect2"

	"github.com/99designs/gqlgen/internal/builtinjson"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

var active = jsoniterCodec{}

// jsoniter's standard-library configuration still differs from encoding/json
// in a few places; stdCompat (below) closes them.
var jsoniterAPI = func() jsoniter.API {
	api := jsoniter.Config{
		EscapeHTML:  true,
		SortMapKeys: true,
		UseNumber:   true,
	}.Froze()
	api.RegisterExtension(&stdCompat{})
	return api
}()

// jsoniterCodec is github.com/json-iterator/go.
type jsoniterCodec struct{}

func (jsoniterCodec) Name() string { return "jsoniter" }

func jsoniterAppend(dst []byte, v any) ([]byte, error) {
	if v != nil && needsAddressing(reflect.TypeOf(v)) {
		return stdAppend(dst, v, true)
	}
	s := jsoniterAPI.BorrowStream(nil)
	defer jsoniterAPI.ReturnStream(s)
	n := len(dst)
	s.SetBuffer(dst)
	s.WriteVal(v)
	out := s.Buffer()
	s.SetBuffer(nil)
	if s.Error != nil || !trustworthy(out[n:]) {
		return stdAppend(dst[:n], v, true)
	}
	return out, nil
}

func (c jsoniterCodec) Marshal(v any) ([]byte, error) { return c.AppendMarshal(nil, v) }

// AppendMarshal and Unmarshal leave untyped values to the built-in encoder
// and decoder, which are exact, allocate less than jsoniter and are faster
// at every size measured.
func (c jsoniterCodec) AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendUntyped(dst, v, c.libAppend)
}

func (c jsoniterCodec) Unmarshal(data []byte, v any) error {
	return unmarshalUntyped(data, v, c.libUnmarshal)
}

func (jsoniterCodec) libAppend(dst []byte, v any) ([]byte, error) {
	return jsoniterAppend(dst, v)
}

// Unmarshal validates first: jsoniter accepts some invalid documents
// (leading zeros, for one), keeps invalid UTF-8 that encoding/json replaces
// and decodes one surrogate escape differently (see pairedSurrogates), so
// such input goes to encoding/json.
func (jsoniterCodec) libUnmarshal(data []byte, v any) error {
	if !utf8.Valid(data) || !jsonscan.Valid(data) || !pairedSurrogates(data) {
		return stdUnmarshal(data, v)
	}
	if err := jsoniterAPI.Unmarshal(data, v); err != nil {
		return stdUnmarshal(data, v)
	}
	return nil
}

// pairedSurrogates reports whether every escaped high surrogate in data is
// followed by an escaped low one. After a high surrogate, jsoniter consumes
// whatever \u escape follows, where encoding/json replaces the lone
// surrogate and reads the next escape afresh ("\ud800\ud800\udc00" is
// U+FFFD U+10000 to encoding/json, three U+FFFD to jsoniter). An escaped
// backslash followed by "ud800" also fails the check; encoding/json then
// decodes a document that jsoniter would have got right.
func pairedSurrogates(data []byte) bool {
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte(`\u`))
		if j < 0 {
			return true
		}
		i += j + 2
		if r := jsonscan.Hex4(data[i:]); r < 0xd800 || r >= 0xdc00 {
			continue // not a high surrogate
		}
		if len(data)-i < 6 || data[i+4] != '\\' || data[i+5] != 'u' {
			return false
		}
		if r := jsonscan.Hex4(data[i+6:]); r < 0xdc00 || r >= 0xe000 {
			return false
		}
	}
}

func (jsoniterCodec) AppendQuote(dst []byte, s string) []byte {
	return appendQuote(dst, s, true)
}

// addressing caches needsAddressing per top-level type.
var addressing sync.Map // reflect.Type -> bool

// needsAddressing reports whether encoding a value of type t reaches a value
// whose MarshalJSON or MarshalText has a pointer receiver in a place
// encoding/json cannot take its address (inside a map, or in a struct not
// reached through a pointer), where encoding/json skips the method and
// jsoniter calls it.
func needsAddressing(t reflect.Type) bool {
	if r, ok := addressing.Load(t); ok {
		return r.(bool)
	}
	r := walkAddressing(t, false, map[walkKey]bool{})
	addressing.Store(t, r)
	return r
}

type walkKey struct {
	t           reflect.Type
	addressable bool
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerRT   = reflect.TypeFor[encoding.TextMarshaler]()
)

func hasMarshaler(t reflect.Type) bool {
	return t.Implements(jsonMarshalerType) || t.Implements(textMarshalerRT)
}

func walkAddressing(t reflect.Type, addressable bool, seen map[walkKey]bool) bool {
	k := walkKey{t, addressable}
	if seen[k] {
		return false
	}
	seen[k] = true
	if hasMarshaler(t) {
		return false
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && hasMarshaler(reflect.PointerTo(t)) {
		return !addressable
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		return walkAddressing(t.Elem(), true, seen)
	case reflect.Array:
		return walkAddressing(t.Elem(), addressable, seen)
	case reflect.Map:
		return walkAddressing(t.Elem(), false, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() || f.Anonymous {
				if walkAddressing(f.Type, addressable, seen) {
					return true
				}
			}
		}
	}
	return false
}

var (
	marshalerType     = reflect2.TypeOfPtr((*json.Marshaler)(nil)).Elem()
	unmarshalerType   = reflect2.TypeOfPtr((*json.Unmarshaler)(nil)).Elem()
	textMarshalerType = reflect2.TypeOfPtr((*encoding.TextMarshaler)(nil)).Elem()
	rawMessageType    = reflect2.TypeOf(json.RawMessage(nil))
)

// stdCompat is a jsoniter extension that brings its output in line with
// encoding/json: floats formatted alike, json.RawMessage and MarshalJSON
// output validated, compacted and HTML-escaped, and `omitzero` honoured.
// Any value it cannot encode as encoding/json would sets the stream error,
// and the codec then asks encoding/json for the bytes or the error.
type stdCompat struct {
	jsoniter.DummyExtension
}

var errFallback = errors.New("codec: value left to encoding/json")

func (x *stdCompat) CreateEncoder(typ reflect2.Type) jsoniter.ValEncoder {
	if typ == rawMessageType {
		return &rawEncoder{}
	}
	if typ.Implements(marshalerType) || typ.Implements(textMarshalerType) {
		return nil
	}
	switch typ.Kind() {
	case reflect.Float64:
		return floatEncoder(64)
	case reflect.Float32:
		return floatEncoder(32)
	}
	return nil
}

// CreateDecoder keeps a JSON null given to a json.RawMessage as the text
// "null", as encoding/json does (jsoniter leaves the RawMessage nil).
func (x *stdCompat) CreateDecoder(typ reflect2.Type) jsoniter.ValDecoder {
	if typ == rawMessageType {
		return rawDecoder{}
	}
	return nil
}

type rawDecoder struct{}

// DecorateDecoder makes a JSON null leave a value of typ as it was, as
// encoding/json does for every kind but pointers, maps, slices and
// interfaces (which it sets to nil, and so does jsoniter). jsoniter zeroes
// strings (and json.Number) instead, so {"query":"{ a }","query":null}
// lost its query. Types with an UnmarshalJSON method are left alone:
// encoding/json hands them the null.
func (x *stdCompat) DecorateDecoder(typ reflect2.Type, dec jsoniter.ValDecoder) jsoniter.ValDecoder {
	switch typ.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return dec
	}
	if typ.Implements(unmarshalerType) || reflect2.PtrTo(typ).Implements(unmarshalerType) {
		return dec
	}
	return nullKeepsDecoder{dec}
}

// nullKeepsDecoder skips a null and decodes anything else with the
// decoder it wraps.
type nullKeepsDecoder struct{ inner jsoniter.ValDecoder }

func (d nullKeepsDecoder) Decode(ptr unsafe.Pointer, it *jsoniter.Iterator) {
	if it.ReadNil() {
		return
	}
	d.inner.Decode(ptr, it)
}

func (rawDecoder) Decode(ptr unsafe.Pointer, it *jsoniter.Iterator) {
	raw := bytes.TrimLeft(it.SkipAndReturnBytes(), " \t\r\n")
	*(*json.RawMessage)(ptr) = append(json.RawMessage(nil), raw...)
}

// DecorateEncoder re-checks and compacts what MarshalJSON methods write,
// which jsoniter copies through as they are.
func (x *stdCompat) DecorateEncoder(typ reflect2.Type, enc jsoniter.ValEncoder) jsoniter.ValEncoder {
	if typ == rawMessageType {
		return enc
	}
	if typ.Implements(marshalerType) || (typ.Kind() != reflect.Pointer && reflect2.PtrTo(typ).Implements(marshalerType)) {
		return &compactingEncoder{inner: enc}
	}
	return enc
}

func (x *stdCompat) UpdateStructDescriptor(desc *jsoniter.StructDescriptor) {
	for _, b := range desc.Fields {
		tag, ok := b.Field.Tag().Lookup("json")
		if !ok {
			continue
		}
		opts := strings.Split(tag, ",")[1:]
		zero, empty := false, false
		for _, o := range opts {
			zero = zero || o == "omitzero"
			empty = empty || o == "omitempty"
		}
		if !zero {
			continue
		}
		// jsoniter omits a field only for "omitempty", and asks the field's
		// encoder whether it is empty: declare omitempty and answer with
		// the omitzero rule (or either rule, when both are given).
		b.Encoder = &omitZeroEncoder{ValEncoder: b.Encoder, typ: b.Field.Type().Type1(), alsoEmpty: empty}
		if !empty {
			b.Field = taggedField{StructField: b.Field, tag: reflect.StructTag(`json:"` + tag + `,omitempty"`)}
		}
	}
}

type taggedField struct {
	reflect2.StructField
	tag reflect.StructTag
}

func (f taggedField) Tag() reflect.StructTag { return f.tag }

type omitZeroEncoder struct {
	jsoniter.ValEncoder
	typ       reflect.Type
	alsoEmpty bool
}

func (e *omitZeroEncoder) IsEmpty(ptr unsafe.Pointer) bool {
	if e.alsoEmpty && e.ValEncoder.IsEmpty(ptr) {
		return true
	}
	v := reflect.NewAt(e.typ, ptr).Elem()
	if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	if z, ok := v.Addr().Interface().(interface{ IsZero() bool }); ok {
		return z.IsZero()
	}
	return v.IsZero()
}

type floatEncoder int

func (bits floatEncoder) Encode(ptr unsafe.Pointer, s *jsoniter.Stream) {
	var f float64
	if bits == 32 {
		f = float64(*(*float32)(ptr))
	} else {
		f = *(*float64)(ptr)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s.Error = errFallback
		return
	}
	s.SetBuffer(builtinjson.AppendFloat(s.Buffer(), f, int(bits)))
}

func (bits floatEncoder) IsEmpty(ptr unsafe.Pointer) bool {
	if bits == 32 {
		return *(*float32)(ptr) == 0
	}
	return *(*float64)(ptr) == 0
}

type rawEncoder struct{}

func (e *rawEncoder) Encode(ptr unsafe.Pointer, s *jsoniter.Stream) {
	raw := *(*json.RawMessage)(ptr)
	if raw == nil {
		s.WriteNil()
		return
	}
	if !jsonscan.Valid(raw) {
		s.Error = errFallback
		return
	}
	s.SetBuffer(jsonscan.AppendCompactValid(s.Buffer(), raw, true))
}

func (e *rawEncoder) IsEmpty(ptr unsafe.Pointer) bool { return len(*(*json.RawMessage)(ptr)) == 0 }

type compactingEncoder struct {
	inner jsoniter.ValEncoder
}

func (e *compactingEncoder) IsEmpty(ptr unsafe.Pointer) bool { return e.inner.IsEmpty(ptr) }

func (e *compactingEncoder) Encode(ptr unsafe.Pointer, s *jsoniter.Stream) {
	start := len(s.Buffer())
	e.inner.Encode(ptr, s)
	if s.Error != nil {
		return
	}
	buf := s.Buffer()
	out := buf[start:]
	if !jsonscan.Valid(out) {
		s.Error = errFallback
		return
	}
	compacted := jsonscan.AppendCompactValid(nil, out, true)
	s.SetBuffer(append(buf[:start], compacted...))
}

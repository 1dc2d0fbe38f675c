package graphql

import (
	"context"
	"encoding/json"
	"io"
	"reflect"
	"strconv"

	"github.com/99designs/gqlgen/codec"
)

// Omittable holds an optional input value and whether it was given at all,
// so that a resolver can tell a field that was left out from one that was
// set to null. The zero Omittable is "not set".
type Omittable[T any] struct {
	value T
	set   bool
}

var (
	_ json.Marshaler   = Omittable[int]{}
	_ json.Unmarshaler = (*Omittable[int])(nil)
)

// OmittableOf returns an Omittable that is set to value.
func OmittableOf[T any](value T) Omittable[T] {
	return Omittable[T]{value: value, set: true}
}

// Value returns the value, or the zero T when it is not set.
func (o Omittable[T]) Value() T {
	v, _ := o.ValueOK()
	return v
}

// ValueOK returns the value and true, or the zero T and false when it is not
// set.
func (o Omittable[T]) ValueOK() (T, bool) {
	if o.set {
		return o.value, true
	}
	var zero T
	return zero, false
}

// IsSet reports whether a value was given.
func (o Omittable[T]) IsSet() bool { return o.set }

// IsZero reports whether no value was given, which makes a struct field
// tagged `json:",omitzero"` disappear from the encoding.
func (o Omittable[T]) IsZero() bool { return !o.set }

// MarshalJSON encodes the value, or the zero T when it is not set.
func (o Omittable[T]) MarshalJSON() ([]byte, error) {
	return codec.Marshal(o.Value())
}

// UnmarshalJSON decodes data into the value and marks it set. Numbers held
// in interface values decode as float64, as encoding/json does.
func (o *Omittable[T]) UnmarshalJSON(data []byte) error {
	if err := decodeJSON(data, &o.value); err != nil {
		return err
	}
	o.set = true
	return nil
}

// MarshalGQL writes the value (the zero T when it is not set) through its own
// Marshaler or ContextMarshaler, or as JSON. Errors are dropped.
func (o Omittable[T]) MarshalGQL(w io.Writer) {
	var v any = o.Value()
	if m, ok := v.(Marshaler); ok {
		m.MarshalGQL(w)
		return
	}
	if m, ok := v.(ContextMarshaler); ok {
		_ = m.MarshalGQLContext(context.Background(), w)
		return
	}
	writeJSONQuietly(w, v)
}

// MarshalGQLContext is MarshalGQL with ctx passed to a ContextMarshaler,
// which is preferred over a Marshaler here. Errors are dropped, so it
// returns none.
func (o Omittable[T]) MarshalGQLContext(ctx context.Context, w io.Writer) {
	var v any = o.Value()
	if m, ok := v.(ContextMarshaler); ok {
		_ = m.MarshalGQLContext(ctx, w)
		return
	}
	if m, ok := v.(Marshaler); ok {
		m.MarshalGQL(w)
		return
	}
	writeJSONQuietly(w, v)
}

// UnmarshalGQL fills the value from the JSON in data and marks it set. When
// T itself (not *T) is an Unmarshaler or ContextUnmarshaler, that method is
// given data instead.
func (o *Omittable[T]) UnmarshalGQL(data []byte) error {
	var err error
	switch u := any(o.value).(type) {
	case Unmarshaler:
		err = u.UnmarshalGQL(data)
	case ContextUnmarshaler:
		err = u.UnmarshalGQLContext(context.Background(), data)
	default:
		err = decodeJSON(data, &o.value)
	}
	if err != nil {
		return err
	}
	o.set = true
	return nil
}

// UnmarshalGQLContext is UnmarshalGQL with ctx passed to a
// ContextUnmarshaler, which is preferred over an Unmarshaler here.
func (o *Omittable[T]) UnmarshalGQLContext(ctx context.Context, data []byte) error {
	var err error
	switch u := any(o.value).(type) {
	case ContextUnmarshaler:
		err = u.UnmarshalGQLContext(ctx, data)
	case Unmarshaler:
		err = u.UnmarshalGQL(data)
	default:
		err = decodeJSON(data, &o.value)
	}
	if err != nil {
		return err
	}
	o.set = true
	return nil
}

// writeJSONQuietly writes v as JSON, or nothing if it cannot be encoded.
func writeJSONQuietly(w io.Writer, v any) {
	dst, p := beginWrite(w, 64)
	out, err := codec.AppendMarshal(dst, v)
	if err != nil {
		out = dst
	}
	endWrite(w, out, p)
}

// decodeJSON decodes data into dst with the codec, and then turns the
// json.Number values the codec leaves in interface values into float64, which
// is what encoding/json's Unmarshal gives (and what upstream's Omittable
// gives). Errors are those of json.Unmarshal.
func decodeJSON[T any](data []byte, dst *T) error {
	if err := codec.Unmarshal(data, dst); err != nil {
		return err
	}
	return floatNumbers(reflect.ValueOf(dst).Elem())
}

// floatNumbers replaces every json.Number held in an interface value inside
// v by its float64 value. Parts of v that cannot be set (unexported fields)
// are left alone, as the decoder leaves them.
func floatNumbers(v reflect.Value) error {
	if !v.CanSet() {
		return nil
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		f, err := floatAny(v.Interface())
		if err == nil && f != nil {
			v.Set(reflect.ValueOf(f))
		}
		return err
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return floatNumbers(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if err := floatNumbers(v.Field(i)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if !canHoldInterface(v.Type().Elem()) {
			return nil
		}
		for i := range v.Len() {
			if err := floatNumbers(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		if !canHoldInterface(v.Type().Elem()) {
			return nil
		}
		iter := v.MapRange()
		for iter.Next() {
			elem := reflect.New(v.Type().Elem()).Elem()
			elem.Set(iter.Value())
			if err := floatNumbers(elem); err != nil {
				return err
			}
			v.SetMapIndex(iter.Key(), elem)
		}
	}
	return nil
}

// floatAny converts the json.Number values in a decoded JSON value. It
// returns the value to store, or nil when x needs no replacing.
func floatAny(x any) (any, error) {
	switch x := x.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return nil, &json.UnmarshalTypeError{Value: "number " + string(x), Type: reflect.TypeFor[float64]()}
		}
		return f, nil
	case map[string]any:
		for k, e := range x {
			f, err := floatAny(e)
			if err != nil {
				return nil, err
			}
			if f != nil {
				x[k] = f
			}
		}
	case []any:
		for i, e := range x {
			f, err := floatAny(e)
			if err != nil {
				return nil, err
			}
			if f != nil {
				x[i] = f
			}
		}
	}
	return nil, nil
}

// canHoldInterface reports whether a value of type t can contain an
// interface value, so that a map, slice or array of it is worth walking.
func canHoldInterface(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface, reflect.Struct, reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return true
	}
	return false
}

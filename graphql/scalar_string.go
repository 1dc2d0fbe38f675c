package graphql

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// stringMarshaler writes a String or ID.
type stringMarshaler string

func (s stringMarshaler) MarshalGQL(w io.Writer) { writeGQLString(w, string(s)) }

func (s stringMarshaler) appendGQL(dst []byte, ws *wireState) []byte {
	return appendString(dst, string(s), ws)
}

// MarshalString writes s as a JSON string. Only the quote, the backslash and
// control characters are escaped; other bytes are written unchanged.
func MarshalString(s string) Marshaler { return stringMarshaler(s) }

// UnmarshalString accepts a string, or a number or boolean in its decimal or
// true/false spelling. nil gives "".
func UnmarshalString(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case json.Number:
		return v.String(), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case bool:
		return strconv.FormatBool(v), nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("%T is not a string", v)
}

// MarshalID writes an ID, which is a string on the wire.
func MarshalID(s string) Marshaler { return stringMarshaler(s) }

// UnmarshalID accepts what UnmarshalString accepts, with two differences
// kept from upstream: a float64 is written with six decimals, and nil gives
// the string "null".
func UnmarshalID(v any) (string, error) {
	switch v := v.(type) {
	case float64:
		return strconv.FormatFloat(v, 'f', 6, 64), nil
	case nil:
		return "null", nil
	}
	return UnmarshalString(v)
}

// intIDMarshaler writes an integer ID as a quoted decimal.
type intIDMarshaler int64

func (i intIDMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 22)
	endWrite(w, i.appendGQL(dst, nil), p)
}

func (i intIDMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	dst = append(dst, '"')
	dst = strconv.AppendInt(dst, int64(i), 10)
	return append(dst, '"')
}

// uintIDMarshaler writes an unsigned integer ID as a quoted decimal.
type uintIDMarshaler uint64

func (u uintIDMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 22)
	endWrite(w, u.appendGQL(dst, nil), p)
}

func (u uintIDMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	dst = append(dst, '"')
	dst = strconv.AppendUint(dst, uint64(u), 10)
	return append(dst, '"')
}

// MarshalIntID writes an int ID as a string: 42 becomes "42".
func MarshalIntID(i int) Marshaler { return intIDMarshaler(i) }

// UnmarshalIntID accepts an int, an int64, or a decimal string or
// json.Number.
func UnmarshalIntID(v any) (int, error) {
	switch v := v.(type) {
	case string:
		return strconv.Atoi(v)
	case json.Number:
		return strconv.Atoi(string(v))
	case int:
		return v, nil
	case int64:
		return int(v), nil
	}
	return 0, fmt.Errorf("%T is not an int", v)
}

// MarshalUintID writes a uint ID as a string: 42 becomes "42".
func MarshalUintID(i uint) Marshaler { return uintIDMarshaler(i) }

// UnmarshalUintID accepts the integer kinds a decoder or resolver produces
// (int, int32, int64, uint32, uint64), or a decimal string or json.Number.
// Negative integers wrap around as in a Go conversion.
func UnmarshalUintID(v any) (uint, error) {
	switch v := v.(type) {
	case string:
		u, err := strconv.ParseUint(v, 10, 64)
		return uint(u), err
	case json.Number:
		u, err := strconv.ParseUint(string(v), 10, 64)
		return uint(u), err
	case int:
		return uint(v), nil
	case int32:
		return uint(v), nil
	case int64:
		return uint(v), nil
	case uint32:
		return uint(v), nil
	case uint64:
		return uint(v), nil
	}
	return 0, fmt.Errorf("%T is not an uint", v)
}

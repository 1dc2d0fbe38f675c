package graphql

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// intMarshaler writes any signed integer.
type intMarshaler int64

func (i intMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 20)
	endWrite(w, strconv.AppendInt(dst, int64(i), 10), p)
}

func (i intMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	return strconv.AppendInt(dst, int64(i), 10)
}

// uintMarshaler writes any unsigned integer.
type uintMarshaler uint64

func (u uintMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 20)
	endWrite(w, strconv.AppendUint(dst, uint64(u), 10), p)
}

func (u uintMarshaler) appendGQL(dst []byte, _ *wireState) []byte {
	return strconv.AppendUint(dst, uint64(u), 10)
}

// MarshalInt writes i as a JSON number.
func MarshalInt(i int) Marshaler { return intMarshaler(i) }

// MarshalInt8 writes i as a JSON number.
func MarshalInt8(i int8) Marshaler { return intMarshaler(i) }

// MarshalInt16 writes i as a JSON number.
func MarshalInt16(i int16) Marshaler { return intMarshaler(i) }

// MarshalInt32 writes i as a JSON number.
func MarshalInt32(i int32) Marshaler { return intMarshaler(i) }

// MarshalInt64 writes i as a JSON number.
func MarshalInt64(i int64) Marshaler { return intMarshaler(i) }

// MarshalUint writes i as a JSON number.
func MarshalUint(i uint) Marshaler { return uintMarshaler(i) }

// MarshalUint8 writes i as a JSON number.
func MarshalUint8(i uint8) Marshaler { return uintMarshaler(i) }

// MarshalUint16 writes i as a JSON number.
func MarshalUint16(i uint16) Marshaler { return uintMarshaler(i) }

// MarshalUint32 writes i as a JSON number.
func MarshalUint32(i uint32) Marshaler { return uintMarshaler(i) }

// MarshalUint64 writes i as a JSON number.
func MarshalUint64(i uint64) Marshaler { return uintMarshaler(i) }

// The signed Unmarshal functions accept any Go signed integer, or a string or
// json.Number holding a base-10 integer; nil gives 0. A value outside the
// target's range is a *NumberOverflowError. Floats are refused, so a number
// nested in a variable must arrive as json.Number (the codec's decoders make
// sure of that).

// UnmarshalInt reads an Int into an int.
func UnmarshalInt(v any) (int, error) { return toSigned[int](v) }

// UnmarshalInt8 reads an Int into an int8.
func UnmarshalInt8(v any) (int8, error) { return toSigned[int8](v) }

// UnmarshalInt16 reads an Int into an int16.
func UnmarshalInt16(v any) (int16, error) { return toSigned[int16](v) }

// UnmarshalInt32 reads an Int into an int32.
func UnmarshalInt32(v any) (int32, error) { return toSigned[int32](v) }

// UnmarshalInt64 reads an Int into an int64.
func UnmarshalInt64(v any) (int64, error) { return toSigned[int64](v) }

// The unsigned Unmarshal functions accept a Go int, int64 or unsigned
// integer, or a string or json.Number holding a base-10 integer; nil gives 0.
// A negative number, or a string with a sign, is a *UintSignError; a value
// outside the target's range is a *NumberOverflowError.

// UnmarshalUint reads a non-negative Int into a uint.
func UnmarshalUint(v any) (uint, error) { return toUnsigned[uint](v) }

// UnmarshalUint8 reads a non-negative Int into a uint8.
func UnmarshalUint8(v any) (uint8, error) { return toUnsigned[uint8](v) }

// UnmarshalUint16 reads a non-negative Int into a uint16.
func UnmarshalUint16(v any) (uint16, error) { return toUnsigned[uint16](v) }

// UnmarshalUint32 reads a non-negative Int into a uint32.
func UnmarshalUint32(v any) (uint32, error) { return toUnsigned[uint32](v) }

// UnmarshalUint64 reads a non-negative Int into a uint64.
func UnmarshalUint64(v any) (uint64, error) { return toUnsigned[uint64](v) }

// IntegerError reports an integer that is valid as a 64-bit number but not
// for the type the API declares (out of range for a smaller type, or signed
// where an unsigned one is expected).
type IntegerError struct {
	Message string
}

func (e IntegerError) Error() string { return e.Message }

// NumberOverflowError reports an integer outside the range of the target
// type. Value holds the input as an int64 or a uint64.
type NumberOverflowError struct {
	Value any
	*IntegerError
}

// Unwrap gives the embedded *IntegerError.
func (e *NumberOverflowError) Unwrap() error { return e.IntegerError }

// UintSignError reports a negative number, or a number written with a sign,
// where an unsigned integer is expected.
type UintSignError struct {
	*IntegerError
}

// Unwrap gives the embedded *IntegerError.
func (e *UintSignError) Unwrap() error { return e.IntegerError }

func signedOverflow(v int64, bits int) error {
	return &NumberOverflowError{
		Value:        v,
		IntegerError: &IntegerError{Message: fmt.Sprintf("%d overflows signed %d-bit integer", v, bits)},
	}
}

func unsignedOverflow(v uint64, bits int) error {
	return &NumberOverflowError{
		Value:        v,
		IntegerError: &IntegerError{Message: fmt.Sprintf("%d overflows unsigned %d-bit integer", v, bits)},
	}
}

func signError(text string) error {
	return &UintSignError{
		IntegerError: &IntegerError{Message: text + " is an invalid unsigned integer: includes sign"},
	}
}

type signed interface {
	int | int8 | int16 | int32 | int64
}

type unsigned interface {
	uint | uint8 | uint16 | uint32 | uint64
}

func toSigned[N signed](v any) (N, error) {
	var n int64
	switch v := v.(type) {
	case int:
		n = int64(v)
	case int8:
		n = int64(v)
	case int16:
		n = int64(v)
	case int32:
		n = int64(v)
	case int64:
		n = v
	case string:
		p, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, err
		}
		n = p
	case json.Number:
		p, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			return 0, err
		}
		n = p
	case nil:
		return 0, nil
	default:
		return 0, fmt.Errorf("%T is not an %T", v, N(0))
	}
	if bits := signedBits[N](); bits < 64 && (n < -1<<(bits-1) || n > 1<<(bits-1)-1) {
		return 0, signedOverflow(n, bits)
	}
	return N(n), nil
}

func toUnsigned[N unsigned](v any) (N, error) {
	var n uint64
	switch v := v.(type) {
	case int:
		if v < 0 {
			return 0, signError(strconv.Itoa(v))
		}
		n = uint64(v)
	case int64:
		if v < 0 {
			return 0, signError(strconv.FormatInt(v, 10))
		}
		n = uint64(v)
	case uint:
		n = uint64(v)
	case uint8:
		n = uint64(v)
	case uint16:
		n = uint64(v)
	case uint32:
		n = uint64(v)
	case uint64:
		n = v
	case string:
		p, err := parseUnsigned(v)
		if err != nil {
			return 0, err
		}
		n = p
	case json.Number:
		p, err := parseUnsigned(string(v))
		if err != nil {
			return 0, err
		}
		n = p
	case nil:
		return 0, nil
	default:
		return 0, fmt.Errorf("%T is not an %T", v, N(0))
	}
	if bits := unsignedBits[N](); bits < 64 && n > 1<<bits-1 {
		return 0, unsignedOverflow(n, bits)
	}
	return N(n), nil
}

// parseUnsigned parses a base-10 uint64. Text that would be a valid number
// but for a leading + or - gets a *UintSignError instead of strconv's error.
func parseUnsigned(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err == nil {
		return n, nil
	}
	if len(s) > 1 && (s[0] == '-' || s[0] == '+') {
		if _, rest := strconv.ParseUint(s[1:], 10, 64); rest == nil {
			return 0, signError(s)
		}
	}
	return 0, err
}

// signedBits is the width of N; int counts as 32 or 64 bits by platform.
func signedBits[N signed]() int {
	switch any(N(0)).(type) {
	case int8:
		return 8
	case int16:
		return 16
	case int32:
		return 32
	case int:
		return strconv.IntSize
	}
	return 64
}

// unsignedBits is the width of N. uint is treated as 64 bits wide, as
// upstream does, so on a 32-bit platform large values wrap.
func unsignedBits[N unsigned]() int {
	switch any(N(0)).(type) {
	case uint8:
		return 8
	case uint16:
		return 16
	case uint32:
		return 32
	}
	return 64
}

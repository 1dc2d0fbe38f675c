package graphql

import "math"

// Int32OverflowError is the error UnmarshalInt32 returned for an
// out-of-range value in upstream gqlgen v0.17.58 to v0.17.78, kept so that
// code checking for it builds and still works: the runtime returns a
// *NumberOverflowError, in which errors.As finds an *Int32OverflowError
// whenever the value is outside int32's range. (A type assertion on the
// error itself does not find it.)
type Int32OverflowError struct {
	Value int64 // the value that did not fit
	*IntegerError
}

// Unwrap gives the embedded *IntegerError.
func (e *Int32OverflowError) Unwrap() error { return e.IntegerError }

// Uint32OverflowError is Int32OverflowError's unsigned counterpart, which
// UnmarshalUint32 returned in the same releases: errors.As finds one in a
// *NumberOverflowError whose value is above math.MaxUint32.
type Uint32OverflowError struct {
	Value uint64 // the value that did not fit
	*IntegerError
}

// Unwrap gives the embedded *IntegerError.
func (e *Uint32OverflowError) Unwrap() error { return e.IntegerError }

// As lets errors.As find e as an *Int32OverflowError or a
// *Uint32OverflowError, the types of the same failure before v0.17.79, when
// its value is outside that type's range. The message is e's own, which
// reads as theirs did ("... overflows signed 32-bit integer") when the
// target was 32 bits wide.
func (e *NumberOverflowError) As(target any) bool {
	switch t := target.(type) {
	case **Int32OverflowError:
		if v, ok := e.Value.(int64); ok && (v > math.MaxInt32 || v < math.MinInt32) {
			*t = &Int32OverflowError{Value: v, IntegerError: e.IntegerError}
			return true
		}
	case **Uint32OverflowError:
		if v, ok := e.Value.(uint64); ok && v > math.MaxUint32 {
			*t = &Uint32OverflowError{Value: v, IntegerError: e.IntegerError}
			return true
		}
	}
	return false
}

package graphql

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// floatMarshaler writes a Float as fmt's %g verb does: the shortest form that
// reads back exactly, in exponent form when the decimal exponent is below -4
// or at least 6 (1e+06). NaN and the infinities come out as NaN, +Inf and
// -Inf, which are not JSON; MarshalFloatContext refuses them instead.
type floatMarshaler float64

func (f floatMarshaler) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 24)
	endWrite(w, f.appendGQL(dst, nil), p)
}

func (f floatMarshaler) appendGQL(dst []byte, ws *wireState) []byte {
	if v := float64(f); ws != nil && (math.IsInf(v, 0) || math.IsNaN(v)) {
		ws.invalid = true // not JSON: see wireState
	}
	if math.IsInf(float64(f), 1) {
		return append(dst, "+Inf"...)
	}
	return strconv.AppendFloat(dst, float64(f), 'g', -1, 64)
}

// MarshalFloat writes f as a number in %g form (1e+06 for a million).
func MarshalFloat(f float64) Marshaler { return floatMarshaler(f) }

// UnmarshalFloat accepts a float64, int, int64, or a string or json.Number
// holding a number; nil gives 0.
func UnmarshalFloat(v any) (float64, error) {
	switch v := v.(type) {
	case float64:
		return v, nil
	case json.Number:
		return strconv.ParseFloat(string(v), 64)
	case int:
		return float64(v), nil
	case int64:
		return float64(v), nil
	case string:
		return strconv.ParseFloat(v, 64)
	case nil:
		return 0, nil
	}
	return 0, fmt.Errorf("%T is not an float", v)
}

var errNonFiniteFloat = errors.New("cannot marshal infinite no NaN float values")

// floatContextMarshaler writes a Float like floatMarshaler, but fails on
// values JSON cannot hold.
type floatContextMarshaler float64

func (f floatContextMarshaler) MarshalGQLContext(_ context.Context, w io.Writer) error {
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		return errNonFiniteFloat
	}
	floatMarshaler(f).MarshalGQL(w)
	return nil
}

// MarshalFloatContext writes f as MarshalFloat does, and reports an error
// (so that the field becomes null with an error) for NaN and infinities.
func MarshalFloatContext(f float64) ContextMarshaler { return floatContextMarshaler(f) }

// UnmarshalFloatContext is UnmarshalFloat; the context is not used.
func UnmarshalFloatContext(_ context.Context, v any) (float64, error) {
	return UnmarshalFloat(v)
}

package scalars

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
)

// Point is a scalar written "x,y". It implements graphql.Marshaler and
// graphql.Unmarshaler, the simplest way to make a Go type a scalar.
type Point struct {
	X, Y int
}

// UnmarshalGQL reads "x,y".
func (p *Point) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("a Point must be a string like \"3,4\", got %T", v)
	}
	xs, ys, ok := strings.Cut(s, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return fmt.Errorf("a Point must be two integers like \"3,4\", got %q", s)
	}
	p.X, p.Y = x, y
	return nil
}

// MarshalGQL writes "x,y".
func (p Point) MarshalGQL(w io.Writer) {
	io.WriteString(w, strconv.Quote(fmt.Sprintf("%d,%d", p.X, p.Y)))
}

// Money is an amount in cents. It implements the context-aware interfaces
// (graphql.ContextMarshaler, graphql.ContextUnmarshaler): its text depends
// on the request's currency, found in the context (see WithCurrency), and
// marshalling can fail, which becomes a field error.
type Money int64

type currencyKey struct{}

// WithCurrency returns ctx carrying the currency Money fields are written in.
func WithCurrency(ctx context.Context, code string) context.Context {
	return context.WithValue(ctx, currencyKey{}, code)
}

// ratesPerUSD are the exchange rates the example knows, in per-mille.
var ratesPerUSD = map[string]int64{"USD": 1000, "EUR": 900, "JPY": 150000}

func currency(ctx context.Context) string {
	if c, ok := ctx.Value(currencyKey{}).(string); ok {
		return c
	}
	return "USD"
}

// MarshalGQLContext writes the amount as "<code> <units>.<cents>" in the
// request's currency; an unknown currency is an error.
func (m Money) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	code := currency(ctx)
	rate, ok := ratesPerUSD[code]
	if !ok {
		return fmt.Errorf("unsupported currency %q", code)
	}
	cents := int64(m) * rate / 1000
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	_, err := io.WriteString(w, strconv.Quote(fmt.Sprintf("%s %s%d.%02d", code, sign, cents/100, cents%100)))
	return err
}

// UnmarshalGQLContext reads a US-dollar amount given as a string ("12.5",
// "12.50") or a number (12.5), with at most two decimals.
func (m *Money) UnmarshalGQLContext(_ context.Context, v any) error {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case interface{ String() string }: // json.Number, with every codec
		s = v.String()
	case int64:
		s = strconv.FormatInt(v, 10)
	case float64:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Errorf("Money must be a decimal string or number, got %T", v)
	}
	units, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return fmt.Errorf("Money has at most 2 decimals, got %q", s)
	}
	frac += strings.Repeat("0", 2-len(frac))
	u, err1 := strconv.ParseInt(units, 10, 64)
	c, err2 := strconv.ParseUint(frac, 10, 64)
	if err1 != nil || err2 != nil || strings.HasPrefix(units, "-") {
		return fmt.Errorf("Money must be a non-negative decimal, got %q", s)
	}
	*m = Money(u*100 + int64(c))
	return nil
}

// Color is the Go type bound to the Color scalar: image/color.RGBA, a type
// this package cannot add methods to. The generator finds MarshalColor and
// UnmarshalColor next to it instead.
type Color = color.RGBA

// MarshalColor writes c as "#rrggbb".
func MarshalColor(c color.RGBA) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		fmt.Fprintf(w, `"#%02x%02x%02x"`, c.R, c.G, c.B)
	})
}

// UnmarshalColor reads "#rrggbb".
func UnmarshalColor(v any) (color.RGBA, error) {
	s, ok := v.(string)
	if !ok || len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, fmt.Errorf("a Color must look like \"#1e90ff\", got %v", v)
	}
	n, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, errors.New("a Color must be hexadecimal: " + s)
	}
	return color.RGBA{R: uint8(n >> 16), G: uint8(n >> 8), B: uint8(n), A: 0xff}, nil
}

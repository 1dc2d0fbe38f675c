package graphql

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// written returns what m writes to a bytes.Buffer.
func written(m Marshaler) string {
	var b bytes.Buffer
	m.MarshalGQL(&b)
	return b.String()
}

// plainWriter is a writer with no spare buffer and no WriteString, the
// slowest path of the built-in marshalers.
type plainWriter struct{ b []byte }

func (p *plainWriter) Write(b []byte) (int, error) {
	p.b = append(p.b, b...)
	return len(b), nil
}

// writtenEverywhere checks that m writes the same bytes to every kind of
// writer and that its appendGQL agrees, and returns those bytes.
func writtenEverywhere(t *testing.T, m Marshaler) string {
	t.Helper()
	want := written(m)

	var pw plainWriter
	m.MarshalGQL(&pw)
	if string(pw.b) != want {
		t.Errorf("plain writer got %q, bytes.Buffer got %q", pw.b, want)
	}

	var out bytes.Buffer
	bw := bufio.NewWriterSize(&out, 16)
	m.MarshalGQL(bw)
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("bufio.Writer got %q, bytes.Buffer got %q", out.String(), want)
	}

	if a, ok := m.(appendMarshaler); ok {
		if got := string(a.appendGQL([]byte("x"), nil)); got != "x"+want {
			t.Errorf("appendGQL got %q, want %q", got, "x"+want)
		}
	}
	return want
}

func TestMarshalString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"hello", `"hello"`},
		{"tab\there", `"tab\there"`},
		{"cr\r\nlf", `"cr\r\nlf"`},
		{`back\slash`, `"back\\slash"`},
		{`say "hi"`, `"say \"hi\""`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001F"`},
		{"\b\f", `"\u0008\u000C"`},
		{"\x7f", "\"\x7f\""},
		// Not escaped, unlike encoding/json: HTML characters, the line and
		// paragraph separators, and invalid UTF-8.
		{"<a href='x'>&amp;</a>", `"<a href='x'>&amp;</a>"`},
		{"\u2028\u2029", "\"\u2028\u2029\""},
		{"bad \xff\xfe utf8", "\"bad \xff\xfe utf8\""},
		{"\U000fe4ed é 日本", "\"\U000fe4ed é 日本\""},
	}
	for _, tt := range tests {
		for name, m := range map[string]Marshaler{"String": MarshalString(tt.in), "ID": MarshalID(tt.in)} {
			if got := writtenEverywhere(t, m); got != tt.want {
				t.Errorf("Marshal%s(%q) = %s, want %s", name, tt.in, got, tt.want)
			}
		}
	}
}

func TestMarshalStringIsReadableJSON(t *testing.T) {
	var all strings.Builder
	for c := range 0x80 {
		all.WriteByte(byte(c))
	}
	all.WriteString("ünïcödé ☃ \U0001F600")
	for _, s := range []string{all.String(), strings.Repeat(`"\`, 5000)} {
		var back string
		if err := json.Unmarshal([]byte(written(MarshalString(s))), &back); err != nil {
			t.Fatalf("output for %q is not JSON: %v", s, err)
		}
		if back != s {
			t.Errorf("round trip of %q gave %q", s, back)
		}
	}
}

func TestUnmarshalString(t *testing.T) {
	tests := []struct {
		in   any
		want string
		err  string
	}{
		{in: "abc", want: "abc"},
		{in: json.Number("12345678901234567890"), want: "12345678901234567890"},
		{in: json.Number("1.5e3"), want: "1.5e3"},
		{in: 123, want: "123"},
		{in: int64(-9007199254740993), want: "-9007199254740993"},
		{in: 1.5, want: "1.5"},
		{in: 123.0, want: "123"},
		{in: 1e21, want: "1000000000000000000000"},
		{in: true, want: "true"},
		{in: false, want: "false"},
		{in: nil, want: ""},
		{in: int32(1), err: "int32 is not a string"},
		{in: []any{"a"}, err: "[]interface {} is not a string"},
		{in: map[string]any{}, err: "map[string]interface {} is not a string"},
	}
	for _, tt := range tests {
		got, err := UnmarshalString(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalString(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestUnmarshalID(t *testing.T) {
	tests := []struct {
		in   any
		want string
		err  string
	}{
		{in: "abc", want: "abc"},
		{in: json.Number("42"), want: "42"},
		{in: 42, want: "42"},
		{in: int64(42), want: "42"},
		{in: 42.0, want: "42.000000"},
		{in: 0.1234567, want: "0.123457"},
		{in: true, want: "true"},
		{in: nil, want: "null"},
		{in: uint(1), err: "uint is not a string"},
	}
	for _, tt := range tests {
		got, err := UnmarshalID(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalID(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestIntID(t *testing.T) {
	for _, n := range []int{0, 7, -7, math.MaxInt64, math.MinInt64} {
		want := `"` + strconv.Itoa(n) + `"`
		if got := writtenEverywhere(t, MarshalIntID(n)); got != want {
			t.Errorf("MarshalIntID(%d) = %s, want %s", n, got, want)
		}
	}
	tests := []struct {
		in   any
		want int
		err  string
	}{
		{in: "12", want: 12},
		{in: "-12", want: -12},
		{in: json.Number("9223372036854775807"), want: math.MaxInt64},
		{in: 5, want: 5},
		{in: int64(6), want: 6},
		{in: "x", err: `strconv.Atoi: parsing "x": invalid syntax`},
		{in: json.Number("1.0"), err: `strconv.Atoi: parsing "1.0": invalid syntax`},
		{in: 1.0, err: "float64 is not an int"},
		{in: nil, err: "<nil> is not an int"},
	}
	for _, tt := range tests {
		got, err := UnmarshalIntID(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalIntID(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestUintID(t *testing.T) {
	for _, n := range []uint{0, 7, math.MaxUint64} {
		want := `"` + strconv.FormatUint(uint64(n), 10) + `"`
		if got := writtenEverywhere(t, MarshalUintID(n)); got != want {
			t.Errorf("MarshalUintID(%d) = %s, want %s", n, got, want)
		}
	}
	tests := []struct {
		in   any
		want uint
		err  string
	}{
		{in: "12", want: 12},
		{in: json.Number("18446744073709551615"), want: math.MaxUint64},
		{in: 5, want: 5},
		{in: int32(5), want: 5},
		{in: int64(5), want: 5},
		{in: uint32(5), want: 5},
		{in: uint64(5), want: 5},
		{in: -1, want: math.MaxUint64},
		{in: "-1", err: `strconv.ParseUint: parsing "-1": invalid syntax`},
		{in: json.Number("1e3"), err: `strconv.ParseUint: parsing "1e3": invalid syntax`},
		{in: uint(5), err: "uint is not an uint"},
		{in: 5.0, err: "float64 is not an uint"},
		{in: nil, err: "<nil> is not an uint"},
	}
	for _, tt := range tests {
		got, err := UnmarshalUintID(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalUintID(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestMarshalIntegers(t *testing.T) {
	tests := []struct {
		m    Marshaler
		want string
	}{
		{MarshalInt(0), "0"},
		{MarshalInt(-42), "-42"},
		{MarshalInt(math.MaxInt64), "9223372036854775807"},
		{MarshalInt8(math.MinInt8), "-128"},
		{MarshalInt16(math.MaxInt16), "32767"},
		{MarshalInt32(math.MinInt32), "-2147483648"},
		{MarshalInt64(math.MinInt64), "-9223372036854775808"},
		{MarshalUint(0), "0"},
		{MarshalUint8(255), "255"},
		{MarshalUint16(65535), "65535"},
		{MarshalUint32(math.MaxUint32), "4294967295"},
		{MarshalUint64(math.MaxUint64), "18446744073709551615"},
	}
	for _, tt := range tests {
		if got := writtenEverywhere(t, tt.m); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
}

func TestUnmarshalSigned(t *testing.T) {
	tests := []struct {
		name string
		fn   func(any) (int64, error)
		in   any
		want int64
		err  string
	}{
		{name: "int", fn: widen(UnmarshalInt), in: 12, want: 12},
		{name: "int", fn: widen(UnmarshalInt), in: int8(-3), want: -3},
		{name: "int", fn: widen(UnmarshalInt), in: int16(300), want: 300},
		{name: "int", fn: widen(UnmarshalInt), in: int32(-70000), want: -70000},
		{name: "int", fn: widen(UnmarshalInt), in: int64(1 << 40), want: 1 << 40},
		{name: "int", fn: widen(UnmarshalInt), in: "-15", want: -15},
		{name: "int", fn: widen(UnmarshalInt), in: json.Number("9007199254740993"), want: 9007199254740993},
		{name: "int", fn: widen(UnmarshalInt), in: nil, want: 0},
		{name: "int", fn: widen(UnmarshalInt), in: "1.5", err: `strconv.ParseInt: parsing "1.5": invalid syntax`},
		{name: "int", fn: widen(UnmarshalInt), in: json.Number("1e2"), err: `strconv.ParseInt: parsing "1e2": invalid syntax`},
		{name: "int", fn: widen(UnmarshalInt), in: "99999999999999999999", err: `strconv.ParseInt: parsing "99999999999999999999": value out of range`},
		{name: "int", fn: widen(UnmarshalInt), in: 1.0, err: "float64 is not an int"},
		{name: "int", fn: widen(UnmarshalInt), in: uint(1), err: "uint is not an int"},
		{name: "int", fn: widen(UnmarshalInt), in: true, err: "bool is not an int"},
		{name: "int8", fn: widen(UnmarshalInt8), in: 127, want: 127},
		{name: "int8", fn: widen(UnmarshalInt8), in: -128, want: -128},
		{name: "int8", fn: widen(UnmarshalInt8), in: 128, err: "128 overflows signed 8-bit integer"},
		{name: "int8", fn: widen(UnmarshalInt8), in: json.Number("-129"), err: "-129 overflows signed 8-bit integer"},
		{name: "int8", fn: widen(UnmarshalInt8), in: 1.0, err: "float64 is not an int8"},
		{name: "int16", fn: widen(UnmarshalInt16), in: "32768", err: "32768 overflows signed 16-bit integer"},
		{name: "int16", fn: widen(UnmarshalInt16), in: -32768, want: -32768},
		{name: "int32", fn: widen(UnmarshalInt32), in: int64(math.MaxInt32) + 1, err: "2147483648 overflows signed 32-bit integer"},
		{name: "int32", fn: widen(UnmarshalInt32), in: json.Number("-2147483648"), want: math.MinInt32},
		{name: "int32", fn: widen(UnmarshalInt32), in: "x", err: `strconv.ParseInt: parsing "x": invalid syntax`},
		{name: "int64", fn: UnmarshalInt64, in: json.Number("-9223372036854775808"), want: math.MinInt64},
		{name: "int64", fn: UnmarshalInt64, in: nil, want: 0},
		{name: "int64", fn: UnmarshalInt64, in: 2.5, err: "float64 is not an int64"},
	}
	for _, tt := range tests {
		got, err := tt.fn(tt.in)
		checkResult(t, fmt.Sprintf("Unmarshal %s (%#v)", tt.name, tt.in), got, err, tt.want, tt.err)
	}
}

func TestUnmarshalUnsigned(t *testing.T) {
	tests := []struct {
		name string
		fn   func(any) (uint64, error)
		in   any
		want uint64
		err  string
	}{
		{name: "uint", fn: widenU(UnmarshalUint), in: 12, want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: int64(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: uint8(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: uint16(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: uint32(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: uint64(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: uint(12), want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: "12", want: 12},
		{name: "uint", fn: widenU(UnmarshalUint), in: json.Number("18446744073709551615"), want: math.MaxUint64},
		{name: "uint", fn: widenU(UnmarshalUint), in: nil, want: 0},
		{name: "uint", fn: widenU(UnmarshalUint), in: -1, err: "-1 is an invalid unsigned integer: includes sign"},
		{name: "uint", fn: widenU(UnmarshalUint), in: int64(-5), err: "-5 is an invalid unsigned integer: includes sign"},
		{name: "uint", fn: widenU(UnmarshalUint), in: "-5", err: "-5 is an invalid unsigned integer: includes sign"},
		{name: "uint", fn: widenU(UnmarshalUint), in: "+5", err: "+5 is an invalid unsigned integer: includes sign"},
		{name: "uint", fn: widenU(UnmarshalUint), in: json.Number("-5"), err: "-5 is an invalid unsigned integer: includes sign"},
		{name: "uint", fn: widenU(UnmarshalUint), in: "-", err: `strconv.ParseUint: parsing "-": invalid syntax`},
		{name: "uint", fn: widenU(UnmarshalUint), in: "--5", err: `strconv.ParseUint: parsing "--5": invalid syntax`},
		{name: "uint", fn: widenU(UnmarshalUint), in: "-99999999999999999999", err: `strconv.ParseUint: parsing "-99999999999999999999": invalid syntax`},
		{name: "uint", fn: widenU(UnmarshalUint), in: "99999999999999999999", err: `strconv.ParseUint: parsing "99999999999999999999": value out of range`},
		{name: "uint", fn: widenU(UnmarshalUint), in: int32(1), err: "int32 is not an uint"},
		{name: "uint", fn: widenU(UnmarshalUint), in: 1.0, err: "float64 is not an uint"},
		{name: "uint8", fn: widenU(UnmarshalUint8), in: 255, want: 255},
		{name: "uint8", fn: widenU(UnmarshalUint8), in: 256, err: "256 overflows unsigned 8-bit integer"},
		{name: "uint8", fn: widenU(UnmarshalUint8), in: "x", err: `strconv.ParseUint: parsing "x": invalid syntax`},
		{name: "uint8", fn: widenU(UnmarshalUint8), in: int8(1), err: "int8 is not an uint8"},
		{name: "uint16", fn: widenU(UnmarshalUint16), in: json.Number("65536"), err: "65536 overflows unsigned 16-bit integer"},
		{name: "uint32", fn: widenU(UnmarshalUint32), in: uint64(math.MaxUint32) + 1, err: "4294967296 overflows unsigned 32-bit integer"},
		{name: "uint32", fn: widenU(UnmarshalUint32), in: "4294967295", want: math.MaxUint32},
		{name: "uint64", fn: UnmarshalUint64, in: json.Number("18446744073709551615"), want: math.MaxUint64},
	}
	for _, tt := range tests {
		got, err := tt.fn(tt.in)
		checkResult(t, fmt.Sprintf("Unmarshal %s (%#v)", tt.name, tt.in), got, err, tt.want, tt.err)
	}
}

func TestIntegerErrorTypes(t *testing.T) {
	_, err := UnmarshalInt8(300)
	var overflow *NumberOverflowError
	if !errors.As(err, &overflow) || overflow.Value != int64(300) {
		t.Fatalf("UnmarshalInt8(300) error %#v is not a NumberOverflowError with Value int64(300)", err)
	}
	var intErr *IntegerError
	if !errors.As(err, &intErr) || intErr.Message != "300 overflows signed 8-bit integer" {
		t.Errorf("overflow does not unwrap to its IntegerError: %#v", err)
	}

	_, err = UnmarshalUint16(json.Number("70000"))
	if !errors.As(err, &overflow) || overflow.Value != uint64(70000) {
		t.Errorf("UnmarshalUint16(70000) error %#v is not a NumberOverflowError with Value uint64(70000)", err)
	}

	_, err = UnmarshalUint("-3")
	var sign *UintSignError
	if !errors.As(err, &sign) {
		t.Fatalf("UnmarshalUint(-3) error %#v is not a UintSignError", err)
	}
	if !errors.As(err, &intErr) || intErr.Error() != "-3 is an invalid unsigned integer: includes sign" {
		t.Errorf("sign error does not unwrap to its IntegerError: %#v", err)
	}
	if (IntegerError{Message: "m"}).Error() != "m" {
		t.Error("IntegerError.Error does not return Message")
	}
}

func TestMarshalFloat(t *testing.T) {
	values := []float64{
		0, math.Copysign(0, -1), 1, -1, 123, 1.5, 0.1, 1.2345678901, 1.234567890123456789,
		1.2e20, 1.2e-20, 1e6, 999999, 123456.7, 1234567, 1e-4, 1e-5, 0.0001234,
		math.MaxFloat64, math.SmallestNonzeroFloat64, -math.MaxFloat64, float64(math.MaxInt64),
		math.Inf(1), math.Inf(-1), math.NaN(),
	}
	for i := range 2000 {
		values = append(values, math.Float64frombits(uint64(i)*0x9E3779B97F4A7C15))
	}
	for _, f := range values {
		want := fmt.Sprintf("%g", f)
		if got := writtenEverywhere(t, MarshalFloat(f)); got != want {
			t.Errorf("MarshalFloat(%v) = %s, want %s", f, got, want)
		}
	}
	for f, want := range map[float64]string{1e6: "1e+06", 1.2e-20: "1.2e-20", 123: "123"} {
		if got := written(MarshalFloat(f)); got != want {
			t.Errorf("MarshalFloat(%v) = %s, want %s", f, got, want)
		}
	}
}

func TestMarshalFloatContext(t *testing.T) {
	var b bytes.Buffer
	if err := MarshalFloatContext(2.5).MarshalGQLContext(t.Context(), &b); err != nil || b.String() != "2.5" {
		t.Errorf("MarshalFloatContext(2.5) wrote %q, %v", b.String(), err)
	}
	for _, f := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		b.Reset()
		err := MarshalFloatContext(f).MarshalGQLContext(t.Context(), &b)
		if err == nil || err.Error() != "cannot marshal infinite no NaN float values" || b.Len() != 0 {
			t.Errorf("MarshalFloatContext(%v) wrote %q, %v", f, b.String(), err)
		}
	}
}

func TestUnmarshalFloat(t *testing.T) {
	tests := []struct {
		in   any
		want float64
		err  string
	}{
		{in: 1.5, want: 1.5},
		{in: json.Number("1e3"), want: 1000},
		{in: json.Number("0.1"), want: 0.1},
		{in: 3, want: 3},
		{in: int64(-3), want: -3},
		{in: "2.25", want: 2.25},
		{in: nil, want: 0},
		{in: "abc", err: `strconv.ParseFloat: parsing "abc": invalid syntax`},
		{in: json.Number("x"), err: `strconv.ParseFloat: parsing "x": invalid syntax`},
		{in: true, err: "bool is not an float"},
		{in: float32(1), err: "float32 is not an float"},
	}
	for _, tt := range tests {
		got, err := UnmarshalFloat(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalFloat(%#v)", tt.in), got, err, tt.want, tt.err)
		got, err = UnmarshalFloatContext(t.Context(), tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalFloatContext(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestBoolean(t *testing.T) {
	if MarshalBoolean(true) != True || MarshalBoolean(false) != False {
		t.Error("MarshalBoolean does not return the True and False singletons")
	}
	if got := writtenEverywhere(t, MarshalBoolean(true)) + writtenEverywhere(t, MarshalBoolean(false)); got != "truefalse" {
		t.Errorf("got %s", got)
	}
	tests := []struct {
		in   any
		want bool
		err  string
	}{
		{in: true, want: true},
		{in: false, want: false},
		{in: "true", want: true},
		{in: "TrUe", want: true},
		{in: "yes", want: false},
		{in: "1", want: false},
		{in: 1, want: true},
		{in: 0, want: false},
		{in: -2, want: true},
		{in: nil, want: false},
		{in: json.Number("1"), err: "json.Number is not a bool"},
		{in: 1.0, err: "float64 is not a bool"},
		{in: int64(1), err: "int64 is not a bool"},
	}
	for _, tt := range tests {
		got, err := UnmarshalBoolean(tt.in)
		checkResult(t, fmt.Sprintf("UnmarshalBoolean(%#v)", tt.in), got, err, tt.want, tt.err)
	}
}

func TestTime(t *testing.T) {
	ny := time.FixedZone("EST", -5*3600)
	tests := []struct {
		in   time.Time
		want string
	}{
		{time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC), `"2024-02-29T13:04:05Z"`},
		{time.Date(2024, 2, 29, 13, 4, 5, 120000000, time.UTC), `"2024-02-29T13:04:05.12Z"`},
		{time.Date(2024, 2, 29, 13, 4, 5, 1, ny), `"2024-02-29T13:04:05.000000001-05:00"`},
		{time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), `"-0001-01-01T00:00:00Z"`},
		{time.Date(12345, 1, 1, 0, 0, 0, 0, time.UTC), `"12345-01-01T00:00:00Z"`},
	}
	for _, tt := range tests {
		got := writtenEverywhere(t, MarshalTime(tt.in))
		if got != tt.want {
			t.Errorf("MarshalTime(%v) = %s, want %s", tt.in, got, tt.want)
		}
		if ref := strconv.Quote(tt.in.Format(time.RFC3339Nano)); got != ref {
			t.Errorf("MarshalTime(%v) = %s, strconv.Quote of the format gives %s", tt.in, got, ref)
		}
	}
	if MarshalTime(time.Time{}) != Null {
		t.Error("MarshalTime of the zero time is not Null")
	}

	parses := []struct {
		in   any
		want time.Time
	}{
		{"2024-02-29T13:04:05.5+02:00", time.Date(2024, 2, 29, 11, 4, 5, 500000000, time.UTC)},
		{"2024-02-29T13:04:05Z", time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)},
		{"2024-02-29 13:04:05", time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)},
		{"", time.Time{}},
		{nil, time.Time{}},
	}
	for _, tt := range parses {
		got, err := UnmarshalTime(tt.in)
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("UnmarshalTime(%#v) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []any{"2024-02-29", "yesterday", 1700000000, json.Number("1")} {
		if _, err := UnmarshalTime(in); err == nil || err.Error() != "time should be RFC3339Nano formatted string" {
			t.Errorf("UnmarshalTime(%#v) error = %v", in, err)
		}
	}
}

func TestDate(t *testing.T) {
	late := time.Date(2023, 10, 15, 23, 30, 0, 0, time.FixedZone("X", -10*3600))
	if got := writtenEverywhere(t, MarshalDate(late)); got != `"2023-10-15"` {
		t.Errorf("MarshalDate = %s", got)
	}
	if MarshalDate(time.Time{}) != Null {
		t.Error("MarshalDate of the zero time is not Null")
	}
	got, err := UnmarshalDate("2023-10-15")
	if err != nil || !got.Equal(time.Date(2023, 10, 15, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("UnmarshalDate = %v, %v", got, err)
	}
	for _, in := range []any{nil, ""} {
		if got, err := UnmarshalDate(in); err != nil || !got.IsZero() {
			t.Errorf("UnmarshalDate(%#v) = %v, %v", in, got, err)
		}
	}
	for _, in := range []any{"2023-10-15T00:00:00Z", "2023-13-01", 20231015} {
		if _, err := UnmarshalDate(in); err == nil || err.Error() != "time should be DateOnly formatted string" {
			t.Errorf("UnmarshalDate(%#v) error = %v", in, err)
		}
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{90 * time.Minute, `"PT1H30M"`},
		{49 * time.Hour, `"P2DT1H"`},
		{20345 * time.Millisecond, `"PT20.345S"`},
	}
	for _, tt := range tests {
		if got := writtenEverywhere(t, MarshalDuration(tt.d)); got != tt.want {
			t.Errorf("MarshalDuration(%v) = %s, want %s", tt.d, got, tt.want)
		}
		back, err := UnmarshalDuration(tt.want[1 : len(tt.want)-1])
		if err != nil || back != tt.d {
			t.Errorf("UnmarshalDuration(%s) = %v, %v", tt.want, back, err)
		}
	}
	if _, err := UnmarshalDuration(5); err == nil || err.Error() != "input must be a string" {
		t.Errorf("UnmarshalDuration(5) error = %v", err)
	}
	if _, err := UnmarshalDuration("5 minutes"); err == nil {
		t.Error("UnmarshalDuration accepted a malformed duration")
	}
}

func TestUUID(t *testing.T) {
	id := uuid.MustParse("f47ac10b-58cc-4372-a567-0e02b2c3d479")
	if got := writtenEverywhere(t, MarshalUUID(id)); got != `"f47ac10b-58cc-4372-a567-0e02b2c3d479"` {
		t.Errorf("MarshalUUID = %s", got)
	}
	for range 100 {
		id := uuid.New()
		if got := written(MarshalUUID(id)); got != `"`+id.String()+`"` {
			t.Errorf("MarshalUUID(%s) = %s", id, got)
		}
	}
	if MarshalUUID(uuid.Nil) != Null {
		t.Error("MarshalUUID(uuid.Nil) is not Null")
	}
	for _, in := range []any{id.String(), []byte(id.String()), "urn:uuid:" + id.String(), "{" + id.String() + "}"} {
		if got, err := UnmarshalUUID(in); err != nil || got != id {
			t.Errorf("UnmarshalUUID(%#v) = %v, %v", in, got, err)
		}
	}
	if _, err := UnmarshalUUID("nope"); err == nil {
		t.Error("UnmarshalUUID accepted a malformed string")
	}
	if _, err := UnmarshalUUID(42); err == nil || err.Error() != "int is not a uuid" {
		t.Errorf("UnmarshalUUID(42) error = %v", err)
	}
}

func TestMapAndAny(t *testing.T) {
	m := map[string]any{"z": 1, "a": "<b>&", "n": json.Number("12345678901234567890"), "l": []any{true, nil}}
	want := `{"a":"\u003cb\u003e\u0026","l":[true,null],"n":12345678901234567890,"z":1}` + "\n"
	if got := writtenEverywhere(t, MarshalMap(m)); got != want {
		t.Errorf("MarshalMap = %q, want %q", got, want)
	}
	if got := writtenEverywhere(t, MarshalAny(m)); got != want {
		t.Errorf("MarshalAny = %q, want %q", got, want)
	}
	if got := written(MarshalMap(nil)); got != "null\n" {
		t.Errorf("MarshalMap(nil) = %q", got)
	}
	if got := written(MarshalAny("\u2028")); got != `"\u2028"`+"\n" {
		t.Errorf("MarshalAny(U+2028) = %q", got)
	}

	func() {
		defer func() {
			if recover() == nil {
				t.Error("MarshalAny of a channel did not panic")
			}
		}()
		written(MarshalAny(make(chan int)))
	}()

	if got, err := UnmarshalMap(m); err != nil || len(got) != len(m) {
		t.Errorf("UnmarshalMap = %v, %v", got, err)
	}
	if _, err := UnmarshalMap([]any{}); err == nil || err.Error() != "[]interface {} is not a map" {
		t.Errorf("UnmarshalMap([]any) error = %v", err)
	}
	if _, err := UnmarshalMap(nil); err == nil || err.Error() != "<nil> is not a map" {
		t.Errorf("UnmarshalMap(nil) error = %v", err)
	}
	for _, v := range []any{nil, 1, "x", m} {
		if got, err := UnmarshalAny(v); err != nil || fmt.Sprint(got) != fmt.Sprint(v) {
			t.Errorf("UnmarshalAny(%v) = %v, %v", v, got, err)
		}
	}
}

func TestUpload(t *testing.T) {
	up := Upload{File: strings.NewReader("raw <bytes>\n"), Filename: "a.txt", Size: 12, ContentType: "text/plain"}
	if got := written(MarshalUpload(up)); got != "raw <bytes>\n" {
		t.Errorf("MarshalUpload = %q", got)
	}
	got, err := UnmarshalUpload(up)
	if err != nil || got.Filename != "a.txt" || got.Size != 12 || got.ContentType != "text/plain" {
		t.Errorf("UnmarshalUpload = %+v, %v", got, err)
	}
	if _, err := UnmarshalUpload(&up); err == nil || err.Error() != "*graphql.Upload is not an Upload" {
		t.Errorf("UnmarshalUpload(*Upload) error = %v", err)
	}
}

func TestCoerceList(t *testing.T) {
	m := map[string]any{"a": 1}
	tests := []struct {
		in   any
		want []any
	}{
		{nil, nil},
		{[]any{1, "a"}, []any{1, "a"}},
		{[]any{}, []any{}},
		{[]string{"a", "b"}, []any{"a", "b"}},
		{[]json.Number{"1", "2.5"}, []any{json.Number("1"), json.Number("2.5")}},
		{[]bool{true}, []any{true}},
		{[]int{1, 2}, []any{1, 2}},
		{[]int32{3}, []any{int32(3)}},
		{[]int64{4}, []any{int64(4)}},
		{[]float32{1.5}, []any{float32(1.5)}},
		{[]float64{2.5}, []any{2.5}},
		{[]map[string]any{m}, []any{m}},
		{[]string(nil), []any{}},
		{"single", []any{"single"}},
		{json.Number("7"), []any{json.Number("7")}},
		{m, []any{m}},
		{[]uint{1}, []any{[]uint{1}}},
	}
	for _, tt := range tests {
		got := CoerceList(tt.in)
		if fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", tt.want) {
			t.Errorf("CoerceList(%#v) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
	in := []any{1}
	if got := CoerceList(in); &got[0] != &in[0] {
		t.Error("CoerceList copied a []any")
	}
}

func TestLiteralsAndArray(t *testing.T) {
	if Null == RequiredNull {
		t.Fatal("Null and RequiredNull are the same pointer")
	}
	for m, want := range map[Marshaler]string{Null: "null", RequiredNull: "null", True: "true", False: "false"} {
		if got := writtenEverywhere(t, m); got != want {
			t.Errorf("literal wrote %s, want %s", got, want)
		}
	}
	var b bytes.Buffer
	if err := Null.MarshalGQLContext(t.Context(), &b); err != nil || b.String() != "null" {
		t.Errorf("Null.MarshalGQLContext wrote %q, %v", b.String(), err)
	}

	arr := Array{MarshalInt(1), MarshalString("2"), True, Null, MarshalFloat(1.5), Array{}, &Array{False}}
	if got := writtenEverywhere(t, arr); got != `[1,"2",true,null,1.5,[],[false]]` {
		t.Errorf("Array wrote %s", got)
	}
	if got := writtenEverywhere(t, Array(nil)); got != "[]" {
		t.Errorf("nil Array wrote %s", got)
	}
}

func TestWriterFuncs(t *testing.T) {
	if got := written(WriterFunc(func(w io.Writer) { _, _ = io.WriteString(w, "x") })); got != "x" {
		t.Errorf("WriterFunc wrote %q", got)
	}
	var b bytes.Buffer
	boom := errors.New("boom")
	cwf := ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		_, _ = io.WriteString(w, "y")
		return boom
	})
	if err := cwf.MarshalGQLContext(t.Context(), &b); err != boom || b.String() != "y" {
		t.Errorf("ContextWriterFunc wrote %q, %v", b.String(), err)
	}
}

func checkResult[T comparable](t *testing.T, call string, got T, err error, want T, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || err.Error() != wantErr {
			t.Errorf("%s: error %v, want %q", call, err, wantErr)
		}
		return
	}
	if err != nil || got != want {
		t.Errorf("%s = %v, %v; want %v", call, got, err, want)
	}
}

func widen[N int | int8 | int16 | int32](f func(any) (N, error)) func(any) (int64, error) {
	return func(v any) (int64, error) {
		n, err := f(v)
		return int64(n), err
	}
}

func widenU[N uint | uint8 | uint16 | uint32](f func(any) (N, error)) func(any) (uint64, error) {
	return func(v any) (uint64, error) {
		n, err := f(v)
		return uint64(n), err
	}
}

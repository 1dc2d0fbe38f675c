package codec

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/internal/builtinjson"
)

// untypedCases are values the built-in untyped encoder must write exactly
// as encoding/json's Marshal does (or fail with its error).
func untypedCases() map[string]any {
	cycle := map[string]any{"a": 1}
	cycle["self"] = cycle
	deep := map[string]any{"leaf": "x"}
	for range 700 {
		deep = map[string]any{"d": deep, "l": []any{1}}
	}
	type point struct {
		X, Y int
		Tag  string `json:"tag,omitempty"`
	}
	// Maps around the size up to which members are sorted on the stack,
	// with keys sharing long prefixes.
	keyed := func(n int) map[string]any {
		m := map[string]any{}
		for i := range n {
			m[strings.Repeat("k", i%5)+string(rune('z'-i%26))+strings.Repeat("é", i%3)] = i
		}
		return m
	}
	ts := time.Date(2024, 2, 29, 13, 14, 15, 123000000, time.FixedZone("x", 3600))
	return map[string]any{
		"empty map":     map[string]any{},
		"nil map":       map[string]any(nil),
		"nil slice":     []any(nil),
		"empty slice":   []any{},
		"scalars":       map[string]any{"s": "str", "t": true, "f": false, "n": nil},
		"15 keys":       keyed(15),
		"16 keys":       keyed(16),
		"17 keys":       keyed(17),
		"60 keys":       keyed(60),
		"sorted keys":   map[string]any{"b": 1, "a": 2, "B": 3, "": 4, "aa": 5, "é": 6, "\u2028": 7, "<k>": 8, "a\x00": 9},
		"escapes":       []any{"\"\\/\b\f\n\r\t\x00\x01\x1f\x7f", "<a href=\"x\">&amp;</a>", "\u2028\u2029", "invalid \xff\xfe utf8 \xc3", "日本語 🙂", strings.Repeat("long \" string <>&\n", 200)},
		"ints":          []any{0, -1, math.MaxInt64, math.MinInt64, int8(-8), int16(16), int32(-32), int64(64), uint(1), uint8(255), uint16(65535), uint32(math.MaxUint32), uint64(math.MaxUint64)},
		"floats":        []any{0.0, math.Copysign(0, -1), 1.0, -1.5, 0.1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789.123, 5e-324, math.MaxFloat64, 1e100, -2.5e-10},
		"float32":       []any{float32(0), float32(0.1), float32(1e-7), float32(1e21), float32(3.4028235e38), float32(-1.5), float32(16777216)},
		"numbers":       []any{json.Number("12345678901234567890"), json.Number("-0.5e+10"), json.Number("0"), json.Number(""), json.Number("1E3")},
		"bad number":    []any{json.Number("01")},
		"bad number 2":  map[string]any{"n": json.Number("1e")},
		"NaN":           map[string]any{"x": math.NaN()},
		"Inf":           []any{math.Inf(-1)},
		"float32 Inf":   []any{float32(math.Inf(1))},
		"more typed":    map[string]any{"i": []int{1, -2, 0}, "nil i": []int(nil), "i64": []int64{math.MinInt64}, "b": []bool{true, false}, "nil b": []bool(nil), "f": []float64{0.1, 1e21, 1e-7}, "nil f": []float64(nil), "ss": map[string]string{"z": "<", "a": "\u2028"}, "nil ss": map[string]string(nil), "empty ss": map[string]string{}},
		"bad floats":    map[string]any{"f": []float64{1, math.NaN()}},
		"typed slices":  map[string]any{"s": []string{"a", "<b>"}, "nil s": []string(nil), "ms": []map[string]any{{"z": 1, "a": 2}, nil}, "nil ms": []map[string]any(nil)},
		"nested":        map[string]any{"a": []any{map[string]any{"b": []any{[]any{}, map[string]any{}, nil}}}, "c": map[string]any{"d": map[string]any{"e": "f"}}},
		"struct leaf":   map[string]any{"p": point{1, 2, "<t>"}, "pp": &point{X: 3}, "nilp": (*point)(nil)},
		"marshalers":    map[string]any{"time": ts, "raw": json.RawMessage(` { "a" : [1, 2,"<x>"] } `), "bytes": []byte("hi<>")},
		"other maps":    map[string]any{"ms": map[string]string{"b": "1", "a": "2"}, "mi": map[int]string{2: "b", 10: "a"}},
		"bad raw":       map[string]any{"raw": json.RawMessage(`{`)},
		"unsupported":   map[string]any{"ch": make(chan int)},
		"func":          []any{func() {}},
		"cycle":         cycle,
		"deep":          deep,
		"any in slice":  []any{[]int{1, 2}, [2]string{"a", "b"}, map[string]int{"k": 1}},
		"uintptr":       []any{uintptr(7)},
		"complex error": []any{complex(1, 2)},
	}
}

func TestUntypedEncoderMatchesEncodingJSON(t *testing.T) {
	for name, v := range untypedCases() {
		t.Run(name, func(t *testing.T) {
			checkUntyped(t, v)
		})
	}
}

// checkUntyped compares the built-in encoder (with the build-tag codec's
// library for what it does not know) with encoding/json on v, HTML escaping
// on and off.
func checkUntyped(t *testing.T, v any) {
	t.Helper()
	for _, html := range []bool{true, false} {
		want, wantErr := stdAppend(nil, v, html)
		lib := func(dst []byte, v any) ([]byte, error) { return stdAppend(dst, v, html) }
		if html {
			lib = active.libAppend
		}
		prefix := []byte("prefix")
		got, err := builtinjson.AppendUntyped(prefix, v, html, lib)
		if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("html=%v: error %v, want %v", html, err, wantErr)
		}
		if err != nil {
			if string(got) != "prefix" {
				t.Fatalf("html=%v: on error dst = %q, want it unchanged", html, got)
			}
			continue
		}
		if string(got[:6]) != "prefix" || string(got[6:]) != string(want) {
			t.Fatalf("html=%v:\n got %s\nwant %s", html, got, want)
		}
	}
}

// TestMarshalRoutesUntyped checks the build-tag codec's Marshal and
// AppendMarshal on untyped trees, whichever way they are routed.
func TestMarshalRoutesUntyped(t *testing.T) {
	for name, v := range untypedCases() {
		if !builtinjson.UntypedTree(v) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			want, wantErr := stdAppend(nil, v, true) // encoding/json v1's bytes, with or without the experiment
			got, err := active.Marshal(v)
			if (err != nil) != (wantErr != nil) || string(got) != string(want) {
				t.Fatalf("Marshal: %s, %v\nwant %s, %v", got, err, want, wantErr)
			}
			got, err = active.AppendMarshal([]byte("x"), v)
			if err == nil && string(got) != "x"+string(want) || (err != nil) != (wantErr != nil) {
				t.Fatalf("AppendMarshal: %s, %v\nwant x%s, %v", got, err, want, wantErr)
			}
		})
	}
}

// FuzzUntypedEncode decodes the input as encoding/json does (numbers as
// json.Number, and again as float64) and checks that the built-in encoder
// writes those values exactly as encoding/json does.
func FuzzUntypedEncode(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":[true,null,"x"],"c":{"d":1.5e300}}`,
		`["\u2028<>&\"\\\u0000",-0,1e-7,123456789012345678901]`,
		`{"\u00e9":"\ud83d\ude00","":{}, "z":[[],[{}]]}`,
		`{"k":"\xff"}`, `0.000001`, `[1e21,1e20,-1.5e-7]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var n any
		if stdUnmarshal(data, &n) != nil {
			return
		}
		checkUntyped(t, n)
		var fl any
		if json.Unmarshal(data, &fl) == nil {
			checkUntyped(t, fl)
		}
	})
}

// TestAppendQuoteRouted checks AppendQuote, which some codecs route to
// their library from some length on, against encoding/json on strings
// below and above every threshold.
func TestAppendQuoteRouted(t *testing.T) {
	piece := "He said \"hi\" C:\\dir\\ tab\there\n <p>&amp;</p> \b\f sep\u2028\u2029 café 🙂 \x01\x7f \xff\xc3 plain "
	for _, n := range []int{0, 1, 100, 1<<10 - 1, 1 << 10, 1<<10 + 1, 3000, 9000} {
		s := strings.Repeat(piece, n/len(piece)+1)[:n]
		want, err := stdAppend([]byte("x"), s, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := active.AppendQuote([]byte("x"), s); string(got) != string(want) {
			t.Fatalf("%d bytes:\n got %s\nwant %s", n, got, want)
		}
	}
}

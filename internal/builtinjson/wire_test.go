package builtinjson_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/internal/builtinjson"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// checkWire: AppendWire, with codec.AppendMarshal for what it does not
// know, appends what codec.AppendMarshal appends, says whether the
// bytes are wire bytes as wantWire expects, and when it says so, compacting
// them with HTML escaping at that depth gives them back unchanged.
func checkWire(t *testing.T, v any, depth int, wantWire bool) {
	t.Helper()
	for _, pre := range []string{"", "[1,"} {
		out, wire, err := builtinjson.AppendWire([]byte(pre), v, depth, codec.AppendMarshal)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		want, err := codec.AppendMarshal([]byte(pre), v)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != string(want) {
			t.Fatalf("%#v:\n got %q\nwant %q (AppendMarshal)", v, out, want)
		}
		if wire != wantWire {
			t.Fatalf("%.200q: wire %v, want %v", out, wire, wantWire)
		}
		if !wire {
			continue
		}
		compact, serr := jsonscan.AppendCompactNested(nil, out[len(pre):], true, depth)
		if serr != nil {
			t.Fatalf("%.200q said to be wire bytes at depth %d: %v", out, depth, serr)
		}
		if string(compact) != string(out[len(pre):]) {
			t.Fatalf("said to be wire bytes:\n%q\ncompacted:\n%q", out[len(pre):], compact)
		}
	}
}

type wirePoint struct{ X int }

type wireMarshaler struct{}

func (wireMarshaler) MarshalJSON() ([]byte, error) { return []byte(` { "a" : "<b>" } `), nil }

// nestedLists is n arrays, one inside the other, around a 1.
func nestedLists(n int) any {
	var v any = 1
	for range n {
		v = []any{v}
	}
	return v
}

func TestAppendWire(t *testing.T) {
	text := "He said \"hi\" <b>&amp;</b>\n\t\x00\x1f\x7f sep\u2028para\u2029 \xe2\x80 \xff é 日本 🙂"
	written := []any{
		map[string]any{},
		[]any{},
		map[string]any{
			text: text, "n": json.Number("-12.5e3"), "zero": json.Number(""), "f": 1e21, "tiny": 1e-7,
			"f32": float32(1) / 3, "i": -3, "i64": int64(1) << 53, "u8": uint8(7), "t": true, "nil": nil,
			"list": []any{"<", 1.5, []any{}, map[string]any{"x": []any{nil}}},
			"strs": []string{"\u2028", "a&b"}, "ints": []int{1, 2}, "i64s": []int64{-1}, "bools": []bool{true},
			"floats": []float64{0.25, 1e-9}, "smap": map[string]string{"<": ">"},
			"maps": []map[string]any{{"k": "v"}, {}}, "nils": []any(nil), "nomap": map[string]any(nil),
		},
		nestedLists(builtinjson.MaxUntypedDepth),
	}
	handedOn := []any{
		map[string]any{"p": wirePoint{1}},
		map[string]any{"raw": json.RawMessage(` { "a" : "<" } `)},
		map[string]any{"m": wireMarshaler{}},
		[]any{map[string]int{"a": 1}},
		nestedLists(builtinjson.MaxUntypedDepth + 2),
		// Not trees: AppendMarshal writes them whole, through the library.
		"<string>", 12, wirePoint{2}, map[string]int{"b": 2},
	}
	for _, v := range written {
		checkWire(t, v, 0, true)
	}
	for _, v := range handedOn {
		checkWire(t, v, 0, false)
	}

	// [[[1]]] nests 3 deep; its bound is one more, for the leaf: wire bytes
	// while depth+4 < MaxDepth, and checked as foreign bytes from there on
	// (where the transport may still take them).
	checkWire(t, nestedLists(3), jsonscan.MaxDepth-5, true)
	checkWire(t, nestedLists(3), jsonscan.MaxDepth-4, false)

	t.Run("random trees", func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for range 3000 {
			// A tree is a map[string]any or a []any at its root.
			var v any = []any{randomTree(r, 1), randomTree(r, 1)}
			if r.IntN(2) == 0 {
				v = map[string]any{randomString(r): randomTree(r, 1)}
			}
			checkWire(t, v, r.IntN(3), true)
		}
	})

}

var wirePieces = []string{"a", "bc", "\"", "\\", "\n", "\t", "\x00", "\x1f", "\x7f", "<", ">", "&",
	"\u2028", "\u2029", "\xe2", "\xe2\x80", "é", "日", "🙂", "\xff", " ", "plain"}

func randomString(r *rand.Rand) string {
	var b strings.Builder
	for k := r.IntN(6); k > 0; k-- {
		b.WriteString(wirePieces[r.IntN(len(wirePieces))])
	}
	return b.String()
}

// randomTree is an untyped value of the kinds the built-in encoder writes.
func randomTree(r *rand.Rand, depth int) any {
	leaf := depth > 4
	switch k := r.IntN(14); {
	case k == 0 && !leaf:
		m := map[string]any{}
		for n := r.IntN(6); n > 0; n-- {
			m[randomString(r)] = randomTree(r, depth+1)
		}
		return m
	case k == 1 && !leaf:
		l := make([]any, r.IntN(5))
		for i := range l {
			l[i] = randomTree(r, depth+1)
		}
		return l
	case k == 2:
		return randomString(r)
	case k == 3:
		return []json.Number{"0", "-1.5e10", "123456789012345678901234567890", "", "2E-3"}[r.IntN(5)]
	case k == 4:
		return []float64{0, -0.5, 1e21, 1e-7, 123456.789, 5e-324}[r.IntN(6)]
	case k == 5:
		return float32(r.Float64() * 1e6)
	case k == 6:
		return r.Int64() - r.Int64()
	case k == 7:
		return r.IntN(2) == 0
	case k == 8:
		return nil
	case k == 9:
		return []string{randomString(r), randomString(r)}
	case k == 10:
		return map[string]string{randomString(r): randomString(r)}
	case k == 11:
		return []int{r.IntN(100), -r.IntN(100)}
	case k == 12 && !leaf:
		return []map[string]any{{randomString(r): randomTree(r, depth+1)}}
	}
	return uint16(r.IntN(1 << 16))
}

package codec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/99designs/gqlgen/codec"
)

// untypedTargets are the targets the untyped decoder serves, each in the
// states encoding/json treats differently, plus a non-nil *[]any, which it
// leaves to encoding/json (or to the codec's library, which may leave a
// different value behind after an error: served is false).
var untypedTargets = []struct {
	name   string
	new    func() any
	served bool
}{
	{"*any", func() any { return new(any) }, true},
	{"*any holding a map", func() any { var v any = map[string]any{"old": true}; return &v }, true},
	{"*map", func() any { return new(map[string]any) }, true},
	{"*map filled", func() any { m := map[string]any{"old": true, "a": "old"}; return &m }, true},
	{"*[]any", func() any { return new([]any) }, true},
	{"*[]any filled", func() any { s := []any{"old", 1}; return &s }, false},
}

// FuzzUntyped compares Unmarshal into untyped targets, for the built-in
// codec and for Std, with encoding/json: the same value, or the same error
// and the same value left behind in the target. It also checks that the decoded strings
// do not change when the input buffer is overwritten, and that the untyped
// decoder accepts exactly the documents encoding/json calls valid.
//
//	go test -run '^$' -fuzz FuzzUntyped ./codec
func FuzzUntyped(f *testing.F) {
	addDecodeSeeds(f)
	f.Add(smallVariables)
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, ok := codec.DecodeUntyped(data); ok != json.Valid(data) {
			t.Fatalf("input %q: untyped decoder ok = %v; json.Valid says %v", data, ok, !ok)
		}
		for _, target := range untypedTargets {
			want := target.new()
			wantErr := codec.SlowUnmarshal(data, want)
			for _, c := range codecs() {
				buf := bytes.Clone(data)
				got := target.new()
				gotErr := c.Unmarshal(buf, got)
				for i := range buf {
					buf[i] = '"'
				}
				if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
					t.Fatalf("%s into %s, input %q: error %v; encoding/json: %v", c.name, target.name, data, gotErr, wantErr)
				}
				if (wantErr == nil || target.served) && !reflect.DeepEqual(got, want) {
					t.Fatalf("%s into %s, input %q:\n got %#v\nwant %#v", c.name, target.name, data, got, want)
				}
			}
		}
	})
}

// TestUntypedAllocs bounds the allocations of decoding a typical variables
// object: two maps of two allocations each (the map and its one group of
// slots), one chunk for the bytes of all strings and one slab for the string
// headers. encoding/json makes 22.
func TestUntypedAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("instrumented builds allocate more")
	}
	m := new(map[string]any)
	allocs := testing.AllocsPerRun(200, func() {
		*m = nil
		if err := codec.Std.Unmarshal(smallVariables, m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 6 {
		t.Errorf("decoding %s into a map: %v allocations; want at most 6", smallVariables, allocs)
	}
}

// TestUntypedSurvivesGC decodes from several goroutines, collects garbage
// and reuses the input buffers, then checks every value: strings and
// numbers point into shared chunks that only they keep alive.
func TestUntypedSurvivesGC(t *testing.T) {
	docs := [][]byte{smallVariables, largeVariables, []byte(`[1,"a",{"b":["c",2.5,"\u00e9"]}]`)}
	wants := make([]any, len(docs))
	for i, doc := range docs {
		if err := codec.SlowUnmarshal(doc, &wants[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var kept []any
			for round := range 50 {
				doc := docs[(g+round)%len(docs)]
				buf := bytes.Clone(doc)
				var v any
				if err := codec.Unmarshal(buf, &v); err != nil {
					t.Error(err)
					return
				}
				for i := range buf {
					buf[i] = 'x'
				}
				kept = append(kept, v)
				if round%10 == 0 {
					runtime.GC()
				}
			}
			runtime.GC()
			for round, v := range kept {
				if want := wants[(g+round)%len(docs)]; !reflect.DeepEqual(v, want) {
					t.Errorf("goroutine %d, round %d: value changed after GC", g, round)
				}
			}
		})
	}
	wg.Wait()
}

// TestUntypedRandomDocuments writes random documents (random nesting, keys
// and strings with raw, escaped and invalid bytes and lone or paired
// surrogate escapes, numbers of every shape, random whitespace) and checks
// that the codecs decode each as encoding/json does: deeper coverage of
// valid input than byte-level fuzzing reaches.
func TestUntypedRandomDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 1000
	}
	for range n {
		var b []byte
		b = randomValue(rng, b, 0)
		b = randomSpace(rng, b)
		var want any
		if err := codec.SlowUnmarshal(b, &want); err != nil {
			t.Fatalf("input %q: encoding/json: %v", b, err)
		}
		for _, c := range codecs() {
			var got any
			if err := c.Unmarshal(b, &got); err != nil {
				t.Fatalf("%s, input %q: %v", c.name, b, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, input %q:\n got %#v\nwant %#v", c.name, b, got, want)
			}
		}
	}
}

func randomSpace(rng *rand.Rand, b []byte) []byte {
	for rng.IntN(4) == 0 {
		b = append(b, " \t\r\n"[rng.IntN(4)])
	}
	return b
}

func randomValue(rng *rand.Rand, b []byte, depth int) []byte {
	b = randomSpace(rng, b)
	kind := rng.IntN(9)
	switch {
	case depth == 0:
		kind = rng.IntN(2) // an object or array at the top
	case depth > 4 && kind < 2:
		kind += 2
	}
	switch kind {
	case 0:
		b = append(b, '{')
		for i := range rng.IntN(6) {
			if i > 0 {
				b = append(b, ',')
			}
			b = randomSpace(rng, b)
			b = randomString(rng, b)
			b = randomSpace(rng, b)
			b = append(b, ':')
			b = randomValue(rng, b, depth+1)
		}
		return append(randomSpace(rng, b), '}')
	case 1:
		b = append(b, '[')
		for i := range rng.IntN(6) {
			if i > 0 {
				b = append(b, ',')
			}
			b = randomValue(rng, b, depth+1)
		}
		return append(randomSpace(rng, b), ']')
	case 2, 3:
		b = randomString(rng, b)
	case 4, 5:
		b = randomNumber(rng, b)
	case 6:
		b = append(b, "true"...)
	case 7:
		b = append(b, "false"...)
	default:
		b = append(b, "null"...)
	}
	return randomSpace(rng, b)
}

func randomNumber(rng *rand.Rand, b []byte) []byte {
	if rng.IntN(2) == 0 {
		b = append(b, '-')
	}
	if rng.IntN(4) == 0 {
		b = append(b, '0')
	} else {
		b = append(b, byte('1'+rng.IntN(9)))
		for range rng.IntN(25) {
			b = append(b, byte('0'+rng.IntN(10)))
		}
	}
	if rng.IntN(3) == 0 {
		b = append(b, '.')
		for range 1 + rng.IntN(5) {
			b = append(b, byte('0'+rng.IntN(10)))
		}
	}
	if rng.IntN(3) == 0 {
		b = append(b, "eE"[rng.IntN(2)])
		if s := rng.IntN(3); s < 2 {
			b = append(b, "+-"[s])
		}
		for range 1 + rng.IntN(3) {
			b = append(b, byte('0'+rng.IntN(10)))
		}
	}
	return b
}

func randomString(rng *rand.Rand, b []byte) []byte {
	b = append(b, '"')
	for range rng.IntN(12) {
		switch rng.IntN(8) {
		case 0:
			b = append(b, []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`}[rng.IntN(8)]...)
		case 1:
			b = fmt.Appendf(b, `\u%04x`, rng.IntN(0x10000))
		case 2:
			hi, lo := 0xd800+rng.IntN(0x400), 0xdc00+rng.IntN(0x400)
			switch rng.IntN(3) {
			case 0:
				b = fmt.Appendf(b, `\u%04x\u%04X`, hi, lo) // a pair
			case 1:
				b = fmt.Appendf(b, `\u%04X`, []int{hi, lo}[rng.IntN(2)]) // a lone half
			default:
				b = fmt.Appendf(b, `\u%04x\u0041`, hi)
			}
		case 3:
			b = append(b, byte(0x80+rng.IntN(0x80))) // a stray byte of UTF-8
		case 4:
			b = utf8.AppendRune(b, rune(0x80+rng.IntN(0x10ff80)))
		default:
			b = append(b, byte(0x20+rng.IntN(0x5f)))
			if b[len(b)-1] == '"' || b[len(b)-1] == '\\' {
				b[len(b)-1] = 'x'
			}
		}
	}
	return append(b, '"')
}

// TestUntypedListsAreIndependent: arrays decoded from one document share
// chunks of memory, yet each behaves as a slice of its own. An append to
// one, or a write to one of its elements, leaves its neighbours as they
// were; every empty array is empty and stays so.
func TestUntypedListsAreIndependent(t *testing.T) {
	doc := []byte(`{"a":[1,2],"b":["x","y","z"],"c":[],"d":[[],[true]]}`)
	var m map[string]any
	if err := codec.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	a, b := m["a"].([]any), m["b"].([]any)
	if len(a) != 2 || cap(a) != 2 {
		t.Fatalf("a: len %d cap %d, want 2 and 2", len(a), cap(a))
	}
	a = append(a, "appended")
	a[0] = "changed"
	m["a"] = a
	empty := m["c"].([]any)
	empty = append(empty, 1)
	var want map[string]any
	if err := codec.SlowUnmarshal(doc, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(b, want["b"]) || !reflect.DeepEqual(m["c"], []any{}) || !reflect.DeepEqual(m["d"], want["d"]) {
		t.Errorf("neighbours changed: b %#v, c %#v, d %#v", b, m["c"], m["d"])
	}
	if got := m["a"].([]any); len(got) != 3 || got[0] != "changed" || got[2] != "appended" {
		t.Errorf("a = %#v", got)
	}
	if len(empty) != 1 || m["c"] == nil || len(m["c"].([]any)) != 0 {
		t.Errorf("empty array: appended %#v, decoded %#v", empty, m["c"])
	}
}

// TestUntypedSiblingObjects: objects in a list are sized from the previous
// one at their depth, and their keys and short values are shared through
// tables of the document's keys and values. Siblings of every size in turn (more than a small map
// holds, fewer, none), repeated keys (the last wins, written escaped or
// not), keys that share a slot of the table, long keys and non-ASCII ones
// decode as encoding/json decodes them.
func TestUntypedSiblingObjects(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"list":[`)
	for i := range 60 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		for j := range (i * 7) % 23 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"k%d":%d`, (j*5+i)%19, j)
		}
		b.WriteString(`}`)
	}
	b.WriteString(`],"dup":{"a":1,"\u0061":2,"b":{"x":1},"b":null,"a":3},` +
		`"long":{"` + strings.Repeat("k", 40) + `":1,"` + strings.Repeat("k", 41) + `":2,"` + strings.Repeat("k", 40) + `":3},` +
		`"accents":{"é":1,"e":2,"\u00e9":3},"deep":[{"a":{"b":{"c":[{"d":1,"e":2,"f":3,"g":4,"h":5,"i":6,"j":7,"k":8,"l":9}]}}},{"a":{"b":{"c":[{"d":1}]}}}]}`)
	doc := b.Bytes()
	// Keys that share a slot of the table: many short keys, some equal in
	// length, first, middle and last byte.
	var keys bytes.Buffer
	keys.WriteString(`[`)
	for i := range 600 {
		if i > 0 {
			keys.WriteByte(',')
		}
		fmt.Fprintf(&keys, `{"a%cz":%d,"a%c%cz":1}`, 'a'+i%26, i, 'a'+i%26, 'a'+i%7)
	}
	keys.WriteString(`]`)
	// The same text as a string and as a number, in turn: each keeps its
	// type though they share a slot of the table of values.
	mixed := []byte(`[["1",1,"1",1,"2.5",2.5,2.5,"2.5"],{"a":"1","b":1,"c":"1"},"true",true,"null",null,"-0",-0]`)
	for _, d := range [][]byte{doc, keys.Bytes(), mixed} {
		var got, want any
		if err := codec.Unmarshal(d, &got); err != nil {
			t.Fatal(err)
		}
		if err := codec.SlowUnmarshal(d, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decoded %.200s...\n got %v\nwant %v", d, got, want)
		}
	}
}

package builtinjson

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// BenchmarkDecodeFloor puts the built-in untyped decoder next to the least
// any decoder of untyped values can do on the LargeVariables document: make
// the same map[string]any and []any values with the same keys, the leaves
// already made, no JSON read at all. The difference between the two is all
// the decoder could still gain (scanning, unescaping, copying the strings);
// the floor itself is the price of the maps that RawParams.Variables must
// hold, the bulk of the time and the allocations:
//
//	go test -run '^$' -bench DecodeFloor -benchmem ./internal/builtinjson/
func BenchmarkDecodeFloor(b *testing.B) {
	data := routeRecords(1000)
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var v map[string]any
			if _, err := UnmarshalUntyped(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("maps-only", func(b *testing.B) {
		var v map[string]any
		if _, err := UnmarshalUntyped(data, &v); err != nil {
			b.Fatal(err)
		}
		r := recordShape(v)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			r.build()
		}
	})
}

// TestDecodeFloorShape: the floor builds the very value the decoder
// returns, so that it measures the same maps.
func TestDecodeFloorShape(t *testing.T) {
	var v map[string]any
	if _, err := UnmarshalUntyped(routeRecords(30), &v); err != nil {
		t.Fatal(err)
	}
	if got := recordShape(v).build(); !reflect.DeepEqual(got, v) {
		t.Errorf("the floor built another value:\n%#v\nwant\n%#v", got, v)
	}
}

// shapeStep is one step of a recorded value: a map of n members (each a
// key step followed by the member's steps), a list of n elements, or a
// leaf.
type shapeStep struct {
	kind byte // 'm', 'l', 'k' or 'v'
	n    int
	key  string
	leaf any
}

// shape is a value recorded as steps, and how many lists and list elements
// it holds in all: as the decoder does, build makes the elements in one
// chunk and the lists' headers in another.
type shape struct {
	steps        []shapeStep
	lists, elems int
}

func recordShape(v any) *shape {
	s := &shape{}
	s.record(v)
	return s
}

func (s *shape) record(v any) {
	switch v := v.(type) {
	case map[string]any:
		s.steps = append(s.steps, shapeStep{kind: 'm', n: len(v)})
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range v {
				if !yield(k) {
					return
				}
			}
		}) {
			s.steps = append(s.steps, shapeStep{kind: 'k', key: k})
			s.record(v[k])
		}
	case []any:
		s.steps = append(s.steps, shapeStep{kind: 'l', n: len(v)})
		s.lists++
		s.elems += len(v)
		for _, e := range v {
			s.record(e)
		}
	default:
		s.steps = append(s.steps, shapeStep{kind: 'v', leaf: v})
	}
}

// build makes the recorded value afresh: new maps, sized to their members,
// and new lists; the leaves are the recorded ones.
func (s *shape) build() any {
	b := shapeBuilder{steps: s.steps, chunk: make([]any, 0, s.elems), lists: make([][]any, 0, s.lists)}
	return b.value()
}

type shapeBuilder struct {
	steps []shapeStep
	i     int
	chunk []any
	lists [][]any
}

func (b *shapeBuilder) value() any {
	st := b.steps[b.i]
	b.i++
	switch st.kind {
	case 'm':
		m := make(map[string]any, st.n)
		for range st.n {
			k := b.steps[b.i].key
			b.i++
			m[k] = b.value()
		}
		return m
	case 'l':
		start := len(b.chunk)
		b.chunk = b.chunk[:start+st.n]
		l := b.chunk[start : start+st.n : start+st.n]
		for j := range l {
			l[j] = b.value()
		}
		b.lists = append(b.lists, l)
		e := eface{typ: listType, data: unsafe.Pointer(&b.lists[len(b.lists)-1])}
		return *(*any)(unsafe.Pointer(&e))
	}
	return st.leaf
}

// routeRecords is a variables object of n records with Map attributes, as
// in the LargeVariables benchmark (~350 bytes a record).
func routeRecords(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"records":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		s := strconv.Itoa(i)
		b.WriteString(`{"id":"R` + s + `","name":"record ` + s + ` \u00e9\"x\"","attrs":{"sku":"SKU-` + s + `","price":` + s +
			`.25,"qty":` + s + `,"exp":1.5e7,"neg":-` + s + `,"active":true,"note":null,` +
			`"desc":"a \"quoted\" word, a \\ backslash, a tab\t and \u00e9\u2028 \ud83d\ude80",` +
			`"tags":["red","green","blue",` + s + `,true,null],"dims":{"w":` + s + `,"h":2.5,"unit":"cm",` +
			`"history":[{"at":"2024-01-01","v":1},{"at":"2024-02-01","v":2}]},"empty":{},"none":[]}}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

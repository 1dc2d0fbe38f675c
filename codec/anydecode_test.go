package codec_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"sync"
	"testing"

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

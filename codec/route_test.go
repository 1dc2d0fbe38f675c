package codec_test

import (
	"encoding/json"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

// leavingCodec is a program's codec that leaves untyped values to the
// built-in paths through the UntypedNative capability, except documents of
// nativeFrom bytes or more, which it decodes itself.
type leavingCodec struct {
	countingCodec
	nativeFrom int
}

func (*leavingCodec) NativeUntypedEncode() bool        { return false }
func (l *leavingCodec) NativeUntypedDecode(n int) bool { return n >= l.nativeFrom }

func TestUntypedNativeRoutesInstalledCodec(t *testing.T) {
	l := &leavingCodec{nativeFrom: 100}
	install(t, l)

	out, err := codec.Marshal(map[string]any{"b": []any{1.5, "<"}, "a": nil})
	if err != nil || string(out) != `{"a":null,"b":[1.5,"\u003c"]}` {
		t.Fatalf("Marshal = %s, %v", out, err)
	}
	if n := l.marshal.Load(); n != 0 {
		t.Fatalf("the codec encoded a plain untyped tree (%d calls); want the built-in encoder", n)
	}
	// A value the built-in encoder does not know goes to the codec.
	type point struct{ X int }
	out, err = codec.AppendMarshal([]byte("x"), []any{point{1}, "y"})
	if err != nil || string(out) != `x[{"X":1},"y"]` {
		t.Fatalf("AppendMarshal = %s, %v", out, err)
	}
	if n := l.marshal.Load(); n != 1 {
		t.Fatalf("Marshal calls = %d; want 1, for the struct inside the tree", n)
	}

	var small map[string]any
	if err := codec.Unmarshal([]byte(`{"n":1}`), &small); err != nil || small["n"] != json.Number("1") {
		t.Fatalf("Unmarshal = %v, %v", small, err)
	}
	if n := l.unmarshal.Load(); n != 0 {
		t.Fatalf("a small document went to the codec (%d calls); want the built-in decoder", n)
	}
	big := []byte(`{"s":"0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"}`)
	var v any
	if err := codec.Unmarshal(big, &v); err != nil {
		t.Fatal(err)
	}
	if n := l.unmarshal.Load(); n != 1 {
		t.Fatalf("a %d-byte document: Unmarshal calls = %d; want 1 (the codec asked for it)", len(big), n)
	}
}

func TestCodecWithoutUntypedNativeGetsEverything(t *testing.T) {
	c := &countingCodec{}
	install(t, c)
	if _, err := codec.Marshal(map[string]any{"a": 1}); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := codec.Unmarshal([]byte(`{"a":1}`), &m); err != nil {
		t.Fatal(err)
	}
	if c.marshal.Load() != 1 || c.unmarshal.Load() != 1 {
		t.Fatalf("Marshal/Unmarshal calls = %d/%d; want 1/1", c.marshal.Load(), c.unmarshal.Load())
	}
}

// Every build-tag codec has the capability.
func TestBuildTagCodecHasUntypedNative(t *testing.T) {
	if _, ok := codec.Default().(codec.UntypedNative); !ok {
		t.Fatalf("%s has no UntypedNative capability", codec.Default().Name())
	}
	if _, ok := codec.Std.(codec.UntypedNative); !ok {
		t.Fatal("codec.Std has no UntypedNative capability")
	}
}

// TestAppendMarshalUntypedAllocs: a Map value made of the kinds the
// built-in encoder knows is appended without allocating, under every tag.
func TestAppendMarshalUntypedAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	m := map[string]any{
		"id": 1, "name": `a <b> "c"`, "score": 1.25, "tiny": 1e-7, "big": int64(1) << 53, "n": json.Number("123"),
		"ok": true, "none": nil, "tags": []any{"x", 2, false, nil}, "ints": []int{1, 2}, "labels": []string{"\u2028"},
		"nested": map[string]any{"inner": map[string]any{"list": []any{map[string]any{"x": 1}, []any{}}}},
	}
	buf := make([]byte, 0, 4<<10)
	if n := testing.AllocsPerRun(100, func() {
		if _, err := codec.AppendMarshal(buf[:0], m); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("AppendMarshal of a Map value: %v allocations, want 0", n)
	}
}

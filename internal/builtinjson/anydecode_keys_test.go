package builtinjson

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestUntypedKeysSharingASlot: two keys whose slot of the table of a
// document's keys is the same are each copied once per document, not once
// per object, when siblings alternate between them, and the objects still
// decode as encoding/json decodes them.
func TestUntypedKeysSharingASlot(t *testing.T) {
	// Three short keys with the same slot: the first two fit the slot and
	// its neighbour; the third one can only take the neighbour's place.
	var same []string
	want := -1
	for i := 0; len(same) < 3; i++ {
		k := fmt.Sprintf("k%d", i)
		switch s := nameSlot([]byte(k)); {
		case want < 0:
			want = s
			same = append(same, k)
		case s == want:
			same = append(same, k)
		}
	}
	var doc strings.Builder
	doc.WriteString(`[`)
	for i := range 20 {
		if i > 0 {
			doc.WriteByte(',')
		}
		fmt.Fprintf(&doc, `{"%s":%d,"%s":%d}`, same[0], i, same[1], i)
	}
	doc.WriteString(`]`)
	v, ok := DecodeUntyped([]byte(doc.String()))
	if !ok {
		t.Fatal("not decoded")
	}
	got := fmt.Sprint(v)
	var ref any
	if err := Unmarshal([]byte(doc.String()), &ref); err != nil {
		t.Fatal(err)
	}
	if got != fmt.Sprint(ref) {
		t.Fatalf("decoded %s, want %v", got, ref)
	}
	// The bytes of each key, over all the objects: one copy of each.
	copies := map[string]map[*byte]bool{}
	for _, o := range v.([]any) {
		for k := range o.(map[string]any) {
			if copies[k] == nil {
				copies[k] = map[*byte]bool{}
			}
			copies[k][unsafe.StringData(k)] = true
		}
	}
	for _, k := range same[:2] {
		if n := len(copies[k]); n != 1 {
			t.Errorf("key %q copied %d times in 20 objects, want once", k, n)
		}
	}

	// A third key of the same slot still decodes right, whichever keys it
	// displaces.
	doc.Reset()
	fmt.Fprintf(&doc, `[{"%[1]s":1,"%[2]s":2,"%[3]s":3},{"%[3]s":4,"%[1]s":5,"%[2]s":6},{"%[2]s":7}]`, same[0], same[1], same[2])
	v, ok = DecodeUntyped([]byte(doc.String()))
	if err := Unmarshal([]byte(doc.String()), &ref); !ok || err != nil || fmt.Sprint(v) != fmt.Sprint(ref) {
		t.Errorf("three keys of one slot: decoded %v (%v), want %v (%v)", v, ok, ref, err)
	}
}

package selfjson

import "testing"

func TestSeal(t *testing.T) {
	buf := make([]byte, 0, 64)
	b := append(buf, `{"a":1}`...)
	if Sealed(b) {
		t.Fatal("unsealed slice reported sealed")
	}
	b = Seal(b)
	if !Sealed(b) {
		t.Fatal("sealed slice not reported sealed")
	}
	if string(b) != `{"a":1}` || len(b) != 7 {
		t.Fatalf("Seal changed the bytes: %q", b)
	}
	if Sealed(b[:6]) {
		t.Error("shorter slice of a sealed one reported sealed")
	}
	if Sealed(b[1:]) {
		t.Error("slice at another address reported sealed")
	}
	if grown := append(b, ' '); Sealed(grown) {
		t.Error("appended-to slice reported sealed")
	}
	if copied := append(make([]byte, 0, 64), b[:cap(b)][:len(b)+sealSize]...); Sealed(copied[:len(b)]) {
		t.Error("copy of the bytes and the seal elsewhere reported sealed")
	}
}

func TestSealNeedsRoom(t *testing.T) {
	full := []byte(`[1,2]`)
	full = full[:len(full):len(full)]
	if Sealed(Seal(full)) {
		t.Error("a slice without spare capacity was sealed")
	}
	tight := make([]byte, 5, 5+sealSize-1)
	if Sealed(Seal(tight)) {
		t.Error("a slice with too little spare capacity was sealed")
	}
	if Sealed(Seal(make([]byte, 0, 16))) {
		t.Error("an empty slice was sealed")
	}
}

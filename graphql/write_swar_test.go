package graphql

import (
	"encoding/binary"
	"testing"
)

func TestWordNeedsEscapeExhaustive(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			var b [8]byte
			for i := range b {
				b[i] = 'a'
			}
			b[pos] = byte(c)
			if got := wordNeedsEscape(binary.LittleEndian.Uint64(b[:])); got != needsEscape[c] {
				t.Fatalf("byte %#x at %d: %v", c, pos, got)
			}
		}
	}
}

func TestWordNeedsEscapeRandom(t *testing.T) {
	var b [8]byte
	x := uint64(88172645463325252)
	for range 200_000 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		binary.LittleEndian.PutUint64(b[:], x)
		// Bias towards the interesting bytes.
		for i := range b {
			switch b[i] % 7 {
			case 0:
				b[i] = 0x20
			case 1:
				b[i] = '"' + b[i]%3 - 1
			case 2:
				b[i] = '\\' + b[i]%3 - 1
			}
		}
		want := false
		for _, c := range b {
			want = want || needsEscape[c]
		}
		if got := wordNeedsEscape(binary.LittleEndian.Uint64(b[:])); got != want {
			t.Fatalf("%q: %v", b, got)
		}
	}
}

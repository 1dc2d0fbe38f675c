package jsonscan

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// isEscapeStop is the rule EscapeStops implements, byte by byte.
func isEscapeStop(c byte) bool {
	switch c {
	case '"', '\\', '<', '>', '&', 0xE2:
		return true
	}
	return c < 0x20
}

// wantEscapeStops is EscapeStops(s, i) by the byte rule.
func wantEscapeStops(s string, i int) uint64 {
	var bits uint64
	for j := 0; j < 64 && i+j < len(s); j++ {
		if isEscapeStop(s[i+j]) {
			bits |= 1 << j
		}
	}
	return bits
}

// Every byte value at every position of a word, among neighbours that
// are and are not stops themselves (a borrow or carry from one byte into
// the next would show here).
func TestEscapeStopsWordExhaustive(t *testing.T) {
	fills := []byte{'a', 0x00, 0x01, 0x1F, 0x20, '"', '#', '&', '\'', '<', '=', '>', '?', '\\', ']', 0x7F, 0x80, 0xE1, 0xE2, 0xE3, 0xFF}
	for _, fill := range fills {
		for pos := range 8 {
			for c := range 256 {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(c)
				m := escapeStopsWord(binary.LittleEndian.Uint64(b[:]))
				for i := range b {
					if got := m>>(8*i+7)&1 == 1; got != isEscapeStop(b[i]) {
						t.Fatalf("%x: byte %d: %v", b, i, got)
					}
				}
				if m&^highs != 0 {
					t.Fatalf("%x: bits outside the high bits: %x", b, m)
				}
			}
		}
	}
}

// randomStopText is n bytes biased towards stops and their neighbours.
func randomStopText(r *rand.Rand, n int) string {
	near := []byte{0x00, 0x1F, 0x20, '"', '#', '%', '&', '\'', ';', '<', '=', '>', '?', '\\', 0x7F, 0x80, 0xA8, 0xE2, 0xE3, 0xFF, 'a'}
	b := make([]byte, n)
	for i := range b {
		if r.IntN(3) == 0 {
			b[i] = byte(r.UintN(256))
		} else {
			b[i] = near[r.IntN(len(near))]
		}
	}
	return string(b)
}

func TestEscapeStops(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		s := randomStopText(r, r.IntN(200)+1)
		for i := range len(s) {
			if got, want := EscapeStops(s, i), wantEscapeStops(s, i); got != want {
				t.Fatalf("%q at %d: %064b, want %064b", s, i, got, want)
			}
		}
	}
}

// The amd64 kernels against the word-at-a-time code it stands in for.
func TestEscapeStops64Generic(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var p [64]byte
		copy(p[:], randomStopText(r, 64))
		want := escapeStopsGeneric(&p)
		for name, kernel := range escapeStopsKernels {
			if got := kernel(&p); got != want {
				t.Fatalf("%s: %q: %064b, want %064b", name, p, got, want)
			}
		}
	}
}

func FuzzEscapeStops(f *testing.F) {
	f.Add("<p class=\"x\">Tom &amp; Jerry</p>\u2028\x00 and some more text to pass sixty-four bytes")
	f.Fuzz(func(t *testing.T, s string) {
		for i := range len(s) {
			if got, want := EscapeStops(s, i), wantEscapeStops(s, i); got != want {
				t.Fatalf("%q at %d: %064b, want %064b", s, i, got, want)
			}
		}
	})
}

func BenchmarkEscapeStops(b *testing.B) {
	s := []byte(randomStopText(rand.New(rand.NewPCG(7, 8)), 8<<10))
	for name, kernel := range escapeStopsKernels {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				for i := 0; i+64 <= len(s); i += 64 {
					sinkBits |= kernel((*[64]byte)(s[i : i+64]))
				}
			}
		})
	}
}

var sinkBits uint64

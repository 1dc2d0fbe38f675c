package jsonscan

import (
	"encoding/binary"
	"math/bits"
)

// Word-at-a-time scanning: eight bytes are loaded as one uint64 and tested
// together for the bytes a loop stops at. A byte equal to c is a zero byte
// of w^(c repeated); zeroBytes flags zero bytes exactly from the lowest one
// up (a borrow can flag bytes above a real zero, never below one), so the
// lowest flag is the first byte to stop at.

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// zeroBytes has the high bit set in the byte of x where x has its first
// zero byte, and possibly in bytes above it; 0 when x has none.
func zeroBytes(x uint64) uint64 { return (x - ones) &^ x & highs }

// stringStopsHTML flags the bytes of w a string scan with HTML escaping
// stops at: the quote, the backslash, <, >, & and 0xE2 (the first byte of
// U+2028 and U+2029). The flag is the high bit of the first such byte (and
// possibly of bytes above it); 0 when w has none.
func stringStopsHTML(w uint64) uint64 {
	return zeroBytes(w^(ones*'"')) | zeroBytes(w^(ones*'\\')) |
		zeroBytes((w|ones*2)^(ones*'>')) | // < (0x3C) and > (0x3E) differ in bit 1 only
		zeroBytes(w^(ones*'&')) | zeroBytes(w^(ones*0xE2))
}

// skipStringHTML returns the index of the first byte at or after i that
// is a quote, a backslash, <, >, & or 0xE2, or len(b).
func skipStringHTML(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if m := stringStopsHTML(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b); i++ {
		switch b[i] {
		case '"', '\\', '<', '>', '&', 0xE2:
			return i
		}
	}
	return i
}

// skipString returns the index of the first quote or backslash at or after
// i, or len(b).
func skipString(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := zeroBytes(w^(ones*'"')) | zeroBytes(w^(ones*'\\')); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(b) && b[i] != '"' && b[i] != '\\'; i++ {
	}
	return i
}

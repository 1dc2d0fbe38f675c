package jsonscan

import (
	"encoding/binary"
	"unsafe"
)

// EscapeStops returns one bit per byte of s[i:i+64] (of s[i:] when fewer
// remain): bit j is set when s[i+j] is a byte that a JSON string writer
// escaping as encoding/json does must look at: a control byte (below
// 0x20), the quote, the backslash, <, >, & or 0xE2 (the first byte of
// U+2028 and U+2029). The bits are exact. i must be below len(s).
//
// A writer finds every byte to escape in a 64-byte block at once and then
// visits the set bits, so that the scan does not depend on where the
// previous escape ended; on amd64 the block is tested 16 bytes at a time
// (SSE2, which every amd64 processor has) or 32 (AVX2, where the
// processor has it).
func EscapeStops(s string, i int) uint64 {
	if len(s)-i >= 64 {
		return escapeStops64((*[64]byte)(unsafe.Pointer(unsafe.StringData(s[i:]))))
	}
	return escapeStopsTail(s[i:])
}

// escapeStopsGeneric is escapeStops64 a word at a time.
func escapeStopsGeneric(p *[64]byte) uint64 {
	var bits uint64
	for j := 0; j < 64; j += 8 {
		bits |= packHighs(escapeStopsWord(binary.LittleEndian.Uint64(p[j:]))) << j
	}
	return bits
}

// escapeStopsTail is EscapeStops for fewer than 64 bytes.
func escapeStopsTail(s string) uint64 {
	var bits uint64
	j := 0
	for ; j+8 <= len(s); j += 8 {
		bits |= packHighs(escapeStopsWord(binary.LittleEndian.Uint64([]byte(s[j:j+8])))) << j
	}
	if r := len(s) - j; r > 0 {
		// The r bytes left, in a word whose missing bytes read as 0xFF,
		// which is never a stop: the last eight bytes of s shifted down,
		// or byte by byte in a string shorter than a word.
		var w uint64
		if len(s) >= 8 {
			w = binary.LittleEndian.Uint64([]byte(s[len(s)-8:])) >> (64 - 8*r)
		} else {
			for k := len(s) - 1; k >= j; k-- {
				w = w<<8 | uint64(s[k])
			}
		}
		bits |= packHighs(escapeStopsWord(w|^uint64(0)<<(8*r))) << j
	}
	return bits
}

// escapeStopsWord has the high bit set in exactly the bytes of w that are
// escape stops. Bytes are tested on their low seven bits, so that no sum
// carries into the next byte: x+0x7F has its high bit set when x (below
// 0x80) is not 0, and the high bit of each byte of w picks the test that
// applies: the ASCII stops for a byte below 0x80, 0xE2 for the others.
func escapeStopsWord(w uint64) uint64 {
	const lo7 = ones * 0x7F
	w7 := w & lo7
	ascii := (w7 + ones*0x60) & // at least 0x20
		(((w7 | ones*4) ^ ones*'&') + lo7) & // not " (0x22) or & (0x26)
		(((w7 | ones*2) ^ ones*'>') + lo7) & // not < (0x3C) or > (0x3E)
		((w7 ^ ones*'\\') + lo7)
	high := (w7 ^ ones*(0xE2&0x7F)) + lo7 // not 0xE2
	return highs &^ (ascii&^w | high&w)
}

// packHighs gathers the high bits of the eight bytes of m, which has no
// other bit set, into its low byte (byte j to bit j): the multiplication
// moves each of them to bit 56+j with no two partial products overlapping.
func packHighs(m uint64) uint64 { return m * 0x0002040810204081 >> 56 }

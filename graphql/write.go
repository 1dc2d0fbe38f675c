package graphql

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// The built-in marshalers format into a byte slice and hand it to the writer
// in one Write. The slice is the writer's own spare capacity when it offers
// one (bytes.Buffer and bufio.Writer do), otherwise a pooled scratch buffer,
// so that writing a scalar costs no allocation either way.

// appendMarshaler is implemented by every built-in marshaler. An encoder that
// owns a []byte can use appendGQL to skip the io.Writer round trip; the bytes
// are the same MarshalGQL writes.
type appendMarshaler interface {
	Marshaler
	appendGQL(dst []byte, ws *wireState) []byte
}

// spareBufferWriter is a writer that lends out its unused capacity.
type spareBufferWriter interface {
	io.Writer
	AvailableBuffer() []byte
}

// maxScratch bounds the scratch buffers kept in the pool, so that one huge
// value does not pin its memory for the life of the process.
const maxScratch = 64 << 10

var scratchPool = sync.Pool{New: func() any {
	b := make([]byte, 0, 256)
	return &b
}}

// beginWrite returns an empty slice to append at least n bytes to. If the
// second result is not nil the slice came from the pool and must be passed
// back through endWrite.
func beginWrite(w io.Writer, n int) ([]byte, *[]byte) {
	switch bw := w.(type) {
	case *bytes.Buffer:
		bw.Grow(n)
		return bw.AvailableBuffer(), nil
	case spareBufferWriter:
		return bw.AvailableBuffer(), nil
	}
	p := scratchPool.Get().(*[]byte)
	return (*p)[:0], p
}

// endWrite writes b, which was built on a slice from beginWrite, to w.
func endWrite(w io.Writer, b []byte, p *[]byte) {
	_, _ = w.Write(b)
	if p == nil {
		return
	}
	if cap(b) <= maxScratch {
		*p = b[:0]
	}
	scratchPool.Put(p)
}

const upperHex = "0123456789ABCDEF"

// needsEscape marks the bytes that the GraphQL string writer escapes: the
// control characters, the quote and the backslash. Everything else, including
// <, >, &, U+2028 and bytes of invalid UTF-8, is copied as it is, which is
// what upstream gqlgen writes.
var needsEscape = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'] = true
	t['\\'] = true
	return t
}()

// appendGQLString appends s as a quoted string the way every GraphQL string,
// ID and object key is written: \t, \n, \r, \" and \\ use short escapes, other
// control bytes become \u00XX with upper-case hex.
func appendGQLString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	// Skip eight bytes at a time while none of them needs escaping; the
	// byte loop below finds the exact position.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if wordNeedsEscape(binary.LittleEndian.Uint64([]byte(s[i : i+8]))) {
			break
		}
	}
	if i == len(s) {
		dst = append(dst, s...)
		return append(dst, '"')
	}
	from := 0
	for ; i < len(s); i++ {
		c := s[i]
		if !needsEscape[c] {
			continue
		}
		dst = append(dst, s[from:i]...)
		from = i + 1
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', upperHex[c>>4], upperHex[c&0x0f])
		}
	}
	dst = append(dst, s[from:]...)
	return append(dst, '"')
}

// wordNeedsEscape reports whether any of the eight bytes of w is a control
// character, a quote or a backslash (the bytes needsEscape marks).
func wordNeedsEscape(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	below := (w - ones*0x20) &^ w
	q := w ^ (ones * '"')
	b := w ^ (ones * '\\')
	return (below|(q-ones)&^q|(b-ones)&^b)&highs != 0
}

// appendWireString appends s quoted as appendGQLString does, with <, >, &,
// U+2028 and U+2029 also escaped as \u003c, \u003e, \u0026, \u2028 and
// \u2029: the bytes appendGQLString's become once the transport has
// compacted them as encoding/json compacts a json.RawMessage.
//
// s is read 64 bytes at a time: jsonscan.EscapeStops marks every byte of
// the block to escape, and the loop visits the marks, copying the run of
// plain bytes before each (16 bytes or fewer, the common case in text full
// of escapes, as two word stores) and storing the escape as one word.
// Runs longer than that, and whatever follows the last escape, are copied
// by copy. The buffer always has room for the rest of s and wireSlack
// bytes more, so the word stores, past the end of what they write, stay
// inside it; they are made without bound checks (word), which the room
// check before each escape makes safe.
func appendWireString(dst []byte, s string) []byte {
	buf := slices.Grow(dst, 1+len(s)+wireSlack)
	k := len(buf)
	buf = buf[:cap(buf)]
	buf[k] = '"'
	k++
	out := unsafe.Pointer(unsafe.SliceData(buf))
	in := unsafe.Pointer(unsafe.StringData(s))
	i := 0 // s[:i] is written
	for block := 0; block < len(s); block += 64 {
		for stops := jsonscan.EscapeStops(s, block); stops != 0; stops &= stops - 1 {
			p := block + bits.TrailingZeros64(stops)
			// An escape writes up to five bytes more than it reads.
			if len(buf)-k < len(s)-i+5+wireSlack {
				buf = slices.Grow(buf[:k], len(s)-i+5+wireSlack)
				buf = buf[:cap(buf)]
				out = unsafe.Pointer(unsafe.SliceData(buf))
			}
			if p-i <= 16 && len(s)-i >= 16 {
				binary.LittleEndian.PutUint64(word(out, k), binary.LittleEndian.Uint64(word(in, i)))
				binary.LittleEndian.PutUint64(word(out, k+8), binary.LittleEndian.Uint64(word(in, i+8)))
			} else {
				copy(buf[k:], s[i:p])
			}
			k += p - i
			c := s[p]
			i = p + 1
			if c != 0xE2 {
				esc := wireEscapes[c]
				binary.LittleEndian.PutUint64(word(out, k), esc)
				k += int(esc >> 56)
				continue
			}
			// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
			if len(s)-i >= 2 && s[i] == 0x80 && s[i+1]&^1 == 0xA8 {
				k += copy(buf[k:], `\u202`)
				buf[k] = lowerHex[s[i+1]&0x0f]
				k++
				i += 2
			} else {
				buf[k] = c
				k++
			}
		}
	}
	// The plain rest: up to 16 bytes as two word stores (the second one
	// ending where s ends, overlapping the first), or as one word.
	switch r := len(s) - i; {
	case r > 16 || len(s) < 8:
		k += copy(buf[k:], s[i:])
	case r > 8:
		binary.LittleEndian.PutUint64(word(out, k), load64(s, i))
		binary.LittleEndian.PutUint64(word(out, k+r-8), load64(s, len(s)-8))
		k += r
	default:
		binary.LittleEndian.PutUint64(word(out, k), load64(s, len(s)-8)>>(64-8*r))
		k += r
	}
	buf[k] = '"'
	return buf[:k+1]
}

// word is the eight bytes at p+off, which the caller knows to be inside
// one allocation, as a slice made without a bound check.
func word(p unsafe.Pointer, off int) []byte {
	return unsafe.Slice((*byte)(unsafe.Add(p, off)), 8)
}

// wireSlack is the room appendWireString keeps past the end of what it may
// still write: the closing quote and the overshoot of the stores of a plain
// run (up to 16 bytes past its end) or of an escape (up to 7).
const wireSlack = 1 + 16

// wireEscapes holds, for each ASCII byte appendWireString escapes, its
// escape in the low bytes of a little-endian word and the escape's length
// in the top byte (which the next write overwrites).
var wireEscapes = func() (t [256]uint64) {
	for c := range utf8.RuneSelf {
		if !wireStop[c] {
			continue
		}
		var esc []byte
		switch {
		case c == '"' || c == '\\':
			esc = []byte{'\\', byte(c)}
		case c == '\n':
			esc = []byte(`\n`)
		case c == '\r':
			esc = []byte(`\r`)
		case c == '\t':
			esc = []byte(`\t`)
		case c < 0x20:
			esc = []byte{'\\', 'u', '0', '0', upperHex[c>>4], upperHex[c&0x0f]}
		default: // <, > and &
			esc = []byte{'\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0x0f]}
		}
		var word [8]byte
		copy(word[:], esc)
		word[7] = byte(len(esc))
		t[c] = binary.LittleEndian.Uint64(word[:])
	}
	return t
}()

const lowerHex = "0123456789abcdef"

// wireStop marks the bytes appendWireString stops at (those of
// jsonscan.EscapeStops): what needsEscape marks, <, >, & and 0xE2 (the
// first byte of U+2028 and U+2029).
var wireStop = func() (t [256]bool) {
	t = needsEscape
	for _, c := range []byte{'<', '>', '&', 0xE2} {
		t[c] = true
	}
	return t
}()

// load64 reads s[i:i+8] as a little-endian word (one load where the
// platform allows it).
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// writeGQLString writes s quoted as appendGQLString does.
func writeGQLString(w io.Writer, s string) {
	dst, p := beginWrite(w, len(s)+2)
	endWrite(w, appendGQLString(dst, s), p)
}

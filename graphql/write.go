package graphql

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf8"

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
// compacted them as encoding/json compacts a json.RawMessage. s is read
// eight bytes at a time, and each word is stored whole at the write
// position before its first byte to escape is looked for, so that runs of
// plain bytes cost no copy call; an escape is one word store too. The
// buffer keeps a word of room past what is written for these stores.
func appendWireString(dst []byte, s string) []byte {
	buf := slices.Grow(dst, len(s)+wireSlack)
	k := len(buf)
	buf = buf[:cap(buf)]
	buf[k] = '"'
	k++
	for i := 0; i < len(s); {
		var c byte
		if i+8 <= len(s) {
			w := load64(s, i)
			binary.LittleEndian.PutUint64(buf[k:], w)
			m := wireStops(w)
			if m == 0 {
				i, k = i+8, k+8
				continue
			}
			n := bits.TrailingZeros64(m) / 8
			i, k = i+n, k+n
			c = byte(w >> (8 * n))
		} else if c = s[i]; !wireStop[c] {
			buf[k] = c
			i, k = i+1, k+1
			continue
		}
		// Room for the longest escape, the rest of s and the slack.
		if len(buf)-k < 6+len(s)-i+wireSlack {
			buf = slices.Grow(buf[:k], 6+len(s)-i+wireSlack)
			buf = buf[:cap(buf)]
		}
		i++
		if c != 0xE2 {
			binary.LittleEndian.PutUint64(buf[k:], wireEscapes[c])
			k += int(wireEscapes[c] >> 56)
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
	buf[k] = '"'
	return buf[:k+1]
}

// wireSlack is the room appendWireString keeps past the end of what it may
// still write: the closing quote and the overshoot of a whole-word store.
const wireSlack = 1 + 8

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

// wireStop marks the bytes appendWireString stops at: what needsEscape
// marks, <, >, & and 0xE2 (the first byte of U+2028 and U+2029).
var wireStop = func() (t [256]bool) {
	t = needsEscape
	for _, c := range []byte{'<', '>', '&', 0xE2} {
		t[c] = true
	}
	return t
}()

// wireStops has the high bit set in the first byte of w that wireStop
// marks, and possibly in bytes above it; 0 when none is: the bytes below
// 0x20 and those of jsonscan.StringStopsHTML.
func wireStops(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (w-ones*0x20)&^w&highs | jsonscan.StringStopsHTML(w)
}

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

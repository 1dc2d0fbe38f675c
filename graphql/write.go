package graphql

import (
	"bytes"
	"encoding/binary"
	"io"
	"sync"
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
	appendGQL(dst []byte) []byte
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

// writeGQLString writes s quoted as appendGQLString does.
func writeGQLString(w io.Writer, s string) {
	dst, p := beginWrite(w, len(s)+2)
	endWrite(w, appendGQLString(dst, s), p)
}

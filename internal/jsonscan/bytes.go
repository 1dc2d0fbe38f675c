package jsonscan

import "unicode/utf8"

// HexDigits are the lower-case digits encoding/json writes in \u escapes.
const HexDigits = "0123456789abcdef"

// Byte classes, one table for all: a bit per property, looked up once per
// byte in the hot loops.
const (
	classSpace = 1 << iota // one of the four bytes JSON allows between tokens
	classPlain             // ASCII that stands for itself inside a string
	classHTML              // <, > or &, which encoding/json escapes by default
	classHex               // a hexadecimal digit
)

var classes = func() (t [256]uint8) {
	for _, c := range []byte{' ', '\t', '\n', '\r'} {
		t[c] |= classSpace
	}
	for c := 0x20; c < utf8.RuneSelf; c++ {
		if c != '"' && c != '\\' {
			t[c] |= classPlain
		}
	}
	for _, c := range []byte{'<', '>', '&'} {
		t[c] |= classHTML
	}
	for _, r := range "0123456789abcdefABCDEF" {
		t[r] |= classHex
	}
	return t
}()

// IsSpace reports whether c is JSON whitespace: space, tab, newline or
// carriage return (not vertical tab, form feed or any Unicode space).
func IsSpace(c byte) bool { return isSpace[c] }

// SkipSpace returns the index of the first byte at or after i that is not
// whitespace, or len(b).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && isSpace[b[i]] {
		i++
	}
	return i
}

// OnlySpace reports whether b holds nothing but whitespace.
func OnlySpace(b []byte) bool { return SkipSpace(b, 0) == len(b) }

// IsPlain reports whether c is ASCII that stands for itself inside a JSON
// string: printable or DEL, and neither a quote nor a backslash.
func IsPlain(c byte) bool { return isPlain[c] }

// IsPlainHTML is IsPlain without <, > and &, the bytes that stand for
// themselves in a string encoding/json writes with HTML escaping on.
func IsPlainHTML(c byte) bool { return isPlainHTML[c] }

// The classes the hot loops ask once a byte, each as a table of its own:
// one load is measurably cheaper there than a load and a mask.
var (
	isSpace     = classTable(func(c uint8) bool { return c&classSpace != 0 })
	isPlain     = classTable(func(c uint8) bool { return c&classPlain != 0 })
	isPlainHTML = classTable(func(c uint8) bool { return c&(classPlain|classHTML) == classPlain })
)

func classTable(has func(class uint8) bool) (t [256]bool) {
	for c := range t {
		t[c] = has(classes[c])
	}
	return t
}

// SkipPlain returns the index of the first byte at or after i that IsPlain
// does not accept, or len(b).
func SkipPlain(b []byte, i int) int {
	for i < len(b) && isPlain[b[i]] {
		i++
	}
	return i
}

// Hex4 decodes the four hexadecimal digits b[0:4] (either case), or returns
// -1 when there are fewer or one is not a digit.
func Hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// AppendEscapedASCII appends the escape encoding/json writes for the ASCII
// byte c inside a string: \" and \\, the short forms \b \f \n \r \t, and
// \u00XX for anything else (other control bytes, and <, > and & when
// escaping HTML).
func AppendEscapedASCII(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', HexDigits[c>>4], HexDigits[c&0xf])
}

// AppendLineSeparator appends \u2028 or \u2029, the escapes of the two
// characters encoding/json never writes raw inside a string. Only the low
// four bits of low count: 8 (0xA8, the last byte of U+2028 in UTF-8, or the
// rune itself) gives \u2028, 9 gives \u2029.
func AppendLineSeparator(dst []byte, low byte) []byte {
	return append(dst, '\\', 'u', '2', '0', '2', HexDigits[low&0xf])
}

// IsLineSeparator reports whether b starts with U+2028 or U+2029 in UTF-8.
func IsLineSeparator(b []byte) bool {
	return len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x80 && b[2]&^1 == 0xA8
}

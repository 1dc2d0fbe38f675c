package jsonscan

import (
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// StringEnd scans the body of a JSON string, from b[i] (just past the
// opening quote), and returns the index of the closing quote. plain is true
// when the body is its own text, with no escape and only valid UTF-8, so
// that b[i:end] can be used as it is; otherwise AppendUnquote gives the
// text. ok is false when the string is malformed (a control byte, a bad
// escape) or has no closing quote.
func StringEnd(b []byte, i int) (end int, plain, ok bool) {
	escaped, ascii := false, true
	start := i
	for {
		i = SkipPlain(b, i)
		if i >= len(b) {
			return i, false, false
		}
		switch c := b[i]; {
		case c == '"':
			plain = !escaped && (ascii || utf8.Valid(b[start:i]))
			return i, plain, true
		case c == '\\':
			n := EscapeLen(b, i)
			if n == 0 {
				return i, false, false
			}
			escaped = true
			i += n
		case c < 0x20:
			return i, false, false
		default:
			ascii = false
			i++
		}
	}
}

// EscapeLen returns the length of the well-formed escape at b[i] (a
// backslash): 2, or 6 for \uXXXX; 0 if it is malformed or cut short.
func EscapeLen(b []byte, i int) int {
	if i+1 >= len(b) {
		return 0
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if Hex4(b[i+2:]) >= 0 {
			return 6
		}
	}
	return 0
}

// AppendUnquote appends the text of body, the inside of a JSON string, to
// dst as encoding/json decodes it: escapes resolved, a \u escape of a high
// surrogate followed by one of a low surrogate joined into one character,
// any other surrogate escape and every byte of invalid UTF-8 replaced by
// U+FFFD. ok is false if body holds a malformed escape, a quote or a
// control byte (StringEnd accepts none of these).
func AppendUnquote(dst, body []byte) (out []byte, ok bool) {
	out, i, ok := appendText(dst, body, 0)
	return out, ok && i == len(body)
}

// AppendString reads, in one pass, the JSON string whose body starts at
// b[i] (just past the opening quote), and returns the index of its closing
// quote. When the body is plain ASCII with no escape, it is its own text:
// raw is true and dst is returned as it is. Otherwise the text, as
// AppendUnquote gives it, is appended to dst. ok is false when the string is
// malformed or has no closing quote.
func AppendString(dst, b []byte, i int) (out []byte, end int, raw, ok bool) {
	start := i
	if i = SkipPlain(b, i); i < len(b) && b[i] == '"' {
		return dst, i, true, true
	}
	out, i, ok = appendText(append(dst, b[start:i]...), b, i)
	return out, i, false, ok && i < len(b)
}

// appendText appends the text of b from i up to the first unescaped quote
// or the end, and returns the index it stopped at; ok is false if it
// stopped at a malformed escape or a control byte.
func appendText(dst, b []byte, i int) ([]byte, int, bool) {
	for i < len(b) {
		j := SkipPlain(b, i)
		dst = append(dst, b[i:j]...)
		if i = j; i >= len(b) {
			break
		}
		switch c := b[i]; {
		case c == '"':
			return dst, i, true
		case c == '\\':
			var ok bool
			if dst, i, ok = appendEscape(dst, b, i); !ok {
				return dst, i, false
			}
		case c < 0x20:
			return dst, i, false
		default:
			r, size := utf8.DecodeRune(b[i:])
			dst = utf8.AppendRune(dst, r) // RuneError for a bad byte: U+FFFD
			i += size
		}
	}
	return dst, i, true
}

// Unquote returns the text of body (see AppendUnquote) as a new string: one
// allocation, unless invalid UTF-8 makes the text longer than body.
func Unquote(body []byte) (string, bool) {
	out, ok := AppendUnquote(make([]byte, 0, len(body)), body)
	if !ok || len(out) == 0 {
		return "", ok
	}
	return unsafe.String(&out[0], len(out)), true
}

// appendEscape appends the text of the escape at b[i] (a backslash) and
// returns the index after it.
func appendEscape(dst, b []byte, i int) ([]byte, int, bool) {
	if i+1 >= len(b) {
		return dst, i, false
	}
	switch c := b[i+1]; c {
	case '"', '\\', '/':
		return append(dst, c), i + 2, true
	case 'b':
		return append(dst, '\b'), i + 2, true
	case 'f':
		return append(dst, '\f'), i + 2, true
	case 'n':
		return append(dst, '\n'), i + 2, true
	case 'r':
		return append(dst, '\r'), i + 2, true
	case 't':
		return append(dst, '\t'), i + 2, true
	case 'u':
		r := Hex4(b[i+2:])
		if r < 0 {
			return dst, i, false
		}
		i += 6
		if utf16.IsSurrogate(r) {
			// Only an escaped low surrogate right after a high one makes a
			// pair; otherwise this one becomes U+FFFD and what follows is
			// read on its own.
			if len(b)-i >= 6 && b[i] == '\\' && b[i+1] == 'u' {
				if pair := utf16.DecodeRune(r, Hex4(b[i+2:])); pair != utf8.RuneError {
					return utf8.AppendRune(dst, pair), i + 6, true
				}
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(dst, r), i, true
	}
	return dst, i, false
}

// Literal reports whether b holds word (true, false or null) at i.
func Literal(b []byte, i int, word string) bool {
	return len(b)-i >= len(word) && string(b[i:i+len(word)]) == word
}

// NumberEnd returns the index just past the number that starts at b[i],
// spelled as JSON's grammar has it, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?;
// ok is false if no number starts there or it is cut short.
func NumberEnd(b []byte, i int) (end int, ok bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return i, false
	case b[i] == '0':
		i++
	case b[i] >= '1' && b[i] <= '9':
		i = digits(b, i+1)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		if i = digits(b, i+1); b[i-1] == '.' {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return i, false
		}
		i = j
	}
	return i, true
}

// numberFailure says where and why the number at b[i], which NumberEnd
// refused, goes wrong: the byte where a digit was needed, and which one.
func numberFailure(b []byte, i int) (int, reason) {
	at, _ := NumberEnd(b, i)
	switch {
	case at > 0 && b[at-1] == '.':
		return at, afterDot
	case at > 0 && (b[at-1] == 'e' || b[at-1] == 'E' || (b[at-1] == '+' || b[at-1] == '-') && at-1 > i):
		return at, inExponent
	}
	return at, inNumber
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}

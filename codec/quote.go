package codec

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// plain[b] is true for the ASCII bytes that stand for themselves inside a
// JSON string when HTML escaping is on: everything printable except '"',
// '\\', '<', '>' and '&'.
var plain = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		switch b {
		case '"', '\\', '<', '>', '&':
		default:
			t[b] = true
		}
	}
	return t
}()

// appendQuote appends s as a JSON string exactly as encoding/json's Marshal
// writes it: short escapes for \b \f \n \r \t, \u00xx for other control
// bytes, <, > and & as \u003c \u003e \u0026 when html is set, U+2028 and
// U+2029 always escaped, and every invalid UTF-8 byte replaced by \ufffd.
func appendQuote[S ~string | ~[]byte](dst []byte, s S, html bool) []byte {
	dst = append(dst, '"')
	done := 0 // s[:done] is already in dst
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] || (!html && (c == '<' || c == '>' || c == '&')) {
				i++
				continue
			}
			dst = append(dst, s[done:i]...)
			dst = appendEscapedASCII(dst, c)
			i++
			done = i
			continue
		}
		r, size := decodeRune(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[done:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[done:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	dst = append(dst, s[done:]...)
	return append(dst, '"')
}

func appendEscapedASCII(dst []byte, c byte) []byte {
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
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

func decodeRune[S ~string | ~[]byte](s S) (rune, int) {
	if len(s) > utf8.UTFMax {
		s = s[:utf8.UTFMax]
	}
	return utf8.DecodeRuneInString(string(s))
}

// AppendCompact appends the JSON text src to dst without insignificant
// whitespace, escaping <, >, & and U+2028/U+2029 inside strings when html is
// set — the bytes encoding/json's Marshal writes for a json.RawMessage. src
// must already be valid JSON (check with Valid when it comes from outside):
// only string boundaries are tracked, nothing is validated.
func AppendCompact(dst, src []byte, html bool) []byte {
	inString := false
	done := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			switch {
			case c == '\\':
				i++ // the escaped byte cannot end the string
			case c == '"':
				inString = false
			case html && (c == '<' || c == '>' || c == '&'):
				dst = append(dst, src[done:i]...)
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
				done = i + 1
			case html && c == 0xe2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xa8:
				dst = append(dst, src[done:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xf])
				i += 2
				done = i + 1
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ' ', '\t', '\n', '\r':
			dst = append(dst, src[done:i]...)
			done = i + 1
		}
	}
	return append(dst, src[done:]...)
}

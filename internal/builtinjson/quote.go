package builtinjson

import (
	"unicode/utf8"

	"github.com/99designs/gqlgen/internal/jsonscan"
)

// AppendQuote appends s as a JSON string exactly as encoding/json's Marshal
// writes it: short escapes for \b \f \n \r \t, \u00xx for other control
// bytes, <, > and & as \u003c \u003e \u0026 when html is set, U+2028 and
// U+2029 always escaped, and every invalid UTF-8 byte replaced by \ufffd.
// The byte classes and escapes are internal/jsonscan's.
func AppendQuote[S ~string | ~[]byte](dst []byte, s S, html bool) []byte {
	dst = append(dst, '"')
	done := 0 // s[:done] is already in dst
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonscan.IsPlainHTML(c) || (!html && jsonscan.IsPlain(c)) {
				i++
				continue
			}
			dst = append(dst, s[done:i]...)
			dst = jsonscan.AppendEscapedASCII(dst, c)
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
			dst = jsonscan.AppendLineSeparator(dst, byte(r))
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

func decodeRune[S ~string | ~[]byte](s S) (rune, int) {
	if len(s) > utf8.UTFMax {
		s = s[:utf8.UTFMax]
	}
	return utf8.DecodeRuneInString(string(s))
}

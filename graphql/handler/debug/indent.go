package debug

import "github.com/99designs/gqlgen/internal/jsonscan"

// indent appends to dst the compact JSON text src laid out one element a
// line: every line after the first starts with prefix and one indent per
// level of nesting, keys are followed by ": ", and empty objects and arrays
// stay "{}" and "[]". This is the layout of encoding/json's MarshalIndent.
// src must be valid JSON, as a codec produces it; white space outside
// strings is dropped.
func indent(dst, src []byte, prefix, indent string) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		dst = append(dst, prefix...)
		for range depth {
			dst = append(dst, indent...)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case jsonscan.IsSpace(c):
		case c == '"':
			end := stringEnd(src, i)
			dst = append(dst, src[i:end]...)
			i = end - 1
		case c == '{' || c == '[':
			dst = append(dst, c)
			if j := jsonscan.SkipSpace(src, i+1); j < len(src) && (src[j] == '}' || src[j] == ']') {
				dst = append(dst, src[j])
				i = j
				continue
			}
			depth++
			newline()
		case c == '}' || c == ']':
			depth--
			newline()
			dst = append(dst, c)
		case c == ',':
			dst = append(dst, c)
			newline()
		case c == ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// stringEnd returns the index just past the string literal that starts at
// src[start], or len(src) if it does not end.
func stringEnd(src []byte, start int) int {
	if end, _, ok := jsonscan.StringEnd(src, start+1); ok {
		return end + 1
	}
	return len(src)
}

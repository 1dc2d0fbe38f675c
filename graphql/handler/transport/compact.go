package transport

// The executor hands transports the "data" of a response already encoded.
// encoding/json's Marshal, which upstream gqlgen ran over every response,
// checks such pre-encoded JSON and rewrites it: whitespace between tokens
// goes, and <, >, &, U+2028 and U+2029 inside strings become \u escapes.
// Checking with codec.Valid and then rewriting with codec.AppendCompact
// reads the data twice, and the check is the slower half; appendCompactJSON
// does both in one pass. It accepts exactly what encoding/json's scanner
// accepts, nesting limit included, and writes exactly what Marshal writes.

// maxJSONDepth is encoding/json's nesting limit: deeper input is invalid.
const maxJSONDepth = 10000

// stringSpecial marks the bytes that end the fast scan of a string body:
// the closing quote, the escape character, control characters (invalid),
// the HTML characters Marshal escapes and the lead byte of U+2028/U+2029.
var stringSpecial = func() (t [256]bool) {
	for b := range 0x20 {
		t[b] = true
	}
	for _, b := range []byte{'"', '\\', '<', '>', '&', 0xE2} {
		t[b] = true
	}
	return t
}()

// appendCompactJSON appends src to dst compacted and escaped as Marshal
// writes a json.RawMessage, when src is one valid JSON value surrounded by
// optional whitespace. Otherwise it returns dst unchanged and false.
func appendCompactJSON(dst, src []byte) ([]byte, bool) {
	c := compactor{src: src, dst: dst}
	c.space()
	if !c.value() {
		return dst, false
	}
	c.space()
	if c.i != len(src) {
		return dst, false
	}
	return append(c.dst, src[c.mark:]...), true
}

// compactor copies src to dst in runs: src[mark:i] has been checked but
// not yet copied, and is copied whenever something must be dropped or
// rewritten.
type compactor struct {
	src   []byte
	dst   []byte
	i     int
	mark  int
	depth int
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\r' || b == '\t' }

// space drops whitespace at the read position.
func (c *compactor) space() {
	if c.i >= len(c.src) || !isSpace(c.src[c.i]) {
		return
	}
	c.dst = append(c.dst, c.src[c.mark:c.i]...)
	for c.i < len(c.src) && isSpace(c.src[c.i]) {
		c.i++
	}
	c.mark = c.i
}

// peek returns the byte at the read position, or 0 at the end.
func (c *compactor) peek() byte {
	if c.i < len(c.src) {
		return c.src[c.i]
	}
	return 0
}

func (c *compactor) value() bool {
	switch b := c.peek(); {
	case b == '"':
		return c.str()
	case b == '{':
		return c.container('}')
	case b == '[':
		return c.container(']')
	case b == '-' || ('0' <= b && b <= '9'):
		return c.number()
	case b == 't':
		return c.word("true")
	case b == 'f':
		return c.word("false")
	case b == 'n':
		return c.word("null")
	}
	return false
}

// container reads an object (end '}') or an array (end ']').
func (c *compactor) container(end byte) bool {
	c.depth++
	if c.depth > maxJSONDepth {
		return false
	}
	c.i++
	c.space()
	if c.peek() == end {
		c.i++
		c.depth--
		return true
	}
	for {
		if end == '}' {
			if c.peek() != '"' || !c.str() {
				return false
			}
			c.space()
			if c.peek() != ':' {
				return false
			}
			c.i++
			c.space()
		}
		if !c.value() {
			return false
		}
		c.space()
		switch c.peek() {
		case ',':
			c.i++
			c.space()
		case end:
			c.i++
			c.depth--
			return true
		default:
			return false
		}
	}
}

// str reads a string, escaping what Marshal escapes.
func (c *compactor) str() bool {
	src := c.src
	i := c.i + 1
	for i < len(src) {
		b := src[i]
		if !stringSpecial[b] {
			i++
			continue
		}
		switch {
		case b == '"':
			c.i = i + 1
			return true
		case b == '\\':
			if i+1 >= len(src) {
				return false
			}
			switch src[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+5 >= len(src) || !isHex(src[i+2]) || !isHex(src[i+3]) || !isHex(src[i+4]) || !isHex(src[i+5]) {
					return false
				}
				i += 6
			default:
				return false
			}
		case b < 0x20:
			return false
		case b == 0xE2:
			if i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				c.dst = append(c.dst, src[c.mark:i]...)
				c.dst = append(c.dst, '\\', 'u', '2', '0', '2', "89"[src[i+2]&1])
				i += 3
				c.mark = i
			} else {
				i++
			}
		default: // <, > or &
			c.dst = append(c.dst, src[c.mark:i]...)
			c.dst = append(c.dst, '\\', 'u', '0', '0', "0123456789abcdef"[b>>4], "0123456789abcdef"[b&0xF])
			i++
			c.mark = i
		}
	}
	return false
}

func isHex(b byte) bool {
	return ('0' <= b && b <= '9') || ('a' <= b && b <= 'f') || ('A' <= b && b <= 'F')
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (c *compactor) number() bool {
	src, i := c.src, c.i
	if i < len(src) && src[i] == '-' {
		i++
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
	case i < len(src) && isDigit(src[i]):
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	default:
		return false
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || !isDigit(src[i]) {
			return false
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= len(src) || !isDigit(src[i]) {
			return false
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	c.i = i
	return true
}

func (c *compactor) word(w string) bool {
	if len(c.src)-c.i < len(w) || string(c.src[c.i:c.i+len(w)]) != w {
		return false
	}
	c.i += len(w)
	return true
}

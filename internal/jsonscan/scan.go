package jsonscan

import "io"

// walker reads one JSON value at a time from src, validating it, and when
// compacting also copies it to dst without whitespace: src[mark:i] has been
// checked but not yet copied, and is copied whenever something must be
// dropped or rewritten. With html set, <, >, &, U+2028 and U+2029 inside
// strings are escaped as encoding/json's Marshal escapes them.
type walker struct {
	src     []byte
	dst     []byte
	i       int
	mark    int
	depth   int
	compact bool
	html    bool
	fail    failure
}

// stop records a failure at position at and returns false.
func (w *walker) stop(at int, why reason) bool {
	w.fail = failure{at: at, why: why}
	return false
}

// space moves past whitespace, dropping it when compacting.
func (w *walker) space() {
	if w.i >= len(w.src) || !IsSpace(w.src[w.i]) {
		return
	}
	if w.compact {
		w.dst = append(w.dst, w.src[w.mark:w.i]...)
	}
	w.i = SkipSpace(w.src, w.i+1)
	w.mark = w.i
}

// at returns the byte at the read position, or 0 at the end (0 is never
// valid where at is asked).
func (w *walker) at() byte {
	if w.i < len(w.src) {
		return w.src[w.i]
	}
	return 0
}

// value reads the value at the read position.
func (w *walker) value() bool {
	switch c := w.at(); c {
	case '"':
		return w.str()
	case '{':
		return w.container('}')
	case '[':
		return w.container(']')
	case 't':
		return w.word("true")
	case 'f':
		return w.word("false")
	case 'n':
		return w.word("null")
	default:
		if c == '-' || c >= '0' && c <= '9' {
			end, ok := NumberEnd(w.src, w.i)
			if !ok {
				return w.stop(numberFailure(w.src, w.i))
			}
			w.i = end
			return true
		}
	}
	return w.stop(w.i, beginValue)
}

// container reads an object (end '}') or an array (end ']').
func (w *walker) container(end byte) bool {
	if w.depth++; w.depth > MaxDepth {
		return w.stop(w.i, tooDeep)
	}
	w.i++
	w.space()
	if w.at() == end {
		w.i++
		w.depth--
		return true
	}
	for {
		if end == '}' {
			if w.at() != '"' {
				return w.stop(w.i, beginKey)
			}
			if !w.str() {
				return false
			}
			w.space()
			if w.at() != ':' {
				return w.stop(w.i, afterKey)
			}
			w.i++
			w.space()
		}
		if !w.value() {
			return false
		}
		w.space()
		switch w.at() {
		case ',':
			w.i++
			w.space()
		case end:
			w.i++
			w.depth--
			return true
		default:
			if end == '}' {
				return w.stop(w.i, afterMember)
			}
			return w.stop(w.i, afterElement)
		}
	}
}

// stringStop marks the bytes that end the fast scan of a string body: the
// quote, the backslash, control bytes, the HTML characters and the lead
// byte of U+2028/U+2029.
var stringStop = func() (t [256]bool) {
	for c := range 256 {
		t[c] = !IsPlainHTML(byte(c)) && c < 0x80 || c == 0xE2
	}
	return t
}()

// str reads a string, escaping what Marshal escapes when compacting with
// html set.
func (w *walker) str() bool {
	src := w.src
	i := w.i + 1
	for i < len(src) {
		c := src[i]
		if !stringStop[c] {
			i++
			continue
		}
		switch {
		case c == '"':
			w.i = i + 1
			return true
		case c == '\\':
			if n := EscapeLen(src, i); n > 0 {
				i += n
				continue
			}
			return w.stop(badEscape(src, i))
		case c < 0x20:
			return w.stop(i, inString)
		case !w.html || !w.compact:
			i++
		case c == 0xE2:
			if IsLineSeparator(src[i:]) {
				w.dst = append(w.dst, src[w.mark:i]...)
				w.dst = AppendLineSeparator(w.dst, src[i+2])
				i += 3
				w.mark = i
			} else {
				i++
			}
		default: // <, > or &
			w.dst = append(w.dst, src[w.mark:i]...)
			w.dst = AppendEscapedASCII(w.dst, c)
			i++
			w.mark = i
		}
	}
	return w.stop(i, inString)
}

// badEscape finds the byte at fault in the malformed escape at b[i].
func badEscape(b []byte, i int) (int, reason) {
	if i+1 >= len(b) || b[i+1] != 'u' {
		return i + 1, inEscape
	}
	for j := i + 2; j < i+6; j++ {
		if j >= len(b) || classes[b[j]]&classHex == 0 {
			return j, inUnicode
		}
	}
	return i + 6, inUnicode // not reached: the escape was well formed
}

// word reads the literal w (true, false or null), whose first byte is known
// to be there.
func (w *walker) word(lit string) bool {
	for k := 1; k < len(lit); k++ {
		if j := w.i + k; j >= len(w.src) || w.src[j] != lit[k] {
			w.fail = failure{at: j, why: inLiteral, word: lit, want: lit[k]}
			return false
		}
	}
	w.i += len(lit)
	return true
}

// document reads src as one JSON text: a value with optional whitespace
// around it.
func (w *walker) document() bool {
	w.space()
	if !w.value() {
		return false
	}
	w.space()
	if w.i != len(w.src) {
		return w.stop(w.i, afterTop)
	}
	return true
}

// Valid reports whether src is one JSON value with optional whitespace
// around it, as json.Valid does.
func Valid(src []byte) bool {
	w := walker{src: src}
	return w.document()
}

// Check returns nil if src is valid JSON, and otherwise the syntax error
// json.Unmarshal reports for it.
func Check(src []byte) *SyntaxError {
	w := walker{src: src}
	if w.document() {
		return nil
	}
	return w.fail.syntaxError(src)
}

// AppendCompact appends src to dst without insignificant whitespace, and
// with <, >, &, U+2028 and U+2029 inside strings escaped when html is set:
// the bytes encoding/json's Marshal writes for src as a json.RawMessage (with
// SetEscapeHTML(false) when html is not set). When src is not valid JSON it
// returns dst unchanged and the error json.Unmarshal would report.
func AppendCompact(dst, src []byte, html bool) ([]byte, *SyntaxError) {
	w := walker{src: src, dst: dst, compact: true, html: html}
	if !w.document() {
		return dst, w.fail.syntaxError(src)
	}
	return append(w.dst, src[w.mark:]...), nil
}

// AppendCompactNested is AppendCompact for src written at depth in a
// larger document, inside depth objects and arrays: the nesting limit
// counts them.
func AppendCompactNested(dst, src []byte, html bool, depth int) ([]byte, *SyntaxError) {
	w := walker{src: src, dst: dst, compact: true, html: html, depth: depth}
	if !w.document() {
		return dst, w.fail.syntaxError(src)
	}
	return append(w.dst, src[w.mark:]...), nil
}

// FirstValue finds the first JSON value of src as a json.Decoder reading
// src does, and returns the index just past it. Bytes after it are not
// looked at. The error is the Decoder's: io.EOF when src is empty or only
// whitespace, io.ErrUnexpectedEOF when it ends inside the value, and
// otherwise the syntax error, worded and placed as json.Unmarshal would.
func FirstValue(src []byte) (end int, err error) {
	w := walker{src: src}
	w.space()
	if w.i == len(src) {
		return 0, io.EOF
	}
	if w.value() {
		return w.i, nil
	}
	if w.fail.at >= len(src) {
		return 0, io.ErrUnexpectedEOF
	}
	return 0, w.fail.syntaxError(src)
}

// AppendCompactValid is AppendCompact for src known to be valid JSON (it
// checks nothing, only tracks where strings begin and end): faster, and
// with the same output for valid input.
func AppendCompactValid(dst, src []byte, html bool) []byte {
	return compactValid(dst, src, html)
}

// compactValid copies src to dst in runs, cut where whitespace outside
// strings is dropped or a byte inside one is escaped. Inside strings it
// looks eight bytes at a time for the next byte that matters.
func compactValid(dst, src []byte, html bool) []byte {
	done := 0 // src[:done] has been dealt with
	for i := 0; i < len(src); {
		c := src[i]
		if c != '"' {
			if IsSpace(c) {
				dst = append(dst, src[done:i]...)
				i = SkipSpace(src, i+1)
				done = i
			} else {
				i++
			}
			continue
		}
		// A string: find its closing quote, escaping on the way.
		for i++; i < len(src); {
			if html {
				i = skipStringHTML(src, i)
			} else {
				i = skipString(src, i)
			}
			if i >= len(src) {
				break
			}
			switch c := src[i]; {
			case c == '"':
				i++
			case c == '\\':
				i += 2 // the escaped byte cannot end the string
				continue
			case c == 0xE2:
				if IsLineSeparator(src[i:]) {
					dst = append(dst, src[done:i]...)
					dst = AppendLineSeparator(dst, src[i+2])
					i += 3
					done = i
				} else {
					i++
				}
				continue
			default: // <, > or &
				dst = append(dst, src[done:i]...)
				dst = AppendEscapedASCII(dst, c)
				i++
				done = i
				continue
			}
			break
		}
	}
	return append(dst, src[done:]...)
}

// ContainerEnd returns the index just past the object or array that starts
// at b[i], and how deeply it nests (1 for one with no array or object
// inside), matching brackets outside strings. It validates nothing else:
// it is for a caller that decodes the value next, which does.
//
// Runs of bytes that cannot change the nesting (inside strings, all but a
// quote or a backslash; outside, all but brackets and quotes) are skipped
// by table lookups, a byte per step with no branch on which byte it is.
func ContainerEnd(b []byte, i int) (end, depth int, ok bool) {
	open := 0
	for {
		for i < len(b) && !containerStop[b[i]] {
			i++
		}
		if i >= len(b) {
			return 0, 0, false
		}
		switch b[i] {
		case '{', '[':
			open++
			depth = max(depth, open)
		case '}', ']':
			open--
			if open == 0 {
				return i + 1, depth, true
			}
		default: // a quote: skip the string
			for i++; ; i += 2 {
				for i < len(b) && !quoteStop[b[i]] {
					i++
				}
				if i >= len(b) {
					return 0, 0, false
				}
				if b[i] == '"' {
					break
				}
			}
		}
		i++
	}
}

// containerStop marks the bytes that ContainerEnd looks at outside strings,
// quoteStop those it looks at inside them.
var containerStop, quoteStop = func() (outside, inside [256]bool) {
	for _, c := range []byte(`{}[]"`) {
		outside[c] = true
	}
	inside['"'], inside['\\'] = true, true
	return
}()

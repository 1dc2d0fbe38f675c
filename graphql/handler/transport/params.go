package transport

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
)

// Request bodies are nearly always the same small object:
//
//	{"query": "...", "operationName": "...", "variables": {...}, "extensions": {...}}
//
// readParams decodes that shape itself, which saves the reflection and
// buffering of a general decoder: the query and operation name become one
// string each, and only the variables and extensions, when present, go
// through the codec. Anything else (other or differently cased keys, a key
// twice, a value of another type, escapes it does not handle, bytes after
// the object) makes it give up, and decodeJSON decodes the body from
// scratch, so that what is accepted and every error stay exactly as before.

// Bits of the keys readParams has seen.
const (
	seenQuery = 1 << iota
	seenOperationName
	seenVariables
	seenExtensions
)

// readParams fills the zero-valued p from body and reports whether it
// could; when it could not, p may be partly filled.
func readParams(body []byte, p *graphql.RawParams) bool {
	r := paramReader{b: body}
	if !r.skip('{') {
		return false
	}
	seen := 0
	if !r.skip('}') {
		for {
			key, ok := r.key()
			if !ok || !r.skip(':') {
				return false
			}
			var bit int
			switch string(key) {
			case "query":
				bit = seenQuery
				ok = r.stringOrNull(&p.Query)
			case "operationName":
				bit = seenOperationName
				ok = r.stringOrNull(&p.OperationName)
			case "variables":
				bit = seenVariables
				ok = r.objectOrNull(&p.Variables)
			case "extensions":
				bit = seenExtensions
				ok = r.objectOrNull(&p.Extensions)
			default:
				return false
			}
			if !ok || seen&bit != 0 {
				return false
			}
			seen |= bit
			if r.skip(',') {
				continue
			}
			if r.skip('}') {
				break
			}
			return false
		}
	}
	r.space()
	return r.i == len(r.b)
}

// paramReader reads a JSON request object from b; i is the next byte.
type paramReader struct {
	b []byte
	i int
}

// space moves past JSON white space.
func (r *paramReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// skip moves past white space and c, if c comes next.
func (r *paramReader) skip(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// key reads an object key, which must be plain ASCII without escapes. The
// result is part of b.
func (r *paramReader) key() ([]byte, bool) {
	r.space()
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		return nil, false
	}
	start := r.i + 1
	for j := start; j < len(r.b); j++ {
		switch c := r.b[j]; {
		case c == '"':
			r.i = j + 1
			return r.b[start:j], true
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return nil, false
		}
	}
	return nil, false
}

// literal moves past word if it comes next.
func (r *paramReader) literal(word string) bool {
	if len(r.b)-r.i < len(word) || string(r.b[r.i:r.i+len(word)]) != word {
		return false
	}
	r.i += len(word)
	return true
}

// opens moves past white space and reports what comes next: null (read),
// or a value starting with first (not read); ok is false for anything else.
func (r *paramReader) opens(first byte) (isNull, ok bool) {
	r.space()
	switch {
	case r.i >= len(r.b):
		return false, false
	case r.b[r.i] == 'n':
		return true, r.literal("null")
	}
	return false, r.b[r.i] == first
}

// stringOrNull reads a string into *dst; null leaves *dst as it is, as
// encoding/json does.
func (r *paramReader) stringOrNull(dst *string) bool {
	if isNull, ok := r.opens('"'); !ok || isNull {
		return ok
	}
	start := r.i + 1
	escaped, ascii := false, true
	j := start
	for j < len(r.b) {
		// Most bytes are plain: skip them in a tight loop.
		for j < len(r.b) && plainStringByte[r.b[j]] {
			j++
		}
		if j >= len(r.b) {
			return false
		}
		c := r.b[j]
		if c == '"' {
			break
		}
		switch {
		case c == '\\':
			escaped = true
			j += 2 // the escaped byte cannot end the string
			continue
		case c < 0x20:
			return false
		default: // c >= utf8.RuneSelf
			ascii = false
		}
		j++
	}
	if j >= len(r.b) {
		return false
	}
	raw := r.b[start:j]
	r.i = j + 1
	// encoding/json replaces invalid UTF-8; leave that to it.
	if !ascii && !utf8.Valid(raw) {
		return false
	}
	if !escaped {
		*dst = intern(raw)
		return true
	}
	s, ok := unescapeJSON(raw)
	*dst = s
	return ok
}

// interned holds recently read query texts and operation names. A server
// sees the same few queries over and over: finding the text here saves
// copying it into a new string for every request. Slots are chosen by hash;
// a collision just replaces the older text.
var (
	interned     [256]atomic.Pointer[string]
	internedSeed = maphash.MakeSeed()
)

// internLimit is the longest text intern keeps.
const internLimit = 64 << 10

// intern returns string(b), the copy kept in interned when there is one.
func intern(b []byte) string {
	if len(b) == 0 || len(b) > internLimit {
		return string(b)
	}
	slot := &interned[maphash.Bytes(internedSeed, b)%uint64(len(interned))]
	if p := slot.Load(); p != nil && *p == string(b) {
		return *p
	}
	s := string(b)
	slot.Store(&s)
	return s
}

// plainStringByte[c] is true for the bytes that stand for themselves in a
// JSON string and are ASCII: not a quote, a backslash or a control byte.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// unescapeJSON returns the text of raw, the inside of a JSON string with at
// least one escape. It gives up on a \u escape of a surrogate, whose
// pairing rules it leaves to encoding/json, and on malformed escapes.
func unescapeJSON(raw []byte) (string, bool) {
	var out strings.Builder
	out.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out.WriteByte(c)
			continue
		}
		i++
		if i >= len(raw) {
			return "", false
		}
		switch raw[i] {
		case '"', '\\', '/':
			out.WriteByte(raw[i])
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'u':
			if i+5 > len(raw) {
				return "", false
			}
			code, ok := hex4(raw[i+1 : i+5])
			if !ok || utf8.RuneLen(code) < 0 {
				return "", false
			}
			out.WriteRune(code)
			i += 4
		default:
			return "", false
		}
	}
	return out.String(), true
}

// hex4 decodes four hexadecimal digits.
func hex4(b []byte) (rune, bool) {
	var r rune
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// objectOrNull decodes an object into *dst through the codec; null leaves
// *dst nil.
//
// The codec counts nesting from the object it is given, one level below the
// body's own object: an object nested maxJSONDepth deep here puts the body
// one level over encoding/json's limit, so it is left to the decoder of the
// whole body, which rejects it with encoding/json's error.
func (r *paramReader) objectOrNull(dst *map[string]any) bool {
	if isNull, ok := r.opens('{'); !ok || isNull {
		return ok
	}
	end, depth, ok := valueEnd(r.b, r.i)
	if !ok || depth >= maxJSONDepth || codec.Unmarshal(r.b[r.i:end], dst) != nil {
		return false
	}
	r.i = end
	return true
}

// valueEnd returns the index just past the object or array starting at
// b[i] and how deeply it nests (1 for one without arrays or objects inside),
// matching brackets outside strings. It does not validate what is in
// between; the codec does.
func valueEnd(b []byte, i int) (end, deepest int, ok bool) {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '{', '[':
			depth++
			deepest = max(deepest, depth)
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, deepest, true
			}
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		}
	}
	return 0, 0, false
}

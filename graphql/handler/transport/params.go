package transport

import (
	"hash/maphash"
	"sync/atomic"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/builtinjson"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// Request bodies are nearly always the same small object:
//
//	{"query": "...", "operationName": "...", "variables": {...}, "extensions": {...}}
//
// readParams decodes that shape itself, which saves the reflection and
// buffering of a general decoder: the query and operation name become one
// string each, and the variables and extensions, when present, are decoded
// where they stand by the built-in untyped decoder (or by a program's own
// codec, installed with codec.Use). Anything else (other or differently
// cased keys, a key twice, a value of another type, an escaped key, bytes
// after the object) makes it give up, and decodeJSON decodes the body once
// more (decodeParams), so that what is accepted and every error stay
// exactly as before. Strings are read
// by internal/jsonscan, as encoding/json reads them.

// Bits of the keys readParams has seen.
const (
	seenQuery = 1 << iota
	seenOperationName
	seenVariables
	seenExtensions
	seenDocumentID
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
			case "documentId":
				bit = seenDocumentID
				ok = r.stringOrNull(&p.DocumentID)
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
func (r *paramReader) space() { r.i = jsonscan.SkipSpace(r.b, r.i) }

// skip moves past white space and c, if c comes next.
func (r *paramReader) skip(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

// key reads an object key, which must be written without escapes. The
// result is part of b.
func (r *paramReader) key() ([]byte, bool) {
	r.space()
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		return nil, false
	}
	start := r.i + 1
	end, plain, ok := jsonscan.StringEnd(r.b, start)
	if !ok || !plain {
		return nil, false
	}
	r.i = end + 1
	return r.b[start:end], true
}

// literal moves past word if it comes next.
func (r *paramReader) literal(word string) bool {
	if !jsonscan.Literal(r.b, r.i, word) {
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
	end, plain, ok := jsonscan.StringEnd(r.b, start)
	if !ok {
		return false
	}
	r.i = end + 1
	if plain {
		*dst = intern(r.b[start:end])
		return true
	}
	*dst, ok = jsonscan.Unquote(r.b[start:end])
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

// objectOrNull decodes an object into *dst through the codec; null leaves
// *dst nil.
//
// The codec counts nesting from the object it is given, one level below the
// body's own object: an object nested jsonscan.MaxDepth deep here puts the body
// one level over encoding/json's limit, so it is left to the decoder of the
// whole body, which rejects it with encoding/json's error.
//
// The object is decoded where it stands, by the built-in untyped decoder,
// in the pass that finds its end (builtinjson.DecodeObject), unless a
// program installed its own codec, which is then given the object alone.
func (r *paramReader) objectOrNull(dst *map[string]any) bool {
	if isNull, ok := r.opens('{'); !ok || isNull {
		return ok
	}
	if !builtinjson.Custom() {
		if end, ok := builtinjson.DecodeObject(r.b[r.i:], jsonscan.MaxDepth-1, dst); ok {
			r.i += end
			return true
		}
	}
	end, depth, ok := jsonscan.ContainerEnd(r.b, r.i)
	if !ok || depth >= jsonscan.MaxDepth || codec.Unmarshal(r.b[r.i:end], dst) != nil {
		return false
	}
	r.i = end
	return true
}

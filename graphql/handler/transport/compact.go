package transport

import (
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// The executor hands transports the "data" of a response already encoded.
// encoding/json's Marshal, which upstream gqlgen ran over every response,
// checks such pre-encoded JSON and rewrites it: whitespace between tokens
// goes, and <, >, &, U+2028 and U+2029 inside strings become \u escapes.
// Checking with json.Valid and then rewriting with json.Compact
// reads the data twice, and the check is the slower half; the scanner's
// AppendCompact does both in one pass. It accepts exactly what
// encoding/json's scanner accepts, nesting limit included, and writes
// exactly what Marshal writes.
//
// Data the runtime vouches for (graphql.NewDataResponse,
// Response.TrustedData) was written in that form already, every byte of it
// checked, and is copied as it is.

// appendData appends resp.Data to dst compacted and escaped as Marshal
// writes a json.RawMessage, when it is one valid JSON value surrounded by
// optional whitespace, and as it is when the runtime vouches for it.
// Otherwise it returns dst unchanged and false.
func appendData(dst []byte, resp *graphql.Response) ([]byte, bool) {
	if resp.TrustedData() {
		return append(dst, resp.Data...), true
	}
	return appendCompactJSON(dst, resp.Data)
}

// appendCompactJSON appends src to dst compacted and escaped as Marshal
// writes a json.RawMessage, when src is one valid JSON value surrounded by
// optional whitespace. Otherwise it returns dst unchanged and false.
func appendCompactJSON(dst, src []byte) ([]byte, bool) {
	out, err := jsonscan.AppendCompact(dst, src, true)
	return out, err == nil
}

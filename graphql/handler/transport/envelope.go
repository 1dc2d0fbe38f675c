package transport

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/builtinjson"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// Every graphql.Response a transport sends, whatever the transport, is
// encoded here (appendResponse; write.go sends single responses). The
// response envelope is written by hand around the executor's
// already-encoded data, in one pass, into a pooled buffer. The bytes are
// the ones encoding/json's Marshal produces for a *graphql.Response (field order,
// omitempty, HTML escaping, compacted data), so clients cannot tell the
// difference; only the extension maps, whose values can be anything, go
// through the codec's general Marshal.

// errUnencodable reports a response that encoding/json could not have
// encoded either: invalid data (a NaN written by a float marshaler, an empty
// non-nil RawMessage) or an extension value without a JSON form.
var errUnencodable = errors.New("response cannot be encoded as JSON")

// appendResponse appends the JSON encoding of resp to dst. On error dst is
// returned at its original length.
func appendResponse(dst []byte, resp *graphql.Response) ([]byte, error) {
	if resp == nil {
		return append(dst, "null"...), nil
	}
	start := len(dst)
	dst = append(dst, '{')
	if len(resp.Errors) > 0 {
		dst = append(dst, `"errors":`...)
		var err error
		if dst, err = appendErrorList(dst, resp.Errors); err != nil {
			return dst[:start], err
		}
		dst = append(dst, ',')
	}
	dst = append(dst, `"data":`...)
	if resp.Data == nil {
		dst = append(dst, "null"...)
	} else {
		var ok bool
		if dst, ok = appendData(dst, resp); !ok {
			return dst[:start], errUnencodable
		}
	}
	if resp.Label != "" {
		dst = append(dst, `,"label":`...)
		dst = codec.AppendQuote(dst, resp.Label)
	}
	if len(resp.Path) > 0 {
		dst = append(dst, `,"path":`...)
		dst = appendPath(dst, resp.Path)
	}
	if resp.HasNext != nil {
		dst = append(dst, `,"hasNext":`...)
		dst = strconv.AppendBool(dst, *resp.HasNext)
	}
	if len(resp.Extensions) > 0 {
		dst = append(dst, `,"extensions":`...)
		var err error
		if dst, err = appendExtensions(dst, resp.Extensions); err != nil {
			return dst[:start], errUnencodable
		}
	}
	return append(dst, '}'), nil
}

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

// appendErrorList appends errs as a JSON array; nil entries become null.
func appendErrorList(dst []byte, errs []*gqlerror.Error) ([]byte, error) {
	dst = append(dst, '[')
	for i, e := range errs {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendError(dst, e); err != nil {
			return dst, err
		}
	}
	return append(dst, ']'), nil
}

// appendError appends one GraphQL error object: message, then path,
// locations and extensions when present. Zero line or column numbers are
// left out, as gqlerror.Location's omitempty tags ask.
func appendError(dst []byte, e *gqlerror.Error) ([]byte, error) {
	if e == nil {
		return append(dst, "null"...), nil
	}
	dst = append(dst, `{"message":`...)
	dst = codec.AppendQuote(dst, e.Message)
	if len(e.Path) > 0 {
		dst = append(dst, `,"path":`...)
		dst = appendPath(dst, e.Path)
	}
	if len(e.Locations) > 0 {
		dst = append(dst, `,"locations":[`...)
		for i, loc := range e.Locations {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '{')
			if loc.Line != 0 {
				dst = append(dst, `"line":`...)
				dst = strconv.AppendInt(dst, int64(loc.Line), 10)
			}
			if loc.Column != 0 {
				if loc.Line != 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, `"column":`...)
				dst = strconv.AppendInt(dst, int64(loc.Column), 10)
			}
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	if len(e.Extensions) > 0 {
		dst = append(dst, `,"extensions":`...)
		var err error
		if dst, err = appendExtensions(dst, e.Extensions); err != nil {
			return dst, errUnencodable
		}
	}
	return append(dst, '}'), nil
}

// appendExtensions appends an extensions map as Marshal writes it. Small
// maps of plain values, such as an error's {"code": "..."}, are written
// directly; anything else goes through the codec.
func appendExtensions(dst []byte, m map[string]any) ([]byte, error) {
	const maxDirect = 8
	if len(m) > maxDirect {
		return codec.AppendMarshal(dst, m)
	}
	var keyArray [maxDirect]string
	keys := keyArray[:0]
	for k, v := range m {
		switch v.(type) {
		case string, bool, int, int64, nil:
		default:
			return codec.AppendMarshal(dst, m)
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = codec.AppendQuote(dst, k)
		dst = append(dst, ':')
		switch v := m[k].(type) {
		case string:
			dst = codec.AppendQuote(dst, v)
		case bool:
			dst = strconv.AppendBool(dst, v)
		case int:
			dst = strconv.AppendInt(dst, int64(v), 10)
		case int64:
			dst = strconv.AppendInt(dst, v, 10)
		case nil:
			dst = append(dst, "null"...)
		}
	}
	return append(dst, '}'), nil
}

// appendPath appends a response path: field names as strings, list
// indexes as numbers.
func appendPath(dst []byte, path ast.Path) []byte {
	dst = append(dst, '[')
	for i, el := range path {
		if i > 0 {
			dst = append(dst, ',')
		}
		switch el := el.(type) {
		case ast.PathName:
			dst = codec.AppendQuote(dst, string(el))
		case ast.PathIndex:
			dst = strconv.AppendInt(dst, int64(el), 10)
		default: // only a nil element: the interface is sealed by gqlparser
			dst = append(dst, "null"...)
		}
	}
	return append(dst, ']')
}

// marshalError is the error encoding/json's Marshal gives for resp, which
// upstream gqlgen panicked with (and its RecoverFunc saw) where the
// envelope writer fails.
func marshalError(resp *graphql.Response) error {
	if _, err := builtinjson.Marshal(resp); err != nil {
		return err
	}
	return errUnencodable
}

// encodeFailure is marshalError as upstream's single-response writer
// wrapped it.
func encodeFailure(resp *graphql.Response) error {
	return fmt.Errorf("unable to marshal %s: %w", resp.Data, marshalError(resp))
}

// maxPooledBuffer bounds the buffers kept for reuse, so that one huge
// response does not pin its memory for the life of the process.
const maxPooledBuffer = 1 << 20

var bufferPool = sync.Pool{New: func() any {
	b := make([]byte, 0, 2048)
	return &b
}}

// getBuffer returns an empty pooled buffer; release it with putBuffer.
func getBuffer() *[]byte { return bufferPool.Get().(*[]byte) }

// putBuffer returns b, which must no longer be referenced, to the pool.
func putBuffer(b *[]byte) {
	if cap(*b) > maxPooledBuffer {
		return
	}
	*b = (*b)[:0]
	bufferPool.Put(b)
}

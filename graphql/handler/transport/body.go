package transport

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"sync"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// defaultMaxBodySize is the request body limit of the transports that read
// a JSON or GraphQL body (POST, GRAPHQL, UrlEncodedForm, SSE,
// MultipartMixed) when their MaxBodySize field is zero. It matches the
// default upload limit of MultipartForm.
const defaultMaxBodySize = 32 << 20

// bodyLimit resolves a MaxBodySize field: zero means the default, a
// negative value means no limit (returned as -1).
func bodyLimit(configured int64) int64 {
	switch {
	case configured == 0:
		return defaultMaxBodySize
	case configured < 0:
		return -1
	}
	return configured
}

// errBodyTooLarge is returned by readBody for a body over the limit.
type errBodyTooLarge struct{ limit int64 }

func (e errBodyTooLarge) Error() string {
	return fmt.Sprintf("request body too large: the limit is %d bytes", e.limit)
}

// readBody appends the request body to dst, refusing bodies longer than
// limit bytes (no limit when negative). A declared Content-Length over the
// limit is refused before anything is read.
func readBody(r *http.Request, limit int64, dst []byte) ([]byte, error) {
	if r.Body == nil {
		return dst, nil
	}
	if limit >= 0 && r.ContentLength > limit {
		return dst, errBodyTooLarge{limit}
	}
	if n := int(r.ContentLength); n > 0 {
		dst = slices.Grow(dst, n+1) // +1 lets the final Read see EOF without growing
	}
	base := len(dst)
	for {
		if len(dst) == cap(dst) {
			dst = append(dst, 0)[:len(dst)]
		}
		room := dst[len(dst):cap(dst)]
		if limit >= 0 {
			// Read at most one byte past the limit: enough to tell.
			if left := limit + 1 - int64(len(dst)-base); int64(len(room)) > left {
				room = room[:left]
			}
		}
		n, err := r.Body.Read(room)
		dst = dst[:len(dst)+n]
		if limit >= 0 && int64(len(dst)-base) > limit {
			return dst, errBodyTooLarge{limit}
		}
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst, err
		}
	}
}

// decodeJSON decodes the first JSON value of data into v, which must be a
// non-nil pointer to a zero value, with numbers in interface values as
// json.Number.
//
// Upstream gqlgen decodes request bodies with a json.Decoder, which stops
// after the first value (trailing bytes are ignored) and words a truncated
// input "unexpected EOF" and an empty one "EOF". Whole, valid inputs take the
// codec's Unmarshal; only inputs it rejects are looked at again the way the
// stream decoder does, so that acceptance and error texts stay upstream's
// whatever codec is built in, and whether or not encoding/json runs on v2
// (GOEXPERIMENT=jsonv2, which words syntax errors otherwise).
func decodeJSON(data []byte, v any) error {
	if p, ok := v.(*graphql.RawParams); ok {
		if readParams(data, p) {
			return nil
		}
		*p = graphql.RawParams{}
		if err := decodeAny(data, v); err != nil {
			return err
		}
		p.DocumentID = documentID(data)
		return nil
	}
	return decodeAny(data, v)
}

// documentID returns the request's "documentId" when it is a string, for
// the requests readParams leaves to decodeAny (RawParams.DocumentID is
// not decoded by tag, so that a value of another type is ignored rather
// than an error).
func documentID(data []byte) string {
	end, err := jsonscan.FirstValue(data)
	if err != nil {
		return ""
	}
	var member struct {
		DocumentID any `json:"documentId"`
	}
	if codec.Unmarshal(data[:end], &member) != nil {
		return ""
	}
	id, _ := member.DocumentID.(string)
	return id
}

// decodeAny is decodeJSON for any target, without the request shortcut.
func decodeAny(data []byte, v any) error {
	if codec.Unmarshal(data, v) == nil {
		return nil
	}
	reflect.ValueOf(v).Elem().SetZero() // drop what the failed attempt filled in
	// The Decoder's syntax errors, io.EOF and io.ErrUnexpectedEOF are the
	// scanner's to find and word; what remains is a type error in the first
	// value, which the Decoder words.
	end, err := jsonscan.FirstValue(data)
	if err != nil {
		return err
	}
	d := codec.Std.NewDecoder(bytes.NewReader(data[:end]))
	d.UseNumber()
	err = d.Decode(v)
	if de, ok := errors.AsType[*codec.DecodeError](err); ok {
		return de.Err
	}
	return err
}

var paramsPool = sync.Pool{New: func() any { return new(graphql.RawParams) }}

// getParams returns a zeroed RawParams; give it back with putParams once
// the executor has turned it into an operation context.
func getParams() *graphql.RawParams { return paramsPool.Get().(*graphql.RawParams) }

func putParams(p *graphql.RawParams) {
	*p = graphql.RawParams{}
	paramsPool.Put(p)
}

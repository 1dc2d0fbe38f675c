package transport

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"sync"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/builtinjson"
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
// json.Number. Every transport decodes its request bodies, query-string
// variables, multipart operations and websocket messages here.
//
// Upstream gqlgen decodes request bodies with a json.Decoder, which stops
// after the first value (trailing bytes are ignored) and words a truncated
// input "unexpected EOF" and an empty one "EOF". A request body of the
// usual shape is read by readParams, in one pass; any other body is decoded
// once more (decodeParams), and other targets at most twice (decodeFirst),
// so that acceptance and error texts stay upstream's whatever codec is
// built in, and whether or not encoding/json runs on v2
// (GOEXPERIMENT=jsonv2, which words syntax errors otherwise).
func decodeJSON(data []byte, v any) error {
	if p, ok := v.(*graphql.RawParams); ok {
		if readParams(data, p) {
			return nil
		}
		*p = graphql.RawParams{}
		return decodeParams(data, p)
	}
	return decodeFirst(data, v)
}

// decodeParams is decodeJSON for a request body that readParams left. The
// scanner finds the end of the first value, or the syntax error a Decoder
// reports (worded by the scanner); the codec decodes that value once (its
// type errors are encoding/json's, as every codec's are), and a scan of
// its top-level members finds "documentId".
func decodeParams(data []byte, p *graphql.RawParams) error {
	end, err := jsonscan.FirstValue(data)
	if err != nil {
		return err
	}
	if err := codec.Unmarshal(data[:end], p); err != nil {
		return err
	}
	p.DocumentID = documentID(data[:end])
	return nil
}

// documentID returns the value of the last top-level "documentId" member
// of obj, one valid JSON value, when it is a string, and "" otherwise:
// RawParams.DocumentID is not decoded by tag, so that a value of another
// type is ignored, as upstream ignores every member it does not know,
// rather than an error. Keys match as encoding/json matches a field's:
// unescaped, and ignoring case.
func documentID(obj []byte) string {
	i := jsonscan.SkipSpace(obj, 0)
	if obj[i] != '{' {
		return ""
	}
	id := ""
	for i = jsonscan.SkipSpace(obj, i+1); obj[i] != '}'; i = jsonscan.SkipSpace(obj, i) {
		if obj[i] == ',' {
			i = jsonscan.SkipSpace(obj, i+1)
		}
		keyEnd, plain, _ := jsonscan.StringEnd(obj, i+1)
		key := obj[i+1 : keyEnd]
		if !plain {
			k, _ := jsonscan.Unquote(key)
			key = []byte(k)
		}
		i = jsonscan.SkipSpace(obj, jsonscan.SkipSpace(obj, keyEnd+1)+1) // past the colon
		start := i
		i = valueEnd(obj, i)
		if bytes.EqualFold(key, []byte("documentId")) {
			id = ""
			if obj[start] == '"' {
				id, _ = jsonscan.Unquote(obj[start+1 : i-1])
			}
		}
	}
	return id
}

// valueEnd returns the index just past the valid JSON value at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		end, _, _ := jsonscan.StringEnd(b, i+1)
		return end + 1
	case '{', '[':
		end, _, _ := jsonscan.ContainerEnd(b, i)
		return end
	case 't', 'n':
		return i + 4
	case 'f':
		return i + 5
	}
	end, _ := jsonscan.NumberEnd(b, i)
	return end
}

// decodeFirst decodes the first JSON value of data into v as a json.Decoder
// does. A whole, valid data takes the codec's Unmarshal once; otherwise the
// scanner finds the end of the first value, or the syntax error a Decoder
// reports, and the value alone is decoded once more, by encoding/json, for
// a type error's wording.
func decodeFirst(data []byte, v any) error {
	if codec.Unmarshal(data, v) == nil {
		return nil
	}
	reflect.ValueOf(v).Elem().SetZero() // drop what the failed attempt filled in
	end, err := jsonscan.FirstValue(data)
	if err != nil {
		return err
	}
	return builtinjson.Unmarshal(data[:end], v)
}

var paramsPool = sync.Pool{New: func() any { return new(graphql.RawParams) }}

// getParams returns a zeroed RawParams; give it back with putParams once
// the executor has turned it into an operation context.
func getParams() *graphql.RawParams { return paramsPool.Get().(*graphql.RawParams) }

func putParams(p *graphql.RawParams) {
	*p = graphql.RawParams{}
	paramsPool.Put(p)
}

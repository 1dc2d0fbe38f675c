package transport

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// UrlEncodedForm serves POST requests with Content-Type
// application/x-www-form-urlencoded. Clients put three different things in
// such bodies, and all are understood: a JSON request object (recognised by
// a "query": key), query=<URL-escaped document>, or a plain document with
// or without a "query=" prefix.
type UrlEncodedForm struct {
	// ResponseHeaders are added to every response; when empty, the only
	// header added is Content-Type: application/json.
	ResponseHeaders map[string][]string

	// MaxBodySize limits the request body, in bytes; a longer body is
	// answered with 413 and a GraphQL error. Zero means 32 MiB, a negative
	// value means no limit. (Not in upstream gqlgen, which reads any size.)
	MaxBodySize int64
}

var _ graphql.Transport = UrlEncodedForm{}

// Supports accepts POST requests with Content-Type
// application/x-www-form-urlencoded that are not websocket upgrades.
func (h UrlEncodedForm) Supports(r *http.Request) bool {
	return isPlainPOST(r, "application/x-www-form-urlencoded")
}

// Do runs the request in the body and writes its response. A body that
// cannot be read is answered with 400, one that cannot be decoded with 422.
func (h UrlEncodedForm) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	addHeaders(w, h.ResponseHeaders)
	start := graphql.Now()

	buf := getBuffer()
	defer putBuffer(buf)
	body, err := readBody(r, bodyLimit(h.MaxBodySize), *buf)
	*buf = body
	if err != nil {
		answerBodyError(w, r, exec, err, http.StatusBadRequest, "could not get form body: %+v")
		return
	}

	params := getParams()
	defer putParams(params)
	if err := readFormBody(body, params); err != nil {
		w.WriteHeader(http.StatusUnprocessableEntity)
		dispatchError(r.Context(), w, exec, gqlerror.Errorf("could not cleanup body: %+v", err))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	runSingle(w, r, exec, params, statusFor)
}

// readFormBody fills params from one of the three body shapes.
func readFormBody(body []byte, params *graphql.RawParams) error {
	switch {
	case bytes.Contains(body, []byte(`"query":`)):
		return decodeJSON(body, params)
	case bytes.HasPrefix(body, []byte("query=%7B")):
		unescaped, err := url.QueryUnescape(string(body))
		if err != nil {
			return err
		}
		params.Query = strings.TrimPrefix(unescaped, "query=")
	default:
		params.Query = string(bytes.TrimPrefix(body, []byte("query=")))
	}
	return nil
}

package transport

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// GRAPHQL serves requests whose body is the query document itself
// (Content-Type application/graphql). A leading "query=" is dropped, and a
// body that then starts with a URL-escaped "{" is unescaped.
type GRAPHQL struct {
	// ResponseHeaders are added to every response; when empty, the only
	// header added is Content-Type: application/json.
	ResponseHeaders map[string][]string

	// MaxBodySize limits the request body, in bytes; a longer body is
	// answered with 413 and a GraphQL error. Zero means 32 MiB, a negative
	// value means no limit. (Not in upstream gqlgen, which reads any size.)
	MaxBodySize int64
}

var _ graphql.Transport = GRAPHQL{}

// Supports accepts POST requests with Content-Type application/graphql
// that are not websocket upgrades.
func (h GRAPHQL) Supports(r *http.Request) bool {
	return isPlainPOST(r, "application/graphql")
}

// Do runs the query in the body and writes its response. A body that
// cannot be unescaped is answered with 422.
func (h GRAPHQL) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	addHeaders(w, h.ResponseHeaders)
	start := graphql.Now()

	buf := getBuffer()
	defer putBuffer(buf)
	body, err := readBody(r, bodyLimit(h.MaxBodySize), *buf)
	*buf = body
	if err != nil {
		answerBodyError(w, r, exec, err, 0, "could not get request body: %+v")
		return
	}
	query, err := unwrapQueryBody(string(body))
	if err != nil {
		w.WriteHeader(http.StatusUnprocessableEntity)
		dispatchError(r.Context(), w, exec, gqlerror.Errorf("could not cleanup body: %+v", err))
		return
	}

	params := getParams()
	defer putParams(params)
	params.Query = query
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	runSingle(w, r, exec, params, statusFor)
}

// unwrapQueryBody undoes what some clients do to a raw query body: a
// "query=" prefix, and URL escaping (recognised by an escaped "{" first).
func unwrapQueryBody(body string) (string, error) {
	body = strings.TrimPrefix(body, "query=")
	if !strings.HasPrefix(body, "%7B") {
		return body, nil
	}
	return url.QueryUnescape(body)
}

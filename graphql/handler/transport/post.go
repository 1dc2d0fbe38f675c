package transport

import (
	"net/http"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// POST serves GraphQL requests sent as a JSON body
// ({"query", "operationName", "variables", "extensions"}), the main
// binding of the GraphQL-over-HTTP specification.
type POST struct {
	// ResponseHeaders are added to every response. A "Content-Type" entry
	// overrides the negotiated content type.
	ResponseHeaders map[string][]string

	// UseGrapQLResponseJsonByDefault answers clients that accept anything
	// (no Accept header, */* or application/*) with
	// application/graphql-response+json instead of application/json.
	UseGrapQLResponseJsonByDefault bool

	// MaxBodySize limits the request body, in bytes; a longer body is
	// answered with 413 and a GraphQL error. Zero means 32 MiB, a negative
	// value means no limit. (Not in upstream gqlgen, which reads any size.)
	MaxBodySize int64
}

var _ graphql.Transport = POST{}

// Supports accepts POST requests with Content-Type application/json that
// are not websocket upgrades.
func (h POST) Supports(r *http.Request) bool {
	return isPlainPOST(r, mediaJSON)
}

// Do decodes the body, runs the operation and writes its response. An
// undecodable body is answered with 400.
func (h POST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	contentType := responseContentType(h.ResponseHeaders, r, h.UseGrapQLResponseJsonByDefault)
	addNegotiatedHeaders(w, contentType, h.ResponseHeaders)

	start := graphql.Now()
	buf := getBuffer()
	defer putBuffer(buf)
	body, err := readBody(r, bodyLimit(h.MaxBodySize), *buf)
	*buf = body
	if err != nil {
		answerBodyError(w, r, exec, err, 0, "could not read request body: %+v")
		return
	}

	params := getParams()
	defer putParams(params)
	if err := decodeJSON(body, params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		dispatchError(r.Context(), w, exec,
			gqlerror.Errorf("json request body could not be decoded: %+v body:%s", err, body))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}

	runSingle(w, r, exec, params, statusChooser(contentType))
}

package transport

import (
	"net/http"
	"net/url"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

// GET serves GraphQL queries encoded in the URL's query string (query,
// operationName, and JSON-encoded variables and extensions), as in the
// GraphQL-over-HTTP specification, and documentId, as in its persisted
// documents appendix. Only query operations are allowed.
type GET struct {
	// ResponseHeaders are added to every response. A "Content-Type" entry
	// overrides the negotiated content type.
	ResponseHeaders map[string][]string
	// UseGrapQLResponseJsonByDefault answers clients that accept anything
	// (no Accept header, */* or application/*) with
	// application/graphql-response+json instead of application/json.
	UseGrapQLResponseJsonByDefault bool
}

var _ graphql.Transport = GET{}

// Supports accepts GET requests that are not websocket upgrades.
func (h GET) Supports(r *http.Request) bool {
	return r.Method == http.MethodGet && requestHeader(r, "Upgrade") == ""
}

// Do reads the query string, runs the query and writes its response.
// Malformed parameters are answered with 400, and operations other than
// queries with 406.
func (h GET) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	values, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeMessage(w, err.Error())
		return
	}
	contentType := responseContentType(h.ResponseHeaders, r, h.UseGrapQLResponseJsonByDefault)
	addNegotiatedHeaders(w, contentType, h.ResponseHeaders)

	params := getParams()
	defer putParams(params)
	params.Query = values.Get("query")
	params.OperationName = values.Get("operationName")
	params.DocumentID = values.Get("documentId")
	params.Headers = r.Header
	params.ReadTime.Start = graphql.Now()
	if v := values.Get("variables"); v != "" && decodeJSON([]byte(v), &params.Variables) != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeMessage(w, "variables could not be decoded")
		return
	}
	if v := values.Get("extensions"); v != "" && decodeJSON([]byte(v), &params.Extensions) != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeMessage(w, "extensions could not be decoded")
		return
	}
	params.ReadTime.End = graphql.Now()

	runQuery(w, r, exec, params, statusChooser(contentType))
}

// onlyQueries refuses mutations and subscriptions, which must not be sent
// with a safe method.
func onlyQueries(w http.ResponseWriter, opCtx *graphql.OperationContext) bool {
	op := opCtx.Operation
	if opCtx.Doc != nil {
		if named := opCtx.Doc.Operations.ForName(opCtx.OperationName); named != nil {
			op = named
		}
	}
	if op != nil && op.Operation == ast.Query {
		return true
	}
	w.WriteHeader(http.StatusNotAcceptable)
	writeMessage(w, "GET requests only allow query operations")
	return false
}

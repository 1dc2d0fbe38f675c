package transport

import (
	"mime"
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql/errcode"
)

// Media types of GraphQL-over-HTTP responses.
const (
	mediaJSON            = "application/json"
	mediaGraphQLResponse = "application/graphql-response+json"
)

// responseContentType picks the Content-Type of a POST or GET response: an
// explicit Content-Type among the configured headers wins; otherwise the
// first acceptable entry of the Accept header decides, where wildcards and
// an absent header mean the default (application/json, or
// application/graphql-response+json when preferGraphQL is set), and a
// header naming neither JSON type gets application/graphql-response+json.
func responseContentType(configured map[string][]string, r *http.Request, preferGraphQL bool) string {
	for name, values := range configured {
		if strings.EqualFold(name, "Content-Type") {
			if len(values) == 0 {
				return ""
			}
			return values[0]
		}
	}
	fallback := mediaJSON
	if preferGraphQL {
		fallback = mediaGraphQLResponse
	}
	accept := requestHeader(r, "Accept")
	if accept == "" {
		return fallback
	}
	for entry := range strings.SplitSeq(accept, ",") {
		switch acceptedMediaType(entry) {
		case "*/*", "application/*":
			return fallback
		case mediaJSON:
			return mediaJSON
		case mediaGraphQLResponse:
			return mediaGraphQLResponse
		}
	}
	return mediaGraphQLResponse
}

// acceptedMediaType returns the media type of one Accept entry, lower-cased,
// when it is one of those responseContentType cares about and the entry is
// well formed (as mime.ParseMediaType judges it); otherwise "". Entries
// without parameters, the common case, are compared without parsing.
func acceptedMediaType(entry string) string {
	entry = strings.TrimSpace(entry)
	base, _, hasParams := strings.Cut(entry, ";")
	base = strings.TrimSpace(base)
	var known string
	for _, candidate := range [...]string{"*/*", "application/*", mediaJSON, mediaGraphQLResponse} {
		if equalFoldASCII(base, candidate) {
			known = candidate
			break
		}
	}
	if known == "" || !hasParams {
		return known
	}
	if _, _, err := mime.ParseMediaType(entry); err != nil {
		return ""
	}
	return known
}

// hasMediaType reports whether the Content-Type header value names want
// (lower case) and is well formed, as mime.ParseMediaType judges it.
func hasMediaType(header, want string) bool {
	if equalFoldASCII(header, want) {
		return true
	}
	mediaType, _, err := mime.ParseMediaType(header)
	return err == nil && mediaType == want
}

// equalFoldASCII is strings.EqualFold for ASCII letters only, which is how
// mime.ParseMediaType lower-cases a media type's token characters.
func equalFoldASCII(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		a, b := s[i], t[i]
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}

// isPlainPOST is the common start of the body-carrying transports'
// Supports: a POST that is not a websocket upgrade, whose body has
// media type want.
func isPlainPOST(r *http.Request, want string) bool {
	return r.Method == http.MethodPost && requestHeader(r, "Upgrade") == "" &&
		hasMediaType(requestHeader(r, "Content-Type"), want)
}

// addHeaders adds the configured response headers, or Content-Type:
// application/json when none are configured.
func addHeaders(w http.ResponseWriter, configured map[string][]string) {
	h := w.Header()
	if len(configured) == 0 {
		addContentType(h, mediaJSON)
		return
	}
	for name, values := range configured {
		for _, v := range values {
			h.Add(name, v)
		}
	}
}

// addNegotiatedHeaders adds Content-Type contentType and the configured
// headers; a configured "Content-Type" entry replaces the negotiated one.
func addNegotiatedHeaders(w http.ResponseWriter, contentType string, configured map[string][]string) {
	if _, ok := configured["Content-Type"]; !ok {
		addContentType(w.Header(), contentType)
	}
	for name, values := range configured {
		for _, v := range values {
			w.Header().Add(name, v)
		}
	}
}

// statusFor maps errors found before execution to an HTTP status:
// 422 for malformed requests (parse and validation failures), 200 otherwise.
func statusFor(errs gqlerror.List) int {
	if errcode.GetErrorKind(errs) == errcode.KindProtocol {
		return http.StatusUnprocessableEntity
	}
	return http.StatusOK
}

// statusForGraphQLResponse is statusFor for responses of media type
// application/graphql-response+json, where the GraphQL-over-HTTP spec asks
// for 400 on malformed requests.
func statusForGraphQLResponse(errs gqlerror.List) int {
	if errcode.GetErrorKind(errs) == errcode.KindProtocol {
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// statusChooser returns the status mapping for a response of contentType.
func statusChooser(contentType string) func(gqlerror.List) int {
	if contentType == mediaGraphQLResponse {
		return statusForGraphQLResponse
	}
	return statusFor
}

// Header values for the usual content types, shared by every response so
// that setting them costs no allocation. Each has no spare capacity: an Add
// after ours copies it instead of writing into it, and Set replaces it.
var (
	jsonContentType            = []string{mediaJSON}
	graphQLResponseContentType = []string{mediaGraphQLResponse}
)

// addContentType adds a Content-Type header, as h.Add would.
func addContentType(h http.Header, contentType string) {
	if _, set := h["Content-Type"]; !set {
		switch contentType {
		case mediaJSON:
			h["Content-Type"] = jsonContentType[:1:1]
			return
		case mediaGraphQLResponse:
			h["Content-Type"] = graphQLResponseContentType[:1:1]
			return
		}
	}
	h.Add("Content-Type", contentType)
}

// requestHeader returns the first value of the request header name, which must be
// in canonical form: what r.Header.Get returns, without canonicalising the
// name on every call.
func requestHeader(r *http.Request, name string) string {
	if v := r.Header[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

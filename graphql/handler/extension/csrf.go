package extension

import (
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// DefaultCSRFPreventionHeaders are the headers CSRFPrevention accepts as
// proof of a preflight when its RequestHeaders is nil. They are the ones
// Apollo Server's csrfPrevention accepts by default, so that clients set up
// for Apollo Server (Apollo's mobile clients, upload links configured with
// Apollo-Require-Preflight) work unchanged.
var DefaultCSRFPreventionHeaders = []string{"X-Apollo-Operation-Name", "Apollo-Require-Preflight"}

// CSRFPrevention refuses every request that a page on another site could
// have made the victim's browser send without a CORS preflight, and so with
// the victim's cookies and without the server's consent: an HTML form
// posting multipart/form-data or application/x-www-form-urlencoded, a
// fetch of text/plain, a link or image loading a GET query. It refuses them
// before any transport reads the body, with status 400 and one GraphQL
// error whose extensions.code is "BAD_REQUEST".
//
// A request passes when the browser would have had to ask the server first
// (a preflight, which the server's CORS policy answers):
//
//   - its method is not GET, HEAD or POST (the SSE transport's PUT and
//     DELETE, for example), or
//   - it has a Content-Type whose media type is none of
//     application/x-www-form-urlencoded, multipart/form-data and
//     text/plain (application/json and application/graphql pass), or
//   - one of RequestHeaders is present with a non-empty value (header
//     names are matched without regard to case).
//
// So GET requests, form-urlencoded bodies and multipart uploads pass only
// with one of the headers; Apollo Server's csrfPrevention draws the same
// line. A request with an Upgrade header passes: browsers let no page set
// that header, and send it only for a WebSocket handshake, which no CORS
// preflight protects. The websocket transport checks those by their Origin
// instead: the default CoderWebsocketImplementation accepts only an Origin
// whose host is the request's Host, unless its AcceptOptions say otherwise
// (OriginPatterns, InsecureSkipVerify).
//
// Without this extension every request goes on to the transports, as in
// upstream gqlgen.
type CSRFPrevention struct {
	// RequestHeaders are the headers that let a request of a "simple"
	// content type (or none) through. nil means
	// DefaultCSRFPreventionHeaders; an empty, non-nil slice lets no such
	// request through. A header a page may set without a preflight
	// (Accept, Accept-Language, Content-Language, Range) proves nothing and
	// must not be listed.
	RequestHeaders []string
}

var _ interface {
	graphql.HandlerExtension
	graphql.RequestChecker
} = CSRFPrevention{}

// ExtensionName reports "CSRFPrevention".
func (CSRFPrevention) ExtensionName() string { return "CSRFPrevention" }

// Validate accepts every schema.
func (CSRFPrevention) Validate(graphql.ExecutableSchema) error { return nil }

// CheckRequest returns an error for a request a browser could have sent
// cross-site without a preflight and that carries none of the headers.
func (c CSRFPrevention) CheckRequest(r *http.Request) *gqlerror.Error {
	if !sendableWithoutPreflight(r) {
		return nil
	}
	headers := c.RequestHeaders
	if headers == nil {
		headers = DefaultCSRFPreventionHeaders
	}
	for _, h := range headers {
		if r.Header.Get(h) != "" {
			return nil
		}
	}
	msg := "request refused as a possible cross-site request forgery: send it with a Content-Type other than " +
		"application/x-www-form-urlencoded, multipart/form-data and text/plain"
	if len(headers) > 0 {
		msg += ", or with a non-empty " + headerList(headers) + " header"
	}
	return &gqlerror.Error{Message: msg, Extensions: map[string]any{"code": "BAD_REQUEST"}}
}

// sendableWithoutPreflight reports whether a page of any origin could have
// made a browser send r without asking the server first: a GET, HEAD or
// POST whose Content-Type is missing, empty or one of the three a form can
// send.
// Such a page can add no other header a browser would let through without
// a preflight (only Accept, Accept-Language, Content-Language and Range
// are also allowed, and none of them proves anything).
func sendableWithoutPreflight(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodPost:
	default:
		return false
	}
	if r.Header.Get("Upgrade") != "" {
		return false
	}
	switch mediaType(r.Header.Get("Content-Type")) {
	case "", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain":
		return true
	}
	return false
}

// mediaType is the type/subtype of a Content-Type value, lower-cased and
// without parameters or surrounding HTTP whitespace: what browsers compare
// with the three simple types. A value browsers could not parse comes out
// as something other than those three; browsers preflight such a value.
func mediaType(value string) string {
	if i := strings.IndexByte(value, ';'); i >= 0 {
		value = value[:i]
	}
	return strings.ToLower(strings.Trim(value, " \t\r\n"))
}

// headerList joins one or more names as "A or B" ("A, B or C" for three),
// for the error message.
func headerList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

package transport

import (
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
)

// Options answers OPTIONS requests with the allowed methods, and HEAD
// requests with 405 Method Not Allowed.
type Options struct {
	// AllowedMethods are listed in the Allow header; when empty it says
	// "OPTIONS, GET, POST".
	AllowedMethods []string
}

var _ graphql.Transport = Options{}

// Supports accepts OPTIONS and HEAD requests.
func (o Options) Supports(r *http.Request) bool {
	return r.Method == http.MethodOptions || r.Method == http.MethodHead
}

// Do writes the Allow header (OPTIONS) or 405 (HEAD); neither has a body.
func (o Options) Do(w http.ResponseWriter, r *http.Request, _ graphql.GraphExecutor) {
	switch r.Method {
	case http.MethodOptions:
		allow := "OPTIONS, GET, POST"
		if len(o.AllowedMethods) > 0 {
			allow = strings.Join(o.AllowedMethods, ", ")
		}
		w.Header().Set("Allow", allow)
		w.WriteHeader(http.StatusOK)
	case http.MethodHead:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

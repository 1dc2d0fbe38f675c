// Package playground serves in-browser GraphQL IDEs for a gqlgen endpoint:
// GraphiQL (Handler, HandlerWithHeaders), Apollo Sandbox
// (ApolloSandboxHandler) and Altair (AltairHandler).
//
// Each handler answers every request with one HTML page. The page loads the
// IDE from a public CDN, pinned to a version and checked with subresource
// integrity hashes. To run without the CDN, serve the files yourself and
// point the page at them: WithGraphiqlVersion, WithGraphiqlReactVersion and
// WithGraphiqlPluginExplorerVersion for GraphiQL, WithApolloSandboxJs and
// WithApolloSandboxFavicon for Apollo Sandbox, AltairHandlerWithAssets for
// Altair. An empty integrity hash leaves the integrity attribute out. The
// separate module github.com/99designs/gqlgen/contrib/playgroundassets
// embeds the default releases of GraphiQL and Altair and returns these
// options for them; Apollo Sandbox needs Apollo's servers whatever its
// script's URL.
//
// The endpoint may be a path ("/query"), which the page resolves against the
// address it was loaded from, or an absolute URL. Subscriptions use the same
// endpoint with the ws: or wss: scheme.
package playground

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"github.com/99designs/gqlgen/codec"
)

//go:embed templates/*.html
var templateFiles embed.FS

var pages = template.Must(template.ParseFS(templateFiles, "templates/*.html"))

// asset is a file a page loads, with its integrity hash ("" for none).
type asset struct {
	URL template.URL
	SRI string
}

// render executes the named page template once; the handlers serve the
// result. A failure is a bug in this package, so it panics.
func render(name string, view any) []byte {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, view); err != nil {
		panic("playground: rendering " + name + ": " + err.Error())
	}
	return b.Bytes()
}

// serve answers every request with page.
func serve(page []byte, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write(page)
	}
}

// scriptEscaper makes JSON safe to place inside a <script> element. A
// conforming codec already escapes these characters; this keeps the page
// well-formed whatever the codec does. They can only occur inside JSON
// strings, where the \u form means the same.
var scriptEscaper = strings.NewReplacer(
	"<", `\u003c`, ">", `\u003e`, "&", `\u0026`,
	"\u2028", `\u2028`, "\u2029", `\u2029`,
)

// scriptJSON encodes v for use as a JavaScript expression in a page.
func scriptJSON(v any) (template.JS, error) {
	b, err := codec.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(scriptEscaper.Replace(string(b))), nil
}

// endpointHasScheme reports whether endpoint is an absolute URL, which the
// page uses as it is rather than resolving it against its own address.
func endpointHasScheme(endpoint string) bool {
	u, err := url.Parse(endpoint)
	return err == nil && u.Scheme != ""
}

// subscriptionEndpoint is endpoint with its scheme replaced by wss for https
// and by ws otherwise, or "" when endpoint is not a URL.
func subscriptionEndpoint(endpoint string) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return ""
	}
	if u.Scheme == "https" {
		u.Scheme = "wss"
	} else {
		u.Scheme = "ws"
	}
	return u.String()
}

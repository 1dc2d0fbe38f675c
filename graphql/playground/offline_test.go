package playground

import (
	"io"
	"net/http"
	"os"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOfflineDeployment serves every page together with its own copies of
// the assets, the way a deployment without Internet access would, and checks
// that each asset the page loads is served and matches its integrity hash.
func TestOfflineDeployment(t *testing.T) {
	files := fstest.MapFS{
		"static/graphiql.js":         {Data: []byte("window.GraphiQL = function () {};")},
		"static/graphiql.css":        {Data: []byte("#graphiql { color: red }")},
		"static/react.js":            {Data: []byte("window.React = {};")},
		"static/react-dom.js":        {Data: []byte("window.ReactDOM = {};")},
		"static/explorer.js":         {Data: []byte("window.GraphiQLPluginExplorer = {};")},
		"static/explorer.css":        {Data: []byte(".explorer {}")},
		"static/sandbox.js":          {Data: []byte("window.EmbeddedSandbox = function () {};")},
		"static/altair/styles.css":   {Data: []byte("body {}")},
		"static/altair/main.js":      {Data: []byte("var AltairGraphQL = {};")},
		"static/altair/polyfills.js": {Data: []byte("/* polyfills */")},
		"static/altair/runtime.js":   {Data: []byte("/* runtime */")},
		"static/altair/favicon.ico":  {Data: []byte{0, 0, 1, 0}},
		"static/altair/assets/x.svg": {Data: []byte("<svg/>")},
	}
	hash := func(name string) string { return sri(files[name].Data) }

	mux := http.NewServeMux()
	mux.Handle("/static/", http.FileServerFS(files))
	mux.Handle("/graphiql", Handler("API", "/query",
		WithGraphiqlVersion("/static/graphiql.js", "/static/graphiql.css",
			hash("static/graphiql.js"), hash("static/graphiql.css")),
		WithGraphiqlReactVersion("/static/react.js", "/static/react-dom.js",
			hash("static/react.js"), hash("static/react-dom.js")),
		WithGraphiqlEnablePluginExplorer(true),
		WithGraphiqlPluginExplorerVersion("/static/explorer.js", "/static/explorer.css",
			hash("static/explorer.js"), hash("static/explorer.css")),
	))
	mux.Handle("/sandbox", ApolloSandboxHandler("API", "/query",
		WithApolloSandboxJs("/static/sandbox.js", hash("static/sandbox.js")),
		WithApolloSandboxFavicon(""),
	))
	mux.Handle("/altair", AltairHandlerWithAssets("API", "/query", nil, AltairAssets{
		BaseURL:      "/static/altair/",
		StylesSRI:    hash("static/altair/styles.css"),
		MainSRI:      hash("static/altair/main.js"),
		PolyfillsSRI: hash("static/altair/polyfills.js"),
		RuntimeSRI:   hash("static/altair/runtime.js"),
	}))

	for _, page := range []string{"/graphiql", "/sandbox", "/altair"} {
		t.Run(page, func(t *testing.T) {
			pageURL := "http://intranet.local" + page
			_, body := fetchPage(t, mux, pageURL)
			assets := pageAssets(t, pageURL, body)
			require.NotEmpty(t, assets)
			for _, a := range assets {
				require.Contains(t, a.url, "http://intranet.local/static/", "nothing is loaded from elsewhere")
				res, content := fetchPage(t, mux, a.url)
				require.Equal(t, http.StatusOK, res.StatusCode, a.url)
				assert.Equal(t, sri([]byte(content)), a.integrity, a.url)
			}
			assert.NotContains(t, body, "cdn.", "no CDN reference is left")
			assert.NotContains(t, body, "apollographql.com")
		})
	}
}

// TestCDNIntegrity downloads the default assets and checks them against the
// pinned hashes. It needs the network, so it only runs when
// GQLGEN_TEST_NETWORK is set.
func TestCDNIntegrity(t *testing.T) {
	if os.Getenv("GQLGEN_TEST_NETWORK") == "" {
		t.Skip("set GQLGEN_TEST_NETWORK=1 to check the CDN assets")
	}
	httpClient := &http.Client{Timeout: 30 * time.Second}
	for name, h := range handlers {
		t.Run(name, func(t *testing.T) {
			_, page := fetchPage(t, h.new("API", "/query"), "http://localhost/")
			for _, a := range pageAssets(t, "http://localhost/", page) {
				res, err := httpClient.Get(a.url)
				require.NoError(t, err)
				content, err := io.ReadAll(res.Body)
				_ = res.Body.Close()
				require.NoError(t, err)
				require.Equal(t, http.StatusOK, res.StatusCode, a.url)
				assert.Equal(t, sri(content), a.integrity, a.url)
			}
		})
	}
}

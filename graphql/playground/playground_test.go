package playground

import (
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// handlers are the three pages with their default settings, keyed by name.
var handlers = map[string]struct {
	new         func(title, endpoint string) http.HandlerFunc
	contentType string
}{
	"graphiql": {func(title, endpoint string) http.HandlerFunc {
		return Handler(title, endpoint, WithGraphiqlEnablePluginExplorer(true))
	}, "text/html; charset=UTF-8"},
	"apollo sandbox": {func(title, endpoint string) http.HandlerFunc {
		return ApolloSandboxHandler(title, endpoint)
	}, "text/html; charset=utf-8"},
	"altair": {func(title, endpoint string) http.HandlerFunc {
		return AltairHandler(title, endpoint, nil)
	}, "text/html; charset=utf-8"},
}

func TestPagesAreHTML(t *testing.T) {
	for name, h := range handlers {
		t.Run(name, func(t *testing.T) {
			res, page := fetchPage(t, h.new("Star </title> Wars & co", "/query"), "http://localhost:8080/")
			assert.Equal(t, http.StatusOK, res.StatusCode)
			assert.Equal(t, []string{h.contentType}, res.Header.Values("Content-Type"))
			assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>\n"), "starts with a doctype")
			assert.Regexp(t, `<head>\n<meta charset="utf-8">\n<title>Star &lt;/title&gt; Wars &amp; co</title>`, page,
				"the charset comes first in <head>, the title is escaped")
			assert.True(t, strings.HasSuffix(page, "</html>\n"))
		})
	}
}

func TestPagesServeEveryRequestAlike(t *testing.T) {
	for name, h := range handlers {
		t.Run(name, func(t *testing.T) {
			handler := h.new("API", "/query")
			_, first := fetchPage(t, handler, "http://localhost:8080/")
			_, second := fetchPage(t, handler, "https://example.org/deep/path?x=1")
			assert.Equal(t, first, second)
		})
	}
}

func TestDefaultAssets(t *testing.T) {
	type want struct{ url, sri string }
	tests := map[string][]want{
		"graphiql": {
			{"https://cdn.jsdelivr.net/npm/graphiql@4.1.2/graphiql.min.css", "sha256-MEh+B2NdMSpj9kexQNN3QKc8UzMrCXW/Sx/phcpuyIU="},
			{"https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@4.0.6/dist/style.min.css", "sha256-b0izygy8aEMY3fCLmtNkm9PKdE3kRD4Qjn6Q8gw5xKI="},
			{"https://cdn.jsdelivr.net/npm/react@18.2.0/umd/react.production.min.js", "sha256-S0lp+k7zWUMk2ixteM6HZvu8L9Eh//OVrt+ZfbCpmgY="},
			{"https://cdn.jsdelivr.net/npm/react-dom@18.2.0/umd/react-dom.production.min.js", "sha256-IXWO0ITNDjfnNXIu5POVfqlgYoop36bDzhodR6LW5Pc="},
			{"https://cdn.jsdelivr.net/npm/graphiql@4.1.2/graphiql.min.js", "sha256-hnImuor1znlJkD/FOTL3jayfS/xsyNoP04abi8bFJWs="},
			{"https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@4.0.6/dist/index.umd.js", "sha256-UM8sWOS0Xa9yLY85q6Clh0pF4qpxX+TOcJ41flECqBs="},
		},
		"apollo sandbox": {
			{"https://embeddable-sandbox.cdn.apollographql.com/02e2da0fccbe0240ef03d2396d6c98559bab5b06/embeddable-sandbox.umd.production.min.js", "sha256-asj/scPAF8jmMGj1J+YwCHps3uI57AZ78cHs0bJkML4="},
		},
		"altair": {
			{"https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/styles.css", "sha256-aYcodhWPcqIHh2lLDWeoq+irtg7qkWLLLK30gjQJZc8="},
			{"https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/main.js", "sha256-bjpcMy7w3aaX8Cjuyv5hPE9FlkJRys0kxooPRtbGd8c="},
			{"https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/polyfills.js", "sha256-+hQzPqfWEkAfOfKytrW7hLceq0mUR3pHXn+UzwhrWQ0="},
			{"https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/runtime.js", "sha256-2SHK1nFbucnnM02VXrl4CAKDYQbJEF9HVZstRkVbkJM="},
		},
	}
	for name, wants := range tests {
		t.Run(name, func(t *testing.T) {
			_, page := fetchPage(t, handlers[name].new("API", "/query"), "http://localhost:8080/")
			assets := pageAssets(t, "http://localhost:8080/", page)
			require.Len(t, assets, len(wants))
			for i, w := range wants {
				assert.Equal(t, w.url, assets[i].url)
				assert.Equal(t, w.sri, assets[i].integrity)
				assert.Equal(t, "anonymous", assets[i].crossOrigin)
			}
		})
	}
}

func TestGraphiqlExplorerIsOptional(t *testing.T) {
	_, page := fetchPage(t, Handler("API", "/query"), "http://localhost/")
	for _, a := range pageAssets(t, "http://localhost/", page) {
		assert.NotContains(t, a.url, "plugin-explorer")
	}
	assert.Equal(t, false, pageSettings(t, page)["explorer"])
}

func TestEndpoints(t *testing.T) {
	tests := []struct {
		endpoint, subscription string
		absolute               bool
	}{
		{"/query", "ws:///query", false},
		{"query", "ws://query", false},
		{"http://example.org/query", "ws://example.org/query", true},
		{"https://example.org:8443/api/query?x=1", "wss://example.org:8443/api/query?x=1", true},
		{"ws://example.org/query", "ws://example.org/query", true},
		{"%zz", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.endpoint, func(t *testing.T) {
			var seen GraphiqlConfig
			_, page := fetchPage(t, Handler("API", tt.endpoint, func(c *GraphiqlConfig) { seen = *c }), "http://localhost/")
			assert.Equal(t, tt.endpoint, seen.Endpoint)
			assert.Equal(t, tt.absolute, seen.EndpointIsAbsolute)
			assert.Equal(t, tt.subscription, seen.SubscriptionEndpoint)
			s := pageSettings(t, page)
			assert.Equal(t, tt.endpoint, s["endpoint"])
			assert.Equal(t, tt.absolute, s["absolute"])
			assert.Equal(t, tt.subscription, s["subscriptionEndpoint"])

			_, page = fetchPage(t, AltairHandler("API", tt.endpoint, nil), "http://localhost/")
			s = pageSettings(t, page)
			assert.Equal(t, tt.endpoint, s["endpoint"])
			assert.Equal(t, tt.absolute, s["absolute"])
			assert.Equal(t, tt.subscription, s["subscriptionEndpoint"])

			_, page = fetchPage(t, ApolloSandboxHandler("API", tt.endpoint), "http://localhost/")
			s = pageSettings(t, page)
			assert.Equal(t, tt.endpoint, s["endpoint"])
			assert.Equal(t, tt.absolute, s["absolute"])
		})
	}
}

func TestGraphiqlOptionsSetConfig(t *testing.T) {
	headers := map[string]string{"Authorization": "Bearer t"}
	tests := []struct {
		name string
		opt  GraphiqlConfigOption
		want GraphiqlConfig
	}{
		{"fetcher headers", WithGraphiqlFetcherHeaders(headers), GraphiqlConfig{FetcherHeaders: headers}},
		{"ui headers", WithGraphiqlUiHeaders(headers), GraphiqlConfig{UiHeaders: headers}},
		{"persist on", WithGraphiqlPersistStateInURL(true), GraphiqlConfig{PersistStateInURL: true}},
		{"persist off", WithGraphiqlPersistStateInURL(false), GraphiqlConfig{}},
		{"explorer", WithGraphiqlEnablePluginExplorer(true), GraphiqlConfig{EnablePluginExplorer: true}},
		{"storage prefix", WithStoragePrefix("p:"), GraphiqlConfig{StoragePrefix: "p:"}},
		{"graphiql version", WithGraphiqlVersion("a.js", "a.css", "js-sri", "css-sri"),
			GraphiqlConfig{JsUrl: "a.js", CssUrl: "a.css", JsSRI: "js-sri", CssSRI: "css-sri"}},
		{"react version", WithGraphiqlReactVersion("r.js", "rd.js", "r-sri", "rd-sri"),
			GraphiqlConfig{ReactUrl: "r.js", ReactDOMUrl: "rd.js", ReactSRI: "r-sri", ReactDOMSRI: "rd-sri"}},
		{"explorer version", WithGraphiqlPluginExplorerVersion("e.js", "e.css", "e-sri", "ec-sri"),
			GraphiqlConfig{PluginExplorerJsUrl: "e.js", PluginExplorerCssUrl: "e.css", PluginExplorerJsSRI: "e-sri", PluginExplorerCssSRI: "ec-sri"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got GraphiqlConfig
			tt.opt(&got)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestGraphiqlSettings(t *testing.T) {
	_, page := fetchPage(t, Handler("API", "/query",
		WithGraphiqlFetcherHeaders(map[string]string{"Authorization": "Bearer </script>"}),
		WithGraphiqlUiHeaders(map[string]string{"X-Custom": "value"}),
		WithGraphiqlPersistStateInURL(true),
		WithGraphiqlEnablePluginExplorer(true),
		WithStoragePrefix("my-prefix"),
	), "http://localhost/")
	assert.Equal(t, map[string]any{
		"endpoint":             "/query",
		"subscriptionEndpoint": "ws:///query",
		"absolute":             false,
		"fetcherHeaders":       map[string]any{"Authorization": "Bearer </script>"},
		"uiHeaders":            map[string]any{"X-Custom": "value"},
		"explorer":             true,
		"persistStateInURL":    true,
		"storagePrefix":        "my-prefix",
	}, pageSettings(t, page))
	assert.Equal(t, 5, strings.Count(page, "</script>"), "nothing closes a script early")

	_, page = fetchPage(t, HandlerWithHeaders("API", "/query",
		map[string]string{"A": "1"}, map[string]string{}), "http://localhost/")
	s := pageSettings(t, page)
	assert.Equal(t, map[string]any{"A": "1"}, s["fetcherHeaders"])
	assert.NotContains(t, s, "uiHeaders", "empty headers are left out")
	assert.Equal(t, false, s["persistStateInURL"])
	assert.Equal(t, "", s["storagePrefix"])
}

func TestGraphiqlCustomOptionSeesDefaults(t *testing.T) {
	var seen GraphiqlConfig
	Handler("API", "https://example.org/query", func(c *GraphiqlConfig) {
		seen = *c
		c.SubscriptionEndpoint = "wss://push.example.org/query"
	})
	assert.Equal(t, "API", seen.Title)
	assert.Equal(t, template.URL("https://cdn.jsdelivr.net/npm/graphiql@4.1.2/graphiql.min.js"), seen.JsUrl)
	assert.False(t, seen.EnablePluginExplorer)

	_, page := fetchPage(t, Handler("API", "https://example.org/query", func(c *GraphiqlConfig) {
		c.SubscriptionEndpoint = "wss://push.example.org/query"
	}), "http://localhost/")
	assert.Equal(t, "wss://push.example.org/query", pageSettings(t, page)["subscriptionEndpoint"])
}

func TestEmptyIntegrityIsLeftOut(t *testing.T) {
	_, page := fetchPage(t, Handler("API", "/query",
		WithGraphiqlVersion("/static/graphiql.js", "/static/graphiql.css", "", ""),
		WithGraphiqlReactVersion("/static/react.js", "/static/react-dom.js", "", "sha256-x"),
	), "http://localhost/")
	assets := pageAssets(t, "http://localhost/", page)
	require.Len(t, assets, 4)
	for _, a := range assets {
		if a.url == "http://localhost/static/react-dom.js" {
			assert.Equal(t, "sha256-x", a.integrity)
			continue
		}
		assert.False(t, a.hasIntegrity, a.url)
	}
}

func TestApolloSandboxOptions(t *testing.T) {
	defaults := map[string]any{
		"hideCookieToggle":   true,
		"endpointIsEditable": false,
		"initialState":       map[string]any{"includeCookies": true, "pollForSchemaUpdates": false},
	}
	_, page := fetchPage(t, ApolloSandboxHandler("API", "/query"), "http://localhost/")
	assert.Equal(t, defaults, pageSettings(t, page)["options"])

	_, page = fetchPage(t, ApolloSandboxHandler("API", "/query",
		WithApolloSandboxHideCookieToggle(false),
		WithApolloSandboxEndpointIsEditable(true),
		WithApolloSandboxInitialStateIncludeCookies(false),
		WithApolloSandboxInitialStateDocument("query { me }"),
		WithApolloSandboxInitialStateVariables(map[string]any{"n": 1}),
		WithApolloSandboxInitialStateHeaders(map[string]any{"h": "v"}),
		WithApolloSandboxInitialStateCollectionIdAndOperationId("col", "op"),
		WithApolloSandboxInitialStatePollForSchemaUpdates(true),
		WithApolloSandboxInitialStateSharedHeaders(map[string]any{"s": "</script>"}),
	), "http://localhost/")
	assert.Equal(t, map[string]any{
		"hideCookieToggle":   false,
		"endpointIsEditable": true,
		"initialState": map[string]any{
			"includeCookies":       false,
			"document":             "query { me }",
			"variables":            map[string]any{"n": float64(1)},
			"headers":              map[string]any{"h": "v"},
			"collectionId":         "col",
			"operationId":          "op",
			"pollForSchemaUpdates": true,
			"sharedHeaders":        map[string]any{"s": "</script>"},
		},
	}, normalizeNumbers(pageSettings(t, page)["options"]))
	assert.Equal(t, 2, strings.Count(page, "</script>"))
}

func TestApolloSandboxAssets(t *testing.T) {
	_, page := fetchPage(t, ApolloSandboxHandler("API", "/query",
		WithApolloSandboxJs("/static/sandbox.js", ""),
		WithApolloSandboxFavicon("/static/icon.png"),
	), "http://localhost/")
	assets := pageAssets(t, "http://localhost/", page)
	require.Len(t, assets, 1)
	assert.Equal(t, "http://localhost/static/sandbox.js", assets[0].url)
	assert.False(t, assets[0].hasIntegrity)
	assert.Contains(t, page, `<link rel="icon" href="/static/icon.png">`)

	_, page = fetchPage(t, ApolloSandboxHandler("API", "/query", WithApolloSandboxFavicon("")), "http://localhost/")
	assert.NotContains(t, page, `rel="icon"`)

	_, page = fetchPage(t, ApolloSandboxHandler("API", "/query"), "http://localhost/")
	assert.Contains(t, page,
		`<link rel="icon" href="https://embeddable-sandbox.cdn.apollographql.com/_latest/public/assets/favicon-dark.png">`)
}

func TestApolloSandboxUnencodableOptionsPanic(t *testing.T) {
	assert.PanicsWithError(t,
		"failed to marshal apollo sandbox options: json: unsupported type: chan int",
		func() {
			ApolloSandboxHandler("API", "/query",
				WithApolloSandboxInitialStateVariables(map[string]any{"c": make(chan int)}))
		})
}

func TestAltairOptions(t *testing.T) {
	tests := []struct {
		name    string
		options map[string]any
		want    any
	}{
		{"none", nil, nil},
		{"some", map[string]any{"initialQuery": "{ me }", "endpointURL": "https://elsewhere/q"},
			map[string]any{"initialQuery": "{ me }", "endpointURL": "https://elsewhere/q"}},
		{"unencodable", map[string]any{"f": func() {}}, map[string]any{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, page := fetchPage(t, AltairHandler("API", "/query", tt.options), "http://localhost/")
			assert.Equal(t, tt.want, pageSettings(t, page)["options"])
		})
	}
}

func TestAltairAssets(t *testing.T) {
	assert.Equal(t, "https://cdn.jsdelivr.net/npm/altair-static@8.1.3/build/dist/", DefaultAltairAssets().BaseURL)

	_, page := fetchPage(t, AltairHandlerWithAssets("API", "/query", nil, AltairAssets{
		BaseURL: "/static/altair/", MainSRI: "sha256-main",
	}), "http://localhost:8080/playground")
	assets := pageAssets(t, "http://localhost:8080/playground", page)
	require.Len(t, assets, 4)
	urls := make([]string, len(assets))
	for i, a := range assets {
		urls[i] = a.url
		assert.Equal(t, a.url == "http://localhost:8080/static/altair/main.js", a.hasIntegrity, a.url)
	}
	assert.Equal(t, []string{
		"http://localhost:8080/static/altair/styles.css",
		"http://localhost:8080/static/altair/main.js",
		"http://localhost:8080/static/altair/polyfills.js",
		"http://localhost:8080/static/altair/runtime.js",
	}, urls)
	assert.Regexp(t, regexp.MustCompile(`<base href="/static/altair/">`), page)
}

// normalizeNumbers turns the json.Number values of decoded JSON into
// float64, so that expectations can be written as literals.
func normalizeNumbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = normalizeNumbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = normalizeNumbers(e)
		}
	case interface{ Float64() (float64, error) }:
		f, _ := v.Float64()
		return f
	}
	return v
}

// An option written for v0.17.67 to v0.17.81 sets the versions, which name
// the same jsDelivr files as then.
func TestGraphiqlVersionFields(t *testing.T) {
	old := func(c *GraphiqlConfig) {
		c.Version, c.JsSRI, c.CssSRI = "3.7.0", "sha256-js", "sha256-css"
		c.PluginExplorerVersion = "3.2.5"
		c.EnablePluginExplorer = true
	}
	_, page := fetchPage(t, Handler("API", "/query", old), "http://localhost/")
	var urls []string
	for _, a := range pageAssets(t, "http://localhost/", page) {
		urls = append(urls, a.url+" "+a.integrity)
	}
	for _, want := range []string{
		"https://cdn.jsdelivr.net/npm/graphiql@3.7.0/graphiql.min.js sha256-js",
		"https://cdn.jsdelivr.net/npm/graphiql@3.7.0/graphiql.min.css sha256-css",
		"https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@3.2.5/dist/index.umd.js " + explorerJSSRI,
		"https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@3.2.5/dist/style.css " + explorerCSSSRI,
	} {
		assert.Contains(t, urls, want)
	}
	assert.NotContains(t, page, "graphiql@4.1.2")

	// The old way and the new one at once is refused at start-up.
	assert.PanicsWithError(t, "playground: GraphiqlConfig.Version and JsUrl/CssUrl (WithGraphiqlVersion) are both set; set one", func() {
		Handler("API", "/query", old, WithGraphiqlVersion("a.js", "a.css", "", ""))
	})
	assert.Panics(t, func() {
		Handler("API", "/query", WithGraphiqlPluginExplorerVersion("e.js", "e.css", "", ""),
			func(c *GraphiqlConfig) { c.PluginExplorerVersion = "3.2.5" })
	})
}

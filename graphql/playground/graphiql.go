package playground

import (
	"errors"
	"html/template"
	"net/http"
	"net/url"
)

// The GraphiQL page loads these from jsDelivr by default.
const (
	graphiqlJS     = "https://cdn.jsdelivr.net/npm/graphiql@4.1.2/graphiql.min.js"
	graphiqlJSSRI  = "sha256-hnImuor1znlJkD/FOTL3jayfS/xsyNoP04abi8bFJWs="
	graphiqlCSS    = "https://cdn.jsdelivr.net/npm/graphiql@4.1.2/graphiql.min.css"
	graphiqlCSSSRI = "sha256-MEh+B2NdMSpj9kexQNN3QKc8UzMrCXW/Sx/phcpuyIU="

	reactJS        = "https://cdn.jsdelivr.net/npm/react@18.2.0/umd/react.production.min.js"
	reactJSSRI     = "sha256-S0lp+k7zWUMk2ixteM6HZvu8L9Eh//OVrt+ZfbCpmgY="
	reactDOMJS     = "https://cdn.jsdelivr.net/npm/react-dom@18.2.0/umd/react-dom.production.min.js"
	reactDOMJSSRI  = "sha256-IXWO0ITNDjfnNXIu5POVfqlgYoop36bDzhodR6LW5Pc="
	explorerJS     = "https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@4.0.6/dist/index.umd.js"
	explorerJSSRI  = "sha256-UM8sWOS0Xa9yLY85q6Clh0pF4qpxX+TOcJ41flECqBs="
	explorerCSS    = "https://cdn.jsdelivr.net/npm/@graphiql/plugin-explorer@4.0.6/dist/style.min.css"
	explorerCSSSRI = "sha256-b0izygy8aEMY3fCLmtNkm9PKdE3kRD4Qjn6Q8gw5xKI="
)

// GraphiqlConfig is everything the GraphiQL page is built from. Handler
// fills it with defaults, then applies the options in order. When
// EndpointIsAbsolute is false, Endpoint is a path on the page's own host, for
// queries and subscriptions alike, and SubscriptionEndpoint is not used.
type GraphiqlConfig struct {
	Title                string            // the page title
	StoragePrefix        string            // put before GraphiQL's localStorage keys
	Endpoint             string            // where operations are sent
	FetcherHeaders       map[string]string // sent with every request, not shown
	UiHeaders            map[string]string // shown in the headers editor at first
	EndpointIsAbsolute   bool              // Endpoint is a URL, not a path
	SubscriptionEndpoint string            // the ws: or wss: URL for subscriptions
	PersistStateInURL    bool              // keep the editors' content in the query string
	JsUrl                template.URL      // the GraphiQL bundle
	JsSRI                string            // its integrity hash
	CssUrl               template.URL      // the GraphiQL stylesheet
	CssSRI               string            // its integrity hash
	ReactUrl             template.URL      // React, UMD build
	ReactSRI             string            // its integrity hash
	ReactDOMUrl          template.URL      // ReactDOM, UMD build
	ReactDOMSRI          string            // its integrity hash
	EnablePluginExplorer bool              // add the query-builder explorer plugin
	PluginExplorerJsUrl  template.URL      // the explorer plugin's bundle
	PluginExplorerJsSRI  string            // its integrity hash
	PluginExplorerCssUrl template.URL      // the explorer plugin's stylesheet
	PluginExplorerCssSRI string            // its integrity hash

	// Version, when set, loads that GraphiQL version from jsDelivr in place
	// of JsUrl and CssUrl, as the option functions of upstream v0.17.67 to
	// v0.17.81 set it (set JsSRI and CssSRI to match). Setting it together
	// with JsUrl or CssUrl makes Handler panic.
	Version string
	// PluginExplorerVersion is Version for the explorer plugin: it replaces
	// PluginExplorerJsUrl and PluginExplorerCssUrl.
	PluginExplorerVersion string
}

// GraphiqlConfigOption changes the configuration of the GraphiQL page.
type GraphiqlConfigOption func(*GraphiqlConfig)

// WithGraphiqlFetcherHeaders sets headers sent with every request; they do
// not appear in the headers editor.
func WithGraphiqlFetcherHeaders(headers map[string]string) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) { c.FetcherHeaders = headers }
}

// WithGraphiqlUiHeaders sets the headers the headers editor starts with.
func WithGraphiqlUiHeaders(headers map[string]string) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) { c.UiHeaders = headers }
}

// WithGraphiqlPersistStateInURL makes the page read the query, variables,
// headers and operation name from its URL's query string, and rewrite the
// URL as they are edited, so that a link reopens the same operation.
func WithGraphiqlPersistStateInURL(enable bool) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) { c.PersistStateInURL = enable }
}

// WithGraphiqlVersion loads GraphiQL's script and stylesheet from the given
// URLs, checked against the given integrity hashes ("" skips the check).
func WithGraphiqlVersion(jsUrl, cssUrl, jsSri, cssSri string) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) {
		c.JsUrl, c.JsSRI = template.URL(jsUrl), jsSri
		c.CssUrl, c.CssSRI = template.URL(cssUrl), cssSri
	}
}

// WithGraphiqlReactVersion loads React and ReactDOM from the given URLs,
// checked against the given integrity hashes ("" skips the check).
func WithGraphiqlReactVersion(
	reactJsUrl, reactDomJsUrl, reactJsSri, reactDomJsSri string,
) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) {
		c.ReactUrl, c.ReactSRI = template.URL(reactJsUrl), reactJsSri
		c.ReactDOMUrl, c.ReactDOMSRI = template.URL(reactDomJsUrl), reactDomJsSri
	}
}

// WithGraphiqlPluginExplorerVersion loads the explorer plugin's script and
// stylesheet from the given URLs, checked against the given integrity hashes
// ("" skips the check). The plugin is only loaded when it is enabled.
func WithGraphiqlPluginExplorerVersion(jsUrl, cssUrl, jsSri, cssSri string) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) {
		c.PluginExplorerJsUrl, c.PluginExplorerJsSRI = template.URL(jsUrl), jsSri
		c.PluginExplorerCssUrl, c.PluginExplorerCssSRI = template.URL(cssUrl), cssSri
	}
}

// WithGraphiqlEnablePluginExplorer turns the explorer plugin on or off.
func WithGraphiqlEnablePluginExplorer(enable bool) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) { c.EnablePluginExplorer = enable }
}

// WithStoragePrefix sets the prefix of GraphiQL's localStorage keys.
func WithStoragePrefix(prefix string) GraphiqlConfigOption {
	return func(c *GraphiqlConfig) { c.StoragePrefix = prefix }
}

// Handler serves a GraphiQL page titled title that sends its operations to
// endpoint. By default it loads GraphiQL 4.1.2, React 18.2.0 and, when
// enabled, the explorer plugin 4.0.6 from jsDelivr.
func Handler(title, endpoint string, opts ...GraphiqlConfigOption) http.HandlerFunc {
	c := GraphiqlConfig{
		Title:                title,
		Endpoint:             endpoint,
		EndpointIsAbsolute:   endpointHasScheme(endpoint),
		SubscriptionEndpoint: subscriptionEndpoint(endpoint),
		JsUrl:                graphiqlJS,
		JsSRI:                graphiqlJSSRI,
		CssUrl:               graphiqlCSS,
		CssSRI:               graphiqlCSSSRI,
		ReactUrl:             reactJS,
		ReactSRI:             reactJSSRI,
		ReactDOMUrl:          reactDOMJS,
		ReactDOMSRI:          reactDOMJSSRI,
		PluginExplorerJsUrl:  explorerJS,
		PluginExplorerJsSRI:  explorerJSSRI,
		PluginExplorerCssUrl: explorerCSS,
		PluginExplorerCssSRI: explorerCSSSRI,
	}
	for _, opt := range opts {
		opt(&c)
	}
	if err := c.applyVersions(); err != nil {
		panic(err)
	}
	return serve(render("graphiql.html", c.view()), "text/html; charset=UTF-8")
}

// HandlerWithHeaders is Handler with fetcher headers, sent with every
// request but not shown, and UI headers, shown in the headers editor.
func HandlerWithHeaders(
	title, endpoint string,
	fetcherHeaders, uiHeaders map[string]string,
) http.HandlerFunc {
	return Handler(title, endpoint,
		WithGraphiqlFetcherHeaders(fetcherHeaders),
		WithGraphiqlUiHeaders(uiHeaders))
}

// applyVersions turns Version and PluginExplorerVersion into the jsDelivr
// URLs they named in upstream v0.17.67 to v0.17.81. A URL changed as well
// is an error: the page could load only one of the two.
func (c *GraphiqlConfig) applyVersions() error {
	const cdn = "https://cdn.jsdelivr.net/npm/"
	if c.Version != "" {
		if c.JsUrl != graphiqlJS || c.CssUrl != graphiqlCSS {
			return errors.New("playground: GraphiqlConfig.Version and JsUrl/CssUrl (WithGraphiqlVersion) are both set; set one")
		}
		v := url.PathEscape(c.Version)
		c.JsUrl = template.URL(cdn + "graphiql@" + v + "/graphiql.min.js")
		c.CssUrl = template.URL(cdn + "graphiql@" + v + "/graphiql.min.css")
	}
	if c.PluginExplorerVersion != "" {
		if c.PluginExplorerJsUrl != explorerJS || c.PluginExplorerCssUrl != explorerCSS {
			return errors.New("playground: GraphiqlConfig.PluginExplorerVersion and PluginExplorerJsUrl/PluginExplorerCssUrl " +
				"(WithGraphiqlPluginExplorerVersion) are both set; set one")
		}
		v := url.PathEscape(c.PluginExplorerVersion)
		c.PluginExplorerJsUrl = template.URL(cdn + "@graphiql/plugin-explorer@" + v + "/dist/index.umd.js")
		c.PluginExplorerCssUrl = template.URL(cdn + "@graphiql/plugin-explorer@" + v + "/dist/style.css")
	}
	return nil
}

// graphiqlSettings is the part of the configuration the page's script
// reads.
type graphiqlSettings struct {
	Endpoint             string            `json:"endpoint"`
	SubscriptionEndpoint string            `json:"subscriptionEndpoint"`
	Absolute             bool              `json:"absolute"`
	FetcherHeaders       map[string]string `json:"fetcherHeaders,omitempty"`
	UIHeaders            map[string]string `json:"uiHeaders,omitempty"`
	Explorer             bool              `json:"explorer"`
	PersistStateInURL    bool              `json:"persistStateInURL"`
	StoragePrefix        string            `json:"storagePrefix"`
}

type graphiqlView struct {
	Title       string
	Stylesheets []asset
	// Libraries load in <head>, before the page body exists.
	Libraries []asset
	// Scripts load at the end of <body>.
	Scripts  []asset
	Settings template.JS
}

func (c *GraphiqlConfig) view() graphiqlView {
	v := graphiqlView{
		Title:       c.Title,
		Stylesheets: []asset{{c.CssUrl, c.CssSRI}},
		Libraries:   []asset{{c.ReactUrl, c.ReactSRI}, {c.ReactDOMUrl, c.ReactDOMSRI}},
		Scripts:     []asset{{c.JsUrl, c.JsSRI}},
	}
	if c.EnablePluginExplorer {
		v.Stylesheets = append(v.Stylesheets, asset{c.PluginExplorerCssUrl, c.PluginExplorerCssSRI})
		v.Scripts = append(v.Scripts, asset{c.PluginExplorerJsUrl, c.PluginExplorerJsSRI})
	}

	settings, err := scriptJSON(graphiqlSettings{
		Endpoint:             c.Endpoint,
		SubscriptionEndpoint: c.SubscriptionEndpoint,
		Absolute:             c.EndpointIsAbsolute,
		FetcherHeaders:       c.FetcherHeaders,
		UIHeaders:            c.UiHeaders,
		Explorer:             c.EnablePluginExplorer,
		PersistStateInURL:    c.PersistStateInURL,
		StoragePrefix:        c.StoragePrefix,
	})
	if err != nil {
		// Strings, booleans and string maps always encode.
		panic("playground: encoding GraphiQL settings: " + err.Error())
	}
	v.Settings = settings
	return v
}

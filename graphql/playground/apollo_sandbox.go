package playground

import (
	"fmt"
	"html/template"
	"net/http"
)

// The Apollo Sandbox page loads the embeddable sandbox from Apollo's CDN by
// default. The sandbox itself then runs in an iframe served by Apollo, so
// this page cannot work offline whatever its assets.
const (
	apolloSandboxJS      = "https://embeddable-sandbox.cdn.apollographql.com/02e2da0fccbe0240ef03d2396d6c98559bab5b06/embeddable-sandbox.umd.production.min.js"
	apolloSandboxJSSRI   = "sha256-asj/scPAF8jmMGj1J+YwCHps3uI57AZ78cHs0bJkML4="
	apolloSandboxFavicon = "https://embeddable-sandbox.cdn.apollographql.com/_latest/public/assets/favicon-dark.png"
)

// sandboxConfig is what the ApolloSandboxOptions change.
type sandboxConfig struct {
	script  asset
	favicon template.URL
	options sandboxOptions
}

// sandboxOptions is passed to the EmbeddedSandbox constructor; see
// https://www.apollographql.com/docs/graphos/explorer/sandbox/#options.
type sandboxOptions struct {
	HideCookies      bool          `json:"hideCookieToggle"`
	EditableEndpoint bool          `json:"endpointIsEditable"`
	Initial          *sandboxState `json:"initialState,omitempty"`
}

// sandboxState is the initialState option: what the sandbox opens with.
type sandboxState struct {
	Cookies      bool           `json:"includeCookies"`
	Document     string         `json:"document,omitempty"`
	Variables    map[string]any `json:"variables,omitempty"`
	Headers      map[string]any `json:"headers,omitempty"`
	Collection   string         `json:"collectionId,omitempty"`
	Operation    string         `json:"operationId,omitempty"`
	PollSchema   bool           `json:"pollForSchemaUpdates"`
	SharedHeader map[string]any `json:"sharedHeaders,omitempty"`
}

// ApolloSandboxOption changes the Apollo Sandbox page.
type ApolloSandboxOption func(options *sandboxConfig)

// WithApolloSandboxHideCookieToggle hides (the default) or shows the
// "Include cookies" toggle in the sandbox's connection settings.
func WithApolloSandboxHideCookieToggle(hideCookieToggle bool) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.HideCookies = hideCookieToggle }
}

// WithApolloSandboxEndpointIsEditable lets users change the endpoint URL in
// the sandbox. By default they cannot.
func WithApolloSandboxEndpointIsEditable(endpointIsEditable bool) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.EditableEndpoint = endpointIsEditable }
}

// WithApolloSandboxInitialStateIncludeCookies sets whether requests are
// sent with credentials: 'include' (the default here is true). With the
// cookie toggle shown, users can change it.
func WithApolloSandboxInitialStateIncludeCookies(includeCookies bool) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.Cookies = includeCookies }
}

// WithApolloSandboxInitialStateDocument sets the operation the editor
// starts with, instead of an example query generated from the schema.
func WithApolloSandboxInitialStateDocument(document string) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.Document = document }
}

// WithApolloSandboxInitialStateVariables sets the variables the editor
// starts with, for the initial document.
func WithApolloSandboxInitialStateVariables(variables map[string]any) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.Variables = variables }
}

// WithApolloSandboxInitialStateHeaders sets the headers the editor starts
// with, for the initial document.
func WithApolloSandboxInitialStateHeaders(headers map[string]any) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.Headers = headers }
}

// WithApolloSandboxInitialStateCollectionIdAndOperationId opens an
// operation saved in a GraphOS Studio collection, identified by the
// collection and operation IDs Studio shows in the operation's details.
func WithApolloSandboxInitialStateCollectionIdAndOperationId(
	collectionId, operationId string,
) ApolloSandboxOption {
	return func(c *sandboxConfig) {
		c.options.Initial.Collection = collectionId
		c.options.Initial.Operation = operationId
	}
}

// WithApolloSandboxInitialStatePollForSchemaUpdates makes the sandbox poll
// the endpoint for schema changes. It does not by default.
func WithApolloSandboxInitialStatePollForSchemaUpdates(
	pollForSchemaUpdates bool,
) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.PollSchema = pollForSchemaUpdates }
}

// WithApolloSandboxInitialStateSharedHeaders sets headers sent with every
// operation, introspection included. Users can switch them off but not
// edit them.
func WithApolloSandboxInitialStateSharedHeaders(sharedHeaders map[string]any) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.options.Initial.SharedHeader = sharedHeaders }
}

// WithApolloSandboxJs loads the embeddable sandbox script from mainJs,
// checked against the integrity hash mainSri ("" skips the check), to pin
// another version or serve the script yourself.
func WithApolloSandboxJs(mainJs, mainSri string) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.script = asset{template.URL(mainJs), mainSri} }
}

// WithApolloSandboxFavicon sets the page's icon; "" leaves the icon out.
// By default the icon is loaded from Apollo's CDN. (Not in upstream gqlgen.)
func WithApolloSandboxFavicon(url string) ApolloSandboxOption {
	return func(c *sandboxConfig) { c.favicon = template.URL(url) }
}

// ApolloSandboxHandler serves an Apollo Sandbox page titled title that
// sends its operations to endpoint. By default the cookie toggle is hidden,
// the endpoint cannot be edited, cookies are included and the schema is not
// polled. It panics if the options cannot be encoded as JSON.
func ApolloSandboxHandler(title, endpoint string, opts ...ApolloSandboxOption) http.HandlerFunc {
	c := sandboxConfig{
		script:  asset{apolloSandboxJS, apolloSandboxJSSRI},
		favicon: apolloSandboxFavicon,
		options: sandboxOptions{
			HideCookies: true,
			Initial:     &sandboxState{Cookies: true},
		},
	}
	for _, opt := range opts {
		opt(&c)
	}

	settings, err := scriptJSON(sandboxSettings{
		Endpoint: endpoint,
		Absolute: endpointHasScheme(endpoint),
		Options:  c.options,
	})
	if err != nil {
		panic(fmt.Errorf("failed to marshal apollo sandbox options: %w", err))
	}
	page := render("apollo_sandbox.html", sandboxView{
		Title:    title,
		Favicon:  c.favicon,
		Script:   c.script,
		Settings: settings,
	})
	return serve(page, "text/html; charset=utf-8")
}

// sandboxSettings is what the page's script reads.
type sandboxSettings struct {
	Endpoint string         `json:"endpoint"`
	Absolute bool           `json:"absolute"`
	Options  sandboxOptions `json:"options"`
}

type sandboxView struct {
	Title    string
	Favicon  template.URL
	Script   asset
	Settings template.JS
}

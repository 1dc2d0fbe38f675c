package playground

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codec"
)

// The tests in this file run each page's inline script under Node.js with
// stand-ins for the browser and the IDE libraries, and look at what the
// script hands to the IDE. Where node is not installed they are skipped,
// loudly, and under CI=true they fail.

// browser sets up the globals a page script uses. location and the query
// string are filled in per test; localStorage holds one foreign key.
const browser = `
const store = new Map([["foreign", "keep"]]);
globalThis.window = globalThis;
globalThis.localStorage = {
  get length() { return store.size; },
  key(i) { return i < store.size ? [...store.keys()][i] : null; },
  getItem(k) { return store.has(k) ? store.get(k) : null; },
  setItem(k, v) { store.set(k, String(v)); },
  removeItem(k) { store.delete(k); },
};
const urls = [];
globalThis.history = { replaceState(state, title, url) { urls.push(url); } };
globalThis.document = { getElementById(id) { return { id }; } };
const seen = {};
globalThis.addEventListener = (event, fn) => { seen.listener = event; fn(); };
globalThis.GraphiQL = function GraphiQL() {};
GraphiQL.createFetcher = (o) => ({ fetcherOptions: o });
globalThis.GraphiQLPluginExplorer = { explorerPlugin: () => "explorer-plugin" };
globalThis.React = { createElement: (type, props) => ({ type, props }) };
globalThis.ReactDOM = {
  createRoot: (el) => ({ render: (e) => { seen.root = el.id; seen.graphiql = e.type === GraphiQL; seen.props = e.props; } }),
};
globalThis.EmbeddedSandbox = function (options) { seen.sandbox = options; };
globalThis.AltairGraphQL = { init: (options) => { seen.altair = options; } };
`

// runPage runs the inline script of page in a browser at pageURL, then
// after, and returns what the script exposed as seen.
func runPage(t *testing.T, page, protocol, host, search, after string) map[string]any {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed, and CI=true needs it for the playground script tests")
		}
		t.Skip("\n\n!!!! node is not installed, so the playground script tests did NOT run\n\n")
	}
	program := browser +
		"globalThis.location = " + jsString(protocol, host, search) + ";\n" +
		inlineScript(t, page) + "\n" + after + "\n" +
		"seen.urls = urls; seen.store = Object.fromEntries(store);\n" +
		"process.stdout.write(JSON.stringify(seen, (k, v) => typeof v === 'function' ? '<function>' : v));\n"
	out, err := exec.Command(node, "-e", program).CombinedOutput()
	require.NoError(t, err, string(out))
	var seen map[string]any
	require.NoError(t, codec.Unmarshal(out, &seen), string(out))
	return normalizeNumbers(seen).(map[string]any)
}

func jsString(protocol, host, search string) string {
	b, _ := codec.Marshal(map[string]string{"protocol": protocol, "host": host, "search": search})
	return string(b)
}

func TestGraphiqlScript(t *testing.T) {
	t.Run("relative endpoint", func(t *testing.T) {
		_, page := fetchPage(t, Handler("API", "/query"), "http://localhost/")
		seen := runPage(t, page, "https:", "example.org:8443", "", "")
		assert.Equal(t, "graphiql", seen["root"])
		assert.Equal(t, true, seen["graphiql"])
		props := seen["props"].(map[string]any)
		assert.Equal(t, map[string]any{
			"url":             "https://example.org:8443/query",
			"subscriptionUrl": "wss://example.org:8443/query",
		}, props["fetcher"].(map[string]any)["fetcherOptions"])
		assert.Equal(t, true, props["isHeadersEditorEnabled"])
		assert.Equal(t, true, props["shouldPersistHeaders"])
		assert.Equal(t, true, props["inputValueDeprecation"])
		assert.Equal(t, []any{}, props["plugins"])
		assert.NotContains(t, props, "headers")
		assert.NotContains(t, props, "onEditQuery")
	})

	t.Run("absolute endpoint and headers", func(t *testing.T) {
		_, page := fetchPage(t, Handler("API", "https://api.example.org/graphql",
			WithGraphiqlFetcherHeaders(map[string]string{"Authorization": "Bearer t"}),
			WithGraphiqlUiHeaders(map[string]string{"X-Custom": "</script>"}),
			WithGraphiqlEnablePluginExplorer(true),
		), "http://localhost/")
		seen := runPage(t, page, "http:", "localhost", "", "")
		props := seen["props"].(map[string]any)
		assert.Equal(t, map[string]any{
			"url":             "https://api.example.org/graphql",
			"subscriptionUrl": "wss://api.example.org/graphql",
			"headers":         map[string]any{"Authorization": "Bearer t"},
		}, props["fetcher"].(map[string]any)["fetcherOptions"])
		assert.Equal(t, "{\n  \"X-Custom\": \"</script>\"\n}", props["headers"])
		assert.Equal(t, []any{"explorer-plugin"}, props["plugins"])
	})

	t.Run("prefixed storage", func(t *testing.T) {
		_, page := fetchPage(t, Handler("API", "/query", WithStoragePrefix("one:")), "http://localhost/")
		seen := runPage(t, page, "http:", "localhost", "", `
const s = seen.props.storage;
s.setItem("tabs", "[1]");
s.setItem("query", "{ a }");
seen.afterSet = { length: s.length, key0: s.key(0), key1: s.key(1), key2: s.key(2), tabs: s.getItem("tabs"), missing: s.getItem("nope") };
s.removeItem("tabs");
seen.afterRemove = s.length;
s.clear();
seen.afterClear = s.length;`)
		assert.Equal(t, map[string]any{
			"length": float64(2), "key0": "tabs", "key1": "query", "key2": nil,
			"tabs": "[1]", "missing": nil,
		}, seen["afterSet"])
		assert.Equal(t, float64(1), seen["afterRemove"])
		assert.Equal(t, float64(0), seen["afterClear"])
		assert.Equal(t, map[string]any{"foreign": "keep"}, seen["store"], "other keys survive clear")
	})

	t.Run("state in URL", func(t *testing.T) {
		_, page := fetchPage(t, Handler("API", "/query",
			WithGraphiqlPersistStateInURL(true),
			WithGraphiqlUiHeaders(map[string]string{"A": "1"}),
		), "http://localhost/")
		seen := runPage(t, page, "http:", "localhost", "?query=%7B+me+%7D&operationName=Me&other=x", `
seen.props.onEditVariables('{"id":1}');
seen.props.onEditQuery("");
seen.props.onEditHeaders("{}");
seen.props.onEditOperationName("You");`)
		props := seen["props"].(map[string]any)
		assert.Equal(t, "{ me }", props["query"])
		assert.Equal(t, "Me", props["operationName"])
		assert.NotContains(t, props, "variables")
		assert.Equal(t, "{\n  \"A\": \"1\"\n}", props["headers"], "UI headers unless the URL has some")
		assert.Equal(t, []any{
			"?query=%7B+me+%7D&operationName=Me&other=x&variables=%7B%22id%22%3A1%7D",
			"?operationName=Me&other=x&variables=%7B%22id%22%3A1%7D",
			"?operationName=Me&other=x&variables=%7B%22id%22%3A1%7D&headers=%7B%7D",
			"?operationName=You&other=x&variables=%7B%22id%22%3A1%7D&headers=%7B%7D",
		}, seen["urls"])

		seen = runPage(t, page, "http:", "localhost", "?headers=%7B%22B%22%3A2%7D", "")
		assert.Equal(t, `{"B":2}`, seen["props"].(map[string]any)["headers"])
	})
}

func TestApolloSandboxScript(t *testing.T) {
	_, page := fetchPage(t, ApolloSandboxHandler("API", "/query",
		WithApolloSandboxInitialStateDocument("{ me }")), "http://localhost/")
	seen := runPage(t, page, "https:", "example.org", "", "")
	assert.Equal(t, map[string]any{
		"target":               "#sandbox",
		"initialEndpoint":      "https://example.org/query",
		"persistExplorerState": true,
		"hideCookieToggle":     true,
		"endpointIsEditable":   false,
		"initialState": map[string]any{
			"includeCookies": true, "pollForSchemaUpdates": false, "document": "{ me }",
		},
	}, seen["sandbox"])
	assert.Contains(t, page, `<div id="sandbox"></div>`)

	_, page = fetchPage(t, ApolloSandboxHandler("API", "http://api.example.org/q"), "http://localhost/")
	seen = runPage(t, page, "https:", "example.org", "", "")
	assert.Equal(t, "http://api.example.org/q", seen["sandbox"].(map[string]any)["initialEndpoint"])
}

func TestAltairScript(t *testing.T) {
	_, page := fetchPage(t, AltairHandler("API", "/query", map[string]any{"initialQuery": "{ me }"}), "http://localhost/")
	seen := runPage(t, page, "http:", "localhost:8080", "", "")
	assert.Equal(t, "load", seen["listener"], "Altair starts once the page has loaded")
	assert.Equal(t, map[string]any{
		"endpointURL":           "http://localhost:8080/query",
		"subscriptionsEndpoint": "ws://localhost:8080/query",
		"initialQuery":          "{ me }",
	}, seen["altair"])

	_, page = fetchPage(t, AltairHandler("API", "https://api.example.org/q",
		map[string]any{"subscriptionsEndpoint": "wss://push.example.org/q"}), "http://localhost/")
	seen = runPage(t, page, "http:", "localhost:8080", "", "")
	assert.Equal(t, map[string]any{
		"endpointURL":           "https://api.example.org/q",
		"subscriptionsEndpoint": "wss://push.example.org/q",
	}, seen["altair"], "options override the derived endpoints")

	_, page = fetchPage(t, AltairHandler("API", "/query", nil), "http://localhost/")
	seen = runPage(t, page, "https:", "h", "", "")
	assert.Equal(t, map[string]any{
		"endpointURL": "https://h/query", "subscriptionsEndpoint": "wss://h/query",
	}, seen["altair"])
	assert.True(t, strings.Contains(page, "<app-root>"))
}

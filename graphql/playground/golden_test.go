package playground

import (
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden pages in testdata")

// TestGoldenPages pins the bytes of each page. The pages must not depend on
// the codec chosen by build tags, so every tag compares with the same files.
func TestGoldenPages(t *testing.T) {
	pages := map[string]http.Handler{
		"graphiql_default.html": Handler("API", "/query"),
		"graphiql_options.html": Handler("Tricky <API> & \"co\"", "https://example.org/query?x=<y>",
			WithGraphiqlFetcherHeaders(map[string]string{"Authorization": "Bearer </script><!--", "\u2028": "&"}),
			WithGraphiqlUiHeaders(map[string]string{"X-B": "2", "X-A": "1"}),
			WithGraphiqlPersistStateInURL(true),
			WithGraphiqlEnablePluginExplorer(true),
			WithStoragePrefix("it's"),
		),
		"apollo_sandbox_default.html": ApolloSandboxHandler("API", "/query"),
		"apollo_sandbox_options.html": ApolloSandboxHandler("API", "http://localhost:8080/query",
			WithApolloSandboxInitialStateDocument("query Q($n: Int) { f(n: $n) }"),
			WithApolloSandboxInitialStateVariables(map[string]any{"n": 12345678901234567, "f": 1.5e300, "s": "é\xff"}),
			WithApolloSandboxInitialStateSharedHeaders(map[string]any{"z": true, "a": nil}),
		),
		"altair_default.html": AltairHandler("API", "/query", nil),
		"altair_options.html": AltairHandler("API", "wss://example.org/query",
			map[string]any{"initialQuery": "{ me }", "initialVariables": map[string]any{"b": []int{1, 2}, "a": "<&>"}}),
	}
	for name, h := range pages {
		t.Run(name, func(t *testing.T) {
			_, got := fetchPage(t, h, "http://localhost/")
			path := filepath.Join("testdata", name)
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test -update to create the golden files")
			assert.Equal(t, string(want), got)
		})
	}
}

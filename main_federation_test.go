package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// uncommentBlock removes the "# " that comments out the YAML block starting
// at the line "# <key>:" and the indented lines after it. Comments inside
// the block ("#     # ...") stay comments.
func uncommentBlock(t *testing.T, yml, key string) string {
	t.Helper()
	lines := strings.Split(yml, "\n")
	start := -1
	for i, line := range lines {
		if line == "# "+key+":" {
			start = i
			break
		}
	}
	require.GreaterOrEqual(t, start, 0, "no commented-out %q block in:\n%s", key, yml)
	lines[start] = strings.TrimPrefix(lines[start], "# ")
	for i := start + 1; i < len(lines) && strings.HasPrefix(lines[i], "#   "); i++ {
		lines[i] = strings.TrimPrefix(lines[i], "# ")
	}
	return strings.Join(lines, "\n")
}

func TestUncommentBlock(t *testing.T) {
	in := "a: 1\n# federation:\n#   filename: f.go\n#   options:\n#     # a comment\n#     x: false\n\n# other:\n#   y: 1\n"
	want := "a: 1\nfederation:\n  filename: f.go\n  options:\n    # a comment\n    x: false\n\n# other:\n#   y: 1\n"
	assert.Equal(t, want, uncommentBlock(t, in, "federation"))
}

// TestNewProjectFederation: `gqlgen init`, then the federation block of the
// gqlgen.yml it wrote uncommented, as its comment invites; `gqlgen
// generate` writes the federation file, the project builds, and the server
// answers Apollo's _service query with the schema.
func TestNewProjectFederation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a generated server")
	}
	// Beside the other new-project test: neither changes the working
	// directory or the environment, and much of each step (linking, loading
	// packages, generating) keeps one core busy, so the two overlap.
	t.Parallel()
	dir, run, read := userModule(t)
	run("go", "run", "github.com/99designs/gqlgen", "init")

	yml := uncommentBlock(t, read("gqlgen.yml"), "federation")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gqlgen.yml"), []byte(yml), 0o644))
	run("go", "run", "github.com/99designs/gqlgen", "generate")
	assert.Contains(t, read("graph/federation.go"), "package graph")
	run("go", "vet", "./...")

	answer := queryServer(t, dir, run, `{"query":"{ _service { sdl } }"}`)
	var resp struct {
		Data struct {
			Service struct {
				SDL string `json:"sdl"`
			} `json:"_service"`
		} `json:"data"`
		Errors []any `json:"errors"`
	}
	require.NoError(t, codec.Unmarshal([]byte(answer), &resp), answer)
	assert.Empty(t, resp.Errors, answer)
	for _, want := range []string{"type Todo", "type Query", "todos: [Todo!]!", "createTodo(input: NewTodo!): Todo!"} {
		assert.Contains(t, testmodule.Words(resp.Data.Service.SDL), want, "the SDL must carry the user's schema")
	}
}

// TestFederationPluginAsLibrary: a program that builds the federation plugin
// itself and runs the generator with it, as gqlgenc's generator does,
// resolves its dependencies with `go mod tidy`, builds, and generates a
// subgraph with an entity that builds too.
func TestFederationPluginAsLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program and the code it generates")
	}
	dir := testmodule.New(t, map[string]string{
		"cmd/gen/main.go": `package main

import (
	"fmt"
	"os"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin/federation"
)

func main() {
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fed, err := federation.New(cfg.Federation.Version, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := api.Generate(cfg, api.ReplacePlugin(fed)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}
`,
		"gqlgen.yml": `schema: [graph/*.graphqls]
exec: {filename: graph/generated.go, package: graph}
federation: {filename: graph/federation.go, package: graph, version: 2}
model: {filename: graph/model/models_gen.go, package: model}
resolver: {layout: follow-schema, dir: graph, package: graph}
`,
		"graph/schema.graphqls": `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
type Product @key(fields: "upc") { upc: String! name: String! }
type Query { topProducts(first: Int = 5): [Product!]! }
`,
	})
	testmodule.Go(t, dir, "mod", "tidy")
	testmodule.Go(t, dir, "build", "-o", filepath.Join(dir, "gen.bin"), "./cmd/gen")
	testmodule.Go(t, dir, "vet", "./cmd/gen")

	testmodule.Go(t, dir, "run", "./cmd/gen")
	for _, f := range []string{"graph/federation.go", "graph/generated.go", "graph/entity.resolvers.go"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err, f)
	}
	testmodule.Go(t, dir, "build", "./...")
}

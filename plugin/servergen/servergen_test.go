package servergen

import (
	"bytes"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// fakeExec stands in for the executable schema package generated code
// would provide.
const fakeExec = `package graph

import "github.com/99designs/gqlgen/graphql"

type Resolver struct{}

type Config struct{ Resolvers *Resolver }

func NewExecutableSchema(Config) graphql.ExecutableSchema { return &graphql.ExecutableSchemaMock{} }
`

func TestServer(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":      "schema: [schema.graphqls]\nexec: {filename: graph/generated.go, package: graph}\nresolver: {filename: graph/resolver.go, package: graph}\n",
		"schema.graphqls": "type Query { a: Int }",
		"graph/exec.go":   fakeExec,
	})
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, cfg.Init())
	data := &codegen.Data{Config: cfg}

	p := New("server.go")
	assert.Equal(t, "servergen", p.Name())
	require.NoError(t, p.(*Plugin).GenerateCode(data))

	src, err := os.ReadFile(filepath.Join(dir, "server.go"))
	require.NoError(t, err)
	got := testmodule.Words(string(src))
	for _, want := range []string{
		"package main",
		`"example/graph"`,
		"graph.NewExecutableSchema(graph.Config{Resolvers: &graph.Resolver{}})",
		"transport.POST{}",
		"lru.New[*ast.QueryDocument](1000)",
		"extension.AutomaticPersistedQuery{Cache: lru.New[string](100)}",
		`playground.Handler("GraphQL playground", "/query")`,
		`mux.Handle("/query", srv)`,
		`cmp.Or(os.Getenv("PORT"), "8080")`,
		`log.Printf("build tags: %s", buildTags())`,
	} {
		assert.Contains(t, got, testmodule.Words(want))
	}
	assert.NotContains(t, got, "DO NOT EDIT", "the server is the user's file")
	// Upstream gqlgen has no codec package: a server.go importing it would
	// not build after going back to upstream.
	assert.NotContains(t, got, "gqlgen/codec", "server.go must build against upstream gqlgen too")
	testmodule.Go(t, dir, "vet", ".")

	t.Run("the server logs the build tags", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds the server three times")
		}
		for tags, want := range map[string]string{
			"":        "build tags: none",
			"Sonic":   "build tags: Sonic", // misspelled: shown as given
			"go_json": "build tags: go_json",
		} {
			bin := filepath.Join(t.TempDir(), "server")
			testmodule.Go(t, dir, "build", "-tags", tags, "-o", bin, ".")
			// An invalid port makes ListenAndServe fail at once, after the
			// start-up log, so nothing listens.
			cmd := exec.Command(bin)
			cmd.Env = append(os.Environ(), "PORT=-1")
			out, err := cmd.CombinedOutput()
			require.Error(t, err, "the server must exit on an invalid port")
			assert.Contains(t, string(out), want, "-tags %s", tags)
		}
	})

	t.Run("an existing server is left alone", func(t *testing.T) {
		require.NoError(t, os.WriteFile("server.go", []byte("package main\n\nfunc main() {}\n"), 0o644))
		var logs bytes.Buffer
		log.SetOutput(&logs)
		t.Cleanup(func() { log.SetOutput(os.Stderr) })

		require.NoError(t, p.(*Plugin).GenerateCode(data))
		mine, err := os.ReadFile("server.go")
		require.NoError(t, err)
		assert.Equal(t, "package main\n\nfunc main() {}\n", string(mine))
		assert.Contains(t, logs.String(), "Skipped server: server.go already exists")
	})
}

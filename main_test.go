package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v3"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// runCLI runs the command line in process and returns what it printed and
// its error. Exit errors are returned rather than ending the process.
func runCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	app := newApp()
	app.Writer = &out
	app.ErrWriter = &out
	app.ExitErrHandler = func(context.Context, *cli.Command, error) {}
	err := app.Run(context.Background(), append([]string{"gqlgen"}, args...))
	return out.String(), err
}

func TestVersion(t *testing.T) {
	out, err := runCLI(t, "version")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3, out)
	assert.Equal(t, graphql.Version, lines[0], "the first line is upstream's, for scripts")
	assert.Equal(t, "codec: "+codec.Name(), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], "build: "+forkNote), lines[2])
	// go test builds this package in the main module, which the build info
	// reports.
	assert.Contains(t, lines[2], "built from github.com/99designs/gqlgen")
}

// TestVersionMisspelledTag builds the CLI with -tags Sonic (wrong case):
// go accepts any tag, so only the codec line shows the mistake.
func TestVersionMisspelledTag(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	out, err := exec.Command("go", "run", "-tags", "Sonic", ".", "version").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "\ncodec: encoding/json\n")
}

func TestModuleSource(t *testing.T) {
	gqlgen := func(version string, replace *debug.Module) *debug.Module {
		return &debug.Module{Path: modulePath, Version: version, Replace: replace}
	}
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build info", nil, ""},
		{"own checkout", &debug.BuildInfo{Main: *gqlgen("(devel)", nil)}, "github.com/99designs/gqlgen (devel)"},
		{"replaced by a directory", &debug.BuildInfo{
			Main: debug.Module{Path: "example.com/app"},
			Deps: []*debug.Module{{Path: "golang.org/x/tools", Version: "v0.1.0"}, gqlgen("v0.17.98", &debug.Module{Path: "../gqlgen"})},
		}, "github.com/99designs/gqlgen v0.17.98 => ../gqlgen"},
		{"replaced by a fork's module", &debug.BuildInfo{
			Main: debug.Module{Path: "example.com/app"},
			Deps: []*debug.Module{gqlgen("v0.17.98", &debug.Module{Path: "example.com/you/gqlgen", Version: "v0.0.0-20261201000000-abcdef123456"})},
		}, "github.com/99designs/gqlgen v0.17.98 => example.com/you/gqlgen v0.0.0-20261201000000-abcdef123456"},
		{"run as a tool of a project replacing it by a directory", &debug.BuildInfo{
			Main: *gqlgen("v0.17.98", &debug.Module{Path: "/src/gqlgen", Version: "(devel)"}),
		}, "github.com/99designs/gqlgen v0.17.98 => /src/gqlgen"},
		{"not a dependency", &debug.BuildInfo{Main: debug.Module{Path: "example.com/app"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, moduleSource(tc.info))
		})
	}
}

func TestStarterConfig(t *testing.T) {
	text, err := renderStarterConfig("example.com/app")
	require.NoError(t, err)
	assert.Contains(t, text, `#  - "example.com/app/graph/model"`)
	assert.Contains(t, text, "call_argument_directives_with_null: true")
}

func TestInitRefuses(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		args  []string
		err   string
	}{
		{
			name: "no go.mod",
			err:  "unable to determine import path for current directory, you probably need to run 'go mod init' first",
		},
		{
			name:  "config exists",
			files: map[string]string{"go.mod": "module x\n", "gqlgen.yml": "schema: [a.graphql]\n"},
			err:   "gqlgen.yml already exists",
		},
		{
			name:  "schema exists",
			files: map[string]string{"go.mod": "module x\n", "graph/schema.graphqls": "type Query { a: Int }"},
			err:   "graph/schema.graphqls already exists",
		},
		{
			name:  "server exists, named with -c and --server",
			files: map[string]string{"go.mod": "module x\n", "main.go": "package main\n"},
			args:  []string{"-c", "other.yml", "--server", "main.go"},
			err:   "main.go already exists",
		},
		{
			name:  "config in a parent directory",
			files: map[string]string{"go.mod": "module x\n", "gqlgen.yml": "schema: [a.graphql]\n", "a.graphql": "type Query { a: Int }", "sub/keep": ""},
			args:  []string{"--config", "sub.yml", "--schema", "sub/s.graphqls"},
			err:   "gqlgen.yml already exists in a parent directory",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tc.files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
			}
			t.Chdir(dir)
			if tc.name == "config in a parent directory" {
				require.NoError(t, os.Chdir(filepath.Join(dir, "sub")))
			}
			_, err := runCLI(t, append([]string{"init"}, tc.args...)...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	_, err := runCLI(t, "generate", "--config", "missing.yml")
	assert.ErrorContains(t, err, "missing.yml")

	_, err = runCLI(t, "--config", "missing.yml")
	assert.ErrorContains(t, err, "missing.yml", "generate is the default command")

	_, err = runCLI(t, "generate", "--no-such-flag")
	assert.ErrorContains(t, err, "no-such-flag")
}

// TestNewProject is the path of a new user: an empty module, `gqlgen init`,
// a build, a query against the running server; then a resolver written by
// hand, `gqlgen generate` twice, and the query again.
func TestNewProject(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a generated server")
	}
	// Beside the other new-project test: neither changes the working
	// directory or the environment, and much of each step (linking, loading
	// packages, generating) keeps one core busy, so the two overlap.
	t.Parallel()
	dir, run, read := userModule(t)
	out := run("go", "run", "github.com/99designs/gqlgen", "init")
	assert.Contains(t, out, "Creating gqlgen.yml")
	assert.Contains(t, out, `Exec "go run ./server.go" to start GraphQL server`)
	for _, f := range []string{"gqlgen.yml", "graph/schema.graphqls", "graph/generated.go", "graph/model/models_gen.go",
		"graph/schema.resolvers.go", "graph/resolver.go", "server.go"} {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f)))
		assert.NoError(t, err, f)
	}
	run("go", "vet", "./...")

	// Not implemented yet: the server answers with the resolver's panic as
	// an error.
	answer := queryServer(t, dir, run, `{"query":"{ todos { id } }"}`)
	assert.Contains(t, answer, `"errors"`)

	resolvers := strings.Replace(read("graph/schema.resolvers.go"),
		`panic(fmt.Errorf("not implemented: Todos - todos"))`,
		`return []*model.Todo{{ID: "T1", Text: "write tests", User: &model.User{ID: "U1"}}}, nil`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "graph", "schema.resolvers.go"), []byte(resolvers), 0o644))

	run("go", "run", "github.com/99designs/gqlgen", "generate")
	first := map[string]string{}
	for _, f := range []string{"graph/generated.go", "graph/model/models_gen.go", "graph/schema.resolvers.go", "graph/resolver.go"} {
		first[f] = read(f)
	}
	assert.Contains(t, first["graph/schema.resolvers.go"], `{ID: "T1", Text: "write tests"`)
	run("go", "run", "github.com/99designs/gqlgen", "generate", "-v")
	for f, content := range first {
		assert.Equal(t, content, read(f), "a second generate changed %s", f)
	}

	answer = queryServer(t, dir, run, `{"query":"{ todos { id } }"}`)
	assert.JSONEq(t, `{"data":{"todos":[{"id":"T1"}]}}`, answer)
}

// userModule makes an empty module "example" in a temporary directory, as
// a new user would with `go mod init`, that uses this checkout of gqlgen.
// run runs a command in it and fails the test if the command fails; read
// returns a file of it.
func userModule(t *testing.T) (dir string, run func(name string, args ...string) string, read func(name string) string) {
	t.Helper()
	root, err := filepath.Abs(".")
	require.NoError(t, err)
	dir = testmodule.ScratchDir(t) // the same path under every codec tag: builds hit the cache
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))

	run = func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %s:\n%s", name, strings.Join(args, " "), out)
		return string(out)
	}
	read = func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		require.NoError(t, err)
		return string(b)
	}
	run("go", "mod", "init", "example")
	run("go", "mod", "edit", "-require=github.com/99designs/gqlgen@v0.0.0", "-replace=github.com/99designs/gqlgen="+root)
	return dir, run, read
}

// queryServer builds the module's server, starts it on a free port, posts
// body to /query and returns the response.
func queryServer(t *testing.T, dir string, run func(string, ...string) string, body string) string {
	t.Helper()
	bin := filepath.Join(dir, "server.bin")
	run("go", "build", "-o", bin, ".")

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())

	srv := exec.Command(bin)
	srv.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	var logs bytes.Buffer
	srv.Stdout, srv.Stderr = &logs, &logs
	require.NoError(t, srv.Start())
	defer func() {
		_ = srv.Process.Kill()
		_ = srv.Wait()
	}()

	url := fmt.Sprintf("http://127.0.0.1:%d/query", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Post(url, "application/json", strings.NewReader(body))
		if err == nil {
			b, readErr := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			require.NoError(t, readErr)
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not answer: %v\n%s", err, logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

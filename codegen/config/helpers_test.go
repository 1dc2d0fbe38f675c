package config

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// repoRoot is the root of this module, found from the package directory
// before any test changes the working directory.
var repoRoot = sync.OnceValue(func() string {
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		panic(err)
	}
	return dir
})

func init() { repoRoot() }

// writeFiles creates files (slash path → content) under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

// tempDir is t.TempDir with symlinks resolved, so that paths compare equal
// to what the go command reports.
func tempDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	return dir
}

// chdirTemp makes a fresh temporary directory holding files the working
// directory and returns it.
func chdirTemp(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := tempDir(t)
	writeFiles(t, dir, files)
	t.Chdir(dir)
	return dir
}

// tempModule writes a module example.com/app that can import this checkout
// of gqlgen (through a replace directive, with this module's requirements
// and go.sum), adds files to it and makes it the working directory.
func tempModule(t testing.TB, files map[string]string) string {
	t.Helper()
	root := repoRoot()
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)

	var b strings.Builder
	b.WriteString("module example.com/app\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen v0.0.0\n\n")
	if i := strings.Index(string(gomod), "require ("); i >= 0 {
		b.WriteString(string(gomod)[i:])
	}
	b.WriteString("\nreplace github.com/99designs/gqlgen => " + filepath.ToSlash(root) + "\n")

	all := map[string]string{"go.mod": b.String(), "go.sum": string(gosum)}
	for k, v := range files {
		all[k] = v
	}
	return chdirTemp(t, all)
}

// mustSchema parses a schema (with the prelude) for tests.
func mustSchema(t testing.TB, src string) *ast.Schema {
	t.Helper()
	s, err := gqlparser.LoadSchema(&ast.Source{Name: "schema.graphql", Input: src})
	require.NoError(t, err)
	return s
}

func ptr[T any](v T) *T { return &v }

func templatesInitialisms() map[string]bool { return templates.GetInitialisms() }

func toGo(s string) string { return templates.ToGo(s) }

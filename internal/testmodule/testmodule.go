// Package testmodule builds throwaway Go modules that use this checkout of
// gqlgen, for tests that run the generator and the go command on them.
package testmodule

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Root is this checkout's directory (the module root), found from this
// file's location so that it does not depend on the working directory.
var Root = func() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("testmodule: cannot locate the checkout")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}()

// New creates a module "example" in a temporary directory that builds
// against this checkout of gqlgen, writes files into it (paths with
// slashes, relative to the module) and makes it the working directory
// (gqlgen.yml paths are relative to it). It returns the directory.
func New(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)

	ourMod, err := os.ReadFile(filepath.Join(Root, "go.mod"))
	require.NoError(t, err)
	ourSum, err := os.ReadFile(filepath.Join(Root, "go.sum"))
	require.NoError(t, err)
	requires := ""
	if i := strings.Index(string(ourMod), "require ("); i >= 0 {
		requires = string(ourMod)[i:]
	}
	all := map[string]string{
		"go.mod": "module example\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen v0.0.0\n\n" +
			requires + "\nreplace github.com/99designs/gqlgen => " + filepath.ToSlash(Root) + "\n",
		"go.sum": string(ourSum),
	}
	for name, content := range files {
		all[name] = content
	}
	for name, content := range all {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	t.Chdir(dir)
	return dir
}

// Go runs the go command in dir and fails the test with its output if it
// fails; it returns the output.
func Go(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// Words collapses all white space to single spaces, so generated code can
// be compared regardless of gofmt's alignment.
func Words(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

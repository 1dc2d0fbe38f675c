package api

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkoutRoot is this module's directory, resolved before a test changes
// the working directory.
var checkoutRoot = sync.OnceValue(func() string {
	dir, err := filepath.Abs("..")
	if err != nil {
		panic(err)
	}
	return dir
})

func init() { checkoutRoot() }

// newModule creates a module "example" in a temporary directory that
// builds against this checkout of gqlgen, writes files into it and makes it
// the working directory (gqlgen.yml paths are relative to it).
func newModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := checkoutRoot()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)

	ourMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	ourSum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	requires := ""
	if i := strings.Index(string(ourMod), "require ("); i >= 0 {
		requires = string(ourMod)[i:]
	}
	all := map[string]string{
		"go.mod": "module example\n\ngo 1.26.0\n\nrequire github.com/99designs/gqlgen v0.0.0\n\n" +
			requires + "\nreplace github.com/99designs/gqlgen => " + filepath.ToSlash(root) + "\n",
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

// goCmd runs the go command in dir and fails the test with its output if it
// fails.
func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// words collapses all white space to single spaces, so generated code can be
// compared regardless of gofmt's alignment.
func words(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

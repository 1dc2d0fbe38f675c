// Package genfresh checks, in tests of the _examples modules, that the
// generated code committed with a gqlgen project is what this repository's
// generator writes today.
package genfresh

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replaceLine is the go.mod directive that points a module at this checkout.
var replaceLine = regexp.MustCompile(`(?m)^replace github.com/99designs/gqlgen => (.*)$`)

// Check copies the module in the working directory (it must replace gqlgen
// with a path to this checkout) to a temporary directory, runs `gqlgen
// generate`, built from the checkout, in each of projects (directories
// holding a gqlgen.yml, relative to the module), and reports every file
// that generation changed, deleted or added. go.mod is not compared (the
// copy's replace is absolute); node_modules directories are neither copied
// nor compared.
func Check(t *testing.T, projects ...string) {
	t.Helper()
	work := filepath.Join(t.TempDir(), "module")
	want := readTree(t, ".")
	writeTree(t, work, want)

	mod, err := os.ReadFile("go.mod")
	require.NoError(t, err)
	m := replaceLine.FindSubmatch(mod)
	require.NotNil(t, m, "go.mod has no replace of github.com/99designs/gqlgen")
	checkout, err := filepath.Abs(string(m[1]))
	require.NoError(t, err)
	mod = replaceLine.ReplaceAll(mod, []byte("replace github.com/99designs/gqlgen => "+filepath.ToSlash(checkout)))
	require.NoError(t, os.WriteFile(filepath.Join(work, "go.mod"), mod, 0o644))

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	gqlgen := filepath.Join(t.TempDir(), "gqlgen")
	run(t, ctx, work, "go", "build", "-o", gqlgen, "github.com/99designs/gqlgen")
	for _, p := range projects {
		run(t, ctx, filepath.Join(work, p), gqlgen, "generate")
	}

	got := readTree(t, work)
	delete(want, "go.mod")
	delete(got, "go.mod")
	for name, content := range want {
		regenerated, ok := got[name]
		if !assert.True(t, ok, "%s: deleted by gqlgen generate", name) {
			continue
		}
		assert.True(t, bytes.Equal(content, regenerated),
			"%s: gqlgen generate changed it; run `go run github.com/99designs/gqlgen generate` where its gqlgen.yml is and commit the result", name)
	}
	for name := range got {
		_, ok := want[name]
		assert.True(t, ok, "%s: written by gqlgen generate but not committed", name)
	}
}

func run(t *testing.T, ctx context.Context, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s %v in %s:\n%s", name, args, dir, out)
}

// readTree reads the regular files under root, keyed by slash-separated
// path relative to root, skipping node_modules.
func readTree(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Name() == "node_modules" && path != root {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = content
		return nil
	})
	require.NoError(t, err)
	return files
}

func writeTree(t *testing.T, root string, files map[string][]byte) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, content, 0o644))
	}
}

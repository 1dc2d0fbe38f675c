package federation_test

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

// TestGeneratedCodeIsFresh regenerates every subgraph, with this
// repository's generator, in a copy of the module and fails on any file
// that differs from (or is missing in, or new to) the committed tree: the
// committed generated code must be exactly what the generator writes today.
func TestGeneratedCodeIsFresh(t *testing.T) {
	if buildTags() != "" {
		t.Skip("the generator does not depend on the codec tag; checked in the run without tags")
	}
	work := filepath.Join(t.TempDir(), "federation")
	copyModule(t, ".", work)

	// go.mod: the copy lives outside the repository, so a relative replace
	// of gqlgen must become absolute.
	mod, err := os.ReadFile("go.mod")
	require.NoError(t, err)
	replace := regexp.MustCompile(`(?m)^replace github.com/99designs/gqlgen => (.*)$`)
	m := replace.FindSubmatch(mod)
	require.NotNil(t, m, "go.mod has no replace of gqlgen")
	checkout := string(m[1])
	if !filepath.IsAbs(checkout) {
		checkout, err = filepath.Abs(checkout)
		require.NoError(t, err)
	}
	mod = replace.ReplaceAll(mod, []byte("replace github.com/99designs/gqlgen => "+filepath.ToSlash(checkout)))
	require.NoError(t, os.WriteFile(filepath.Join(work, "go.mod"), mod, 0o644))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	gqlgen := filepath.Join(t.TempDir(), "gqlgen")
	build := exec.CommandContext(ctx, "go", "build", "-o", gqlgen, "github.com/99designs/gqlgen")
	build.Dir = work
	run(t, build)
	for _, s := range subgraphs {
		gen := exec.CommandContext(ctx, gqlgen, "generate")
		gen.Dir = filepath.Join(work, s)
		run(t, gen)
	}

	want := tree(t, ".")
	got := tree(t, work)
	// go.mod differs by the replace above; go mod tidy, which generate
	// runs, keeps the rest of go.mod and go.sum as they are in the
	// repository, and a difference there is a finding too.
	delete(want, "go.mod")
	delete(got, "go.mod")
	for name, content := range want {
		regenerated, ok := got[name]
		if !assert.True(t, ok, "%s: deleted by gqlgen generate", name) {
			continue
		}
		assert.True(t, bytes.Equal(content, regenerated),
			"%s: gqlgen generate changed it; run `go run github.com/99designs/gqlgen generate` in the subgraph and commit the result", name)
	}
	for name := range got {
		_, ok := want[name]
		assert.True(t, ok, "%s: written by gqlgen generate but not committed", name)
	}
}

// copyModule copies the example module's files (not gateway/node_modules)
// from src to dst.
func copyModule(t *testing.T, src, dst string) {
	t.Helper()
	for name, content := range tree(t, src) {
		path := filepath.Join(dst, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, content, 0o644))
	}
}

// tree reads the example module's source files under root, keyed by their
// slash-separated path relative to root; node_modules is skipped.
func tree(t *testing.T, root string) map[string][]byte {
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

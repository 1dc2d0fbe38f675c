// The generator's output does not depend on the codec tag (go run builds
// it without tags), so this test runs once, in the untagged pass, rather
// than four times over.

//go:build !go_json && !sonic && !jsoniter

package graph_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// moduleRoot is the directory of the scale-out module.
func moduleRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Dir(filepath.Dir(file))
}

// TestGeneratedCodeIsFresh regenerates graph/ in a copy of the module with
// this checkout's generator (go run github.com/99designs/gqlgen generate,
// as the README says) and requires the result to equal what is committed.
func TestGeneratedCodeIsFresh(t *testing.T) {
	root := moduleRoot(t)
	repo, err := filepath.Abs(filepath.Join(root, "..", ".."))
	require.NoError(t, err)
	work := t.TempDir()

	committed := map[string][]byte{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(work, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasPrefix(filepath.ToSlash(rel), "graph/") {
			committed[filepath.ToSlash(rel)] = data
		}
		return os.WriteFile(filepath.Join(work, rel), data, 0o644)
	})
	require.NoError(t, err)

	run := func(args ...string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
	}
	// The copy is elsewhere, so the relative replace must become absolute.
	run("mod", "edit", "-replace", "github.com/99designs/gqlgen="+repo)
	run("run", "github.com/99designs/gqlgen", "generate")

	regenerated := map[string][]byte{}
	err = filepath.WalkDir(filepath.Join(work, "graph"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(work, path)
		data, err := os.ReadFile(path)
		regenerated[filepath.ToSlash(rel)] = data
		return err
	})
	require.NoError(t, err)

	require.ElementsMatch(t, keys(committed), keys(regenerated), "files in graph/")
	for name, want := range committed {
		if got := regenerated[name]; !bytes.Equal(want, got) {
			line, w, g := firstDifference(string(want), string(got))
			t.Errorf("%s is stale (line %d: committed %q, generator writes %q):\n"+
				"run `go run github.com/99designs/gqlgen generate` in _examples/scaleout", name, line, w, g)
		}
	}
}

// firstDifference returns the first line, counted from 1, where a and b
// differ, and that line of each ("" past the end).
func firstDifference(a, b string) (int, string, string) {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; ; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y || i >= len(al) || i >= len(bl) {
			return i + 1, x, y
		}
	}
}

func keys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

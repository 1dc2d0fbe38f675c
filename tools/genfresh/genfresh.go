// Package genfresh checks that the generated code committed to this
// repository is what its generator produces today. It copies the repository
// to a scratch directory, regenerates each directory asked for there (see
// Check for how), and reports every file the run added, removed or changed.
//
// Every module of the repository reaches it: the root module directly, the
// nested modules (_examples, _examples/benchmark, ...) through the replace
// of github.com/99designs/gqlgen in their go.mod, their import paths being
// below the root module's. The copy keeps the repository's layout, so the
// relative paths of those replace directives still resolve in it.
//
// The copy lives at a fixed path per repository (under os.TempDir), so the
// Go build cache, which keys compiled packages on their directory, serves
// the second and later runs: a warm check costs the generator's own run time.
package genfresh

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// skipDirs are never copied: VCS data and installed JS packages are large and
// play no part in Go code generation. (A worktree's .git is a file; it is
// skipped too, so that nothing in the copy points back at the repository.)
var skipDirs = map[string]bool{".git": true, "node_modules": true}

// notGenerated are directories, relative to the repository root, that hold
// a gqlgen.yml but no committed generated code, so Discover leaves them out.
var notGenerated = map[string]string{
	"_examples/benchmark/gen300": "the configuration compare.sh copies into a throwaway project, " +
		"with the schema `go run ./gen300` prints; nothing generated is committed",
}

// gqlgenLine is how a //go:generate line that runs this repository's
// generator starts.
const gqlgenLine = "//go:generate go run github.com/99designs/gqlgen"

// lockWait bounds how long Check waits for another check of the same
// repository to release the scratch copy.
const lockWait = 5 * time.Minute

// Check regenerates each of dirs (paths relative to root, using / or the OS
// separator) in a scratch copy of root and returns an error listing every
// difference from the files in root, below those directories. A nil error
// means every directory is fresh. A directory with a //go:generate line in
// it or below it is regenerated with `go generate ./...`, so that a project
// regenerating through a program of its own (as _examples/config does) is
// checked the way it is regenerated; one without is regenerated with
// `go run github.com/99designs/gqlgen generate`, which finds its gqlgen.yml.
func Check(ctx context.Context, root string, dirs ...string) error {
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	scratch, unlock, err := lockScratch(ctx, root)
	if err != nil {
		return err
	}
	defer unlock()
	copyRoot := filepath.Join(scratch, "repo")
	if err := os.RemoveAll(copyRoot); err != nil {
		return fmt.Errorf("clearing the scratch copy: %w", err)
	}
	if err := copyTree(root, copyRoot); err != nil {
		return fmt.Errorf("copying %s: %w", root, err)
	}

	// Modules are regenerated side by side, as many at a time as there are
	// CPUs; the directories of one module one after another, because the
	// generator's go mod tidy and its compile check read the whole module,
	// and another directory of it may be between deleting and rewriting its
	// generated files.
	found := make([][]string, len(dirs))
	errs := make([]error, len(dirs))
	groups := groupByModule(copyRoot, dirs)
	next := make(chan []int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(groups)) {
		wg.Go(func() {
			for group := range next {
				for _, i := range group {
					found[i], errs[i] = regenerate(ctx, root, copyRoot, dirs[i])
				}
			}
		})
	}
	for _, group := range groups {
		next <- group
	}
	close(next)
	wg.Wait()

	var problems []string
	for i := range dirs {
		if errs[i] != nil {
			return errs[i]
		}
		problems = append(problems, found[i]...)
	}
	if len(problems) > 0 {
		return fmt.Errorf("generated code is stale (regenerate there, with go generate ./... or go run github.com/99designs/gqlgen generate, and commit the result):\n%s",
			strings.Join(problems, "\n"))
	}
	return nil
}

// groupByModule returns the indexes of dirs grouped by the Go module each
// belongs to (the nearest go.mod at or above it within root), groups in the
// order of their first directory.
func groupByModule(root string, dirs []string) [][]int {
	var groups [][]int
	byModule := map[string]int{}
	for i, dir := range dirs {
		mod := filepath.FromSlash(dir)
		for mod != "." && mod != string(filepath.Separator) {
			if _, err := os.Stat(filepath.Join(root, mod, "go.mod")); err == nil {
				break
			}
			mod = filepath.Dir(mod)
		}
		g, ok := byModule[mod]
		if !ok {
			g = len(groups)
			byModule[mod] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}

// regenerate regenerates dir of the copy (as Check says) and describes how
// the result differs from dir in root. A failing generator is a difference, reported
// with its output; only a failure to compare is an error.
func regenerate(ctx context.Context, root, copyRoot, dir string) ([]string, error) {
	dir = filepath.FromSlash(dir)
	args := []string{"generate", "./..."}
	hasLine, err := containsLine(filepath.Join(root, dir), "//go:generate ")
	if err != nil {
		return nil, err
	}
	if !hasLine {
		args = []string{"run", "github.com/99designs/gqlgen", "generate"}
	}
	restore, err := skipValidation(filepath.Join(copyRoot, dir, "gqlgen.yml"))
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = filepath.Join(copyRoot, dir)
	out, runErr := cmd.CombinedOutput()
	if err := restore(); err != nil {
		return nil, err
	}
	if runErr != nil {
		return []string{fmt.Sprintf("%s: go %s failed: %v\n%s", dir, strings.Join(args, " "), runErr, out)}, nil
	}
	diffs, err := compareTrees(filepath.Join(root, dir), filepath.Join(copyRoot, dir))
	if err != nil {
		return nil, fmt.Errorf("comparing %s: %w", dir, err)
	}
	for i, d := range diffs {
		// Not filepath.Join: it would clean the description too ("//" → "/").
		diffs[i] = dir + string(filepath.Separator) + d
	}
	return diffs, nil
}

// skipValidation turns off the generator's closing `go build` of its output
// in the copy's gqlgen.yml (skip_validation: true), unless the file sets the
// key itself, and returns what puts the file back as it was. That build
// cannot change what is written, only whether the run fails, and the
// committed packages it would compile are compiled by their own tests
// anyway; in the copy, a directory of its own, it would compile each
// generated package a second time, from a cold build cache on every new
// checkout.
func skipValidation(yml string) (restore func() error, err error) {
	orig, err := os.ReadFile(yml)
	if err != nil {
		return nil, fmt.Errorf("reading the copy's %s: %w", yml, err)
	}
	restore = func() error { return os.WriteFile(yml, orig, 0o644) }
	for _, line := range strings.Split(string(orig), "\n") {
		if strings.HasPrefix(line, "skip_validation:") {
			return func() error { return nil }, nil
		}
	}
	b := slices.Clip(orig)
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b, '\n')
	}
	b = append(b, "skip_validation: true\n"...)
	if err := os.WriteFile(yml, b, 0o644); err != nil {
		return nil, err
	}
	return restore, nil
}

// lockScratch returns the scratch directory for root, held until unlock is
// called. The lock is a directory, created atomically by os.Mkdir; a lock
// older than lockWait is taken to be left over from a killed run.
func lockScratch(ctx context.Context, root string) (dir string, unlock func(), err error) {
	sum := sha256.Sum256([]byte(root))
	dir = filepath.Join(os.TempDir(), "gqlgen-freshness", hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	lock := filepath.Join(dir, "lock")
	deadline := time.Now().Add(lockWait)
	for {
		err := os.Mkdir(lock, 0o755)
		if err == nil {
			return dir, func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", nil, err
		}
		if st, serr := os.Stat(lock); serr == nil && time.Since(st.ModTime()) > lockWait {
			os.Remove(lock)
			continue
		}
		if time.Now().After(deadline) {
			return "", nil, fmt.Errorf("another freshness check holds %s", lock)
		}
		select {
		case <-ctx.Done():
			return "", nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// copyTree copies the regular files under src to dst, keeping modes.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && skipDirs[d.Name()]:
			return filepath.SkipDir
		case skipDirs[d.Name()]:
			return nil
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// listFiles returns the regular files under dir, relative to it.
func listFiles(dir string) (map[string]bool, error) {
	files := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && skipDirs[d.Name()] {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			files[rel] = true
		}
		return nil
	})
	return files, err
}

// compareTrees describes how the files under regenerated differ from those
// under committed, one line per file, sorted.
func compareTrees(committed, regenerated string) ([]string, error) {
	before, err := listFiles(committed)
	if err != nil {
		return nil, err
	}
	after, err := listFiles(regenerated)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for name := range before {
		if !after[name] {
			diffs = append(diffs, name+": removed by the generator")
		}
	}
	for name := range after {
		if !before[name] {
			diffs = append(diffs, name+": created by the generator, not committed")
			continue
		}
		a, err := os.ReadFile(filepath.Join(committed, name))
		if err != nil {
			return nil, err
		}
		b, err := os.ReadFile(filepath.Join(regenerated, name))
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(a, b) {
			diffs = append(diffs, name+": "+firstDifference(a, b))
		}
	}
	slices.Sort(diffs)
	return diffs, nil
}

// firstDifference names the first line where committed and regenerated
// content part ways.
func firstDifference(committed, regenerated []byte) string {
	a := strings.Split(string(committed), "\n")
	b := strings.Split(string(regenerated), "\n")
	for i := range max(len(a), len(b)) {
		var la, lb string
		if i < len(a) {
			la = a[i]
		}
		if i < len(b) {
			lb = b[i]
		}
		if la != lb || i >= len(a) || i >= len(b) {
			return fmt.Sprintf("differs from line %d:\n\tcommitted:   %q\n\tregenerated: %q", i+1, la, lb)
		}
	}
	return "differs"
}

// Discover returns the directories under root (relative to it, with forward
// slashes, sorted) that hold generated gqlgen code: those with a gqlgen.yml,
// and those with a //go:generate line running the generator that are not
// below one. Nested modules are included; testdata, node_modules and the
// directories of notGenerated are left out. A found directory is not
// searched further: regenerating it covers what is below it.
func Discover(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if skipDirs[d.Name()] || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, skip := notGenerated[rel]; skip {
			return filepath.SkipDir
		}
		found := false
		if _, err := os.Stat(filepath.Join(path, "gqlgen.yml")); err == nil {
			found = true
		} else if found, err = dirHasLine(path, gqlgenLine); err != nil {
			return err
		}
		if found {
			dirs = append(dirs, rel)
			return filepath.SkipDir
		}
		return nil
	})
	slices.Sort(dirs)
	return dirs, err
}

// NotGenerated returns the directories, relative to the repository root,
// that Discover leaves out although they hold a gqlgen.yml, each with the
// reason.
func NotGenerated() map[string]string {
	return maps.Clone(notGenerated)
}

// dirHasLine reports whether a .go file directly in dir has a line starting
// with prefix.
func dirHasLine(dir, prefix string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".go") {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				return false, err
			}
			if hasLinePrefix(data, prefix) {
				return true, nil
			}
		}
	}
	return false, nil
}

// containsLine reports whether a .go file in dir or below it (outside
// testdata and node_modules) has a line starting with prefix.
func containsLine(dir, prefix string) (bool, error) {
	found := false
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return err
		}
		if d.IsDir() && (skipDirs[d.Name()] || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() {
			found, err = dirHasLine(path, prefix)
			return err
		}
		return nil
	})
	return found, err
}

func hasLinePrefix(data []byte, prefix string) bool {
	for line := range bytes.Lines(data) {
		if bytes.HasPrefix(line, []byte(prefix)) {
			return true
		}
	}
	return false
}

// Package testmodule builds throwaway Go modules that use this checkout of
// gqlgen, for tests that run the generator and the go command on them.
package testmodule

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

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

// New creates a module "example" in the test's ScratchDir that builds
// against this checkout of gqlgen, writes files into it (paths with
// slashes, relative to the module) and makes it the working directory
// (gqlgen.yml paths are relative to it). It returns the directory.
func New(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := ScratchDir(t)

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

// heldScratch is the ScratchDir directories this process holds.
var heldScratch sync.Map

// scratchLockWait bounds how long ScratchDir waits for another run of the
// same test (another codec tag run side by side) to release the directory.
const scratchLockWait = 10 * time.Minute

// ScratchDir returns an empty directory for the running test, with symlinks
// resolved, that is the same path every time this test runs from this
// checkout: it lives under os.TempDir, named by a hash of the test binary's
// working directory (its package directory) and the test's name. It is the
// test's alone until the test ends, when it is emptied.
//
// Why not t.TempDir: the go command keys the packages it compiles (and the
// vet results) on their directory, so a module built in a new directory is
// compiled from scratch every time. In one stable directory, the second run
// of a test (make test runs every package once per codec build tag) finds
// the throwaway module's packages in the build cache when their source is
// the same, and only what differs is compiled again.
func ScratchDir(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	base := scratchBase(wd, t.Name())
	// A second call in the same test would wait for itself.
	if _, loaded := heldScratch.LoadOrStore(base, true); loaded {
		t.Fatalf("testmodule.ScratchDir: called twice in %s", t.Name())
	}
	t.Cleanup(func() { heldScratch.Delete(base) })
	require.NoError(t, os.MkdirAll(base, 0o755))
	lock := filepath.Join(base, "lock")
	deadline := time.Now().Add(scratchLockWait)
	for {
		err := os.Mkdir(lock, 0o755)
		if err == nil {
			break
		}
		require.True(t, errors.Is(err, fs.ErrExist), "locking %s: %v", lock, err)
		// A lock older than the wait was left by a run that died.
		if st, serr := os.Stat(lock); serr == nil && time.Since(st.ModTime()) > scratchLockWait {
			_ = os.Remove(lock)
			continue
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is held by another run of %s", lock, t.Name())
		}
		time.Sleep(100 * time.Millisecond)
	}
	dir := filepath.Join(base, "m")
	empty := func() error { return os.RemoveAll(dir) }
	t.Cleanup(func() {
		if err := empty(); err != nil {
			t.Errorf("emptying %s: %v", dir, err)
		}
		_ = os.Remove(lock)
	})
	require.NoError(t, empty(), "emptying %s", dir)
	require.NoError(t, os.Mkdir(dir, 0o755))
	dir, err = filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	return dir
}

// scratchBase is the directory holding ScratchDir's directory (and its
// lock) for the test called name run from the directory wd.
func scratchBase(wd, name string) string {
	sum := sha256.Sum256([]byte(wd + "\x00" + name))
	return filepath.Join(os.TempDir(), "gqlgen-testmodule", hex.EncodeToString(sum[:10]))
}

package testmodule

import (
	"os"
	"path/filepath"
	"testing"
)

// ScratchDir is a fixed path per test, empty when the test starts and
// emptied when it ends.
func TestScratchDir(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var dir string
	t.Run("sub", func(t *testing.T) {
		dir = ScratchDir(t)
		want, err := filepath.EvalSymlinks(scratchBase(wd, "TestScratchDir/sub"))
		if err != nil || filepath.Dir(dir) != want {
			t.Errorf("got %s, want a directory in %s (%v)", dir, want, err)
		}
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) != 0 {
			t.Fatalf("not an empty directory: %v %v", entries, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s left behind: %v", dir, err)
	}
	a1, a2, b := scratchBase(wd, "a"), scratchBase(wd, "a"), scratchBase(wd, "b")
	if a1 == b || a1 != a2 {
		t.Error("scratchBase must be one directory per test name")
	}
}

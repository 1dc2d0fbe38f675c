package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// downloadUpstream fetches the reference module through the Go module proxy
// and returns its directory in the module cache (read-only; never written).
// It runs in dir, an empty directory, so no go.mod or go.work takes part.
func downloadUpstream(ctx context.Context, gc *goCmd, dir string) (string, error) {
	res, err := gc.run(ctx, dir, "go", "mod", "download", "-json", modulePath+"@"+upstreamVersion)
	if err != nil {
		return "", err
	}
	var info struct {
		Dir   string
		Error string
	}
	if jerr := json.Unmarshal(res.stdout, &info); jerr != nil && res.exitErr == nil {
		return "", fmt.Errorf("decoding go mod download output: %w", jerr)
	}
	if info.Error != "" {
		return "", fmt.Errorf("downloading %s@%s: %s", modulePath, upstreamVersion, info.Error)
	}
	if res.exitErr != nil {
		return "", fmt.Errorf("downloading %s@%s: %w", modulePath, upstreamVersion, res.exitErr)
	}
	if info.Dir == "" {
		return "", fmt.Errorf("downloading %s@%s: no directory reported", modulePath, upstreamVersion)
	}
	return info.Dir, nil
}

// checkoutRoot finds the top of the git checkout we run in and checks that it
// is this module.
func checkoutRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("finding the checkout root (run from inside the git checkout): %w", err)
	}
	root := strings.TrimSpace(string(out))
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("reading the checkout's go.mod: %w", err)
	}
	if !bytes.HasPrefix(bytes.TrimSpace(mod), []byte("module "+modulePath+"\n")) {
		return "", fmt.Errorf("%s/go.mod is not module %s", root, modulePath)
	}
	return root, nil
}

// copyCheckout copies the files git would consider part of the working tree
// (tracked, plus untracked ones that are not ignored) from root to dst.
func copyCheckout(ctx context.Context, root, dst string) error {
	cmd := exec.CommandContext(ctx, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("listing checkout files: %w", err)
	}
	files := strings.Split(string(out), "\x00")
	// Nested modules (the benchmark, the JS integration suite) are not part
	// of the module under test, and one of them would shadow the upstream
	// packages overlaid at the same path (integration/server).
	var nested []string
	for _, rel := range files {
		if dir, name := path.Split(rel); name == "go.mod" && dir != "" {
			nested = append(nested, dir)
		}
	}
	for _, rel := range files {
		if rel == "" || slices.ContainsFunc(nested, func(dir string) bool { return strings.HasPrefix(rel, dir) }) {
			continue
		}
		src := filepath.Join(root, rel)
		info, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // tracked but deleted in the working tree
		}
		if err != nil {
			return err
		}
		if err := copyEntry(src, filepath.Join(dst, rel), info); err != nil {
			return err
		}
	}
	return nil
}

// copyTree copies the directory src to dst, making everything writable (the
// module cache is read-only, and the copy must be removable).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		info, err := os.Lstat(path)
		if err != nil {
			return err
		}
		return copyEntry(path, filepath.Join(dst, rel), info)
	})
}

// copyEntry copies one regular file or symlink.
func copyEntry(src, dst string, info fs.FileInfo) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(target, dst)
	}
	if !info.Mode().IsRegular() {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	mode := fs.FileMode(0o644)
	if info.Mode()&0o111 != 0 {
		mode = 0o755
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copying %s: %w", src, err)
	}
	return out.Close()
}

package apicheck

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// UpstreamVersion is the release whose API this module keeps.
const UpstreamVersion = "v0.17.98"

// UpstreamDir downloads upstream's module through the Go module proxy (or
// finds it in the module cache) and returns its directory.
func UpstreamDir() (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", modulePath+"@"+UpstreamVersion)
	cmd.Dir = os.TempDir()
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s@%s: %w", modulePath, UpstreamVersion, err)
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil || m.Error != "" {
		return "", fmt.Errorf("go mod download %s@%s: %v%s", modulePath, UpstreamVersion, err, m.Error)
	}
	return m.Dir, nil
}

// publicDir reports whether the packages under rel (a slash path inside the
// module) are part of the API a user imports: not internal, not examples,
// test fixtures or test data.
func publicDir(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		switch {
		case part == "internal", part == "testdata", part == "_examples", part == "integration",
			strings.HasPrefix(part, "."), strings.HasPrefix(part, "_"):
			return false
		}
	}
	return !strings.HasPrefix(rel, "codegen/testserver") && !strings.HasPrefix(rel, "plugin/modelgen/out") &&
		!strings.Contains("/"+rel+"/", "/test_data/")
}

// buildDir reports whether upstream's packages under rel are needed to
// type-check its public ones: the internal packages are, examples and test
// fixtures are not.
func buildDir(rel string) bool {
	return publicDir(strings.ReplaceAll("/"+rel+"/", "/internal/", "/"))
}

// Upstream type-checks upstream's public packages. The module cache copy is
// read-only, so it is copied, tests left out, to a scratch directory first.
func Upstream(dir, scratch string) (map[string]*types.Package, error) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && !buildDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), "_test.go") || !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(scratch, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		return nil, err
	}
	return load(scratch, "-mod=mod")
}

// Ours type-checks this module's public packages from its root.
func Ours(root string) (map[string]*types.Package, error) { return load(root, "") }

func load(dir, modFlag string) (map[string]*types.Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedModule,
		Dir:  dir,
		Env:  append(os.Environ(), "GOFLAGS="+modFlag, "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	out := map[string]*types.Package{}
	var errs bytes.Buffer
	for _, p := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.PkgPath, modulePath), "/")
		if p.Name == "main" || !publicDir(rel) {
			continue
		}
		for _, e := range p.Errors {
			fmt.Fprintf(&errs, "%s: %s\n", p.PkgPath, e)
		}
		out[p.PkgPath] = p.Types
	}
	if errs.Len() > 0 {
		return nil, fmt.Errorf("type-checking %s:\n%s", dir, errs.String())
	}
	return out, nil
}

// Allowed reads an allow list: one "key reason..." a line, # comments.
func Allowed(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, _ := strings.Cut(line, " ")
		if strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s: %q has no reason", path, key)
		}
		out[key] = strings.TrimSpace(reason)
	}
	return out, sc.Err()
}

package code

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

func loadedNames(pkgs []*packages.Package) []string {
	names := make([]string, len(pkgs))
	for i, p := range pkgs {
		names[i] = p.Name
	}
	return names
}

func TestLoadAllBatchesAndCaches(t *testing.T) {
	fixture(t)
	p := NewPackages()

	pkgs := p.LoadAll("example.com/app/a", "example.com/app/b", "./a", "example.com/app/a")
	assert.Equal(t, []string{"a", "b", "a", "a"}, loadedNames(pkgs))
	assert.Equal(t, 1, p.loadCalls, "one go/packages call for the whole batch")
	assert.Empty(t, p.Errors())
	require.NotNil(t, pkgs[0].TypesInfo)
	require.NotEmpty(t, pkgs[0].Syntax)

	assert.Same(t, pkgs[0], p.Load("example.com/app/a"))
	assert.Same(t, pkgs[1], p.Load("./b"))
	abs, err := filepath.Abs("b")
	require.NoError(t, err)
	assert.Same(t, pkgs[1], p.Load(abs))
	assert.Same(t, pkgs[0], p.LoadWithTypes("example.com/app/a"))
	p.LoadAll("example.com/app/b", "example.com/app/a")
	assert.Equal(t, 1, p.loadCalls, "cached packages are not loaded again")
	assert.Equal(t, 2, p.Count())

	assert.Equal(t, "c", p.Load("example.com/app/c").Name)
	assert.Equal(t, 2, p.loadCalls)
}

func TestEvict(t *testing.T) {
	fixture(t)
	p := NewPackages()
	p.LoadAll("example.com/app/a", "example.com/app/b")

	p.Evict("example.com/app/b")
	assert.Equal(t, "a", p.Load("example.com/app/a").Name)
	assert.Equal(t, 1, p.loadCalls)
	assert.Equal(t, "b", p.Load("./b").Name)
	assert.Equal(t, 2, p.loadCalls, "evicted package is read again")

	p.Evict("./a")
	assert.Equal(t, "a", p.Load("example.com/app/a").Name)
	assert.Equal(t, 3, p.loadCalls, "eviction by directory")

	p.Evict("example.com/app/never-loaded")
}

func TestWithBuildTags(t *testing.T) {
	fixture(t)

	plain := NewPackages()
	pkg := plain.Load("example.com/app/p")
	require.NotNil(t, pkg)
	assert.NotEmpty(t, pkg.Errors, "excluded by build constraints")

	tagged := NewPackages(WithBuildTags("private"), WithBuildTags(""))
	pkg = tagged.Load("example.com/app/p")
	require.NotNil(t, pkg)
	assert.Empty(t, pkg.Errors)
	assert.Equal(t, "p", pkg.Name)
	assert.Equal(t, "p", tagged.NameForPackage("example.com/app/p"))
}

func TestReloadAllKeepsPrefix(t *testing.T) {
	root := fixture(t)
	p := NewPackages(PackagePrefixToCache("example.com/app/a"))
	p.LoadAll("example.com/app/a", "example.com/app/b")
	a := p.Load("example.com/app/a")

	require.NoError(t, os.WriteFile(filepath.Join(root, "app", "b", "b.go"), []byte("package bee\n"), 0o644))
	pkgs := p.ReloadAll("example.com/app/a", "example.com/app/b")
	assert.Equal(t, []string{"a", "bee"}, loadedNames(pkgs))
	assert.Same(t, a, pkgs[0], "packages under the prefix survive")
	assert.Equal(t, 2, p.loadCalls)
	assert.Equal(t, "bee", p.NameForPackage("example.com/app/b"), "names of reloaded packages are refreshed")

	p.CleanupUserPackages()
	assert.Equal(t, 2, p.Count(), "b has not changed since it was loaded")
	require.NoError(t, os.WriteFile(filepath.Join(root, "app", "b", "b.go"), []byte("package bee // changed\n"), 0o644))
	p.CleanupUserPackages()
	assert.Equal(t, 1, p.Count(), "b has")
}

// A reload keeps a package only while nothing it was built from changed.
func TestReloadKeepsUnchangedPackages(t *testing.T) {
	cases := map[string]func(t *testing.T, root string){
		"its file":       func(t *testing.T, root string) { write(t, root, "app/a/a.go", "package a\n\nvar X = 2\n") },
		"a file added":   func(t *testing.T, root string) { write(t, root, "app/a/more.go", "package a\n") },
		"a file removed": func(t *testing.T, root string) { require.NoError(t, os.Remove(filepath.Join(root, "app/a/extra.go"))) },
		"a replaced dependency": func(t *testing.T, root string) {
			write(t, root, "dep/internal/impl/impl.go", "package impl\n\nconst V = 2\n")
		},
		"go.mod": func(t *testing.T, root string) {
			write(t, root, "app/go.mod", "module example.com/app\n\ngo 1.26\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ../dep\n")
		},
		"go.work created": func(t *testing.T, root string) { write(t, root, "go.work", "go 1.26\n\nuse ./app\n") },
	}
	for name, change := range cases {
		t.Run(name, func(t *testing.T) {
			root := fixture(t)
			write(t, root, "app/a/extra.go", "package a\n")
			p := NewPackages()
			a := p.Load("example.com/app/a")
			require.Empty(t, a.Errors)

			assert.Same(t, a, p.ReloadAll("example.com/app/a")[0], "nothing changed")
			assert.Equal(t, 1, p.loadCalls)

			change(t, root)
			assert.NotSame(t, a, p.ReloadAll("example.com/app/a")[0])
			assert.Equal(t, 2, p.loadCalls)
		})
	}

	t.Run("a package with errors", func(t *testing.T) {
		fixture(t)
		p := NewPackages()
		broken := p.Load("example.com/app/broken")
		require.NotEmpty(t, broken.Errors)
		assert.NotSame(t, broken, p.ReloadAll("example.com/app/broken")[0], "always reloaded")
	})
}

func write(t *testing.T, root, name, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(content), 0o644))
}

func TestErrors(t *testing.T) {
	fixture(t)
	p := NewPackages()
	p.LoadAll("example.com/app/broken", "example.com/app/missing", "example.com/app/a")

	errs := p.Errors()
	require.NotEmpty(t, errs)
	assert.Contains(t, errs[0].Error(), "not an int", "ordered by import path: broken before missing")
	assert.Contains(t, errs[len(errs)-1].Error(), "example.com/app/missing")
	assert.True(t, strings.HasPrefix(errs.Error(), "packages.Load: "))
	assert.NotContains(t, errs.Error(), "app/a/")
	var pkgErr packages.Error
	assert.True(t, errors.As(errs, &pkgErr))

	loadErr := errors.New("go command failed")
	q := &Packages{errs: []error{loadErr}, byPath: map[string]*packages.Package{
		"z": {Errors: []packages.Error{{Msg: "z"}}},
		"y": {Errors: []packages.Error{{Msg: "y"}}},
	}}
	assert.Equal(t, PkgErrors{loadErr, packages.Error{Msg: "y"}, packages.Error{Msg: "z"}}, q.Errors())
	assert.Equal(t, "packages.Load: go command failed\n-: y\n-: z\n", q.Errors().Error())
	assert.Nil(t, (&Packages{}).Errors())
}

func TestNameForPackageWithoutGoCommand(t *testing.T) {
	fixture(t)
	var p Packages // the zero value works

	cases := map[string]string{
		"example.com/app/a":            "a",
		"example.com/app/named":        "other",
		"example.com/app/not/yet":      "yet",
		"fmt":                          "fmt",
		"net/http":                     "http",
		"math/rand/v2":                 "rand",
		"example.com/app/dir.with-dot": "dir_with_dot",
	}
	for path, want := range cases {
		assert.Equal(t, want, p.NameForPackage(path), path)
	}
	assert.Equal(t, 0, p.listCalls)
	assert.Equal(t, 0, p.loadCalls)
}

func TestNameForPackageFromImportGraph(t *testing.T) {
	fixture(t)
	p := NewPackages()
	p.Load("example.com/app/a")
	assert.Equal(t, "utilities", p.NameForPackage("example.com/dep/util"))
	assert.Equal(t, 0, p.listCalls, "dependency names come with the type-checked package")
}

func TestLoadAllNamesBatchesTheRest(t *testing.T) {
	fixture(t)
	p := NewPackages()
	p.LoadAllNames("example.com/dep/util", "example.com/dep/internal/impl", "example.com/nowhere/pkg", "github.com", "fmt", "")
	assert.Equal(t, 1, p.listCalls)

	assert.Equal(t, "utilities", p.NameForPackage("example.com/dep/util"))
	assert.Equal(t, "impl", p.NameForPackage("example.com/dep/internal/impl"))
	assert.Equal(t, "pkg", p.NameForPackage("example.com/nowhere/pkg"))
	assert.Equal(t, "github_com", p.NameForPackage("github.com"))
	assert.Equal(t, "fmt", p.NameForPackage("fmt"))
	assert.Equal(t, "n", p.NameForPackage("example.com/app/nested/n"), "nested modules go through go list")
	assert.Equal(t, 2, p.listCalls)
}

func TestWithPreloadNames(t *testing.T) {
	fixture(t)
	p := NewPackages(WithPreloadNames("example.com/dep/util", "strings"), WithBuildTags("private"))
	assert.Equal(t, 1, p.listCalls)
	assert.Equal(t, "utilities", p.NameForPackage("example.com/dep/util"))
	assert.Equal(t, "strings", p.NameForPackage("strings"))
	assert.Equal(t, 1, p.listCalls)
}

func TestPreloadRunsInTheBackground(t *testing.T) {
	fixture(t)
	p := NewPackages(WithPreloadNames("example.com/dep/util", "example.com/app/a", "fmt"))
	require.NotNil(t, p.preloading, "the go command is needed for example.com/dep/util")
	assert.Equal(t, []string{"example.com/dep/util"}, p.preloading.paths, "the others are read from their directories")
	assert.Equal(t, "a", p.NameForPackage("example.com/app/a"), "answered without waiting")
	assert.NotNil(t, p.preloading)
	assert.Equal(t, "b", p.Load("example.com/app/b").Name, "loads do not wait either")
	assert.Equal(t, "utilities", p.NameForPackage("example.com/dep/util"))
	assert.Nil(t, p.preloading)
	assert.Equal(t, 1, p.listCalls)
}

func TestConcurrentUse(t *testing.T) {
	fixture(t)
	p := NewPackages()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			assert.Equal(t, "a", p.Load("example.com/app/a").Name)
			assert.Equal(t, "b", p.NameForPackage("example.com/app/b"))
		})
	}
	wg.Wait()
	assert.Equal(t, 1, p.loadCalls)
}

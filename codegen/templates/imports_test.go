package templates

import (
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// writeModule creates a module named example.com/app in a temporary
// directory with the given files (path → content), makes it the working
// directory for the test and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["go.mod"] = "module example.com/app\n\ngo 1.26\n"
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	t.Chdir(root)
	return root
}

func importFixture(t *testing.T) string {
	return writeModule(t, map[string]string{
		"one/bar/bar.go":       "package bar\n",
		"two/bar/bar.go":       "package bar\n",
		"mismatch/turtles.go":  "package turtles\n",
		"graph/generated.go":   "package graph\n",
		"gopkg/yaml.v3/y.go":   "package yaml\n",
		"versioned/v2/lib.go":  "package lib\n",
		"empty/placeholder.md": "no Go here\n",
	})
}

func TestImportsLookup(t *testing.T) {
	root := importFixture(t)
	newSet := func() *Imports {
		return &Imports{destDir: filepath.Join(root, "graph"), packages: code.NewPackages()}
	}

	t.Run("repeat lookups reuse the alias", func(t *testing.T) {
		s := newSet()
		assert.Equal(t, "bar", s.Lookup("example.com/app/one/bar"))
		assert.Equal(t, "bar", s.Lookup("example.com/app/one/bar"))
		assert.Len(t, s.imports, 1)
	})

	t.Run("same names are numbered", func(t *testing.T) {
		s := newSet()
		assert.Equal(t, "bar", s.Lookup("example.com/app/one/bar"))
		assert.Equal(t, "bar1", s.Lookup("example.com/app/two/bar"))
		assert.Equal(t, "bar1", s.Lookup("example.com/app/two/bar"))
		for i := 2; i < 30; i++ {
			assert.Equal(t, "bar"+strconv.Itoa(i), s.Lookup("example.com/app/n"+strconv.Itoa(i)+"/bar"))
		}
	})

	t.Run("declared name wins over the directory name", func(t *testing.T) {
		s := newSet()
		assert.Equal(t, "turtles", s.Lookup("example.com/app/mismatch"))
		assert.Equal(t, "yaml", s.Lookup("example.com/app/gopkg/yaml.v3"))
		assert.Equal(t, "empty", s.Lookup("example.com/app/empty"))
	})

	t.Run("own package needs no qualifier", func(t *testing.T) {
		s := newSet()
		assert.Equal(t, "", s.Lookup("example.com/app/graph"))
		assert.Equal(t, "", s.Lookup(""))
		assert.Empty(t, s.imports)
	})

	t.Run("vendored paths are normalized", func(t *testing.T) {
		s := newSet()
		assert.Equal(t, "bar", s.Lookup("example.com/app/vendor/example.com/app/one/bar"))
		assert.Equal(t, `"example.com/app/one/bar"`, s.String())
	})

	t.Run("import block", func(t *testing.T) {
		s := newSet()
		s.Lookup("example.com/app/one/bar")
		s.Lookup("example.com/app/two/bar")
		s.Lookup("example.com/app/mismatch")
		s.Lookup("example.com/app/versioned/v2")
		s.Lookup("context")
		assert.Equal(t, `"example.com/app/one/bar"
bar1 "example.com/app/two/bar"
turtles "example.com/app/mismatch"
lib "example.com/app/versioned/v2"
"context"`, s.String())
	})
}

func TestImportsReserve(t *testing.T) {
	root := importFixture(t)
	s := &Imports{destDir: filepath.Join(root, "graph"), packages: code.NewPackages()}

	_, err := s.Reserve("example.com/app/one/bar", "one")
	require.NoError(t, err)
	_, err = s.Reserve("example.com/app/two/bar", "two")
	require.NoError(t, err)
	_, err = s.Reserve("example.com/app/mismatch")
	require.NoError(t, err)

	_, err = s.Reserve("example.com/app/one/bar", "one")
	assert.NoError(t, err, "same alias again is fine")
	_, err = s.Reserve("example.com/app/one/bar", "uno")
	assert.Error(t, err, "a second alias for the same path")
	_, err = s.Reserve("example.com/app/versioned/v2", "two")
	assert.Error(t, err, "alias taken by another path")
	_, err = s.Reserve("")
	assert.Error(t, err)
	_, err = s.Reserve("example.com/app/graph", "g")
	assert.NoError(t, err, "own package is ignored")

	assert.Equal(t, "one", s.Lookup("example.com/app/one/bar"))
	assert.Equal(t, "bar", s.Lookup("example.com/app/n3/bar"), "reserved aliases do not block the plain name")
	assert.Equal(t, `one "example.com/app/one/bar"
two "example.com/app/two/bar"
turtles "example.com/app/mismatch"
"example.com/app/n3/bar"`, s.String())
}

func TestImportsLookupType(t *testing.T) {
	root := importFixture(t)
	s := &Imports{destDir: filepath.Join(root, "graph"), packages: code.NewPackages()}

	bar := types.NewPackage("example.com/app/two/bar", "bar")
	own := types.NewPackage("example.com/app/graph", "graph")
	named := func(pkg *types.Package, name string) *types.Named {
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.Typ[types.String], nil)
	}
	assert.Equal(t, "bar.Flag", s.LookupType(named(bar, "Flag")))
	assert.Equal(t, "[]*Local", s.LookupType(types.NewSlice(types.NewPointer(named(own, "Local")))))
	assert.Equal(t, "any", s.LookupType(types.NewInterfaceType(nil, nil)))
	assert.Equal(t, "map[string]bar.Flag", s.LookupType(types.NewMap(types.Typ[types.String], named(bar, "Flag"))))
}

func TestImportString(t *testing.T) {
	cases := []struct {
		imp  Import
		want string
	}{
		{Import{Name: "bar", Path: "a/bar", Alias: "bar"}, `"a/bar"`},
		{Import{Name: "bar", Path: "a/bar", Alias: "b"}, `b "a/bar"`},
		{Import{Name: "yaml", Path: "gopkg.in/yaml.v3", Alias: "yaml"}, `yaml "gopkg.in/yaml.v3"`},
		{Import{Name: "turtles", Path: "a/mismatch", Alias: "turtles"}, `turtles "a/mismatch"`},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.imp.String())
	}
}

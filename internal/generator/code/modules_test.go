package code

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestImportPathForDir(t *testing.T) {
	root := fixture(t)
	app := filepath.Join(root, "app")

	cases := map[string]string{
		app:                     "example.com/app",
		filepath.Join(app, "a"): "example.com/app/a",
		filepath.Join(app, "does", "not", "exist"): "example.com/app/does/not/exist",
		filepath.Join(app, "nested"):               "example.com/app/nested",
		filepath.Join(app, "nested", "n"):          "example.com/app/nested/n",
		filepath.Join(root, "dep", "util"):         "example.com/dep/util",
		root:                                       "",
		"a":                                        "example.com/app/a",
		"./a/../b":                                 "example.com/app/b",
	}
	for dir, want := range cases {
		assert.Equal(t, want, ImportPathForDir(dir), dir)
	}
	// Asking twice answers from the cache with the same result.
	assert.Equal(t, "example.com/app/a", ImportPathForDir(filepath.Join(app, "a")))
}

func TestImportPathForDirInThisRepository(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	assert.Equal(t, "github.com/99designs/gqlgen/internal/generator/code", ImportPathForDir(wd))
	assert.Equal(t, "github.com/99designs/gqlgen", ImportPathForDir(filepath.Join(wd, "..", "..", "..")))
	assert.Equal(t, "github.com/99designs/gqlgen/codegen/templates", ImportPathForDir(filepath.Join(wd, "..", "..", "..", "codegen", "templates")))
}

func TestImportPathForDirWithoutModuleLine(t *testing.T) {
	root := writeTree(t, map[string]string{"go.mod": "go 1.26\n"})
	assert.Equal(t, "", ImportPathForDir(filepath.Join(root, "x")))
}

func TestNameForDir(t *testing.T) {
	root := writeTree(t, map[string]string{
		"plain/z.go":              "package plain\n",
		"renamed/a.go":            "// Package docs.\npackage actual\n",
		"tests-first/a_test.go":   "package real_test\n",
		"tests-first/b.go":        "package real\n",
		"ignored-first/a_gen.go":  "//go:build ignore\n\npackage main\n",
		"ignored-first/b.go":      "package lib\n",
		"only-ignored/gen.go":     "//go:build ignore\n\npackage main\n",
		"no-go/README.md":         "hello\n",
		"my-dir.v2/notes.txt":     "",
		"only-tests/only_test.go": "package onlytests\n",
		"upper/FILE.GO":           "package upper\n",
		"broken/a.go":             "not go at all",
		"broken/b.go":             "package fine\n",
	})
	cases := map[string]string{
		"plain":         "plain",
		"renamed":       "actual",
		"tests-first":   "real",
		"ignored-first": "lib",
		"only-ignored":  "main",
		"no-go":         "no_go",
		"my-dir.v2":     "my_dir_v2",
		"only-tests":    "onlytests",
		"upper":         "upper",
		"broken":        "fine",
		"missing":       "missing",
	}
	for dir, want := range cases {
		assert.Equal(t, want, NameForDir(filepath.Join(root, dir)), dir)
	}
}

func TestQualifyPackagePath(t *testing.T) {
	fixture(t)
	assert.Equal(t, "example.com/dep/util", QualifyPackagePath("example.com/dep/util"))
}

func TestImportPathForDirNoticesNewModules(t *testing.T) {
	root := writeTree(t, map[string]string{"outer/go.mod": "module example.com/outer\n"})
	inner := filepath.Join(root, "outer", "inner", "pkg")
	assert.Equal(t, "example.com/outer/inner/pkg", ImportPathForDir(inner))

	require.NoError(t, os.MkdirAll(filepath.Join(root, "outer", "inner"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "outer", "inner", "go.mod"), []byte("module example.com/inner\n"), 0o644))
	assert.Equal(t, "example.com/inner/pkg", ImportPathForDir(inner))

	require.NoError(t, os.WriteFile(filepath.Join(root, "outer", "inner", "go.mod"), []byte("module example.com/renamed/inner\n"), 0o644))
	future := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(filepath.Join(root, "outer", "inner", "go.mod"), future, future))
	assert.Equal(t, "example.com/renamed/inner/pkg", ImportPathForDir(inner))
}

func BenchmarkImportPathForDir(b *testing.B) {
	wd, err := os.Getwd()
	require.NoError(b, err)
	dir := filepath.Join(wd, "testdata", "a", "b", "c")
	for b.Loop() {
		ImportPathForDir(dir)
	}
}

package federation_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// The end-to-end tests generate a subgraph from testdata/e2e/<name> with
// this checkout, then run the module's own tests (its graph package:
// resolvers and a test posting _service and _entities queries) with the
// codec build tag of this test binary.

// moduleFiles reads a testdata/e2e module, leaving out *.txt files (inputs
// the test writes in later).
func moduleFiles(t *testing.T, name string) map[string]string {
	t.Helper()
	root := filepath.Join("testdata", "e2e", name)
	files := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".txt") {
			return err
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = string(content)
		return err
	})
	require.NoError(t, err)
	return files
}

func generate(t *testing.T, dir string) {
	t.Helper()
	cfg, err := config.LoadConfig(filepath.Join(dir, "gqlgen.yml"))
	require.NoError(t, err)
	require.NoError(t, api.Generate(cfg))
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func goTest(t *testing.T, dir string) {
	t.Helper()
	args := []string{"test", "-count=1"}
	if codecTag != "" {
		args = append(args, "-tags", codecTag)
	}
	testmodule.Go(t, dir, append(args, "./graph/")...)
}

func TestGeneratedSubgraph(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and builds a module")
	}
	populate, err := os.ReadFile(filepath.Join("testdata", "e2e", "keyed", "graph", "populate.txt"))
	require.NoError(t, err)
	dir := testmodule.New(t, moduleFiles(t, "keyed"))

	generate(t, dir)
	requiresFile := filepath.Join(dir, "graph", "federation.requires.go")
	assert.Contains(t, read(t, requiresFile), `panic(fmt.Errorf("not implemented: PopulatePlanRequires"))`,
		"a new populator is a stub")
	first := read(t, filepath.Join(dir, "graph", "federation.go"))

	// The user writes the populator and more code; gqlgen runs again.
	require.NoError(t, os.WriteFile(requiresFile, populate, 0o644))
	generate(t, dir)
	kept := read(t, requiresFile)
	assert.Contains(t, kept, "// PopulatePlanRequires doubles the price: written by hand, kept when\n// gqlgen runs again.")
	assert.Contains(t, kept, "entity.Total = int(n) * 2")
	assert.Contains(t, kept, `"encoding/json"`)
	assert.Contains(t, kept, "func helperKeptAcrossRuns() {}")
	assert.NotContains(t, kept, "not implemented")
	assert.Equal(t, first, read(t, filepath.Join(dir, "graph", "federation.go")), "regenerating changes nothing")
	_, err = os.Stat(filepath.Join(dir, "graph", "model", "federation_keys.go"))
	assert.ErrorIs(t, err, fs.ErrNotExist, "no per-entity entity, no keys file")

	goTest(t, dir)
}

func TestGeneratedPerEntitySubgraph(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and builds a module")
	}
	dir := testmodule.New(t, moduleFiles(t, "perentity"))
	generate(t, dir)
	keys := read(t, filepath.Join(dir, "graph", "model", "federation_keys.go"))
	assert.Contains(t, testmodule.Words(keys), `PortMatchedKeyCodeAndRegionName PortMatchedKey = "code region { name }"`)
	_, err := os.Stat(filepath.Join(dir, "graph", "federation.requires.go"))
	assert.ErrorIs(t, err, fs.ErrNotExist, "no explicit @requires, no populator file")
	goTest(t, dir)
}

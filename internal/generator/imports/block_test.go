package imports

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/imports"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// TestCanonicalBlockMatchesImportsProcess checks the fast path against the
// general one (x/tools/imports or gofmt doing the sorting) on random
// Render-shaped files.
func TestCanonicalBlockMatchesImportsProcess(t *testing.T) {
	inModule(t)
	pool := []struct{ name, path string }{
		{"", "context"}, {"", "fmt"}, {"", "strings"}, {"", "sync/atomic"}, {"", "io"},
		{"", "appengine/datastore"}, {"", "appengine"},
		{"", "example.com/app/local"}, {"loc", "example.com/app/local"}, {"", "example.com/app"},
		{"", "github.com/vektah/gqlparser/v2/ast"}, {"gqlparser", "github.com/vektah/gqlparser/v2"},
		{"yaml", "go.yaml.in/yaml/v3"}, {"", "go.yaml.in/yaml/v3"},
		{"_", "embed"}, {".", "math"}, {"", "example.com/other/pkg"},
	}
	prefixes := []string{"", "example.com/app", "example.com/app/,github.com/vektah", "go.yaml.in"}
	pkgs := code.NewPackages()
	rng := rand.New(rand.NewPCG(1, 2))

	for i := range 300 {
		var specs []string
		var uses []string
		for range 1 + rng.IntN(8) {
			imp := pool[rng.IntN(len(pool))]
			spec := fmt.Sprintf("%q", imp.path)
			if imp.name != "" {
				spec = imp.name + " " + spec
			}
			specs = append(specs, spec)
			if rng.IntN(3) > 0 {
				name := imp.name
				if name == "" {
					name = pkgs.NameForPackage(imp.path)
				}
				if name != "_" && name != "." {
					uses = append(uses, "var _ = "+name+".X")
				}
			}
		}
		src := "package p\n\nimport (\n" + strings.Join(specs, "\n") + "\n)\n" + strings.Join(uses, "\n") + "\n"
		imports.LocalPrefix = prefixes[rng.IntN(len(prefixes))]

		for _, opts := range []PruneOptions{{}, {SkipImportGrouping: true}} {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			require.NoError(t, err)
			names := newNameUse()
			names.add(file)
			unused, err := unusedImports(file, pkgs, names)
			require.NoError(t, err)
			decl, block, ok := canonicalBlock(fset, file, unused, !opts.SkipImportGrouping)
			require.True(t, ok, src)

			fast, err := rebuilt(new(bytes.Buffer), fset, file, []byte(src), decl, block)
			require.NoError(t, err, src)
			general, err := edited(new(bytes.Buffer), fset, file, []byte(src), unused, "p.go", opts)
			require.NoError(t, err, src)
			require.Equal(t, string(general), string(fast), "case %d, LocalPrefix %q, %+v:\n%s", i, imports.LocalPrefix, opts, src)
		}
	}
	imports.LocalPrefix = ""
}

func TestCanonicalBlockShapes(t *testing.T) {
	cases := map[string]bool{
		"package p\n\nimport (\n\t\"fmt\"\n\t\"io\"\n)\n":              true,
		"package p\n\nimport (\n\t\"fmt\"\n\n\t\"io\"\n)\n":            false, // two runs
		"package p\n\nimport (\n\t\"fmt\" // why\n)\n":                 false, // comment
		"package p\n\nimport (\"fmt\"; \"io\")\n":                      false, // one line
		"package p\n\nimport \"fmt\"\n":                                false, // no parentheses
		"package p\n\nimport (\n\t\"fmt\"\n)\nimport (\n\t\"io\"\n)\n": false, // two declarations
		"package p\n": false,
	}
	for src, want := range cases {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
		require.NoError(t, err)
		_, _, ok := canonicalBlock(fset, file, nil, true)
		require.Equal(t, want, ok, src)
	}
}

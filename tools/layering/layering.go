// Package layering keeps the import graph of the module in the shape
// ARCHITECTURE.md draws: codec at the bottom, the runtime on it, the
// generator beside the runtime, the CLI on top, and the development tools
// (tools/) off to the side, importing whatever they need and imported by
// nothing but their own kind and the generator's tests. Its test reads the
// graph with `go list` under every codec tag and fails on each edge that
// runs the wrong way, naming it.
package layering

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Layer is a rank in the import graph: a package may import packages of its
// own layer or a lower one. Tools is outside the order (see Check).
type Layer int

// The layers, lowest first.
const (
	Unknown   Layer = iota
	Codec           // the JSON seam and the scanner it sits on
	Runtime         // what a server links: graphql/..., the transports, client, ...
	Generator       // schema + config -> Go code: codegen, plugin, api
	CLI             // main.go
	Tools           // development commands and their test helpers
)

func (l Layer) String() string {
	switch l {
	case Codec:
		return "codec"
	case Runtime:
		return "runtime"
	case Generator:
		return "generator"
	case CLI:
		return "CLI"
	case Tools:
		return "tools"
	}
	return "unclassified"
}

// Layers assigns every package of the module, by its path relative to the
// module ("." is the root package), to a layer. The longest matching entry
// wins: an entry covers its directory and everything below it, except the
// root entry ".", which is the root package alone. A new top-level package
// has no layer until it is added here, and the test fails until it is.
var Layers = map[string]Layer{
	".": CLI,

	"codec":                Codec, // codec and its conformance suite codec/codectest
	"internal/jsonscan":    Codec,
	"internal/builtinjson": Codec,

	"graphql":                      Runtime, // executor, handler and transports, introspection, playground, ...
	"client":                       Runtime,
	"handler":                      Runtime,
	"complexity":                   Runtime,
	"plugin/federation/fedruntime": Runtime, // what generated federation code calls
	"internal/queryparse":          Runtime,
	"internal/validation":          Runtime,
	"internal/upstream":            Runtime, // imports nothing; the generator prints it too

	"codegen":            Generator,
	"plugin":             Generator,
	"api":                Generator,
	"internal/generator": Generator,
	"init-templates":     Generator,

	"tools":       Tools,
	"docs/charts": Tools, // redraws the charts of docs/ (make charts)
}

// LayerOf returns the layer of the package at path (relative to the module).
func LayerOf(layers map[string]Layer, path string) Layer {
	if path == "." {
		return layers["."]
	}
	for p := path; ; {
		if l, ok := layers[p]; ok {
			return l
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			return Unknown
		}
		p = p[:i]
	}
}

// Package is one package of the module as the check sees it: paths relative
// to the module, imports of other modules left out.
type Package struct {
	Path string
	Name string
	// Imports are the imports of the package's non-test files; TestImports
	// those of its _test.go files, in-package and external together.
	Imports, TestImports []string
}

// Check returns one line per rule broken, each naming the package (and the
// import) that breaks it:
//
//   - every package has a layer;
//   - package main sits only in the CLI and Tools layers, never under internal/;
//   - an import runs to the importer's own layer or a lower one, in test
//     files too (a runtime test that imports codegen would put the
//     generator into the runtime's test binaries, and hide a cycle);
//   - only Tools packages import Tools packages, except that test files of
//     the generator and the CLI may: tools/testmodule builds the scratch
//     modules their tests generate into, tools/initcost measures generated
//     code. No runtime package's files, tests included, import tools/.
//
// A Tools package may import anything.
func Check(layers map[string]Layer, pkgs []Package) []string {
	var out []string
	for _, p := range pkgs {
		from := LayerOf(layers, p.Path)
		if from == Unknown {
			out = append(out, fmt.Sprintf("%s has no layer: add it to layering.Layers", p.Path))
			continue
		}
		if p.Name == "main" {
			if underInternal(p.Path) {
				out = append(out, fmt.Sprintf("%s is package main under internal/: commands go in tools/", p.Path))
			} else if from != CLI && from != Tools {
				out = append(out, fmt.Sprintf("%s is package main in the %s layer: commands go in tools/", p.Path, from))
			}
		}
		if from == Tools {
			continue
		}
		check := func(imp string, test bool) {
			to := LayerOf(layers, imp)
			what := "imports"
			if test {
				what = "imports in a test file"
			}
			switch {
			case to == Unknown:
				out = append(out, fmt.Sprintf("%s %s %s, which has no layer: add it to layering.Layers", p.Path, what, imp))
			case to == Tools:
				if !test || (from != Generator && from != CLI) {
					out = append(out, fmt.Sprintf("%s package %s %s tools package %s: nothing outside tools/ imports tools/ (only test files of the generator and the CLI may)", from, p.Path, what, imp))
				}
			case to > from:
				out = append(out, fmt.Sprintf("%s package %s %s %s package %s: imports run downwards, CLI -> generator, runtime -> codec", from, p.Path, what, to, imp))
			}
		}
		for _, imp := range p.Imports {
			check(imp, false)
		}
		for _, imp := range p.TestImports {
			check(imp, true)
		}
	}
	return out
}

func underInternal(path string) bool {
	return path == "internal" || strings.HasPrefix(path, "internal/")
}

// MainsUnderInternal returns the Go files under root/internal that declare
// package main, whatever their build constraints (go list sees only the
// files of the current build; a `//go:build ignore` program is a command
// too). Directories go ignores (testdata, names starting with . or _) are
// skipped: what is in them is data, not a package.
func MainsUnderInternal(root string) ([]string, error) {
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(root, "internal"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.PackageClauseOnly)
		if err != nil {
			return fmt.Errorf("reading the package clause of %s: %w", path, err)
		}
		if f.Name.Name == "main" {
			rel, _ := filepath.Rel(root, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out, err
}

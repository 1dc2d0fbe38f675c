package layering

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// codecTags are the builds whose graphs are checked: a codec tag selects
// files, and so may change what a package imports.
var codecTags = []string{"", "go_json", "sonic", "jsoniter"}

// moduleRoot is the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// load reads the module's packages with go list under tags, with paths
// made relative to the module and imports of other modules dropped.
func load(t *testing.T, root, tags string) []Package {
	t.Helper()
	cmd := exec.Command("go", "list", "-tags", tags, "-f",
		"{{.ImportPath}}\t{{.Name}}\t{{join .Imports \" \"}}\t{{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "./...")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -tags %q ./...: %v", tags, err)
	}
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module := strings.TrimSpace(string(mod))
	rel := func(paths string) []string {
		var in []string
		for _, p := range strings.Fields(paths) {
			if p == module {
				in = append(in, ".")
			} else if r, ok := strings.CutPrefix(p, module+"/"); ok {
				in = append(in, r)
			}
		}
		return in
	}
	var pkgs []Package
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("go list printed %q", line)
		}
		path := rel(f[0])
		if len(path) != 1 {
			t.Fatalf("go list printed a package outside %s: %q", module, f[0])
		}
		pkgs = append(pkgs, Package{Path: path[0], Name: f[1], Imports: rel(f[2]), TestImports: rel(f[3])})
	}
	return pkgs
}

// TestModuleLayering checks the module's own import graph under every codec tag.
func TestModuleLayering(t *testing.T) {
	root := moduleRoot(t)
	for _, tags := range codecTags {
		pkgs := load(t, root, tags)
		if len(pkgs) < 50 {
			t.Fatalf("-tags %q: go list found only %d packages", tags, len(pkgs))
		}
		seen := map[Layer]int{}
		for _, p := range pkgs {
			seen[LayerOf(Layers, p.Path)]++
		}
		for _, l := range []Layer{Codec, Runtime, Generator, CLI, Tools} {
			if seen[l] == 0 {
				t.Errorf("-tags %q: no package in the %s layer: is Layers out of date?", tags, l)
			}
		}
		for _, v := range Check(Layers, pkgs) {
			t.Errorf("-tags %q: %s", tags, v)
		}
	}
}

// TestNoMainUnderInternal reads every Go file under internal/, those no
// build selects included.
func TestNoMainUnderInternal(t *testing.T) {
	mains, err := MainsUnderInternal(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mains {
		t.Errorf("%s declares package main: commands go in tools/", m)
	}
}

func TestLayerOf(t *testing.T) {
	for path, want := range map[string]Layer{
		".":                                Runtime,
		"codec/codectest":                  Codec,
		"graphql/handler/transport":        Runtime,
		"plugin/federation":                Generator,
		"plugin/federation/fedruntime":     Runtime,
		"plugin/federation/fedruntime/sub": Runtime,
		"internal/generator/code":          Generator,
		"internal/jsonscan":                Codec,
		"internal/newthing":                Unknown,
		"codecs":                           Unknown, // a prefix of a name is not its parent
		"tools/demo/graph":                 Tools,
	} {
		layers := map[string]Layer{}
		for k, v := range Layers {
			layers[k] = v
		}
		layers["."] = Runtime // a root entry covers the root package only
		if got := LayerOf(layers, path); got != want {
			t.Errorf("LayerOf(%q) = %s, want %s", path, got, want)
		}
	}
}

// TestCheck feeds Check made-up graphs: each rule must name the edge that
// breaks it, and the edges the rules allow must pass.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		name string
		pkg  Package
		want []string
	}{
		{"runtime imports generator",
			Package{Path: "graphql/executor", Name: "executor", Imports: []string{"graphql", "codegen/config"}},
			[]string{"runtime package graphql/executor imports generator package codegen/config: imports run downwards, CLI -> generator, runtime -> codec"}},
		{"runtime test imports generator",
			Package{Path: "client", Name: "client", TestImports: []string{"internal/generator/code"}},
			[]string{"runtime package client imports in a test file generator package internal/generator/code: imports run downwards, CLI -> generator, runtime -> codec"}},
		{"codec imports runtime",
			Package{Path: "codec", Name: "codec", Imports: []string{"internal/jsonscan", "graphql"}},
			[]string{"codec package codec imports runtime package graphql: imports run downwards, CLI -> generator, runtime -> codec"}},
		{"federation runtime imports the federation plugin",
			Package{Path: "plugin/federation/fedruntime", Name: "fedruntime", Imports: []string{"plugin/federation"}},
			[]string{"runtime package plugin/federation/fedruntime imports generator package plugin/federation: imports run downwards, CLI -> generator, runtime -> codec"}},
		{"generator imports CLI",
			Package{Path: "api", Name: "api", Imports: []string{"."}},
			[]string{"generator package api imports CLI package .: imports run downwards, CLI -> generator, runtime -> codec"}},
		{"runtime imports a tool",
			Package{Path: "graphql/handler", Name: "handler", Imports: []string{"tools/wiregolden/wire"}},
			[]string{"runtime package graphql/handler imports tools package tools/wiregolden/wire: nothing outside tools/ imports tools/ (only test files of the generator and the CLI may)"}},
		{"runtime test imports a tool",
			Package{Path: "graphql/handler/transport", Name: "transport", TestImports: []string{"tools/testmodule"}},
			[]string{"runtime package graphql/handler/transport imports in a test file tools package tools/testmodule: nothing outside tools/ imports tools/ (only test files of the generator and the CLI may)"}},
		{"generator imports a tool",
			Package{Path: "codegen", Name: "codegen", Imports: []string{"tools/initcost"}},
			[]string{"generator package codegen imports tools package tools/initcost: nothing outside tools/ imports tools/ (only test files of the generator and the CLI may)"}},
		{"generator test imports a tool",
			Package{Path: "codegen", Name: "codegen", TestImports: []string{"tools/initcost", "tools/testmodule"}},
			nil},
		{"CLI test imports a tool",
			Package{Path: ".", Name: "main", Imports: []string{"api", "codec", "graphql"}, TestImports: []string{"tools/testmodule"}},
			nil},
		{"tool imports everything",
			Package{Path: "tools/compat", Name: "main", Imports: []string{".", "api", "internal/generator/code", "graphql", "tools/testmodule"}},
			nil},
		{"downward imports",
			Package{Path: "plugin/resolvergen", Name: "resolvergen", Imports: []string{"codegen", "internal/generator/rewrite", "internal/upstream", "graphql", "codec"}},
			nil},
		{"package main under internal",
			Package{Path: "internal/generator/gen", Name: "main"},
			[]string{"internal/generator/gen is package main under internal/: commands go in tools/"}},
		{"package main in the runtime",
			Package{Path: "graphql/cmd", Name: "main"},
			[]string{"graphql/cmd is package main in the runtime layer: commands go in tools/"}},
		{"package without a layer",
			Package{Path: "newpkg", Name: "newpkg", Imports: []string{"graphql"}},
			[]string{"newpkg has no layer: add it to layering.Layers"}},
		{"import without a layer",
			Package{Path: "graphql", Name: "graphql", Imports: []string{"internal/newthing"}},
			[]string{"graphql imports internal/newthing, which has no layer: add it to layering.Layers"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Check(Layers, []Package{c.pkg}); !reflect.DeepEqual(got, c.want) {
				t.Errorf("Check(%+v):\n got  %q\n want %q", c.pkg, got, c.want)
			}
		})
	}
}

func TestMainsUnderInternal(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"internal/lib/lib.go":               "package lib\n",
		"internal/lib/gen.go":               "//go:build ignore\n\npackage main\n",
		"internal/cmd/x/main.go":            "package main\n\nfunc main() {}\n",
		"internal/lib/testdata/prog.go":     "package main\n",
		"internal/_old/main.go":             "package main\n",
		"tools/demo/main.go":                "package main\n",
		"internal/generator/code/x_test.go": "package code_test\n",
	} {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := MainsUnderInternal(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"internal/cmd/x/main.go", "internal/lib/gen.go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("MainsUnderInternal = %q, want %q", got, want)
	}
}

package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fakeList is go list -deps -test output for a small module "m" under one
// tag, shaped as go list writes it (a test variant's GoFiles hold its test
// files too; the test main's file is named by its content): m/a uses
// m/codec, whose files depend on the tag; m/b uses nothing tagged; m/c
// reads its build info; m/d links m/half, which selects the same file under
// the first two tags only; m/e has no test files; m/f's external test files
// depend on the tag, and m/g links m/f as a plain dependency.
func fakeList(tag string) []listed {
	codecFile := map[string]string{"none": "std.go", "t1": "t1.go", "t2": "t2.go"}[tag]
	halfFile := map[string]string{"none": "x.go", "t1": "x.go", "t2": "y.go"}[tag]
	fTest := "f_" + tag + "_test.go"
	return []listed{
		{ImportPath: "fmt", Standard: true, DepOnly: true, Dir: "/go/fmt", GoFiles: []string{"print.go"}},
		{ImportPath: "runtime/debug", Standard: true, DepOnly: true, Dir: "/go/runtime/debug", GoFiles: []string{"mod.go"}},
		{ImportPath: "testing", Standard: true, DepOnly: true, Dir: "/go/testing", GoFiles: []string{"testing.go"}},
		{ImportPath: "m/codec", Dir: "/m/codec", GoFiles: []string{"codec.go", codecFile}, Imports: []string{"fmt"}, Deps: []string{"fmt"}},
		{ImportPath: "m/half", DepOnly: true, Dir: "/m/half", GoFiles: []string{halfFile}},
		{ImportPath: "m/a", Dir: "/m/a", GoFiles: []string{"a.go"}, Imports: []string{"m/codec"}, Deps: []string{"fmt", "m/codec"}},
		{ImportPath: "m/a [m/a.test]", ForTest: "m/a", Dir: "/m/a", GoFiles: []string{"a.go", "a_test.go"}, Imports: []string{"m/codec", "testing"}, Deps: []string{"fmt", "m/codec", "testing"}},
		{ImportPath: "m/a.test", Dir: "/cache/1", GoFiles: []string{"/cache/1/main-a"}, Deps: []string{"fmt", "m/a [m/a.test]", "m/codec", "testing"}},
		{ImportPath: "m/b", Dir: "/m/b", GoFiles: []string{"b.go"}, Deps: []string{"fmt"}},
		{ImportPath: "m/b_test [m/b.test]", ForTest: "m/b", Dir: "/m/b", GoFiles: []string{"b_test.go"}, Deps: []string{"fmt", "m/b", "testing"}},
		{ImportPath: "m/b.test", Dir: "/cache/2", GoFiles: []string{"/cache/2/main-b"}, Deps: []string{"fmt", "m/b", "m/b_test [m/b.test]", "testing"}},
		{ImportPath: "m/c", Dir: "/m/c", GoFiles: []string{"c.go"}, Imports: []string{"runtime/debug"}, Deps: []string{"runtime/debug"}},
		{ImportPath: "m/c [m/c.test]", ForTest: "m/c", Dir: "/m/c", GoFiles: []string{"c.go", "c_test.go"}, Imports: []string{"runtime/debug", "testing"}, Deps: []string{"runtime/debug", "testing"}},
		{ImportPath: "m/c.test", Dir: "/cache/3", GoFiles: []string{"/cache/3/main-c"}, Deps: []string{"m/c [m/c.test]", "runtime/debug", "testing"}},
		{ImportPath: "m/d", Dir: "/m/d", GoFiles: []string{"d.go"}, Deps: []string{"m/half"}},
		{ImportPath: "m/d [m/d.test]", ForTest: "m/d", Dir: "/m/d", GoFiles: []string{"d.go", "d_test.go"}, Deps: []string{"m/half", "testing"}},
		{ImportPath: "m/d.test", Dir: "/cache/4", GoFiles: []string{"/cache/4/main-d"}, Deps: []string{"m/d [m/d.test]", "m/half", "testing"}},
		{ImportPath: "m/e", Dir: "/m/e", GoFiles: []string{"e.go"}, Deps: []string{"fmt", "m/codec"}},
		{ImportPath: "m/f", Dir: "/m/f", GoFiles: []string{"f.go"}},
		{ImportPath: "m/f_test [m/f.test]", ForTest: "m/f", Dir: "/m/f", GoFiles: []string{fTest}, Deps: []string{"m/f", "testing"}},
		{ImportPath: "m/f.test", Dir: "/cache/5", GoFiles: []string{"/cache/5/main-f"}, Deps: []string{"m/f", "m/f_test [m/f.test]", "testing"}},
		{ImportPath: "m/g", Dir: "/m/g", GoFiles: []string{"g.go"}, Deps: []string{"m/f"}},
		{ImportPath: "m/g [m/g.test]", ForTest: "m/g", Dir: "/m/g", GoFiles: []string{"g.go", "g_test.go"}, Deps: []string{"m/f", "testing"}},
		{ImportPath: "m/g.test", Dir: "/cache/6", GoFiles: []string{"/cache/6/main-g"}, Deps: []string{"m/f", "m/g [m/g.test]", "testing"}},
	}
}

// fakeSources is the source of the files fakeList names that import
// runtime/debug.
func fakeSources(path string) ([]byte, error) {
	switch filepath.ToSlash(path) {
	case "/m/c/c.go":
		return []byte("package c\n\nimport \"runtime/debug\"\n\nvar _, _ = debug.ReadBuildInfo()\n"), nil
	case "/m/c/c_test.go":
		return []byte("package c\n"), nil
	}
	return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
}

func TestPlan(t *testing.T) {
	tags := []string{"none", "t1", "t2"}
	bins := make([]map[string]binary, len(tags))
	for i, tag := range tags {
		var err error
		bins[i], err = binaries(fakeList(tag), fakeSources)
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := bins[0]["m/c"].ReadsBuildInfo; !strings.Contains(got, "c.go calls ReadBuildInfo") {
		t.Errorf("m/c reads its build info; got %q", got)
	}
	for _, pkg := range []string{"m/a", "m/b", "m/d", "m/e", "m/f", "m/g"} {
		if why := bins[0][pkg].ReadsBuildInfo; why != "" {
			t.Errorf("%s does not read its build info; got %q", pkg, why)
		}
	}

	want := []step{
		{Tag: "none", Packages: []string{"m/a", "m/b", "m/c", "m/codec", "m/d", "m/e", "m/f", "m/g"}, Same: map[string]string{}},
		// m/c's binary is the same, but it could tell the tags apart.
		{Tag: "t1", Packages: []string{"m/a", "m/c", "m/codec", "m/e", "m/f"}, Same: map[string]string{"m/b": "none", "m/d": "none", "m/g": "none"}},
		{Tag: "t2", Packages: []string{"m/a", "m/c", "m/codec", "m/d", "m/e", "m/f"}, Same: map[string]string{"m/b": "none", "m/g": "none"}},
	}
	if got := plan(tags, bins); !reflect.DeepEqual(got, want) {
		t.Errorf("plan:\n got %+v\nwant %+v", got, want)
	}
}

// A binary that comes back to an earlier tag's files (none, t1 differ; t2
// like none) is left out under t2, as the same binary as under none.
func TestPlanReturningBinary(t *testing.T) {
	bins := []map[string]binary{{"p": {Key: "k1"}}, {"p": {Key: "k2"}}, {"p": {Key: "k1"}}}
	got := plan([]string{"none", "t1", "t2"}, bins)
	if got[2].Same["p"] != "none" || len(got[2].Packages) != 0 || len(got[1].Packages) != 1 {
		t.Errorf("plan: %+v", got)
	}
}

func TestBinariesErrors(t *testing.T) {
	pkgs := fakeList("none")
	// A dependency go list did not report.
	pkgs[5].Deps = append(pkgs[5].Deps, "m/missing")
	if _, err := binaries(pkgs[:6], fakeSources); err == nil || !strings.Contains(err.Error(), "m/missing") {
		t.Errorf("want an error naming m/missing, got %v", err)
	}
	// A package that cannot be loaded.
	broken := []listed{{ImportPath: "m/x", Dir: "/m/x", Error: &struct{ Err string }{"no Go files"}}}
	if _, err := binaries(broken, fakeSources); err == nil || !strings.Contains(err.Error(), "no Go files") {
		t.Errorf("want go list's error, got %v", err)
	}
	// A source file that cannot be read while looking for build-info reads.
	unreadable := func(string) ([]byte, error) { return nil, errors.New("disk on fire") }
	if _, err := binaries(fakeList("none"), unreadable); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("want the read error, got %v", err)
	}
}

// The real module: codec selects its files by tag, so its test binary
// differs between tags, and so does that of every package linked with it;
// the templates package links nothing tagged.
func TestThisModule(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	keys := map[string]map[string]binary{}
	for _, tag := range []string{"", "sonic"} {
		out, err := exec.Command("go", "list", "-tags", tag, "-deps", "-test", "-json="+listFields,
			"../../codec", "../../graphql/handler", "../../codegen/templates").Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tag, err)
		}
		pkgs, err := decodeList(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if keys[tag], err = binaries(pkgs, readFile); err != nil {
			t.Fatal(err)
		}
	}
	const mod = "github.com/99designs/gqlgen/"
	for pkg, same := range map[string]bool{"codec": false, "graphql/handler": false, "codegen/templates": true} {
		none, sonic := keys[""][mod+pkg], keys["sonic"][mod+pkg]
		if none.Key == "" || sonic.Key == "" {
			t.Errorf("%s: no binary computed", pkg)
			continue
		}
		if (none.Key == sonic.Key) != same {
			t.Errorf("%s: same binary under no tag and sonic = %v, want %v", pkg, none.Key == sonic.Key, same)
		}
	}
}

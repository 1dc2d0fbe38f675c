package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// fixtureRoots are upstream's generated test fixtures. Each root is replaced
// wholesale in the temporary module, so what compiles there is exactly
// upstream's fixture code on top of our runtime. Go's "..." patterns skip
// testdata directories, so packages are found by walking, not by pattern.
var fixtureRoots = []string{
	"codegen/testserver",
	"integration/server",
	"plugin/federation/testdata",
	"api/testdata",
}

// excluded fixture packages do not compile even against upstream v0.17.98
// itself, so they say nothing about us. They are still type-checked and shown
// as "skip"; in the self-check (-upstream) a "skip" that compiles is flagged,
// so a stale entry here is noticed.
var excluded = map[string]string{
	"plugin/federation/testdata/allthethings/generated": "stale upstream output: no //go:generate line regenerates it " +
		"and it no longer matches its models (undefined: executionContext)",
	"plugin/federation/testdata/federation2/generated": "stale upstream output: no //go:generate line regenerates it " +
		"(undefined: executionContext)",
	"api/testdata/validation_catches_errors/graph": "deliberately uncompilable (uncompilable.go): api's tests " +
		"check that Generate reports the compile error",
}

// deliberate lists upstream (sub)tests that assert upstream behaviour we
// changed on purpose because the protocol says otherwise (CHANGELOG "Fixed
// (where upstream is wrong)"). They are left out with go test's -skip and
// listed in the report, so a test of ours cannot hide behind them: each
// pattern names one subtest exactly.
var deliberate = map[string]string{
	"^TestWebsocketGraphqltransportwsSubprotocol$/^fail_on_null_payload$": "graphql/handler/transport: expects " +
		"a complete after an error on graphql-transport-ws; the protocol ends the operation with the error " +
		"(ours sends no complete, so the test would wait forever)",
}

// suite selects upstream test files to run against one of our packages.
type suite struct {
	dir       string   // package directory, relative to the module root
	recursive bool     // also every package below dir (testdata excluded)
	files     []string // explicit in-package test files, run as an external test package
	// inPackage takes every upstream test file of dir as it is, in-package,
	// with what they read and write beside them (directories and data
	// files): for packages whose tests reach only names ours has too.
	inPackage bool
}

// defaultBlackbox lists the black-box suites for modes test and regen. The
// plain entries take each package's external (package x_test) test files,
// which use only the exported API. plugin/federation's tests are in-package;
// the files listed drive the federation fixtures through the exported API
// only, and are checked against upstream by the self-check (the others in
// that package use unexported names, or share a file with tests that do).
const defaultBlackbox = "client graphql/executor graphql/handler/... plugin/modelgen! plugin/resolvergen! " +
	"plugin/federation:" +
	"federation_computedrequires_test.go," +
	"federation_entityresolver_test.go," +
	"federation_explicitrequires_test.go," +
	"federation_mixedrequires_test.go," +
	"federation_perentityexplicitrequires_test.go," +
	"federation_perentityfunctionsyntax_test.go," +
	"federation_perentitypreloaded_test.go," +
	"federation_perfieldcomputed_test.go," +
	"federation_preloaded_test.go," +
	"federation_subscription_context_field_test.go," +
	"federation_use_function_syntax_for_execution_context_test.go"

// parseSuites parses a space-separated list of "dir", "dir/...",
// "dir:file,file" and "dir!" (in-package) entries.
func parseSuites(spec string) ([]suite, error) {
	var out []suite
	for _, field := range strings.Fields(spec) {
		var s suite
		dir, files, hasFiles := strings.Cut(field, ":")
		if d, ok := strings.CutSuffix(dir, "!"); ok && !hasFiles {
			dir, s.inPackage = d, true
		}
		if hasFiles {
			for _, f := range strings.Split(files, ",") {
				if !strings.HasSuffix(f, "_test.go") || strings.Contains(f, "/") {
					return nil, fmt.Errorf("black-box entry %q: %q is not a _test.go file name", field, f)
				}
				s.files = append(s.files, f)
			}
		}
		if d, ok := strings.CutSuffix(dir, "/..."); ok {
			if hasFiles {
				return nil, fmt.Errorf("black-box entry %q: a file list needs a single directory", field)
			}
			dir, s.recursive = d, true
		}
		dir = filepath.ToSlash(filepath.Clean(dir))
		if dir == "." || strings.HasPrefix(dir, "../") || filepath.IsAbs(dir) {
			return nil, fmt.Errorf("black-box entry %q: want a directory inside the module", field)
		}
		s.dir = dir
		out = append(out, s)
	}
	return out, nil
}

// overlayFixtures replaces every fixture root in mod with upstream's copy.
func overlayFixtures(upstreamDir, mod string) error {
	for _, root := range fixtureRoots {
		dst := filepath.Join(mod, root)
		if err := os.RemoveAll(dst); err != nil {
			return err
		}
		if err := copyTree(filepath.Join(upstreamDir, root), dst); err != nil {
			return fmt.Errorf("copying upstream %s: %w", root, err)
		}
	}
	return nil
}

// testPackage is one package go test runs.
type testPackage struct {
	dir    string // relative to the module root
	origin string // "fixture" or "black-box"
}

// overlayBlackbox puts upstream's chosen test files into our packages. Our own
// _test.go files in those directories are removed first: only upstream's
// tests are measured, and same-named tests would not compile side by side.
func overlayBlackbox(upstreamDir, mod string, suites []suite) ([]testPackage, error) {
	var out []testPackage
	seen := map[string]bool{}
	for _, s := range suites {
		dirs := []string{s.dir}
		if s.recursive {
			var err error
			if dirs, err = packageDirs(filepath.Join(upstreamDir, s.dir)); err != nil {
				return nil, fmt.Errorf("black-box suite %s/...: %w", s.dir, err)
			}
			for i, d := range dirs {
				dirs[i] = pathJoin(s.dir, d)
			}
		}
		for _, dir := range dirs {
			overlay := overlayTests
			if s.inPackage {
				overlay = overlayPackageTests
			}
			n, err := overlay(upstreamDir, mod, dir, s.files)
			if err != nil {
				return nil, fmt.Errorf("black-box suite %s: %w", dir, err)
			}
			if n > 0 && !seen[dir] {
				seen[dir] = true
				out = append(out, testPackage{dir: dir, origin: "black-box"})
			}
		}
	}
	return out, nil
}

var packageClause = regexp.MustCompile(`(?m)^package\s+(\w+)\s*$`)

// overlayTests copies upstream's test files for one directory: the explicit
// files (their package clause rewritten to the external test package), or
// else every external test file. It returns how many files it copied.
func overlayTests(upstreamDir, mod, dir string, files []string) (int, error) {
	src, dst := filepath.Join(upstreamDir, dir), filepath.Join(mod, dir)
	explicit := len(files) > 0
	if !explicit {
		entries, err := os.ReadDir(src)
		if err != nil {
			return 0, err
		}
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), "_test.go") {
				files = append(files, e.Name())
			}
		}
	}
	type testFile struct {
		name string
		text []byte
	}
	var picked []testFile
	for _, name := range files {
		text, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			return 0, err
		}
		m := packageClause.FindSubmatchIndex(text)
		if m == nil {
			return 0, fmt.Errorf("%s/%s: no package clause", dir, name)
		}
		pkg := string(text[m[2]:m[3]])
		switch {
		case strings.HasSuffix(pkg, "_test"):
		case explicit:
			text = append(append(append([]byte{}, text[:m[3]]...), "_test"...), text[m[3]:]...)
		default:
			continue // in-package test: may use unexported names
		}
		picked = append(picked, testFile{name, text})
	}
	if len(picked) == 0 {
		return 0, nil
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return 0, err
	}
	if err := removeTestFiles(dst); err != nil {
		return 0, err
	}
	for _, f := range picked {
		if err := os.WriteFile(filepath.Join(dst, f.name), f.text, 0o644); err != nil {
			return 0, err
		}
	}
	// Test data the files read at run time, unless a fixture root already
	// brought it (plugin/federation/testdata).
	td := filepath.Join(src, "testdata")
	if _, err := os.Stat(td); err == nil {
		if _, err := os.Stat(filepath.Join(dst, "testdata")); os.IsNotExist(err) {
			if err := copyTree(td, filepath.Join(dst, "testdata")); err != nil {
				return 0, err
			}
		}
	}
	return len(picked), nil
}

// overlayPackageTests replaces our test files in dir with all of
// upstream's, unchanged, and brings what upstream keeps beside them except
// its Go sources and templates: subdirectories (test data, generated outputs the tests
// compare with) and data files. It returns how many test files it copied.
func overlayPackageTests(upstreamDir, mod, dir string, _ []string) (int, error) {
	src, dst := filepath.Join(upstreamDir, dir), filepath.Join(mod, dir)
	if err := removeTestFiles(dst); err != nil {
		return 0, err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		isTest := strings.HasSuffix(name, "_test.go")
		if !e.IsDir() && (strings.HasSuffix(name, ".gotpl") || strings.HasSuffix(name, ".go") && !isTest) {
			continue // upstream's implementation (code, templates): ours is what is tested
		}
		if err := os.RemoveAll(filepath.Join(dst, name)); err != nil {
			return 0, err
		}
		if err := copyTree(filepath.Join(src, name), filepath.Join(dst, name)); err != nil {
			return 0, err
		}
		if isTest {
			n++
		}
	}
	return n, nil
}

// removeTestFiles deletes the _test.go files of dir: ours, which upstream's
// replace.
func removeTestFiles(dir string) error {
	ours, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return err
	}
	for _, f := range ours {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	return nil
}

// packageDirs lists root and its subdirectories (relative to root, "." for
// root itself), skipping those the go command ignores in "..." patterns.
func packageDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		dirs = append(dirs, filepath.ToSlash(rel))
		return nil
	})
	return dirs, err
}

// goPackageDirs lists the directories under the fixture roots of module
// directory modDir that hold Go files: non-test files when tests is false,
// test files when true. Unlike packageDirs it descends into testdata, where
// most fixtures live.
func goPackageDirs(modDir string, tests bool) ([]string, error) {
	set := map[string]bool{}
	for _, root := range fixtureRoots {
		err := filepath.WalkDir(filepath.Join(modDir, root), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, ".go") && strings.HasSuffix(name, "_test.go") == tests {
				set[relTo(modDir, filepath.Dir(path))] = true
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	dirs := make([]string, 0, len(set))
	for d := range set {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, nil
}

// fixtureTestPackages lists upstream's fixture packages that have tests.
func fixtureTestPackages(upstreamDir string) ([]testPackage, error) {
	dirs, err := goPackageDirs(upstreamDir, true)
	if err != nil {
		return nil, err
	}
	var out []testPackage
	for _, d := range dirs {
		if _, skip := excluded[d]; !skip {
			out = append(out, testPackage{dir: d, origin: "fixture"})
		}
	}
	return out, nil
}

// pathJoin joins slash paths, treating "." as empty.
func pathJoin(a, b string) string {
	if b == "." {
		return a
	}
	return a + "/" + b
}

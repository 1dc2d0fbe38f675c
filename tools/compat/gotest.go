package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// testEvent is one line of `go test -json` output (cmd/test2json), including
// the build events the go command interleaves since Go 1.24.
type testEvent struct {
	Action      string
	Package     string
	Test        string
	Output      string
	ImportPath  string // build-output and build-fail events
	FailedBuild string // set on a package's fail event when it did not build
}

// pkgTests is the outcome of one test package.
type pkgTests struct {
	pkg       testPackage
	declared  []string          // top-level Test/Fuzz functions in its test files
	outcome   map[string]string // top-level test name -> pass, fail or skip
	pkgAction string            // the package's final action
	why       string            // first line explaining a failure
}

func (p *pkgTests) count(action string) int {
	n := 0
	for _, name := range p.declared {
		if p.outcome[name] == action {
			n++
		}
	}
	return n
}

type testReport struct {
	pkgs []*pkgTests
}

func (r testReport) totals() (pass, fail, skip, notRun, total int) {
	for _, p := range r.pkgs {
		pass += p.count("pass")
		fail += p.count("fail")
		skip += p.count("skip")
		total += len(p.declared)
	}
	return pass, fail, skip, total - pass - fail - skip, total
}

func (r testReport) percent() float64 {
	pass, _, _, _, total := r.totals()
	return percentOf(pass, total)
}

// runTests runs go test once over all packages (the go command runs them in
// parallel), then prints one line per package and the summary. The
// denominator is the set of Test/Fuzz functions declared in the test files,
// so a package that does not build counts all its tests as not passing.
func runTests(ctx context.Context, gc *goCmd, pkgs []testPackage, timeout time.Duration) (testReport, error) {
	fmt.Printf("== test: %d packages (%d fixture, %d black-box), -timeout %s per package\n",
		len(pkgs), countOrigin(pkgs, "fixture"), countOrigin(pkgs, "black-box"), timeout)
	report := testReport{}
	byImport := map[string]*pkgTests{}
	args := []string{"test", "-trimpath", "-json", "-count=1", "-vet=off", "-timeout=" + timeout.String()}
	if skip := deliberateSkip(); skip != "" {
		args = append(args, "-skip="+skip)
	}
	for _, p := range pkgs {
		declared, err := declaredTests(filepath.Join(gc.root, p.dir))
		if err != nil {
			return report, err
		}
		pt := &pkgTests{pkg: p, declared: declared, outcome: map[string]string{}}
		report.pkgs = append(report.pkgs, pt)
		byImport[modulePath+"/"+p.dir] = pt
		args = append(args, "./"+p.dir)
	}
	res, err := gc.run(ctx, "", "go", args...)
	if err != nil {
		return report, err
	}
	if err := collectEvents(bytes.NewReader(res.stdout), byImport, gc.root); err != nil {
		return report, err
	}
	if res.exitErr != nil && len(res.stdout) == 0 {
		return report, fmt.Errorf("go test: %w", res.exitErr)
	}
	sort.Slice(report.pkgs, func(i, j int) bool { return report.pkgs[i].pkg.dir < report.pkgs[j].pkg.dir })
	for _, p := range report.pkgs {
		pass, n := p.count("pass"), len(p.declared)
		status := "ok  "
		if p.pkgAction != "pass" || pass < n-p.count("skip") {
			status = "FAIL"
		}
		line := fmt.Sprintf("%s  %-70s %4d/%-4d tests pass", status, p.pkg.dir+" ("+p.pkg.origin+")", pass, n)
		if s := p.count("skip"); s > 0 {
			line += fmt.Sprintf(", %d skipped", s)
		}
		if status == "FAIL" && p.why != "" {
			line += ": " + p.why
		}
		fmt.Println(line)
	}
	for _, pattern := range slices.Sorted(maps.Keys(deliberate)) {
		fmt.Printf("left out on purpose: %s: %s\n", pattern, deliberate[pattern])
	}
	pass, fail, skip, notRun, total := report.totals()
	fmt.Printf("compat test: %d/%d tests pass (%.1f%%); %d fail, %d skipped, %d not run (package did not build or aborted)\n",
		pass, total, percentOf(pass, total), fail, skip, notRun)
	return report, nil
}

// deliberateSkip combines the patterns of deliberate into the one -skip
// expression go test takes. go test matches it level by level (the parts
// between slashes), so the patterns are joined per level: with several
// entries, A/B and C/D become (A|C)/(B|D), which also skips A/D — keep the
// entries few and exact.
func deliberateSkip() string {
	var levels [][]string
	for _, pattern := range slices.Sorted(maps.Keys(deliberate)) {
		for i, part := range strings.Split(pattern, "/") {
			if i == len(levels) {
				levels = append(levels, nil)
			}
			levels[i] = append(levels[i], part)
		}
	}
	joined := make([]string, len(levels))
	for i, alternatives := range levels {
		joined[i] = strings.Join(alternatives, "|")
		if len(alternatives) > 1 {
			joined[i] = "(" + joined[i] + ")"
		}
	}
	return strings.Join(joined, "/")
}

func countOrigin(pkgs []testPackage, origin string) int {
	n := 0
	for _, p := range pkgs {
		if p.origin == origin {
			n++
		}
	}
	return n
}

// collectEvents folds go test -json output into the per-package results.
func collectEvents(r io.Reader, byImport map[string]*pkgTests, root string) error {
	buildOutput := map[string][]string{} // ImportPath -> build-output lines
	testOutput := map[string][]string{}  // package+" "+test -> output lines
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e testEvent
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("decoding go test output %q: %w", line, err)
		}
		if e.Action == "build-output" {
			buildOutput[e.ImportPath] = append(buildOutput[e.ImportPath], e.Output)
			continue
		}
		p := byImport[e.Package]
		if p == nil {
			continue
		}
		switch {
		case e.Action == "output" && e.Test != "":
			key := e.Package + " " + e.Test
			testOutput[key] = append(testOutput[key], e.Output)
		case e.Action == "output":
			if p.why == "" && isPanicLine(e.Output) {
				p.why = strings.TrimSpace(e.Output)
			}
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			p.pkgAction = e.Action
			if e.FailedBuild != "" {
				p.why = "build failed: " + firstBuildLine(buildOutput, e.FailedBuild)
			}
		case !strings.Contains(e.Test, "/") && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			p.outcome[e.Test] = e.Action
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, p := range byImport {
		if p.why != "" {
			p.why = relativize(p.why, root)
			continue
		}
		for _, name := range p.declared {
			if p.outcome[name] == "fail" {
				p.why = name + ": " + firstTestLine(testOutput, p.pkg, name)
				break
			}
		}
	}
	return nil
}

// firstBuildLine finds the first compiler message for a failed build. A test
// build's ImportPath looks like "pkg [pkg.test]"; load errors are filed under
// the missing package.
func firstBuildLine(out map[string][]string, failed string) string {
	lines := out[failed]
	if len(lines) == 0 {
		for k, v := range out {
			if strings.HasPrefix(k, failed+" ") {
				lines = v
				break
			}
		}
	}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "# ") {
			return simplify(l)
		}
	}
	return failed
}

// firstTestLine is the first message a failing test (or its subtests) logged.
func firstTestLine(out map[string][]string, pkg testPackage, test string) string {
	prefix := modulePath + "/" + pkg.dir + " "
	keys := make([]string, 0)
	for k := range out {
		if k == prefix+test || strings.HasPrefix(k, prefix+test+"/") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, l := range out[k] {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
				continue
			}
			return l
		}
	}
	return "failed"
}

func isPanicLine(s string) bool {
	return strings.HasPrefix(s, "panic: ") || strings.HasPrefix(s, "fatal error: ")
}

// declaredTests lists the top-level Test and Fuzz functions of the _test.go
// files in dir that the default build context would compile.
func declaredTests(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	fset := token.NewFileSet()
	ctxt := build.Default
	for _, path := range files {
		if ok, err := ctxt.MatchFile(dir, filepath.Base(path)); err != nil || !ok {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parsing %s: %w", path, err)
		}
		names = append(names, testFuncs(f)...)
	}
	sort.Strings(names)
	return names, nil
}

// testFuncs returns the functions go test runs as tests: TestXxx(*testing.T)
// and FuzzXxx(*testing.F), where Xxx does not start with a lower-case letter.
func testFuncs(f *ast.File) []string {
	var names []string
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Type.TypeParams != nil {
			continue
		}
		for prefix, param := range map[string]string{"Test": "T", "Fuzz": "F"} {
			if isTestName(fn.Name.Name, prefix) && hasSingleParam(fn.Type, param) {
				names = append(names, fn.Name.Name)
			}
		}
	}
	return names
}

func isTestName(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return !unicode.IsLower(r)
}

// hasSingleParam reports whether ft takes exactly one *<pkg>.typ parameter.
func hasSingleParam(ft *ast.FuncType, typ string) bool {
	if ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) > 1 {
		return false
	}
	star, ok := ft.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == typ
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// listedPackage is the part of `go list -e -export -json` output we read.
// With -export the go command compiles each package, so Error carries type
// errors too, and DepsErrors those of its dependencies.
type listedPackage struct {
	ImportPath string
	Dir        string
	Error      *packageError
	DepsErrors []*packageError
}

type packageError struct {
	ImportStack []string
	Pos         string
	Err         string
}

// pkgResult is the verdict on one fixture package.
type pkgResult struct {
	rel      string // directory relative to the module root
	runtime  bool   // imports, directly or not, a package of the module outside the fixtures
	ok       bool
	firstErr string
	excluded string // reason, when excluded from the count
}

type typecheckReport struct {
	results []pkgResult
}

func (r typecheckReport) counts() (ok, total int) {
	for _, p := range r.results {
		if p.excluded != "" {
			continue
		}
		total++
		if p.ok {
			ok++
		}
	}
	return ok, total
}

func (r typecheckReport) percent() float64 {
	ok, total := r.counts()
	return percentOf(ok, total)
}

func percentOf(n, total int) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(n) / float64(total)
}

// typecheck compiles every fixture package (non-test files) without
// regenerating anything, and prints one line per package and a summary. The
// packages are those of upstream's fixtures, so one that lost its files (in
// mode regen) still counts, as a failure.
func typecheck(ctx context.Context, gc *goCmd, upstreamDir string) (typecheckReport, error) {
	dirs, err := goPackageDirs(upstreamDir, false)
	if err != nil {
		return typecheckReport{}, err
	}
	runtime, err := runtimeUsers(upstreamDir, dirs)
	if err != nil {
		return typecheckReport{}, err
	}
	fmt.Printf("== typecheck: %d packages under %s\n", len(dirs), strings.Join(fixtureRoots, ", "))
	args := []string{"list", "-trimpath", "-e", "-export", "-json=ImportPath,Dir,Error,DepsErrors"}
	for _, d := range dirs {
		args = append(args, "./"+d)
	}
	res, err := gc.run(ctx, "", "go", args...)
	if err != nil {
		return typecheckReport{}, err
	}
	if res.exitErr != nil && len(res.stdout) == 0 {
		return typecheckReport{}, fmt.Errorf("go list: %w", res.exitErr)
	}
	listed, err := decodeList(bytes.NewReader(res.stdout))
	if err != nil {
		return typecheckReport{}, err
	}
	byDir := map[string]listedPackage{}
	for _, p := range listed {
		byDir[p.Dir] = p
	}
	var report typecheckReport
	for _, d := range dirs {
		p, found := byDir[gc.root+"/"+d]
		r := pkgResult{rel: d, excluded: excluded[d], runtime: runtime[d]}
		switch {
		case !found:
			r.firstErr = "not reported by go list"
		default:
			r.firstErr = firstPackageError(p, gc.root)
			r.ok = r.firstErr == ""
		}
		report.results = append(report.results, r)
	}
	sort.Slice(report.results, func(i, j int) bool { return report.results[i].rel < report.results[j].rel })
	for _, r := range report.results {
		switch {
		case r.excluded != "" && r.ok:
			fmt.Printf("skip  %s (excluded: %s) WARNING: it compiles now; drop the exclusion\n", r.rel, r.excluded)
		case r.excluded != "":
			fmt.Printf("skip  %s (excluded: %s)\n", r.rel, r.excluded)
		case r.ok:
			fmt.Printf("ok    %s\n", r.rel)
		default:
			fmt.Printf("FAIL  %s: %s\n", r.rel, r.firstErr)
		}
	}
	ok, total := report.counts()
	fmt.Printf("compat typecheck: %d/%d packages compile (%.1f%%)\n", ok, total, percentOf(ok, total))
	rtOK, rtTotal := report.runtimeCounts()
	fmt.Printf("compat typecheck: of those using the gqlgen runtime: %d/%d compile (%.1f%%)\n", rtOK, rtTotal, percentOf(rtOK, rtTotal))
	return report, nil
}

// runtimeCounts counts only the packages that depend on the module's own
// (non-fixture) packages: the others, plain model packages, compile whatever
// the runtime looks like.
func (r typecheckReport) runtimeCounts() (ok, total int) {
	for _, p := range r.results {
		if p.excluded != "" || !p.runtime {
			continue
		}
		total++
		if p.ok {
			ok++
		}
	}
	return ok, total
}

// runtimeUsers tells which of upstream's fixture packages import, directly or
// through other fixture packages, a package of the module outside the
// fixtures. It reads upstream's sources, so the answer is the same whatever
// state the temporary copy is in.
func runtimeUsers(upstreamDir string, dirs []string) (map[string]bool, error) {
	imports := map[string][]string{} // fixture dir -> module-relative imports
	fset := token.NewFileSet()
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(upstreamDir, d, "*.go"))
		if err != nil {
			return nil, err
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return nil, fmt.Errorf("parsing %s: %w", path, err)
			}
			for _, spec := range f.Imports {
				p, _ := strconv.Unquote(spec.Path.Value)
				if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok {
					imports[d] = append(imports[d], rel)
				}
			}
		}
	}
	uses := map[string]bool{}
	var visit func(d string, seen map[string]bool) bool
	visit = func(d string, seen map[string]bool) bool {
		if v, done := uses[d]; done || seen[d] {
			return v
		}
		seen[d] = true
		for _, imp := range imports[d] {
			if !inFixtureRoot(imp) || visit(imp, seen) {
				uses[d] = true
				return true
			}
		}
		return false
	}
	for _, d := range dirs {
		uses[d] = visit(d, map[string]bool{})
	}
	return uses, nil
}

// decodeList reads the stream of JSON objects go list prints.
func decodeList(r io.Reader) ([]listedPackage, error) {
	dec := json.NewDecoder(r)
	var out []listedPackage
	for {
		var p listedPackage
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("decoding go list output: %w", err)
		}
		out = append(out, p)
	}
}

// firstPackageError returns the package's first error, or its first
// dependency's, as one line with paths relative to root; "" when it compiles.
func firstPackageError(p listedPackage, root string) string {
	if p.Error != nil {
		return relativize(simplify(firstErrorLine(p.Error)), root)
	}
	if len(p.DepsErrors) > 0 {
		e := p.DepsErrors[0]
		msg := simplify(firstErrorLine(e))
		if pkg := errorPackage(e); pkg != "" && !strings.HasPrefix(msg, "missing package ") {
			msg = "dependency " + pkg + ": " + msg
		}
		return relativize(msg, root)
	}
	return ""
}

// missingPackage matches the go command's ways of saying an imported package
// of the module does not exist (yet). The go command reports each such error
// once, at whichever importer it met first, so the position is dropped: it
// often names another package than the one being reported.
var missingPackage = []*regexp.Regexp{
	regexp.MustCompile(`no required module provides package (\S+?);`),
	regexp.MustCompile(`main module \(\S+\) does not contain package (\S+)`),
	regexp.MustCompile(`cannot find package "?([^"\s]+)"?`),
	regexp.MustCompile(`no non-test Go files in (\S+)`),
}

// simplify rewrites a missing-package error as "missing package <path>".
func simplify(line string) string {
	for _, re := range missingPackage {
		if m := re.FindStringSubmatch(line); m != nil {
			return "missing package " + shortPath(m[1])
		}
	}
	return line
}

// firstErrorLine is the first line of a go list error that is not a
// "# package" header, prefixed with its position when the text lacks one.
func firstErrorLine(e *packageError) string {
	for _, line := range strings.Split(e.Err, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		if e.Pos != "" && !strings.Contains(line, e.Pos) {
			return e.Pos + ": " + line
		}
		return line
	}
	return strings.TrimSpace(e.Err)
}

// errorPackage names the package a dependency error belongs to: the compile
// output's "# path" header, else the end of the import stack.
func errorPackage(e *packageError) string {
	if h, ok := strings.CutPrefix(e.Err, "# "); ok {
		h, _, _ = strings.Cut(h, "\n")
		return shortPath(h)
	}
	if n := len(e.ImportStack); n > 0 {
		return shortPath(e.ImportStack[n-1])
	}
	return ""
}

// shortPath drops the module prefix from an import path.
func shortPath(importPath string) string {
	if rest, ok := strings.CutPrefix(importPath, modulePath+"/"); ok {
		return rest
	}
	return importPath
}

func relativize(msg, root string) string {
	return strings.ReplaceAll(msg, root+"/", "")
}

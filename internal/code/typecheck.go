package code

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"go/version"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Validate checks that the packages the go command patterns match, and
// everything they import, compile.
//
// Compiling a freshly generated package takes the compiler's back end
// tens of seconds on a large schema, yet the mistakes generated code (and
// the resolvers around it) make are type errors. So the matched packages
// (the roots) are type-checked from source in process, and the packages
// they import are read from export data, which `go list -export` serves
// from the build cache (building those packages first if needed, which
// checks that they compile). Whenever that path cannot give a trustworthy
// answer (cgo or assembly in a root, what only the compiler checks, see
// compilerChecksAside, a root imported back by one of its dependencies, a
// toolchain or language version newer than the one gqlgen was built with,
// a GOEXPERIMENT setting, any error listing the packages) Validate runs
// ValidateWithBuild instead, which compiles them; fast turns compiler
// optimisations off there.
//
// A type error is reported as the compiler would, one "file:line:col:
// message" line each (at most ten), under the import path of its package.
func Validate(fast bool, patterns ...string) error {
	decided, err := typeCheck(patterns)
	if !decided {
		return ValidateWithBuild(fast, patterns...)
	}
	return err
}

// maxTypeErrors is how many errors of one package are reported, as many
// as the compiler prints before it gives up.
const maxTypeErrors = 10

// TypeErrors are the type errors of one package found by Validate.
type TypeErrors struct {
	ImportPath string
	Errors     []types.Error // in source order
	More       bool          // errors beyond these were dropped
}

// Error lists the errors one per line, with file names relative to the
// working directory when they are below it.
func (e *TypeErrors) Error() string {
	var b strings.Builder
	b.WriteString("# " + e.ImportPath)
	wd, _ := os.Getwd()
	for _, te := range e.Errors {
		pos := te.Fset.Position(te.Pos)
		if rel, err := filepath.Rel(wd, pos.Filename); wd != "" && err == nil && filepath.IsLocal(rel) {
			pos.Filename = rel
		}
		fmt.Fprintf(&b, "\n%s: %s", pos, te.Msg)
	}
	if e.More {
		b.WriteString("\ntoo many errors")
	}
	return b.String()
}

// listed is the part of `go list -json` output the type check reads.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	// Sources the type checker cannot check: any of them sends the roots
	// to the compiler.
	CgoFiles, CFiles, CXXFiles, MFiles, HFiles, FFiles, SFiles []string
	SwigFiles, SwigCXXFiles, SysoFiles                         []string
	Imports                                                    []string          // resolved import paths
	ImportMap                                                  map[string]string // import path in the source → resolved, where they differ
	Deps                                                       []string
	DepOnly                                                    bool
	Incomplete                                                 bool
	Export                                                     string
	Error                                                      *struct{ Err string }
	DepsErrors                                                 []*struct{ Err string }
	Module                                                     *struct{ GoVersion string }
}

// checkable reports whether the type checker sees everything the
// compiler would in p.
func (p *listed) checkable() bool {
	for _, files := range [][]string{p.CgoFiles, p.CFiles, p.CXXFiles, p.MFiles, p.HFiles,
		p.FFiles, p.SFiles, p.SwigFiles, p.SwigCXXFiles, p.SysoFiles} {
		if len(files) > 0 {
			return false
		}
	}
	return p.Error == nil && len(p.DepsErrors) == 0 && !p.Incomplete
}

// goList runs `go list -json=fields` with args and decodes its output.
func goList(fields string, args ...string) ([]*listed, error) {
	cmd := exec.Command("go", append([]string{"list", "-json=" + fields}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w: %s", err, stderr.Bytes())
	}
	var pkgs []*listed
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %w", err)
		}
		pkgs = append(pkgs, &p)
	}
}

// goEnv is what the type check needs to know about the go command.
type goEnv struct {
	GOARCH, GOVERSION, GOEXPERIMENT string
}

func readGoEnv() (goEnv, error) {
	var env goEnv
	out, err := exec.Command("go", "env", "-json", "GOARCH", "GOVERSION", "GOEXPERIMENT").Output()
	if err != nil {
		return env, err
	}
	return env, json.Unmarshal(out, &env)
}

// usable reports whether the type checker and export data reader built
// into this program understand what the go command produces: its Go
// release is not newer than ours and no experiment changes the language.
func (env goEnv) usable() bool {
	ours := version.Lang(runtime.Version())
	theirs := version.Lang(env.GOVERSION)
	return ours != "" && theirs != "" && version.Compare(theirs, ours) <= 0 &&
		env.GOEXPERIMENT == "" && types.SizesFor("gc", env.GOARCH) != nil
}

// typeCheck is Validate's fast path. decided is false when it could not
// check the packages and they must be compiled instead; otherwise err is
// the verdict.
func typeCheck(patterns []string) (decided bool, err error) {
	if len(patterns) == 0 {
		return false, nil
	}
	var env goEnv
	var envErr error
	envDone := make(chan struct{})
	go func() {
		defer close(envDone)
		env, envErr = readGoEnv()
	}()
	all, err := goList("ImportPath,Dir,GoFiles,CgoFiles,CFiles,CXXFiles,MFiles,HFiles,FFiles,SFiles,"+
		"SwigFiles,SwigCXXFiles,SysoFiles,Imports,ImportMap,Deps,DepOnly,Incomplete,Error,DepsErrors,Module",
		append([]string{"-e", "-deps", "--"}, patterns...)...)
	<-envDone
	if err != nil || envErr != nil || !env.usable() {
		return false, nil
	}
	plan, ok := planCheck(all)
	if !ok {
		return false, nil
	}

	// Parse the roots while the go command finds the export data.
	fset := token.NewFileSet()
	parsed := make(chan parseResult, 1)
	go func() { parsed <- parseRoots(fset, plan.roots) }()
	var exports []*listed
	if len(plan.external) > 0 {
		exports, err = goList("ImportPath,Export,Error,DepsErrors", append([]string{"-export", "--"}, plan.external...)...)
	}
	files := <-parsed
	if err != nil || files.err != nil {
		return false, nil
	}
	exportFile := make(map[string]string, len(exports))
	for _, p := range exports {
		if p.Error != nil || len(p.DepsErrors) > 0 || p.Export == "" {
			return false, nil
		}
		exportFile[p.ImportPath] = p.Export
	}

	imp := &rootImporter{
		checked: map[string]*types.Package{},
		fromExport: importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
			file, ok := exportFile[path]
			if !ok {
				return nil, fmt.Errorf("no export data for %s", path)
			}
			return os.Open(file)
		}),
	}
	sizes := types.SizesFor("gc", env.GOARCH)
	for i, root := range plan.roots {
		goVersion := ""
		if root.Module != nil && root.Module.GoVersion != "" {
			goVersion = version.Lang("go" + root.Module.GoVersion)
			if goVersion == "" || version.Compare(goVersion, version.Lang(runtime.Version())) > 0 {
				return false, nil
			}
		}
		var errs []types.Error
		var importFailed bool
		imp.current = root
		conf := types.Config{
			Importer:  imp,
			GoVersion: goVersion,
			Sizes:     sizes,
			Error: func(err error) {
				var te types.Error
				if !errors.As(err, &te) {
					importFailed = true
					return
				}
				errs = append(errs, te)
			},
		}
		embeds, ok := compilerChecksAside(files.byRoot[i])
		if !ok {
			return false, nil
		}
		pkg, _ := conf.Check(root.ImportPath, fset, files.byRoot[i], nil)
		if importFailed || imp.failed {
			// The export data could not be read: not the code's fault.
			return false, nil
		}
		if len(errs) > 0 {
			return true, typeErrors(root.ImportPath, errs)
		}
		if !embedTypesValid(pkg, embeds) || (pkg.Name() == "main" && !declaresMain(pkg)) {
			return false, nil
		}
		imp.checked[root.ImportPath] = pkg
	}
	return true, nil
}

// compilerChecksAside finds what the compiler checks beyond the type
// checker in files. Most of it sends the package to the compiler (ok is
// false): a function without a body (legal with assembly or a linkname),
// a //go:linkname directive, a //go:embed directive anywhere but on a
// package-level var of its own, or in a file not importing "embed". The
// vars that //go:embed applies to are returned, for embedTypesValid.
func compilerChecksAside(files []*ast.File) (embeds []string, ok bool) {
	for _, f := range files {
		embedVars := map[*ast.CommentGroup]string{}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body == nil {
					return nil, false
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR || d.Doc == nil || d.Lparen.IsValid() || len(d.Specs) != 1 {
					continue
				}
				if spec := d.Specs[0].(*ast.ValueSpec); len(spec.Names) == 1 && spec.Type != nil && len(spec.Values) == 0 {
					embedVars[d.Doc] = spec.Names[0].Name
				}
			}
		}
		importsEmbed := slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"embed"` })
		for _, group := range f.Comments {
			for _, c := range group.List {
				switch {
				case strings.HasPrefix(c.Text, "//go:linkname"):
					return nil, false
				case strings.HasPrefix(c.Text, "//go:embed"):
					name, ok := embedVars[group]
					if !ok || !importsEmbed {
						return nil, false
					}
					embeds = append(embeds, name)
				}
			}
		}
	}
	return embeds, true
}

// embedTypesValid reports whether every var named in embeds has a type
// //go:embed accepts: string, []byte or embed.FS.
func embedTypesValid(pkg *types.Package, embeds []string) bool {
	for _, name := range embeds {
		obj, ok := pkg.Scope().Lookup(name).(*types.Var)
		if !ok {
			return false
		}
		switch t := types.Unalias(obj.Type()).(type) {
		case *types.Basic:
			if t.Kind() != types.String {
				return false
			}
		case *types.Slice:
			if b, ok := types.Unalias(t.Elem()).(*types.Basic); !ok || b.Kind() != types.Byte {
				return false
			}
		case *types.Named:
			if t.Obj().Pkg() == nil || t.Obj().Pkg().Path() != "embed" || t.Obj().Name() != "FS" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// declaresMain reports whether a main package has its main function.
func declaresMain(pkg *types.Package) bool {
	fn, ok := pkg.Scope().Lookup("main").(*types.Func)
	return ok && fn.Signature().Params().Len() == 0 && fn.Signature().Results().Len() == 0
}

// checkPlan is what typeCheck does with the listed packages.
type checkPlan struct {
	roots    []*listed // every root after the roots it imports
	external []string  // packages the roots import, other than roots
}

// planCheck orders the roots and collects what they import. ok is false
// when the roots cannot be type-checked.
func planCheck(all []*listed) (plan checkPlan, ok bool) {
	roots := map[string]*listed{}
	for _, p := range all {
		if !p.DepOnly {
			if !p.checkable() {
				return plan, false
			}
			roots[p.ImportPath] = p
		} else if p.Error != nil || len(p.DepsErrors) > 0 {
			return plan, false
		}
	}
	if len(roots) == 0 {
		return plan, false
	}
	ext := map[string]bool{}
	for _, p := range all {
		if roots[p.ImportPath] != nil {
			for _, imp := range p.Imports {
				if roots[imp] == nil && imp != "unsafe" {
					ext[imp] = true
				}
			}
			continue
		}
		// A dependency that imports a root would be compiled against the
		// root rather than checked with it; and export data describing a
		// root cannot be mixed with the root checked from source.
		for _, d := range p.Deps {
			if roots[d] != nil {
				return plan, false
			}
		}
	}
	plan.external = slices.Sorted(func(yield func(string) bool) {
		for p := range ext {
			if !yield(p) {
				return
			}
		}
	})

	// go list prints dependencies before the packages that import them,
	// so its order is already a valid checking order.
	for _, p := range all {
		if r := roots[p.ImportPath]; r == p {
			plan.roots = append(plan.roots, p)
		}
	}
	return plan, true
}

// parseResult holds the parsed files of each root, indexed like the roots.
type parseResult struct {
	byRoot [][]*ast.File
	err    error
}

// parseRoots parses the Go files of every root, several at a time.
func parseRoots(fset *token.FileSet, roots []*listed) parseResult {
	type job struct{ root, file int }
	res := parseResult{byRoot: make([][]*ast.File, len(roots))}
	var jobs []job
	for i, r := range roots {
		res.byRoot[i] = make([]*ast.File, len(r.GoFiles))
		for j := range r.GoFiles {
			jobs = append(jobs, job{i, j})
		}
	}
	// The biggest files (generated ones) first, so that they do not end
	// up alone at the end.
	size := func(j job) int64 {
		fi, err := os.Stat(filepath.Join(roots[j.root].Dir, roots[j.root].GoFiles[j.file]))
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	sizes := make(map[job]int64, len(jobs))
	for _, j := range jobs {
		sizes[j] = size(j)
	}
	slices.SortFunc(jobs, func(a, b job) int { return cmp.Compare(sizes[b], sizes[a]) })

	next := make(chan job)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for j := range next {
				name := filepath.Join(roots[j.root].Dir, roots[j.root].GoFiles[j.file])
				f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
				mu.Lock()
				res.byRoot[j.root][j.file] = f
				if err != nil && res.err == nil {
					res.err = err
				}
				mu.Unlock()
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	return res
}

// rootImporter gives the type checker the roots checked so far and, for
// everything else, the export data found by go list.
type rootImporter struct {
	current    *listed // the root being checked: its ImportMap applies
	checked    map[string]*types.Package
	fromExport types.Importer
	failed     bool // some export data could not be read
}

func (imp *rootImporter) Import(path string) (*types.Package, error) {
	if resolved, ok := imp.current.ImportMap[path]; ok {
		path = resolved
	}
	if pkg, ok := imp.checked[path]; ok {
		return pkg, nil
	}
	pkg, err := imp.fromExport.Import(path)
	if err != nil {
		imp.failed = true
	}
	return pkg, err
}

// typeErrors keeps the first maxTypeErrors of errs in source order.
func typeErrors(importPath string, errs []types.Error) *TypeErrors {
	slices.SortStableFunc(errs, func(a, b types.Error) int {
		pa, pb := a.Fset.Position(a.Pos), b.Fset.Position(b.Pos)
		return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column))
	})
	te := &TypeErrors{ImportPath: importPath, Errors: errs}
	if len(errs) > maxTypeErrors {
		te.Errors, te.More = errs[:maxTypeErrors], true
	}
	return te
}

package code

import (
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
)

// module describes the Go module that owns a directory.
type module struct {
	root string // directory holding go.mod, slash-separated and absolute
	path string // module path declared in go.mod
}

// modules remembers, for every directory asked about, which module owns it
// (nil when none does), so that walking up to go.mod happens once per tree.
var modules struct {
	sync.Mutex
	byDir map[string]*module
}

// moduleFor returns the module owning dir, an absolute slash-separated path,
// by looking for go.mod in dir and its parents.
func moduleFor(dir string) *module {
	modules.Lock()
	defer modules.Unlock()
	if modules.byDir == nil {
		modules.byDir = map[string]*module{}
	}

	var visited []string
	var found *module
	for d := dir; ; {
		if m, ok := modules.byDir[d]; ok {
			found = m
			break
		}
		visited = append(visited, d)
		if content, err := os.ReadFile(filepath.Join(filepath.FromSlash(d), "go.mod")); err == nil {
			found = &module{root: d, path: modfile.ModulePath(content)}
			break
		}
		parent := path.Dir(d)
		if parent == d || !strings.Contains(d, "/") {
			break
		}
		// Volume roots on Windows ("C:/") are their own parent under path.Dir
		// only after cleaning, so stop when nothing would change.
		if strings.HasSuffix(parent, ":") {
			parent += "/"
		}
		d = parent
	}
	for _, d := range visited {
		modules.byDir[d] = found
	}
	return found
}

// absSlash makes dir absolute and slash-separated.
func absSlash(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(abs), nil
}

// gopathRoots are the $GOPATH/src directories, used to name directories that
// are not inside any module.
var gopathRoots = sync.OnceValue(func() []string {
	var roots []string
	for _, p := range filepath.SplitList(build.Default.GOPATH) {
		if p != "" {
			roots = append(roots, filepath.ToSlash(filepath.Join(p, "src")))
		}
	}
	return roots
})

// ImportPathForDir returns the import path a package in dir would have: the
// owning module's path joined with dir's position inside the module, or,
// outside any module, dir's position under $GOPATH/src. The directory need
// not exist. It returns "" when neither applies.
func ImportPathForDir(dir string) string {
	abs, err := absSlash(dir)
	if err != nil {
		return ""
	}
	if m := moduleFor(abs); m != nil {
		switch {
		case m.path == "":
			return ""
		case abs == m.root:
			return m.path
		}
		return m.path + "/" + strings.TrimPrefix(abs[len(m.root):], "/")
	}
	for _, root := range gopathRoots() {
		if len(abs) > len(root)+1 && strings.EqualFold(abs[:len(root)], root) && abs[len(root)] == '/' {
			return abs[len(root)+1:]
		}
	}
	return ""
}

// NameForDir returns the package name declared by the Go files in dir,
// without invoking the go command. Test files and files excluded by build
// constraints are skipped when any other file declares a name. A directory
// without Go files gets its sanitized base name.
func NameForDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return SanitizePackageName(filepath.Base(dir))
	}
	if name := packageClause(&build.Default, abs); name != "" {
		return name
	}
	return SanitizePackageName(filepath.Base(abs))
}

// packageClause reads the package name from the first suitable Go file of
// dir, in file-name order. Buildable non-test files are preferred; failing
// those, any file that parses will do.
func packageClause(ctx *build.Context, dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var goFiles []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(strings.ToLower(e.Name()), ".go") {
			goFiles = append(goFiles, e.Name())
		}
	}
	slices.Sort(goFiles)

	fset := token.NewFileSet()
	clause := func(name string) string {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.PackageClauseOnly)
		if err != nil {
			return ""
		}
		return f.Name.Name
	}
	for _, name := range goFiles {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		if n := clause(name); n != "" {
			return n
		}
	}
	for _, name := range goFiles {
		if n := clause(name); n != "" {
			return n
		}
	}
	return ""
}

// QualifyPackagePath returns the path go/packages should be asked for when
// loading importPath. In module mode that is importPath itself; in GOPATH
// mode a package vendored under the working directory gets its vendor
// prefix.
func QualifyPackagePath(importPath string) string {
	wd, err := os.Getwd()
	if err != nil {
		return importPath
	}
	if abs, err := absSlash(wd); err == nil && moduleFor(abs) != nil {
		return importPath
	}
	pkg, err := build.Import(importPath, wd, build.FindOnly)
	if err != nil {
		return importPath
	}
	return pkg.ImportPath
}

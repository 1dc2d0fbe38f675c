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
	"time"

	"golang.org/x/mod/modfile"
)

// module describes the Go module that owns a directory.
type module struct {
	root string // directory holding go.mod, slash-separated and absolute
	path string // module path declared in go.mod
}

// goModFiles caches the module path declared by each go.mod read, keyed by
// file and invalidated when the file's size or modification time changes.
var goModFiles struct {
	sync.Mutex
	byPath map[string]goModFile
}

type goModFile struct {
	size    int64
	modTime time.Time
	path    string
}

// moduleFor returns the module owning dir, an absolute slash-separated path,
// by looking for go.mod in dir and its parents; nil if there is none. The
// directories are probed every time (a few stat calls), so go.mod files
// created or removed while the generator runs are noticed.
func moduleFor(dir string) *module {
	for d := dir; ; {
		file := filepath.Join(filepath.FromSlash(d), "go.mod")
		if fi, err := os.Stat(file); err == nil && fi.Mode().IsRegular() {
			return &module{root: d, path: modulePath(file, fi)}
		}
		parent := path.Dir(d)
		if strings.HasSuffix(parent, ":") {
			parent += "/" // a Windows volume root
		}
		if parent == d || !strings.Contains(d, "/") {
			return nil
		}
		d = parent
	}
}

func modulePath(file string, fi os.FileInfo) string {
	goModFiles.Lock()
	defer goModFiles.Unlock()
	if c, ok := goModFiles.byPath[file]; ok && c.size == fi.Size() && c.modTime.Equal(fi.ModTime()) {
		return c.path
	}
	content, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	if goModFiles.byPath == nil {
		goModFiles.byPath = map[string]goModFile{}
	}
	mp := modfile.ModulePath(content)
	goModFiles.byPath[file] = goModFile{size: fi.Size(), modTime: fi.ModTime(), path: mp}
	return mp
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

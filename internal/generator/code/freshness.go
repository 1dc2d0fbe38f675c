package code

import (
	"go/build"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A reload (ReloadAll, CleanupUserPackages) exists so that bindings see Go
// code written since the packages were loaded. The generator reloads more
// often than anything is written (after modelgen writes the models, and
// again before binding), and each load starts the go command several
// times. So a user package stays cached across a reload when nothing it was
// built from has changed: the contents of the Go files of the package and
// of every dependency outside GOROOT and the module cache (both read-only
// while the generator runs), the lists of Go files in their directories
// (a file added or removed), and the working module's go.mod, go.sum and
// any go.work. Packages under the runtime prefix are trusted not to change,
// as elsewhere in this cache, and packages that loaded with errors are
// always reloaded: what they were missing may exist now.

// sourceStamp is what a loaded package was built from.
type sourceStamp struct {
	files map[string]uint64   // file → hash of its contents
	dirs  map[string][]string // directory → its *.go file names, sorted
}

var stampSeed = maphash.MakeSeed()

// stamp records what pkg and its dependencies were built from. ok is false
// when that cannot be recorded (the package had errors, a file could not be
// read): the package is then reloaded every time.
func (p *Packages) stamp(pkg *packages.Package) (st sourceStamp, ok bool) {
	if len(pkg.Errors) > 0 || pkg.IllTyped {
		return st, false
	}
	st = sourceStamp{files: map[string]uint64{}, dirs: map[string][]string{}}
	if !st.addFiles(moduleFiles()) {
		return st, false
	}
	roots := readOnlyRoots()
	seen := map[*packages.Package]bool{}
	stack := []*packages.Package{pkg}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[q] {
			continue
		}
		seen[q] = true
		for _, dep := range q.Imports {
			stack = append(stack, dep)
		}
		if q != pkg && p.keepPrefix != "" && strings.HasPrefix(NormalizeVendor(q.PkgPath), p.keepPrefix) {
			continue
		}
		if len(q.GoFiles) == 0 || readOnly(roots, q.GoFiles[0]) {
			continue
		}
		if !st.addFiles(q.GoFiles) {
			return st, false
		}
		for _, f := range q.GoFiles {
			dir := filepath.Dir(f)
			if _, done := st.dirs[dir]; !done {
				st.dirs[dir] = goFileNames(dir)
			}
		}
	}
	return st, true
}

// addFiles hashes files into st; a file that does not exist is recorded as
// such. ok is false when a file exists but cannot be read.
func (st sourceStamp) addFiles(files []string) bool {
	for _, f := range files {
		h, ok := hashFile(f)
		if !ok {
			return false
		}
		st.files[f] = h
	}
	return true
}

// current reports whether everything st recorded is unchanged.
func (st sourceStamp) current() bool {
	for f, want := range st.files {
		if got, ok := hashFile(f); !ok || got != want {
			return false
		}
	}
	for dir, want := range st.dirs {
		if !slices.Equal(goFileNames(dir), want) {
			return false
		}
	}
	return true
}

// missing is the hash recorded for a file that does not exist.
const missing = 0

// hashFile hashes the contents of file; a file that does not exist hashes
// to missing. ok is false on any other error.
func hashFile(file string) (uint64, bool) {
	b, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return missing, true
	}
	if err != nil {
		return 0, false
	}
	return maphash.Bytes(stampSeed, b) | 1, true // never missing
}

// goFileNames lists the *.go files of dir, sorted; nil if it cannot be read.
func goFileNames(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			names = append(names, e.Name())
		}
	}
	return names // os.ReadDir sorts by name
}

// moduleFiles are the files that decide how the working module's imports
// resolve: go.mod and go.sum, and go.work in the working directory or
// above it, or as GOWORK names it.
func moduleFiles() []string {
	var files []string
	if mod := workingModule(); mod != nil {
		root := filepath.FromSlash(mod.root)
		files = append(files, filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"))
	}
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		files = append(files, w)
	} else if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			files = append(files, filepath.Join(dir, "go.work"))
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return files
}

// readOnlyRoots are the directories whose Go files do not change while
// the generator runs: GOROOT's sources and the module cache.
func readOnlyRoots() []string {
	var roots []string
	if build.Default.GOROOT != "" {
		roots = append(roots, filepath.Join(build.Default.GOROOT, "src"))
	}
	if c := os.Getenv("GOMODCACHE"); c != "" {
		roots = append(roots, c)
	} else if gp := filepath.SplitList(build.Default.GOPATH); len(gp) > 0 && gp[0] != "" {
		roots = append(roots, filepath.Join(gp[0], "pkg", "mod"))
	}
	return roots
}

func readOnly(roots []string, file string) bool {
	for _, r := range roots {
		if rel, err := filepath.Rel(r, file); err == nil && filepath.IsLocal(rel) {
			return true
		}
	}
	return false
}

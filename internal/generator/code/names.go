package code

import (
	"go/build"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// NameForPackage returns the name declared by the package at importPath, as
// an unaliased import of it would bind. A package that does not exist (yet)
// gets its sanitized last path element, so the result is never empty for a
// non-empty path.
//
// Names are found in this order, stopping at the first hit: the name cache;
// packages already loaded, including every package they import directly or
// indirectly; for packages of the working module or the standard library,
// the package clause of the files in their directory. Only what is left
// needs the go command, and LoadAllNames batches those into one call.
func (p *Packages) NameForPackage(importPath string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	path := NormalizeVendor(importPath)
	p.resolveNames([]string{path})
	return p.names[path].name
}

// LoadAllNames resolves the names of all the given packages, with at most one
// go command invocation for the ones that need it. Afterwards NameForPackage
// answers from the cache.
func (p *Packages) LoadAllNames(importPaths ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	paths := make([]string, 0, len(importPaths))
	for _, ip := range importPaths {
		if ip != "" {
			paths = append(paths, NormalizeVendor(ip))
		}
	}
	p.resolveNames(paths)
}

func (p *Packages) setName(path, name string, guessed bool) {
	if p.names == nil {
		p.names = map[string]pkgName{}
	}
	p.names[path] = pkgName{name: name, guessed: guessed}
}

// learnNames records the names of root and of everything it imports.
// Type-checked packages carry their dependencies' names for free.
func (p *Packages) learnNames(root *types.Package) {
	if p.walked == nil {
		p.walked = map[string]bool{}
	}
	stack := []*types.Package{root}
	for len(stack) > 0 {
		tp := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		path := NormalizeVendor(tp.Path())
		if p.walked[path] {
			continue
		}
		p.walked[path] = true
		if n, ok := p.names[path]; tp.Name() != "" && (!ok || n.guessed) {
			p.setName(path, tp.Name(), false)
		}
		stack = append(stack, tp.Imports()...)
	}
}

// resolveNames finds the names of paths not cached yet, with at most one
// go command call. It waits for the background preload if one of paths is
// among its packages.
func (p *Packages) resolveNames(paths []string) {
	if p.preloading != nil && slices.ContainsFunc(paths, p.preloading.has) {
		p.finishPreload()
	}
	unknown := p.namesWithoutGoCommand(paths)
	if len(unknown) == 0 {
		return
	}
	p.listCalls++
	p.storeListedNames(unknown, listNames(unknown, p.buildFlags()))
}

// namesWithoutGoCommand caches the names of paths that are known, loaded,
// or found by reading a package clause, and returns the others.
func (p *Packages) namesWithoutGoCommand(paths []string) []string {
	var ctx *build.Context
	var mod *module
	var unknown []string
	for _, path := range paths {
		if path == "" {
			continue
		}
		if _, ok := p.names[path]; ok {
			continue
		}
		if pkg, ok := p.byPath[path]; ok && pkg.Name != "" {
			p.setName(path, pkg.Name, false)
			continue
		}
		if ctx == nil {
			ctx = p.buildContext()
			mod = workingModule()
		}
		if dir, ok := localDir(mod, path); ok {
			p.nameFromDir(ctx, path, dir)
			continue
		}
		if dir, ok := stdDir(path); ok {
			p.nameFromDir(ctx, path, dir)
			continue
		}
		if !slices.Contains(unknown, path) {
			unknown = append(unknown, path)
		}
	}
	return unknown
}

// listNames asks the go command for the names of paths: normalized import
// path → name, for the packages it found.
func listNames(paths, buildFlags []string) map[string]string {
	pkgs, _ := packages.Load(&packages.Config{Mode: packages.NeedName, BuildFlags: buildFlags}, paths...)
	found := make(map[string]string, len(pkgs))
	for _, pkg := range pkgs {
		if pkg.Name != "" {
			found[NormalizeVendor(pkg.PkgPath)] = pkg.Name
		}
	}
	return found
}

// storeListedNames caches what listNames found for paths, and guesses the
// names of the paths it did not find. A name learnt in the meantime from a
// loaded package is kept.
func (p *Packages) storeListedNames(paths []string, found map[string]string) {
	for path, name := range found {
		if n, ok := p.names[path]; !ok || n.guessed {
			p.setName(path, name, false)
		}
	}
	for _, path := range paths {
		if _, ok := p.names[path]; !ok {
			p.setName(path, SanitizePackageName(path), true)
		}
	}
}

// pendingNames is a name lookup running in the background.
type pendingNames struct {
	paths []string
	done  chan struct{}
	found map[string]string // set before done is closed
}

func (n *pendingNames) has(path string) bool { return slices.Contains(n.paths, path) }

// preload caches the names of paths it can find without the go command and
// starts a background lookup of the rest. The lookup takes no lock, so
// loads proceed meanwhile.
func (p *Packages) preload(importPaths []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	paths := make([]string, 0, len(importPaths))
	for _, ip := range importPaths {
		if ip != "" {
			paths = append(paths, NormalizeVendor(ip))
		}
	}
	unknown := p.namesWithoutGoCommand(paths)
	if len(unknown) == 0 {
		return
	}
	p.listCalls++
	pending := &pendingNames{paths: unknown, done: make(chan struct{})}
	flags := p.buildFlags()
	go func() {
		defer close(pending.done)
		pending.found = listNames(unknown, flags)
	}()
	p.preloading = pending
}

// finishPreload waits for the background lookup and caches its result.
// The caller holds p.mu.
func (p *Packages) finishPreload() {
	pending := p.preloading
	p.preloading = nil
	<-pending.done
	p.storeListedNames(pending.paths, pending.found)
}

func (p *Packages) nameFromDir(ctx *build.Context, path, dir string) {
	if name := packageClause(ctx, dir); name != "" {
		p.setName(path, name, false)
		return
	}
	p.setName(path, SanitizePackageName(path), true)
}

// localDir maps an import path of module mod to its directory. It refuses
// paths that lie in a module nested inside mod, since the go command would
// resolve those through the nested module's requirements instead.
func localDir(mod *module, importPath string) (string, bool) {
	if mod == nil || mod.path == "" {
		return "", false
	}
	rest, ok := strings.CutPrefix(importPath, mod.path)
	if !ok || (rest != "" && rest[0] != '/') {
		return "", false
	}
	dir := mod.root
	for _, elem := range strings.Split(strings.TrimPrefix(rest, "/"), "/") {
		if elem == "" {
			continue
		}
		if elem == "vendor" {
			return "", false // vendored copies belong to other modules
		}
		dir = path.Join(dir, elem)
		if _, err := os.Stat(filepath.Join(filepath.FromSlash(dir), "go.mod")); err == nil {
			return "", false
		}
	}
	return filepath.FromSlash(dir), true
}

// stdDir maps a standard-library import path to its directory under GOROOT.
func stdDir(importPath string) (string, bool) {
	goroot := build.Default.GOROOT
	first, _, _ := strings.Cut(importPath, "/")
	if goroot == "" || strings.Contains(first, ".") || first == "cmd" || importPath == "C" {
		return "", false
	}
	dir := filepath.Join(goroot, "src", filepath.FromSlash(importPath))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", false
	}
	return dir, true
}

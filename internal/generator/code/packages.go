package code

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// loadMode is what the generator needs from a package: its files, syntax and
// full type information, plus the owning module. The import graph (with
// the files of every dependency) is what tells whether a reload can keep
// the package (see freshness.go).
const loadMode = packages.NeedName |
	packages.NeedFiles |
	packages.NeedImports |
	packages.NeedTypes |
	packages.NeedSyntax |
	packages.NeedTypesInfo |
	packages.NeedModule

// Packages is a cache in front of golang.org/x/tools/go/packages. Every
// package is loaded (and type-checked) at most once until it is evicted, and
// loads of several packages are batched into one go/packages call, because
// each call starts the go command. Package names are cached separately and
// are usually found without the go command at all (see NameForPackage).
//
// The zero value is ready to use. A Packages may be used from several
// goroutines; concurrent requests for the same package share one load.
type Packages struct {
	mu sync.Mutex

	byPath    map[string]*packages.Package // normalized import path → package
	pathByDir map[string]string            // package directory → import path
	names     map[string]pkgName           // normalized import path → package name
	walked    map[string]bool              // import graph already mined for names
	stamps    map[string]sourceStamp       // normalized import path → what a user package was built from
	errs      []error                      // errors of go/packages calls themselves

	buildTags   []string
	keepPrefix  string        // packages under this prefix survive CleanupUserPackages
	preloadName []string      // names to resolve once all options are applied
	preloading  *pendingNames // the part of preloadName that needs the go command, being resolved

	loadCalls int // full loads issued (tests assert on the caching)
	listCalls int // name-only go list calls issued
}

// pkgName is a cached package name. A guessed name was derived from the
// import path because nothing declared one (the package does not exist yet);
// it is dropped whenever the cache is refreshed.
type pkgName struct {
	name    string
	guessed bool
}

// Option configures a Packages built by NewPackages.
type Option func(p *Packages)

// WithBuildTags makes every load see the given build tags.
func WithBuildTags(tags ...string) Option {
	return func(p *Packages) {
		for _, t := range tags {
			if t != "" {
				p.buildTags = append(p.buildTags, t)
			}
		}
	}
}

// WithPreloadNames resolves the names of the given packages up front, in one
// batch, so that later NameForPackage calls for them are free. The go
// command, if some of them need it, runs in the background: the first
// lookup of one of those names waits for it.
func WithPreloadNames(importPaths ...string) Option {
	return func(p *Packages) {
		p.preloadName = append(p.preloadName, importPaths...)
	}
}

// PackagePrefixToCache keeps packages whose import path starts with prefix
// in the cache when the user's packages are reloaded: the generator's own
// runtime packages do not change while it runs.
func PackagePrefixToCache(prefix string) Option {
	return func(p *Packages) {
		p.keepPrefix = prefix
	}
}

// NewPackages returns an empty cache configured by opts.
func NewPackages(opts ...Option) *Packages {
	p := &Packages{}
	for _, opt := range opts {
		opt(p)
	}
	if len(p.preloadName) > 0 {
		p.preload(p.preloadName)
		p.preloadName = nil
	}
	return p
}

func (p *Packages) buildFlags() []string {
	if len(p.buildTags) == 0 {
		return nil
	}
	return []string{"-tags", strings.Join(p.buildTags, ",")}
}

// LoadAll returns the packages for the given import paths (or relative
// directory paths such as "./model"), in the order asked for, loading all the
// ones not yet cached in a single go/packages call. Paths that could not be
// loaded at all are left out; packages that loaded with errors are included
// and their errors are reported by Errors.
func (p *Packages) LoadAll(importPaths ...string) []*packages.Package {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.loadAll(importPaths)
}

func (p *Packages) loadAll(importPaths []string) []*packages.Package {
	var missing []string
	for _, path := range importPaths {
		if _, ok := p.cached(path); !ok && !slices.Contains(missing, path) {
			missing = append(missing, path)
		}
	}
	if len(missing) > 0 {
		p.load(missing)
	}

	res := make([]*packages.Package, 0, len(importPaths))
	for _, path := range importPaths {
		if pkg, ok := p.cached(path); ok {
			res = append(res, pkg)
		}
	}
	return res
}

// load runs go/packages for patterns and caches whatever comes back.
func (p *Packages) load(patterns []string) []*packages.Package {
	p.loadCalls++
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, BuildFlags: p.buildFlags()}, patterns...)
	if err != nil {
		p.errs = append(p.errs, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err))
	}
	for _, pkg := range pkgs {
		p.add(pkg)
	}
	return pkgs
}

func (p *Packages) add(pkg *packages.Package) {
	if p.byPath == nil {
		p.byPath = map[string]*packages.Package{}
		p.pathByDir = map[string]string{}
	}
	path := NormalizeVendor(pkg.PkgPath)
	p.byPath[path] = pkg
	if pkg.Dir != "" {
		p.pathByDir[filepath.Clean(pkg.Dir)] = path
	}
	if pkg.Name != "" {
		p.setName(path, pkg.Name, false)
	}
	if pkg.Types != nil {
		p.learnNames(pkg.Types)
	}
	if p.keepPrefix == "" || !strings.HasPrefix(path, p.keepPrefix) {
		if st, ok := p.stamp(pkg); ok {
			if p.stamps == nil {
				p.stamps = map[string]sourceStamp{}
			}
			p.stamps[path] = st
		} else {
			delete(p.stamps, path)
		}
	}
}

// cached finds a loaded package by import path, vendored import path, or
// directory (absolute, or relative to the working directory).
func (p *Packages) cached(path string) (*packages.Package, bool) {
	if pkg, ok := p.byPath[path]; ok {
		return pkg, true
	}
	if pkg, ok := p.byPath[NormalizeVendor(path)]; ok {
		return pkg, true
	}
	if dir, ok := asDir(path); ok {
		if ip, ok := p.pathByDir[dir]; ok {
			pkg, ok := p.byPath[ip]
			return pkg, ok
		}
	}
	return nil, false
}

// asDir reports whether path names a directory rather than an import path,
// and if so returns it absolute and clean.
func asDir(path string) (string, bool) {
	if !filepath.IsAbs(path) && path != "." && path != ".." &&
		!strings.HasPrefix(path, "./") && !strings.HasPrefix(path, "../") {
		return "", false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	return abs, true
}

// Load is LoadAll for a single package; it returns nil if the package could
// not be loaded at all.
func (p *Packages) Load(importPath string) *packages.Package {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pkg, ok := p.cached(importPath); ok {
		return pkg
	}
	if pkgs := p.loadAll([]string{importPath}); len(pkgs) > 0 {
		return pkgs[0]
	}
	return nil
}

// LoadWithTypes is Load, except that a package cached without type
// information (or not found) is loaded afresh.
func (p *Packages) LoadWithTypes(importPath string) *packages.Package {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pkg, ok := p.cached(importPath); ok && pkg.TypesInfo != nil {
		return pkg
	}
	pkgs := p.load([]string{importPath})
	if len(pkgs) == 0 {
		return nil
	}
	return pkgs[0]
}

// ReloadAll drops the user's packages from the cache (see
// CleanupUserPackages) and then loads importPaths, so that code written since
// the last load is seen. Packages built from files that have not changed
// since they were loaded stay cached.
func (p *Packages) ReloadAll(importPaths ...string) []*packages.Package {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cleanup()
	return p.loadAll(importPaths)
}

// CleanupUserPackages empties the cache except for packages under the prefix
// set with PackagePrefixToCache and packages none of whose source files (nor
// those of their dependencies outside GOROOT and the module cache) changed
// since they were loaded. Names of dropped packages and guessed names are
// forgotten too, as are errors of earlier loads.
func (p *Packages) CleanupUserPackages() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cleanup()
}

func (p *Packages) cleanup() {
	for path, pkg := range p.byPath {
		if p.keepPrefix != "" && strings.HasPrefix(path, p.keepPrefix) {
			continue
		}
		if st, ok := p.stamps[path]; ok && st.current() {
			continue
		}
		p.drop(path, pkg)
	}
	for path, n := range p.names {
		if n.guessed {
			delete(p.names, path)
		}
	}
	p.walked = nil
	p.errs = nil
}

func (p *Packages) drop(path string, pkg *packages.Package) {
	delete(p.byPath, path)
	delete(p.names, path)
	delete(p.stamps, path)
	if pkg != nil && pkg.Dir != "" {
		delete(p.pathByDir, filepath.Clean(pkg.Dir))
	}
}

// Evict removes one package (by import path or directory) from the cache so
// that the next Load reads it from disk again. Call it after writing into
// the package.
func (p *Packages) Evict(importPath string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	path := NormalizeVendor(importPath)
	if dir, ok := asDir(importPath); ok {
		if ip, ok := p.pathByDir[dir]; ok {
			path = ip
		}
	}
	p.drop(path, p.byPath[path])
	delete(p.walked, path)
}

// Errors returns the errors of the go/packages calls made so far followed by
// the errors of every cached package, ordered by import path; nil if there
// are none.
func (p *Packages) Errors() PkgErrors {
	p.mu.Lock()
	defer p.mu.Unlock()
	var res PkgErrors
	res = append(res, p.errs...)
	paths := make([]string, 0, len(p.byPath))
	for path := range p.byPath {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		for _, err := range p.byPath[path].Errors {
			res = append(res, err)
		}
	}
	return res
}

// Count returns the number of cached packages.
func (p *Packages) Count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.byPath)
}

// PkgErrors collects package loading errors.
type PkgErrors []error

// Error lists every error on its own line after a "packages.Load: " prefix.
func (p PkgErrors) Error() string {
	var b strings.Builder
	b.WriteString("packages.Load: ")
	for _, err := range p {
		b.WriteString(err.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// Unwrap exposes the individual errors to errors.Is and errors.As.
func (p PkgErrors) Unwrap() []error {
	return p
}

// buildContext is go/build's default context with this cache's build tags.
func (p *Packages) buildContext() *build.Context {
	ctx := build.Default
	ctx.BuildTags = append(slices.Clip(ctx.BuildTags), p.buildTags...)
	return &ctx
}

// workingModule is the module of the working directory, the one go/packages
// treats as the main module; nil outside any module.
func workingModule() *module {
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	abs, err := absSlash(wd)
	if err != nil {
		return nil
	}
	return moduleFor(abs)
}

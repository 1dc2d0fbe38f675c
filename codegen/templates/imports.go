package templates

import (
	"errors"
	"fmt"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// Import is one entry of a generated file's import block.
type Import struct {
	Name  string // the package's declared name
	Path  string // import path
	Alias string // the name the file refers to the package by
}

// String renders the import spec, with the alias only when the bare import
// would not bind it.
func (i *Import) String() string {
	if i.Alias == i.Name && strings.HasSuffix(i.Path, i.Alias) {
		return strconv.Quote(i.Path)
	}
	return i.Alias + " " + strconv.Quote(i.Path)
}

// Imports collects the imports of the file being rendered, choosing an
// alias for each package so that none collide. References to the package
// the file is written into need no import and get an empty qualifier.
type Imports struct {
	imports  []*Import
	destDir  string
	packages *code.Packages

	destPath    string // import path of destDir, computed on first use
	destPathSet bool
}

// AnyType is the predeclared any; LookupType prints empty interfaces as it.
var AnyType = types.Universe.Lookup("any").Type()

// String renders the import specs, one per line, in the order they were
// added.
func (s *Imports) String() string {
	var b strings.Builder
	for i, imp := range s.imports {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(imp.String())
	}
	return b.String()
}

func (s *Imports) ownPath() string {
	if !s.destPathSet {
		s.destPath = code.ImportPathForDir(s.destDir)
		s.destPathSet = true
	}
	return s.destPath
}

func (s *Imports) pkgs() *code.Packages {
	if s.packages == nil {
		s.packages = code.NewPackages()
	}
	return s.packages
}

func (s *Imports) byPath(path string) *Import {
	for _, imp := range s.imports {
		if imp.Path == path {
			return imp
		}
	}
	return nil
}

func (s *Imports) byAlias(alias string) *Import {
	for _, imp := range s.imports {
		if imp.Alias == alias {
			return imp
		}
	}
	return nil
}

// Reserve adds an import of path before templates start referring to it,
// optionally under the given alias (exactly one; otherwise the package name
// is used). It returns an empty string so templates can call it inline. It
// fails if path is already imported under another alias or the alias is
// already taken.
func (s *Imports) Reserve(path string, aliases ...string) (string, error) {
	if path == "" {
		return "", errors.New("reserveImport: empty import path")
	}
	if path == s.ownPath() {
		return "", nil
	}
	name := s.pkgs().NameForPackage(path)
	alias := name
	if len(aliases) == 1 {
		alias = aliases[0]
	}
	if existing := s.byPath(path); existing != nil {
		if existing.Alias == alias {
			return "", nil
		}
		return "", fmt.Errorf("reserveImport: %s is already imported as %s, not %s", path, existing.Alias, alias)
	}
	if other := s.byAlias(alias); other != nil {
		return "", fmt.Errorf("reserveImport: alias %s of %s is already used by %s", alias, path, other.Path)
	}
	s.imports = append(s.imports, &Import{Name: name, Path: path, Alias: alias})
	return "", nil
}

// Lookup returns the qualifier to use for package path in the file, adding
// an import if needed. The first package with a given name gets the name
// itself, later ones the name followed by 1, 2, and so on. It returns "" for
// the empty path and for the file's own package.
func (s *Imports) Lookup(path string) string {
	if path == "" {
		return ""
	}
	path = code.NormalizeVendor(path)
	if path == s.ownPath() {
		return ""
	}
	if existing := s.byPath(path); existing != nil {
		return existing.Alias
	}
	name := s.pkgs().NameForPackage(path)
	alias := name
	for n := 1; s.byAlias(alias) != nil; n++ {
		alias = name + strconv.Itoa(n)
	}
	s.imports = append(s.imports, &Import{Name: name, Path: path, Alias: alias})
	return alias
}

// LookupType prints t as Go source valid in the file, importing the packages
// it mentions. An empty interface prints as any.
func (s *Imports) LookupType(t types.Type) string {
	if iface, ok := types.Unalias(t).(*types.Interface); ok && iface.Empty() {
		t = AnyType
	}
	return types.TypeString(t, func(p *types.Package) string {
		return s.Lookup(p.Path())
	})
}

func newImports(packages *code.Packages, filename string) *Imports {
	return &Imports{packages: packages, destDir: filepath.Dir(filename)}
}

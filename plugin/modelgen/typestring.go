package modelgen

import (
	"go/types"
	"path"
	"strings"
)

// parseTypeString turns the type notation of gqlgen.yml (models.X.fields.Y.type,
// extraFields.Z.type) into a types.Type: a predeclared type ("int64"), a
// qualified named type ("github.com/org/pkg.Name"), or either behind any
// number of "*" and "[]" prefixes.
//
// Named types are placeholders: they carry the package path and name the
// import set needs to print them, not the type's real definition, since
// the package may not be loadable before the models are written.
func parseTypeString(s string) types.Type {
	switch {
	case strings.HasPrefix(s, "*"):
		return types.NewPointer(parseTypeString(s[1:]))
	case strings.HasPrefix(s, "[]"):
		return types.NewSlice(parseTypeString(s[2:]))
	}
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 {
		if obj := types.Universe.Lookup(s); obj != nil {
			return obj.Type()
		}
		// Not predeclared: print it as written.
		return types.NewNamed(types.NewTypeName(0, nil, s, nil), nil, nil)
	}
	pkgPath, name := s[:dot], s[dot+1:]
	pkg := types.NewPackage(pkgPath, path.Base(pkgPath))
	return types.NewNamed(types.NewTypeName(0, pkg, name, nil), nil, nil)
}

package code

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typeOf type-checks a small package declaring T as the given type
// expression and returns T's type.
func typeOf(t *testing.T, expr string) types.Type {
	t.Helper()
	src := "package p\n\nimport \"time\"\n\nvar _ time.Time\n\n" +
		"type Name string\ntype Other string\ntype Holder struct{ T " + expr + " }\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	require.NoError(t, err)
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, nil)
	require.NoError(t, err, expr)
	return pkg.Scope().Lookup("Holder").Type().Underlying().(*types.Struct).Field(0).Type()
}

func TestCompatibleTypes(t *testing.T) {
	compatible := [][2]string{
		{"int", "int"},
		{"*int", "int"},
		{"int", "**int"},
		{"*[]*[]string", "[][]*string"},
		{"[3]int", "[3]*int"},
		{"map[string]any", "map[string]interface{}"},
		{"map[*Name][]int", "map[Name][]*int"},
		{"chan int", "<-chan int"},
		{"Name", "*Name"},
		{"time.Time", "time.Time"},
		{"struct{ A int; B *string }", "struct{ A *int; B string }"},
		{"func(int) (string, error)", "func(*int) (*string, error)"},
		{"func(...int)", "func([]int)"},
		{"interface{ M(int) string }", "interface{ M(*int) string }"},
		{"any", "interface{}"},
	}
	for _, c := range compatible {
		assert.NoError(t, CompatibleTypes(typeOf(t, c[0]), typeOf(t, c[1])), "%s ~ %s", c[0], c[1])
	}

	incompatible := [][2]string{
		{"int", "int64"},
		{"int", "string"},
		{"[]int", "[][]int"},
		{"[3]int", "[4]int"},
		{"[3]int", "[]int"},
		{"Name", "Other"},
		{"Name", "string"},
		{"time.Time", "time.Duration"},
		{"map[string]int", "map[int]int"},
		{"map[string]int", "map[string]string"},
		{"map[string]int", "[]int"},
		{"struct{ A int }", "struct{ B int }"},
		{"struct{ A int }", "struct{ A int; B int }"},
		{"struct{ A int }", "struct{ A string }"},
		{"func(int)", "func(int, int)"},
		{"func() int", "func() string"},
		{"interface{ M() }", "any"},
		{"interface{ M() }", "interface{ N() }"},
		{"interface{ M() int }", "interface{ M() string }"},
		{"chan int", "chan string"},
		{"func()", "int"},
	}
	for _, c := range incompatible {
		assert.Error(t, CompatibleTypes(typeOf(t, c[0]), typeOf(t, c[1])), "%s !~ %s", c[0], c[1])
	}
}

func TestCompatibleTypesSpecialCases(t *testing.T) {
	name := typeOf(t, "Name")
	assert.NoError(t, CompatibleTypes(name, types.Typ[types.Invalid]), "not yet generated types match named ones")
	assert.Error(t, CompatibleTypes(types.Typ[types.Int], types.Typ[types.Invalid]))

	errType := types.Universe.Lookup("error").Type()
	assert.NoError(t, CompatibleTypes(errType, errType), "named types without a package")
	assert.Error(t, CompatibleTypes(errType, name))

	vendored := types.NewNamed(types.NewTypeName(0, types.NewPackage("example.com/x/vendor/example.com/p", "p"), "Name", nil), types.Typ[types.String], nil)
	assert.NoError(t, CompatibleTypes(name, vendored))

	tp := types.NewTypeParam(types.NewTypeName(0, nil, "T", nil), types.NewInterfaceType(nil, nil))
	assert.Error(t, CompatibleTypes(tp, tp))
}

func TestUnalias(t *testing.T) {
	pkg := func(path string) *types.Package { return types.NewPackage(path, "x") }
	internal := types.NewNamed(types.NewTypeName(0, pkg("example.com/repo/internal/store"), "Cursor", nil), types.Typ[types.String], nil)
	public := types.NewNamed(types.NewTypeName(0, pkg("example.com/repo/store"), "Cursor", nil), types.Typ[types.String], nil)
	alias := func(path string, target types.Type) *types.Alias {
		return types.NewAlias(types.NewTypeName(0, pkg(path), "Cursor", nil), target)
	}

	assert.Same(t, public, Unalias(alias("example.com/repo/model", public)))
	assert.Same(t, public, Unalias(alias("example.com/repo/model", alias("example.com/repo/other", public))), "chains resolve fully")
	assert.Same(t, internal, Unalias(alias("example.com/other/model", internal)), "other tree: no access anyway")
	assert.Same(t, internal, Unalias(alias("example.com/repo/internal/model", internal)), "alias itself internal")

	kept := Unalias(alias("example.com/repo/model", internal))
	named, ok := kept.(*types.Named)
	require.True(t, ok)
	assert.Equal(t, "example.com/repo/model.Cursor", named.String(), "the alias name stands in for the internal type")
	assert.Same(t, types.Typ[types.String], named.Underlying())

	ptr := Unalias(types.NewPointer(types.NewPointer(alias("example.com/repo/model", public))))
	assert.True(t, types.Identical(types.NewPointer(types.NewPointer(public)), ptr), "under pointers")

	assert.Same(t, public, Unalias(public))
	slice := types.NewSlice(alias("example.com/repo/model", public))
	assert.Same(t, slice, Unalias(slice), "only the top level and pointers are unwrapped")
}

func TestHidesInternal(t *testing.T) {
	cases := []struct {
		alias, target string
		want          bool
	}{
		{"github.com/org/repo/graph/model.T", "github.com/org/repo/internal/store.T", true},
		{"graph/model.T", "internal/store.T", true},
		{"github.com/org/repo/graph/model.T", "github.com/org/repo/store.T", false},
		{"github.com/org/repo/internal/model.T", "github.com/org/repo/internal/store.T", false},
		{"github.com/org/repo/graph/model.T", "github.com/org/other/internal/store.T", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, hidesInternal(c.alias, c.target), "%s → %s", c.alias, c.target)
	}
}

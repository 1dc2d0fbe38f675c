package templates

import (
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDump(t *testing.T) {
	cases := []struct {
		in   any
		want string
	}{
		{nil, "nil"},
		{true, "true"},
		{42, "42"},
		{int64(-7), "-7"},
		{1.5, "1.500000"},
		{"a \"b\"\n", `"a \"b\"\n"`},
		{[]any{1, "x", nil}, `[]any{1,"x",nil}`},
		{map[string]any{"b": []any{}, "a": map[string]any{}}, `map[string]any{"a":map[string]any{},"b":[]any{},}`},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, Dump(c.in))
	}
	assert.Panics(t, func() { Dump(int32(1)) })
}

func TestTypeIdentifier(t *testing.T) {
	pkg := types.NewPackage("github.com/my-org/api.v2/~x", "x")
	named := types.NewNamed(types.NewTypeName(0, pkg, "User", nil), types.NewStruct(nil, nil), nil)
	alias := types.NewAlias(types.NewTypeName(0, pkg, "Person", nil), named)

	cases := []struct {
		in   types.Type
		want string
	}{
		{types.Typ[types.String], "string"},
		{types.NewPointer(named), "ᚖgithubᚗcomᚋmyᚑorgᚋapiᚗv2ᚋאxᚐUser"},
		{types.NewSlice(types.NewPointer(alias)), "ᚕᚖgithubᚗcomᚋmyᚑorgᚋapiᚗv2ᚋאxᚐUser"},
		{types.NewMap(types.Typ[types.String], types.Typ[types.Int]), "map"},
		{types.NewInterfaceType(nil, nil), "interface"},
		{types.Universe.Lookup("error").Type(), "ᚐerror"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, TypeIdentifier(c.in))
	}
	assert.Panics(t, func() { TypeIdentifier(types.NewChan(types.SendRecv, types.Typ[types.Int])) })
}

func TestSmallFuncs(t *testing.T) {
	assert.Equal(t, "`plain`", rawQuote("plain"))
	assert.Equal(t, "`a`+\"`\"+`b`", rawQuote("a`b"))
	assert.Equal(t, "// a\n// b", prefixLines("// ", "a\nb"))
	assert.Equal(t, []string{"a", "b"}, StrSplit("a.b", "."))

	m, err := dict("a", 1, "b", "two")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"a": 1, "b": "two"}, m)
	_, err = dict("a")
	assert.Error(t, err)
	_, err = dict(1, 2)
	assert.Error(t, err)

	type holder struct {
		Ptr   *int
		Slice []int
		Num   int
	}
	one := 1
	assert.True(t, notNil("Ptr", holder{Ptr: &one}))
	assert.True(t, notNil("Ptr", &holder{Ptr: &one}))
	assert.False(t, notNil("Ptr", holder{}))
	assert.False(t, notNil("Slice", holder{}))
	assert.False(t, notNil("Num", holder{Num: 1}))
	assert.False(t, notNil("Missing", holder{}))
	assert.False(t, notNil("Ptr", 3))
}

func TestQualifyingFuncs(t *testing.T) {
	root := importFixture(t)
	CurrentImports = newImports(nil, root+"/graph/out.go")
	t.Cleanup(func() { CurrentImports = nil })

	bar := types.NewPackage("example.com/app/one/bar", "bar")
	own := types.NewPackage("example.com/app/graph", "graph")
	result := types.NewNamed(types.NewTypeName(0, types.NewPackage("example.com/app/two/bar", "bar"), "Out", nil), types.Typ[types.Int], nil)
	sig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", result)), false)
	fn := types.NewFunc(0, bar, "Make", sig)

	assert.Equal(t, "bar.Make", Call(fn))
	assert.Equal(t, "Local", obj(types.NewTypeName(0, own, "Local", nil)))
	assert.Equal(t, "bar.Thing", obj(types.NewTypeName(0, bar, "Thing", nil)))
	assert.Equal(t, "map[string]any", ref(types.NewMap(types.Typ[types.String], types.NewInterfaceType(nil, nil))))
	assert.Equal(t, `"example.com/app/one/bar"
bar1 "example.com/app/two/bar"`, CurrentImports.String(), "call imports the result type's package")
}

func TestImportFuncsOutsideRender(t *testing.T) {
	f := Funcs()
	_, err := f["lookupImport"].(func(string) (string, error))("fmt")
	assert.Error(t, err)
	_, err = f["reserveImport"].(func(string, ...string) (string, error))("fmt")
	assert.Error(t, err)
}

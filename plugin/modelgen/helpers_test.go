package modelgen

import (
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

func TestRemoveDuplicateTags(t *testing.T) {
	cases := []struct {
		in, want string
		panics   bool
	}{
		{in: `json:"a"`, want: `json:"a"`},
		{in: `json:"a" json:"b"`, want: `json:"b"`},
		{in: `json:"a" db:"x" json:"b"`, want: `db:"x" json:"b"`},
		{in: `db:"1" json:"a" db:"2" json:"b"`, want: `db:"2" json:"b"`},
		{in: `gorm:"unique;not null"`, want: `gorm:"unique;not null"`},
		{in: `gorm:"type:varchar(63);unique_index" json:"x"`, want: `gorm:"type:varchar(63);unique_index" json:"x"`},
		{in: `json:"a"  db:"x"`, want: `json:"a" db:"x"`},
		{in: `json:"a, b"`, panics: true},
		{in: `json:"a,b "`, panics: true},
		{in: `nocolon`, panics: true},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			if tc.panics {
				assert.Panics(t, func() { removeDuplicateTags(tc.in) })
				return
			}
			assert.Equal(t, tc.want, removeDuplicateTags(tc.in))
		})
	}
}

func TestSplitTagsBySpace(t *testing.T) {
	cases := map[string][]string{
		`a:"1"`:                 {`a:"1"`},
		`a:"1" b:"2,3"`:         {`a:"1"`, `b:"2,3"`},
		`gorm:"not null" x:"y"`: {`gorm:"not null"`, `x:"y"`},
	}
	for in, want := range cases {
		assert.Equal(t, want, splitTagsBySpace(in), in)
	}
}

func TestContainsInvalidSpace(t *testing.T) {
	cases := map[string]bool{
		`"a,b"`:         false,
		`"a, b"`:        true,
		`"a ,b"`:        true,
		`"two words,b"`: false,
		`"x; y"`:        true,
		`"not null;z"`:  false,
		`" lone"`:       true,
		`"lone"`:        false,
	}
	for in, want := range cases {
		assert.Equal(t, want, containsInvalidSpace(in), in)
	}
}

func TestParseTypeString(t *testing.T) {
	cases := map[string]string{
		"int64":                   "int64",
		"*string":                 "*string",
		"[]int":                   "[]int",
		"[]*example.com/x/pkg.T":  "[]*example.com/x/pkg.T",
		"**time.Time":             "**time.Time",
		"map[string]int":          "map[string]int",
		"github.com/a/b.c/d.Name": "github.com/a/b.c/d.Name",
	}
	for in, want := range cases {
		assert.Equal(t, want, types.TypeString(parseTypeString(in), nil), in)
	}
	named := parseTypeString("github.com/a/b.c/d.Name").(*types.Named)
	assert.Equal(t, "d", named.Obj().Pkg().Name())
}

func TestGoTagFieldHook(t *testing.T) {
	doc := gqlparser.MustLoadSchema(&ast.Source{Input: `
		directive @goTag(key: String!, value: String) repeatable on FIELD_DEFINITION
		type Query { a: Int @goTag(key: "db") @goTag(key: "xml", value: "x") b: Int }`})
	q := doc.Types["Query"]

	f := &Field{Tag: `json:"a"`}
	_, err := GoTagFieldHook(q, q.Fields.ForName("a"), f)
	require.NoError(t, err)
	assert.Equal(t, `json:"a" db:"a" xml:"x"`, f.Tag)

	f = &Field{Tag: `json:"b"`}
	_, err = GoTagFieldHook(q, q.Fields.ForName("b"), f)
	require.NoError(t, err)
	assert.Equal(t, `json:"b"`, f.Tag)
}

func TestJSONTag(t *testing.T) {
	yes, no := true, false
	nullable := &ast.FieldDefinition{Name: "f", Type: ast.NamedType("Int", nil)}
	nonNull := &ast.FieldDefinition{Name: "f", Type: ast.NonNullNamedType("Int", nil)}
	cases := []struct {
		omitempty, omitzero *bool
		field               *ast.FieldDefinition
		want                string
	}{
		{nil, &no, nullable, `json:"f,omitempty"`},
		{&yes, &yes, nullable, `json:"f,omitempty,omitzero"`},
		{&no, &yes, nullable, `json:"f,omitzero"`},
		{&no, &no, nullable, `json:"f"`},
		{nil, nil, nonNull, `json:"f"`},
	}
	for _, tc := range cases {
		cfg := &config.Config{EnableModelJsonOmitemptyTag: tc.omitempty, EnableModelJsonOmitzeroTag: tc.omitzero}
		assert.Equal(t, tc.want, jsonTag(cfg, tc.field))
	}
}

func TestInterfaceGraph(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
		directive @goEmbedInterface on INTERFACE
		type Query { a: Int }
		interface A @goEmbedInterface { a: Int }
		interface B implements A { a: Int b: Int }
		interface C implements B & A @goEmbedInterface { a: Int b: Int c: Int }
		interface D implements C & B & A { a: Int b: Int c: Int d: Int }`})
	g := newInterfaceGraph(schema)

	assert.Empty(t, g.parentInterfaces["A"])
	assert.Contains(t, g.parentInterfaces, "A")
	assert.Equal(t, []string{"C", "B", "A"}, g.parentInterfaces["D"])

	sorted, err := g.topologicalSort([]string{"D", "C", "B", "A"})
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "B", "C", "D"}, sorted)

	names := func(fs []*ast.FieldDefinition) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Name)
		}
		return out
	}
	assert.Equal(t, []string{"a"}, names(g.getInterfaceOwnFields("A")))
	assert.Equal(t, []string{"c"}, names(g.getInterfaceOwnFields("C")))
	assert.Nil(t, g.getInterfaceOwnFields("Query"))

	assert.True(t, g.isEmbeddable("A"))
	assert.False(t, g.isEmbeddable("B"))
	assert.False(t, g.isEmbeddable("Missing"))

	info := g.getEmbeddingInfo("C")
	assert.Equal(t, []string{"A"}, info.Parents)
	assert.Equal(t, []string{"b"}, names(info.SkippedFields))
	info = g.getEmbeddingInfo("D")
	assert.Equal(t, []string{"C"}, info.Parents[:1])
}

func TestTopologicalSortCycle(t *testing.T) {
	g := &interfaceGraph{
		parentInterfaces: map[string][]string{"X": {"Y"}, "Y": {"X"}},
		children:         map[string][]string{"X": {"Y"}, "Y": {"X"}},
	}
	_, err := g.topologicalSort([]string{"X", "Y"})
	assert.Error(t, err)
}

func TestPointerizeCycles(t *testing.T) {
	pkg := types.NewPackage("example/model", "model")
	structType := func(name string) types.Type {
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
	}
	a := &Object{Name: "A", Fields: []*Field{{Name: "b", Type: structType("B")}, {Name: "n", Type: types.Typ[types.Int]}}}
	b := &Object{Name: "B", Fields: []*Field{{Name: "a", Type: structType("A")}}}
	self := &Object{Name: "S", Fields: []*Field{{Name: "s", Type: structType("S")}, {Name: "l", Type: structType("L")}}}
	leaf := &Object{Name: "L", Fields: []*Field{{Name: "v", Type: types.Typ[types.Int]}}}

	pointerizeCycles([]*Object{a, b, self, leaf})

	assert.Equal(t, "*example/model.B", a.Fields[0].Type.String())
	assert.Equal(t, "int", a.Fields[1].Type.String())
	assert.Equal(t, "*example/model.A", b.Fields[0].Type.String())
	assert.Equal(t, "*example/model.S", self.Fields[0].Type.String())
	assert.Equal(t, "example/model.L", self.Fields[1].Type.String())
}

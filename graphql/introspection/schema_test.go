package introspection

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestSchemaRootTypes(t *testing.T) {
	tests := []struct {
		name                          string
		sdl                           string
		query, mutation, subscription string
	}{
		{
			name:     "explicit schema definition",
			sdl:      testSDL,
			query:    "Query",
			mutation: "Mutation",
		},
		{
			name:         "conventional names",
			sdl:          "type Query { a: Int } type Subscription { b: Int }",
			query:        "Query",
			subscription: "Subscription",
		},
		{
			name:  "renamed roots",
			sdl:   "schema { query: Q mutation: M subscription: S } type Q { a: Int } type M { a: Int } type S { a: Int }",
			query: "Q", mutation: "M", subscription: "S",
		},
	}
	name := func(typ *Type) string {
		if typ == nil {
			return ""
		}
		require.Equal(t, "OBJECT", typ.Kind())
		return *typ.Name()
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := WrapSchema(loadSchema(t, tt.sdl))
			assert.Equal(t, tt.query, name(s.QueryType()))
			assert.Equal(t, tt.mutation, name(s.MutationType()))
			assert.Equal(t, tt.subscription, name(s.SubscriptionType()))
		})
	}
}

func TestSchemaDescription(t *testing.T) {
	tests := []struct {
		name string
		sdl  string
		want *string
	}{
		{"described", testSDL, ptr("The test schema.")},
		{"undescribed", "type Query { a: Int }", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, WrapSchema(loadSchema(t, tt.sdl)).Description())
		})
	}
}

func TestSchemaTypes(t *testing.T) {
	s := testSchema(t)
	names := typeNames(s.Types())

	assert.True(t, slices.IsSorted(names), "types are sorted by name: %v", names)
	for _, want := range []string{
		"Actor", "Blob", "Date", "Filter", "Mutation", "Named", "Node", "Order", "Person", "Pick", "Query", "Robot",
		// built-in scalars and the introspection types are part of the schema too
		"Boolean", "Float", "ID", "Int", "String",
		"__Directive", "__DirectiveLocation", "__EnumValue", "__Field", "__InputValue", "__Schema", "__Type", "__TypeKind",
	} {
		assert.Contains(t, names, want)
	}
	assert.Len(t, names, len(s.schema.Types))
}

func TestSchemaTypesOfHandBuiltSchema(t *testing.T) {
	query := &ast.Definition{Kind: ast.Object, Name: "Query"}
	s := WrapSchema(&ast.Schema{
		Query: query,
		Types: map[string]*ast.Definition{
			"__Meta": {Kind: ast.Object, Name: "__Meta"},
			"Query":  query,
			"Apple":  {Kind: ast.Scalar, Name: "Apple"},
		},
	})
	// Byte order: upper case sorts before underscore.
	assert.Equal(t, []string{"Apple", "Query", "__Meta"}, typeNames(s.Types()))
	assert.Nil(t, s.MutationType())
	assert.Nil(t, s.SubscriptionType())
	assert.Nil(t, s.Description())
	assert.Empty(t, s.Directives())
}

func TestSchemaDirectives(t *testing.T) {
	s := testSchema(t)
	directives := s.Directives()

	var names []string
	for _, d := range directives {
		names = append(names, d.Name)
	}
	assert.True(t, slices.IsSorted(names), "directives are sorted by name: %v", names)
	for _, want := range []string{"cached", "secret", "deprecated", "include", "skip", "specifiedBy", "oneOf"} {
		assert.Contains(t, names, want)
	}

	tests := []struct {
		name        string
		description *string
		locations   []string
		repeatable  bool
		args        string // every argument, as name:type=default
	}{
		{
			name:        "cached",
			description: ptr("Caches a field."),
			locations:   []string{"FIELD_DEFINITION", "OBJECT"},
			repeatable:  true,
			args:        "ttl:Int=60 legacy:Boolean",
		},
		{
			name:      "secret",
			locations: []string{"FIELD_DEFINITION"},
			args:      "",
		},
		{
			name:        "include",
			description: ptr(s.schema.Directives["include"].Description),
			locations:   []string{"FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"},
			args:        "if:Boolean!",
		},
		{
			name:        "specifiedBy",
			description: ptr(s.schema.Directives["specifiedBy"].Description),
			locations:   []string{"SCALAR"},
			args:        "url:String!",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := directive(t, s, tt.name)
			if tt.description == nil || *tt.description == "" {
				assert.Nil(t, d.Description())
			} else {
				assert.Equal(t, *tt.description, str(d.Description()))
			}
			assert.Equal(t, tt.locations, d.Locations)
			assert.Equal(t, tt.repeatable, d.IsRepeatable)
			assert.Equal(t, tt.args, describeArgs(d.Args))
		})
	}
}

// describeArgs renders input values as "name:type=default" separated by spaces.
func describeArgs(values []InputValue) string {
	parts := []string{}
	for _, v := range values {
		p := v.Name + ":" + typeRef(v.Type)
		if v.DefaultValue != nil {
			p += "=" + *v.DefaultValue
		}
		parts = append(parts, p)
	}
	return joined(parts)
}

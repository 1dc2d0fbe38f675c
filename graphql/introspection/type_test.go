package introspection

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestNamedTypes checks every __Type field of each named type in testSDL.
// Empty strings stand for empty lists.
func TestNamedTypes(t *testing.T) {
	s := testSchema(t)
	tests := []struct {
		name           string
		kind           string
		description    *string
		fields         string // Fields(false)
		allFields      string // Fields(true)
		interfaces     string
		possibleTypes  string
		enumValues     string // EnumValues(false)
		allEnumValues  string // EnumValues(true)
		inputFields    string // VisibleInputFields(false)
		allInputFields string // InputFields() and VisibleInputFields(true)
		specifiedByURL *string
		oneOf          bool
	}{
		{
			name:        "Person",
			kind:        "OBJECT",
			description: ptr("A human."),
			fields:      "id name friends matrix",
			allFields:   "id name nick age friends matrix",
			interfaces:  "Node Named",
		},
		{
			name:       "Robot",
			kind:       "OBJECT",
			fields:     "id model",
			allFields:  "id model",
			interfaces: "Node",
		},
		{
			name:        "Node",
			kind:        "INTERFACE",
			description: ptr("Anything with an identity."),
			fields:      "id",
			allFields:   "id",
			// gqlparser records implementing interfaces as possible types
			// too; they are reported as recorded, in declaration order.
			possibleTypes: "Named Person Robot",
		},
		{
			name:          "Named",
			kind:          "INTERFACE",
			fields:        "id name",
			allFields:     "id name",
			interfaces:    "Node",
			possibleTypes: "Person",
		},
		{
			name:          "Actor",
			kind:          "UNION",
			possibleTypes: "Person Robot",
		},
		{
			name:          "Order",
			kind:          "ENUM",
			enumValues:    "ASC",
			allEnumValues: "ASC DESC RANDOM",
		},
		{
			name:           "Date",
			kind:           "SCALAR",
			specifiedByURL: ptr("https://example.com/date"),
		},
		{
			name: "Blob",
			kind: "SCALAR",
		},
		{
			name:        "Int",
			kind:        "SCALAR",
			description: ptr("The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1."),
		},
		{
			name:           "Filter",
			kind:           "INPUT_OBJECT",
			inputFields:    "name ages order nested",
			allInputFields: "name minAge maxAge ages order nested",
		},
		{
			name:           "Pick",
			kind:           "INPUT_OBJECT",
			inputFields:    "id name",
			allInputFields: "id name",
			oneOf:          true,
		},
		{
			name:      "Query",
			kind:      "OBJECT",
			fields:    "node search today blob",
			allFields: "node search today blob",
		},
		{
			name:        "__Schema",
			kind:        "OBJECT",
			description: ptr(s.schema.Types["__Schema"].Description),
			fields:      "description types queryType mutationType subscriptionType directives",
			allFields:   "description types queryType mutationType subscriptionType directives",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := namedType(t, s, tt.name)

			assert.Equal(t, tt.kind, typ.Kind())
			assert.Equal(t, tt.name, str(typ.Name()))
			assert.Equal(t, str(tt.description), str(typ.Description()))
			assert.Equal(t, tt.fields, joined(fieldNames(typ.Fields(false))))
			assert.Equal(t, tt.allFields, joined(fieldNames(typ.Fields(true))))
			assert.Equal(t, tt.interfaces, joined(typeNames(typ.Interfaces())))
			assert.Equal(t, tt.possibleTypes, joined(typeNames(typ.PossibleTypes())))
			assert.Equal(t, tt.enumValues, joined(enumNames(typ.EnumValues(false))))
			assert.Equal(t, tt.allEnumValues, joined(enumNames(typ.EnumValues(true))))
			assert.Equal(t, tt.inputFields, joined(inputNames(typ.VisibleInputFields(false))))
			assert.Equal(t, tt.allInputFields, joined(inputNames(typ.VisibleInputFields(true))))
			assert.Equal(t, tt.allInputFields, joined(inputNames(typ.InputFields())))
			assert.Equal(t, str(tt.specifiedByURL), str(typ.SpecifiedByURL()))
			assert.Equal(t, tt.oneOf, typ.IsOneOf())
			assert.Nil(t, typ.OfType())

			// Lists are never nil, so they encode as [] rather than null.
			assert.NotNil(t, typ.Fields(false))
			assert.NotNil(t, typ.Interfaces())
			assert.NotNil(t, typ.PossibleTypes())
			assert.NotNil(t, typ.EnumValues(false))
			assert.NotNil(t, typ.InputFields())
			assert.NotNil(t, typ.VisibleInputFields(false))
		})
	}
}

func TestQueryTypeHidesMetaFields(t *testing.T) {
	// gqlparser adds __schema and __type to the query type; introspection
	// must not report them.
	s := testSchema(t)
	require.NotNil(t, s.schema.Query.Fields.ForName("__schema"))
	assert.Equal(t, "node search today blob", joined(fieldNames(s.QueryType().Fields(true))))
}

func TestFieldTypes(t *testing.T) {
	s := testSchema(t)
	tests := []struct {
		typ, field string
		want       string
		kinds      string // Kind of each level, outermost first
	}{
		{"Person", "id", "ID!", "NON_NULL SCALAR"},
		{"Person", "name", "String", "SCALAR"},
		{"Person", "friends", "[Person!]!", "NON_NULL LIST NON_NULL OBJECT"},
		{"Person", "matrix", "[[Int!]]!", "NON_NULL LIST LIST NON_NULL SCALAR"},
		{"Query", "node", "Node", "INTERFACE"},
		{"Query", "search", "[Actor]", "LIST UNION"},
		{"Query", "today", "Date", "SCALAR"},
	}
	for _, tt := range tests {
		t.Run(tt.typ+"."+tt.field, func(t *testing.T) {
			typ := field(t, namedType(t, s, tt.typ), tt.field).Type
			assert.Equal(t, tt.want, typeRef(typ))

			var kinds []string
			for level := typ; level != nil; level = level.OfType() {
				kinds = append(kinds, level.Kind())
				if level.Kind() == "NON_NULL" || level.Kind() == "LIST" {
					// Wrappers have no name, description or members.
					assert.Nil(t, level.Name())
					assert.Nil(t, level.Description())
					assert.Empty(t, level.Fields(true))
					assert.Empty(t, level.Interfaces())
					assert.Empty(t, level.PossibleTypes())
					assert.Empty(t, level.EnumValues(true))
					assert.Empty(t, level.InputFields())
					assert.Nil(t, level.SpecifiedByURL())
					assert.False(t, level.IsOneOf())
				}
			}
			assert.Equal(t, tt.kinds, joined(kinds))
		})
	}
}

func TestWrapTypeFromType(t *testing.T) {
	schema := loadSchema(t, testSDL)
	tests := []struct {
		name     string
		typ      *ast.Type
		wantNil  bool
		wantKind string
		wantRef  string
	}{
		{name: "nil", typ: nil, wantNil: true},
		{name: "nullable named", typ: ast.NamedType("Person", nil), wantKind: "OBJECT", wantRef: "Person"},
		{name: "non-null named", typ: ast.NonNullNamedType("Order", nil), wantKind: "NON_NULL", wantRef: "Order!"},
		{name: "list", typ: ast.ListType(ast.NamedType("Int", nil), nil), wantKind: "LIST", wantRef: "[Int]"},
		{
			name:     "non-null list of non-null",
			typ:      ast.NonNullListType(ast.NonNullNamedType("Filter", nil), nil),
			wantKind: "NON_NULL",
			wantRef:  "[Filter!]!",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := WrapTypeFromType(schema, tt.typ)
			if tt.wantNil {
				assert.Nil(t, typ)
				return
			}
			require.NotNil(t, typ)
			assert.Equal(t, tt.wantKind, typ.Kind())
			assert.Equal(t, tt.wantRef, typeRef(typ))
		})
	}
}

func TestOfTypeLeavesReferenceUntouched(t *testing.T) {
	schema := loadSchema(t, testSDL)
	ref := ast.NonNullNamedType("Int", nil)
	inner := WrapTypeFromType(schema, ref).OfType()
	assert.Equal(t, "Int", str(inner.Name()))
	assert.True(t, ref.NonNull, "OfType must not modify the schema's type reference")
}

func TestWrapTypeFromDef(t *testing.T) {
	schema := loadSchema(t, testSDL)
	assert.Nil(t, WrapTypeFromDef(schema, nil))

	typ := WrapTypeFromDef(schema, schema.Types["Order"])
	require.NotNil(t, typ)
	assert.Equal(t, "ENUM", typ.Kind())
	assert.Equal(t, "ASC DESC RANDOM", joined(enumNames(typ.EnumValues(true))))
}

func TestKindOfUnknownTypePanics(t *testing.T) {
	schema := loadSchema(t, testSDL)
	typ := WrapTypeFromType(schema, ast.NamedType("Missing", nil))
	require.NotNil(t, typ)
	assert.Nil(t, typ.Name())
	assert.Empty(t, typ.Fields(true))
	assert.Panics(t, func() { typ.Kind() })
}

func TestHandBuiltDefinitions(t *testing.T) {
	// Schemas built in code rather than parsed may lack pieces a parsed schema
	// always has; the accessors must cope.
	s := &ast.Schema{Types: map[string]*ast.Definition{}}
	tests := []struct {
		name  string
		def   *ast.Definition
		check func(t *testing.T, typ *Type)
	}{
		{
			name: "specifiedBy without url",
			def: &ast.Definition{Kind: ast.Scalar, Name: "S", Directives: ast.DirectiveList{
				{Name: "specifiedBy"},
			}},
			check: func(t *testing.T, typ *Type) { assert.Nil(t, typ.SpecifiedByURL()) },
		},
		{
			name: "specifiedBy on a non-scalar is ignored",
			def: &ast.Definition{Kind: ast.Object, Name: "O", Directives: ast.DirectiveList{
				{Name: "specifiedBy", Arguments: ast.ArgumentList{{Name: "url", Value: &ast.Value{Kind: ast.StringValue, Raw: "u"}}}},
			}},
			check: func(t *testing.T, typ *Type) { assert.Nil(t, typ.SpecifiedByURL()) },
		},
		{
			name:  "oneOf on a non-input is ignored",
			def:   &ast.Definition{Kind: ast.Object, Name: "O", Directives: ast.DirectiveList{{Name: "oneOf"}}},
			check: func(t *testing.T, typ *Type) { assert.False(t, typ.IsOneOf()) },
		},
		{
			name:  "interface missing from the schema is skipped",
			def:   &ast.Definition{Kind: ast.Object, Name: "O", Interfaces: []string{"Gone"}},
			check: func(t *testing.T, typ *Type) { assert.Empty(t, typ.Interfaces()) },
		},
		{
			name: "interface without implementations",
			def:  &ast.Definition{Kind: ast.Interface, Name: "I"},
			check: func(t *testing.T, typ *Type) {
				assert.NotNil(t, typ.PossibleTypes())
				assert.Empty(t, typ.PossibleTypes())
			},
		},
		{
			name: "bare @deprecated on a field gets the default reason",
			def: &ast.Definition{Kind: ast.Object, Name: "O", Fields: ast.FieldList{
				{Name: "f", Type: ast.NamedType("Int", nil), Directives: ast.DirectiveList{{Name: "deprecated"}}},
			}},
			check: func(t *testing.T, typ *Type) {
				assert.Empty(t, typ.Fields(false))
				f := typ.Fields(true)[0]
				assert.True(t, f.IsDeprecated())
				assert.Equal(t, "No longer supported", str(f.DeprecationReason()))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, WrapTypeFromDef(s, tt.def))
		})
	}
}

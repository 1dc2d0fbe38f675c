package fieldset

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
)

func TestFieldNames(t *testing.T) {
	tests := []struct {
		field     Field
		goName    string
		private   string
		dotted    string
		goDotted  string
		lastIndex int
	}{
		{Field{"id"}, "ID", "id", "id", "ID", 0},
		{Field{"upc"}, "Upc", "upc", "upc", "Upc", 0},
		{Field{"owner", "id"}, "OwnerID", "ownerID", "owner.id", "Owner.ID", 1},
		{Field{"owner", "org", "name"}, "OwnerOrgName", "ownerOrgName", "owner.org.name", "Owner.Org.Name", 2},
		{Field{"user_id"}, "UserID", "userID", "user_id", "UserID", 0},
		{Field{"range"}, "Range", "rangeArg", "range", "Range", 0},
		{Field{}, "", "", "", "", -1},
	}
	for _, tt := range tests {
		t.Run(tt.dotted, func(t *testing.T) {
			assert.Equal(t, tt.goName, tt.field.ToGo())
			assert.Equal(t, tt.private, tt.field.ToGoPrivate())
			assert.Equal(t, tt.dotted, tt.field.Join("."))
			assert.Equal(t, tt.goDotted, tt.field.JoinGo("."))
			assert.Equal(t, tt.lastIndex, tt.field.LastIndex())
		})
	}

	// A hand-built first segment may carry arguments; the private name, used
	// for @requires variables, leaves them out.
	assert.Equal(t, "reviewsBody", Field{"reviews(first: 4)", "body"}.ToGoPrivate())
}

// testSchema: Product @key(fields: "id owner { org { id } }") with an
// interface-typed field and a scalar one to run paths through.
func testSchema() (*ast.Definition, *ast.Schema) {
	org := &ast.Definition{Kind: ast.Object, Name: "Org", Fields: ast.FieldList{
		{Name: "id", Type: ast.NonNullNamedType("ID", nil)},
	}}
	owner := &ast.Definition{Kind: ast.Interface, Name: "Owner", Fields: ast.FieldList{
		{Name: "org", Type: ast.NamedType("Org", nil)},
		{Name: "name", Type: ast.NamedType("String", nil)},
	}}
	product := &ast.Definition{Kind: ast.Object, Name: "Product", Fields: ast.FieldList{
		{Name: "id", Type: ast.NonNullNamedType("ID", nil)},
		{Name: "owner", Type: ast.NonNullNamedType("Owner", nil)},
		{Name: "tags", Type: ast.ListType(ast.NamedType("String", nil), nil)},
		{Name: "dangling", Type: ast.NamedType("Missing", nil)},
	}}
	str := &ast.Definition{Kind: ast.Scalar, Name: "String"}
	schema := &ast.Schema{Types: map[string]*ast.Definition{
		"Org": org, "Owner": owner, "Product": product, "String": str,
	}}
	return product, schema
}

func TestFieldDefinition(t *testing.T) {
	product, schema := testSchema()
	tests := []struct {
		name     string
		field    Field
		wantName string // "" means nil
		wantType string
	}{
		{name: "top-level field", field: Field{"id"}, wantName: "id", wantType: "ID!"},
		{name: "through an interface and an object", field: Field{"owner", "org", "id"}, wantName: "ownerOrgID", wantType: "ID!"},
		{name: "list field", field: Field{"tags"}, wantName: "tags", wantType: "[String]"},
		{name: "arguments in a hand-built segment", field: Field{"owner(x: 1)", "name"}, wantName: "ownerName", wantType: "String"},
		{name: "unknown first segment", field: Field{"order", "id"}},
		{name: "unknown intermediate segment", field: Field{"owner", "missing"}},
		{name: "unknown last segment", field: Field{"owner", "org", "name"}},
		{name: "path through a scalar", field: Field{"tags", "length"}},
		{name: "path through a type missing from the schema", field: Field{"dangling", "id"}},
		{name: "inline fragment segment", field: Field{"... on Product", "id"}},
		{name: "empty", field: Field{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.field.FieldDefinition(product, schema)
			if tt.wantName == "" {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.Equal(t, tt.wantName, got.Name)
			assert.Equal(t, tt.wantType, got.Type.String())
		})
	}

	t.Run("the schema is left untouched", func(t *testing.T) {
		require.NotNil(t, Field{"owner", "org", "id"}.FieldDefinition(product, schema))
		assert.Equal(t, "id", schema.Types["Org"].Fields.ForName("id").Name)
	})
	t.Run("nil schema with a nested path", func(t *testing.T) {
		assert.Nil(t, Field{"owner", "org"}.FieldDefinition(product, nil))
		assert.NotNil(t, Field{"owner"}.FieldDefinition(product, nil))
	})
	t.Run("nil type", func(t *testing.T) {
		assert.Nil(t, Field{"id"}.FieldDefinition(nil, schema))
	})
}

func TestTypeReference(t *testing.T) {
	product, schema := testSchema()
	ref := func(name string) *config.TypeReference {
		return &config.TypeReference{Definition: schema.Types[name]}
	}
	object := func(def *ast.Definition, refs map[string]*config.TypeReference) *codegen.Object {
		obj := &codegen.Object{Definition: def}
		for _, f := range def.Fields {
			obj.Fields = append(obj.Fields, &codegen.Field{FieldDefinition: f, TypeReference: refs[f.Name]})
		}
		return obj
	}
	org := object(schema.Types["Org"], map[string]*config.TypeReference{"id": ref("ID")})
	owner := object(schema.Types["Owner"], map[string]*config.TypeReference{"org": ref("Org"), "name": ref("String")})
	prod := object(product, map[string]*config.TypeReference{"owner": ref("Owner"), "tags": ref("String")})
	// A field whose name carries its arguments, as some hand-built objects do.
	prod.Fields = append(prod.Fields, &codegen.Field{
		FieldDefinition: &ast.FieldDefinition{Name: "reviews(first: 4)"},
		TypeReference:   ref("Org"),
	})
	objects := codegen.Objects{org, owner, prod}

	tests := []struct {
		name  string
		field Field
		want  *codegen.Field
	}{
		{name: "top-level field", field: Field{"owner"}, want: prod.Fields[1]},
		{name: "nested through an interface", field: Field{"owner", "org", "id"}, want: org.Fields[0]},
		{name: "codegen field name with arguments", field: Field{"reviews", "id"}, want: org.Fields[0]},
		{name: "unknown first segment", field: Field{"order"}},
		{name: "unknown nested segment", field: Field{"owner", "nope"}},
		{name: "through a type that is not an object", field: Field{"tags", "length"}},
		{name: "through a field without a type reference", field: Field{"id", "x"}},
		{name: "empty", field: Field{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Same(t, tt.want, tt.field.TypeReference(prod, objects))
		})
	}

	t.Run("objects keep their field names", func(t *testing.T) {
		Field{"reviews"}.TypeReference(prod, objects)
		assert.Equal(t, "reviews(first: 4)", prod.Fields[4].Name)
	})
}

package federation

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// loadFederated runs the plugin's two source injections around the user
// schema, as api.Generate does, and returns the final schema.
func loadFederated(t *testing.T, version int, options map[string]bool, schema string) (*Federation, *ast.Schema, error) {
	t.Helper()
	cfg := config.DefaultConfig()
	cfg.Federation = config.PackageConfig{Filename: "federation.go", Version: version, Options: options}
	cfg.CallArgumentDirectivesWithNull = true
	f, err := New(version, cfg)
	require.NoError(t, err)
	early, err := f.InjectSourcesEarly()
	require.NoError(t, err)
	user := &ast.Source{Name: "schema.graphql", Input: schema}
	srcs := append(early, user)
	parsed, gerr := gqlparser.LoadSchema(srcs...)
	require.Nil(t, gerr)
	late, err := f.InjectSourcesLate(parsed)
	if err != nil {
		return f, nil, err
	}
	final, gerr := gqlparser.LoadSchema(append(srcs, late...)...)
	require.Nil(t, gerr, "late source:\n%s", late[0].Input)
	return f, final, nil
}

const entityResolverDecl = `directive @entityResolver(multi: Boolean, requires: String) on OBJECT
`

func TestPreludes(t *testing.T) {
	tests := []struct {
		version    int
		directives []string
		scalars    []string
		keyArgs    []string
	}{
		{
			version:    1,
			directives: []string{"computedRequires", "extends", "external", "key", "provides", "requires"},
			scalars:    []string{"_Any", "_FieldSet"},
			keyArgs:    []string{"fields: _FieldSet!"},
		},
		{
			version: 2,
			directives: []string{
				"authenticated", "composeDirective", "computedRequires", "extends", "external", "inaccessible",
				"interfaceObject", "key", "link", "override", "policy", "provides", "requires", "requiresScopes",
				"shareable", "tag",
			},
			scalars: []string{"FieldSet", "_Any", "federation__Policy", "federation__Scope"},
			keyArgs: []string{"fields: FieldSet!", "resolvable: Boolean = true"},
		},
	}
	for _, tt := range tests {
		t.Run("v"+string(rune('0'+tt.version)), func(t *testing.T) {
			f, err := New(tt.version, config.DefaultConfig())
			require.NoError(t, err)
			srcs, err := f.InjectSourcesEarly()
			require.NoError(t, err)
			require.Len(t, srcs, 1)
			assert.True(t, srcs[0].BuiltIn, "the prelude must stay out of _service")
			schema, gerr := gqlparser.LoadSchema(append(srcs, &ast.Source{Name: "s.graphql", Input: "type Query { a: Int }"})...)
			require.Nil(t, gerr)

			var directives []string
			for name, d := range schema.Directives {
				if d.Position != nil && d.Position.Src.Name == preludeFile {
					directives = append(directives, name)
				}
			}
			slices.Sort(directives)
			assert.Equal(t, tt.directives, directives)
			for _, s := range tt.scalars {
				require.NotNil(t, schema.Types[s], s)
				assert.Equal(t, ast.Scalar, schema.Types[s].Kind)
			}
			var keyArgs []string
			for _, a := range schema.Directives["key"].Arguments {
				arg := a.Name + ": " + a.Type.String()
				if a.DefaultValue != nil {
					arg += " = " + a.DefaultValue.String()
				}
				keyArgs = append(keyArgs, arg)
			}
			assert.Equal(t, tt.keyArgs, keyArgs)
			assert.True(t, schema.Directives["key"].IsRepeatable)
		})
	}
}

// finders lists the fields of the Entity type as "name(args): type".
func finders(schema *ast.Schema) []string {
	def := schema.Types["Entity"]
	if def == nil {
		return nil
	}
	var out []string
	for _, f := range def.Fields {
		args := make([]string, len(f.Arguments))
		for i, a := range f.Arguments {
			args[i] = a.Name + ": " + a.Type.String()
		}
		out = append(out, f.Name+"("+strings.Join(args, ", ")+"): "+f.Type.String())
	}
	return out
}

func inputFields(schema *ast.Schema, name string) []string {
	var out []string
	for _, f := range schema.Types[name].Fields {
		out = append(out, f.Name+": "+f.Type.String())
	}
	return out
}

func TestEntitySources(t *testing.T) {
	schema := entityResolverDecl + `
type Query { a: Int }
type Product @key(fields: "id") { id: ID! name: String }
type Account @key(fields: "id") @key(fields: "email") { id: ID! email: String! }
type Shipment @key(fields: "id carrier { code }") { id: ID! carrier: Carrier! }
type Carrier { code: String! name: String }
type Warehouse @key(fields: "id region") @entityResolver(multi: true) { id: ID! region: String }
type Ref @key(fields: "id", resolvable: false) { id: ID! }
type Elsewhere @key(fields: "id") { id: ID! @external }
`
	f, final, err := loadFederated(t, 2, nil, schema)
	require.NoError(t, err)

	assert.Equal(t, []string{
		"findAccountByID(id: ID!): Account!",
		"findAccountByEmail(email: String!): Account!",
		"findProductByID(id: ID!): Product!",
		"findShipmentByIDAndCarrierCode(id: ID!, carrierCode: String!): Shipment!",
		"findManyWarehouseByIDAndRegions(reps: [WarehouseByIDAndRegionsInput]!): [Warehouse]",
	}, finders(final))
	assert.Equal(t, []string{"ID: ID!", "Region: String"}, inputFields(final, "WarehouseByIDAndRegionsInput"))

	assert.Equal(t, []string{"Account", "Elsewhere", "Product", "Ref", "Shipment", "Warehouse"}, final.Types["_Entity"].Types)
	assert.Equal(t, "[_Entity]!", final.Query.Fields.ForName("_entities").Type.String())
	assert.Equal(t, "[_Any!]!", final.Query.Fields.ForName("_entities").Arguments.ForName("representations").Type.String())
	assert.Equal(t, "_Service!", final.Query.Fields.ForName("_service").Type.String())
	assert.Equal(t, "String", final.Types["_Service"].Fields.ForName("sdl").Type.String())

	byName := map[string]*Entity{}
	for _, e := range f.Entities {
		byName[e.Name] = e
	}
	assert.Empty(t, byName["Ref"].Resolvers, "resolvable: false keys need no finder")
	assert.Empty(t, byName["Elsewhere"].Resolvers, "an all-external entity needs no finder")
	assert.True(t, byName["Warehouse"].Multi)
	shipment := byName["Shipment"].Resolvers[0]
	assert.Equal(t, "id carrier { code }", shipment.FieldSet())
	assert.Equal(t, "carrierCode", shipment.KeyFields[1].ArgName())
	assert.Equal(t, "CarrierCode", shipment.KeyFields[1].GoName)
	assert.Equal(t, []string{"carrier", "code"}, []string(shipment.KeyFields[1].Field))
}

func TestEntitySourcesWithoutEntities(t *testing.T) {
	_, final, err := loadFederated(t, 1, nil, "type Query { a: Int }")
	require.NoError(t, err)
	assert.Nil(t, final.Query.Fields.ForName("_entities"), "no @key type: no _entities")
	assert.Nil(t, final.Types["_Entity"])
	assert.Nil(t, final.Types["Entity"])
	assert.NotNil(t, final.Query.Fields.ForName("_service"))
}

func TestEntitySourcesOptions(t *testing.T) {
	schema := entityResolverDecl + `
type Query { a: Int }
type Product @key(fields: "id") @key(fields: "sku pkg { code }") { id: ID! sku: String pkg: Pkg }
type Pkg { code: String! }
type Batch @key(fields: "id") @entityResolver(multi: false) { id: ID! }
`
	t.Run("entity_resolver_multi", func(t *testing.T) {
		_, final, err := loadFederated(t, 2, map[string]bool{"entity_resolver_multi": true}, schema)
		require.NoError(t, err)
		assert.Equal(t, []string{
			"findBatchByID(id: ID!): Batch!",
			"findManyProductByIDs(reps: [ProductByIDsInput]!): [Product]",
			"findManyProductBySkuAndPkgCodes(reps: [ProductBySkuAndPkgCodesInput]!): [Product]",
		}, finders(final), "@entityResolver(multi: false) overrides the option")
		assert.Equal(t, []string{"Sku: String", "PkgCode: String!"}, inputFields(final, "ProductBySkuAndPkgCodesInput"))
	})
	t.Run("entity_resolver_per_entity", func(t *testing.T) {
		f, final, err := loadFederated(t, 2, map[string]bool{"entity_resolver_per_entity": true}, schema)
		require.NoError(t, err)
		assert.Equal(t, []string{
			"findBatch(rep: BatchRepresentation!): Batch!",
			"findProduct(rep: ProductRepresentation!): Product!",
		}, finders(final))
		assert.Equal(t, []string{"id: ID", "sku: String", "pkg: PkgRepresentation"}, inputFields(final, "ProductRepresentation"))
		assert.Equal(t, []string{"code: String"}, inputFields(final, "PkgRepresentation"))
		var consts []string
		for _, e := range f.Entities {
			for _, r := range e.Resolvers {
				consts = append(consts, r.MatchedKeyConst+"="+r.FieldSet())
			}
		}
		assert.Equal(t, []string{"BatchMatchedKeyID=id", "ProductMatchedKeyID=id", "ProductMatchedKeySkuAndPkgCode=sku pkg { code }"}, consts)
	})
}

func TestEntitySourceErrors(t *testing.T) {
	tests := []struct {
		name    string
		options map[string]bool
		schema  string
		wantErr string
	}{
		{
			name:    "undefined key field",
			schema:  `type Query { a: Int } type P @key(fields: "nope") { id: ID! }`,
			wantErr: `@key(fields: "nope"): field "nope" is not defined on "P"`,
		},
		{
			name:    "key declared twice",
			schema:  `type Query { a: Int } type P @key(fields: "id") @key(fields: "id") { id: ID! }`,
			wantErr: `@key(fields: "id") is declared twice on "P"`,
		},
		{
			name: "two entities, one finder name",
			schema: `type Query { a: Int }
type A_b @key(fields: "id") { id: ID! }
type AB @key(fields: "id") { id: ID! }`,
			wantErr: `entities "AB" and "A_b" both generate entity resolver findA_bByID; setting the entity_resolver_per_entity option avoids this`,
		},
		{
			name:    "computed requires selected by directive",
			schema:  entityResolverDecl + `type Query { a: Int } type P @key(fields: "id") @entityResolver(requires: "computed") { id: ID! }`,
			wantErr: `entity "P": @entityResolver(requires: "computed") is not supported; select the computed strategy with the "computed_requires" package option instead`,
		},
		{
			name:    "unknown requires strategy",
			schema:  entityResolverDecl + `type Query { a: Int } type P @key(fields: "id") @entityResolver(requires: "eager") { id: ID! }`,
			wantErr: `entity "P": unknown @entityResolver(requires: eager); valid values are "default", "explicit", "preloaded"`,
		},
		{
			name:    "preloaded needs a batch",
			options: map[string]bool{"preloaded_requires": true},
			schema:  `type Query { a: Int } type P @key(fields: "id") { id: ID! }`,
			wantErr: `entity "P": the preloaded_requires option requires multi: true or the entity_resolver_per_entity option`,
		},
		{
			name:    "computed on a field without @requires",
			schema:  `type Query { a: Int } type P @key(fields: "id") { id: ID! x: Int @computedRequires }`,
			wantErr: `entity "P" field "x": @computedRequires only applies to @requires fields`,
		},
		{
			name:    "computed with the explicit strategy",
			options: map[string]bool{"explicit_requires": true},
			schema:  `type Query { a: Int } type P @key(fields: "id") { id: ID! w: Int @external x: Int @requires(fields: "w") @computedRequires }`,
			wantErr: `entity "P" field "x": @computedRequires cannot be combined with the explicit @requires strategy; the PopulatePRequires hook already handles every @requires field`,
		},
		{
			name:    "representation name taken",
			options: map[string]bool{"entity_resolver_per_entity": true},
			schema:  `type Query { a: Int } type P @key(fields: "id") { id: ID! } type PRepresentation { a: Int }`,
			wantErr: `type "PRepresentation" has the same Go name as representation PRepresentation; rename "PRepresentation", or name the representation of "P" in federation.representation_names`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := loadFederated(t, 2, tt.options, tt.schema)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

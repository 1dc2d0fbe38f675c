package config

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goDirectives declares the generator's directives as users do; it is six
// lines long, which error positions below account for.
const goDirectives = `
directive @goModel(model: String, models: [String!], forceGenerate: Boolean) on OBJECT | INPUT_OBJECT | SCALAR | ENUM | INTERFACE | UNION
directive @goField(forceResolver: Boolean, name: String, omittable: Boolean, type: String, forceGenerate: Boolean, batch: Boolean, autoBindGetterHaser: Boolean) on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @goExtraField(name: String, type: String, overrideTags: String, description: String) repeatable on OBJECT | INPUT_OBJECT | INTERFACE
directive @goEnum(value: String) on ENUM_VALUE
directive @goTag(key: String!, value: String) repeatable on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
`

func TestSchemaDirectives(t *testing.T) {
	tests := []struct {
		name    string
		schema  string
		models  TypeMap
		want    TypeMap // compared for the types it names
		wantErr string
	}{
		{
			name:   "goModel single, list and forceGenerate",
			schema: `type Query { a: A b: B } type A @goModel(model: "x/y.A") { id: ID } type B @goModel(models: ["x/y.B", "x/y.B2"], forceGenerate: true) { id: ID }`,
			want: TypeMap{
				"A": {Model: StringList{"x/y.A"}},
				"B": {Model: StringList{"x/y.B", "x/y.B2"}, ForceGenerate: true},
			},
		},
		{
			name:   "goModel adds to the YAML models",
			schema: `type Query { a: A } type A @goModel(model: "x/y.Second") { id: ID }`,
			models: TypeMap{"A": {Model: StringList{"x/y.First"}}},
			want:   TypeMap{"A": {Model: StringList{"x/y.First", "x/y.Second"}}},
		},
		{
			name:   "goModel on the query type is ignored",
			schema: `type Query @goModel(model: "x/y.Q") { a: Int }`,
			want:   TypeMap{},
		},
		{
			name: "goField arguments",
			schema: `type Query { u: U } type U {
				a: String @goField(forceResolver: true, batch: false)
				b: String @goField(name: "Bee", omittable: true, autoBindGetterHaser: false)
				c: String @goField(type: "*github.com/x/y.C", forceGenerate: true)
				d: String
			}`,
			want: TypeMap{"U": {Fields: map[string]TypeMapField{
				"a": {Resolver: true, Batch: ptr(false)},
				"b": {FieldName: "Bee", Omittable: ptr(true), AutoBindGetterHaser: ptr(false)},
				"c": {Type: "*github.com/x/y.C", ForceGenerate: true},
			}}},
		},
		{
			name:   "goField overrides YAML field settings it names and keeps the rest",
			schema: `type Query { u: U } type U { a: String @goField(forceResolver: false) }`,
			models: TypeMap{"U": {Fields: map[string]TypeMapField{"a": {Resolver: true, FieldName: "A2"}}}},
			want:   TypeMap{"U": {Fields: map[string]TypeMapField{"a": {Resolver: false, FieldName: "A2"}}}},
		},
		{
			name:   "goField on input and interface fields",
			schema: `type Query { i: I f(in: In): Int } interface I { a: Int @goField(name: "X") } input In { b: Int @goField(omittable: true) }`,
			want: TypeMap{
				"I":  {Fields: map[string]TypeMapField{"a": {FieldName: "X"}}},
				"In": {Fields: map[string]TypeMapField{"b": {Omittable: ptr(true)}}},
			},
		},
		{
			name:    "goField type on a bound type",
			schema:  `type Query { u: U } type U @goModel(model: "x/y.U") { a: String @goField(type: "string") }`,
			wantErr: "argument 'type' for directive @goField (src: schema.graphql, line: 7) not applicable for user-defined models",
		},
		{
			name:    "goField forceGenerate on a type bound in YAML",
			schema:  "type Query { u: U }\ntype U {\n a: String @goField(forceGenerate: true) }",
			models:  TypeMap{"U": {Model: StringList{"x/y.U"}}},
			wantErr: "argument 'forceGenerate' for directive @goField (src: schema.graphql, line: 9) not applicable for user-defined models",
		},
		{
			name: "goExtraField named and embedded",
			schema: `type Query { u: U } type U
				@goExtraField(name: "Secret", type: "string", overrideTags: "json:\"-\"", description: "hidden")
				@goExtraField(type: "github.com/x/y.Base")
				@goExtraField(name: "Skipped") { a: Int }`,
			want: TypeMap{"U": {
				ExtraFields:      map[string]ModelExtraField{"Secret": {Type: "string", OverrideTags: `json:"-"`, Description: "hidden"}},
				EmbedExtraFields: []ModelExtraField{{Type: "github.com/x/y.Base"}},
			}},
		},
		{
			name:    "goExtraField with an empty type",
			schema:  "type Query { u: U }\n\ntype U @goExtraField(name: \"X\", type: \"\") { a: Int }",
			wantErr: "argument 'type' for directive @goExtraField (src: schema.graphql, line: 9) cannot by empty",
		},
		{
			name:   "goEnum replaces the YAML enum values",
			schema: `type Query { e: E } enum E { A @goEnum(value: "x/y.EA") B @goEnum(value: "x/y.EB") C }`,
			models: TypeMap{"E": {Model: StringList{"x/y.E"}, EnumValues: map[string]EnumValue{"Z": {Value: "x/y.Z"}}}},
			want: TypeMap{"E": {Model: StringList{"x/y.E"}, EnumValues: map[string]EnumValue{
				"A": {Value: "x/y.EA"}, "B": {Value: "x/y.EB"},
			}}},
		},
		{
			name:   "enum without goEnum keeps the YAML values",
			schema: `type Query { e: E } enum E { A B }`,
			models: TypeMap{"E": {Model: StringList{"x/y.E"}, EnumValues: map[string]EnumValue{"A": {Value: "x/y.A"}}}},
			want:   TypeMap{"E": {Model: StringList{"x/y.E"}, EnumValues: map[string]EnumValue{"A": {Value: "x/y.A"}}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			models := TypeMap{}
			for k, v := range tt.models {
				models[k] = v
			}
			cfg := &Config{Models: models, Directives: map[string]DirectiveConfig{}, Schema: mustSchema(t, goDirectives+tt.schema)}
			err := cfg.injectTypesFromSchema()
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			for name, want := range tt.want {
				assert.Equal(t, want, cfg.Models[name], name)
			}
			if len(tt.want) == 0 {
				assert.Empty(t, cfg.Models)
			}
			for _, d := range []string{DirGoModel, DirGoField, DirGoExtraField, DirGoTag, DirGoEnum, DirInlineArguments, DirSubscriptionContext} {
				assert.True(t, cfg.Directives[d].SkipRuntime, d)
			}
		})
	}
}

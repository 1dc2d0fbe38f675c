package modelgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

// goDirectives declares the gqlgen directives the test schemas use.
const goDirectives = `
directive @goTag(key: String!, value: String) repeatable on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @goField(forceResolver: Boolean, name: String, omittable: Boolean, type: String, forceGenerate: Boolean) on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @goExtraField(name: String, type: String!, overrideTags: String, description: String) repeatable on OBJECT | INPUT_OBJECT
directive @goEmbedInterface on INTERFACE
`

const baseConfig = `schema: [schema.graphql]
exec: {filename: graph/generated.go, package: graph}
`

const defaultModel = "model: {filename: model/models_gen.go, package: model}\n"

type modelCase struct {
	name   string
	schema string
	config string // appended to baseConfig
	model  string // replaces defaultModel
	files  map[string]string
	plugin func(*Plugin)
	// want are snippets of the models file, compared by words.
	want    []string
	notWant []string
	// err, when set, is the expected generation error (substring).
	err string
	// check inspects the configuration after generation.
	check func(t *testing.T, cfg *config.Config)
}

func TestModels(t *testing.T) {
	cases := []modelCase{
		{
			name: "object fields, nullability and lists",
			schema: `type Query { user: User }
				"A person."
				type User { id: ID! name: String nick: [String!] tags: [String]! friend: User best: User! score: Float! }`,
			want: []string{
				"// A person. type User struct {",
				"ID string `json:\"id\"`",
				"Name *string `json:\"name,omitempty\"`",
				"Nick []string `json:\"nick,omitempty\"`",
				"Tags []*string `json:\"tags\"`",
				"Friend *User `json:\"friend,omitempty\"`",
				"Best *User `json:\"best\"`",
				"Score float64 `json:\"score\"`",
				"type Query struct { }",
			},
			check: func(t *testing.T, cfg *config.Config) {
				assert.Equal(t, config.StringList{"example/model.User"}, cfg.Models["User"].Model)
				assert.Equal(t, config.StringList{"example/model.Query"}, cfg.Models["Query"].Model)
			},
		},
		{
			name: "enum",
			schema: `type Query { e: Episode }
				"Film."
				enum Episode { "The first." NEWHOPE EMPIRE jedi_return }`,
			want: []string{
				"// Film. type Episode string",
				"// The first. EpisodeNewhope Episode = \"NEWHOPE\"",
				"EpisodeEmpire Episode = \"EMPIRE\"",
				"EpisodeJediReturn Episode = \"jedi_return\"",
				"var AllEpisode = []Episode{ EpisodeNewhope, EpisodeEmpire, EpisodeJediReturn, }",
				"case EpisodeNewhope, EpisodeEmpire, EpisodeJediReturn:",
				"func (e Episode) String() string",
				"func (e *Episode) UnmarshalGQL(v any) error",
				`return fmt.Errorf("%s is not a valid Episode", s)`,
				"func (e Episode) MarshalGQL(w io.Writer)",
				"func (e *Episode) UnmarshalJSON(data []byte) error",
				"func (e Episode) MarshalJSON() ([]byte, error)",
			},
			notWant: []string{"encoding/json"},
			check: func(t *testing.T, cfg *config.Config) {
				assert.Equal(t, config.StringList{"example/model.Episode"}, cfg.Models["Episode"].Model)
			},
		},
		{
			name:    "enum without JSON marshalers",
			schema:  `type Query { e: Color } enum Color { RED }`,
			config:  "omit_enum_json_marshalers: true\n",
			want:    []string{"func (e Color) MarshalGQL(w io.Writer)"},
			notWant: []string{"MarshalJSON", "UnmarshalJSON"},
		},
		{
			name: "interfaces, unions and getters",
			schema: `type Query { n: Node }
				interface Node { id: ID! }
				"Things with names."
				interface Named implements Node { id: ID! "The name." name: String! friends: [Named!] }
				union Result = Dog | Cat
				type Dog implements Node & Named { id: ID! name: String! friends: [Dog!] }
				type Cat implements Node { id: ID! lives: Int! }`,
			want: []string{
				"type Node interface { IsNode() GetID() string }",
				"// Things with names. type Named interface { IsNode() IsNamed() GetID() string // The name. GetName() string GetFriends() []Named }",
				"type Result interface { IsResult() }",
				"func (Cat) IsNode() {}",
				"func (this Cat) GetID() string { return this.ID }",
				"func (Dog) IsResult() {}",
				"func (this Dog) GetName() string { return this.Name }",
				"func (this Dog) GetFriends() []Named { if this.Friends == nil { return nil } " +
					"interfaceSlice := make([]Named, 0, len(this.Friends)) " +
					"for _, concrete := range this.Friends { interfaceSlice = append(interfaceSlice, concrete) } " +
					"return interfaceSlice }",
			},
			check: func(t *testing.T, cfg *config.Config) {
				assert.Equal(t, config.StringList{"example/model.Named"}, cfg.Models["Named"].Model)
				assert.Equal(t, config.StringList{"example/model.Result"}, cfg.Models["Result"].Model)
			},
		},
		{
			name:   "pointer adjustments in getters",
			schema: `type Query { a: A } interface A { v: Int } type Impl implements A { v: Int! }`,
			config: "models:\n  Impl:\n    fields:\n      v:\n        type: int\n",
			want:   []string{"func (this Impl) GetV() *int { return &this.V }"},
		},
		{
			name:    "omit_getters and omit_interface_checks",
			schema:  `type Query { n: Node } interface Node { id: ID! } type Dog implements Node { id: ID! }`,
			config:  "omit_getters: true\nomit_interface_checks: true\n",
			want:    []string{"type Node interface { }", "func (Dog) IsNode() {}"},
			notWant: []string{"GetID"},
		},
		{
			name: "goTag and goField",
			schema: goDirectives + `type Query { u: U }
				type U {
					a: String @goTag(key: "db", value: "col_a")
					b: String! @goTag(key: "yaml") @goTag(key: "json", value: "bee")
					c: Int @goField(name: "Renamed")
				}`,
			want: []string{
				"A *string `json:\"a,omitempty\" db:\"col_a\"`",
				"B string `yaml:\"b\" json:\"bee\"`",
				"Renamed *int `json:\"c,omitempty\"`",
			},
		},
		{
			name: "omittable input fields",
			schema: goDirectives + `type Query { f(in: In): Int }
				input In { a: String b: String! c: Int @goField(omittable: false) }`,
			config: "nullable_input_omittable: true\n",
			want: []string{
				"A graphql.Omittable[*string] `json:\"a,omitempty\"`",
				"B string `json:\"b\"`",
				"C *int `json:\"c,omitempty\"`",
			},
		},
		{
			name:   "omittable on a non-null field is an error",
			schema: goDirectives + `type Query { f(in: In): Int } input In { a: String! @goField(omittable: true) }`,
			err:    "generror: field In.a: omittable is only applicable to nullable input fields",
		},
		{
			name: "extra fields",
			schema: goDirectives + `type Query { u: U }
				type U @goExtraField(name: "Cache", type: "map[string]int") @goExtraField(type: "example/ext.Mixin") { id: ID! }`,
			config: "models:\n  U:\n    extraFields:\n      Secret:\n        type: '*string'\n        description: Not in the schema.\n" +
				"      Count:\n        type: int64\n        overrideTags: 'json:\"count\"'\n",
			files: map[string]string{"ext/ext.go": "package ext\n\ntype Mixin struct{ Z int }\n"},
			want: []string{
				"ID string `json:\"id\"`",
				"Count int64 `json:\"count\"`",
				"// Not in the schema. Secret *string `json:\"-\"`",
				"ext.Mixin `json:\"-\"`",
			},
		},
		{
			name:    "omit_root_models",
			schema:  `type Query { a: Int } type Mutation { b: Int } type T { x: Int }`,
			config:  "omit_root_models: true\n",
			want:    []string{"type T struct"},
			notWant: []string{"type Query struct", "type Mutation struct"},
		},
		{
			name: "omit_resolver_fields",
			schema: goDirectives + `type Query { t: T }
				type T { plain: Int viaResolver: Int @goField(forceResolver: true) kept: Int @goField(forceResolver: true, forceGenerate: true) }`,
			config:  "omit_resolver_fields: true\n",
			want:    []string{"Plain *int", "Kept *int"},
			notWant: []string{"ViaResolver"},
		},
		{
			name:   "struct_fields_always_pointers off breaks cycles",
			schema: `type Query { a: A } type A { b: B! n: Int! } type B { a: A! } type Self { me: Self! other: Leaf! } type Leaf { v: Int! }`,
			config: "struct_fields_always_pointers: false\n",
			want: []string{
				"type A struct { B *B `json:\"b\"` N int `json:\"n\"` }",
				"type B struct { A *A `json:\"a\"` }",
				"Me *Self `json:\"me\"`",
				"Other Leaf `json:\"other\"`",
			},
		},
		{
			name:   "json tag options",
			schema: `type Query { t: T } type T { a: Int b: Int! }`,
			config: "enable_model_json_omitempty_tag: false\nenable_model_json_omitzero_tag: true\n",
			want:   []string{"A *int `json:\"a,omitzero\"`", "B int `json:\"b\"`"},
		},
		{
			name:   "custom scalar without a binding",
			schema: `scalar Money type Query { t: T } type T { price: Money! }`,
			want:   []string{"Price string `json:\"price\"`"},
			check: func(t *testing.T, cfg *config.Config) {
				assert.Equal(t, config.StringList{"github.com/99designs/gqlgen/graphql.String"}, cfg.Models["Money"].Model)
			},
		},
		{
			name: "bound types are not generated",
			schema: `type Query { t: T } type T { when: Ext! }
				type Ext { v: Int }`,
			config: "models:\n  Ext:\n    model: example/ext.Ext\n",
			files:  map[string]string{"ext/ext.go": "package ext\n\ntype Ext struct{ V *int }\n"},
			want:   []string{"When *ext.Ext `json:\"when\"`"},
			notWant: []string{
				"type Ext struct",
			},
		},
		{
			name: "embedded interface structs",
			schema: goDirectives + `type Query { n: Node }
				interface Node @goEmbedInterface { id: ID! }
				interface Element implements Node @goEmbedInterface { id: ID! name: String! }
				type Carbon implements Node & Element { id: ID! name: String! weight: Float! }`,
			want: []string{
				"type BaseNode struct { ID string `json:\"id\"` }",
				"type BaseElement struct { BaseNode Name string `json:\"name\"` }",
				"type Carbon struct { BaseElement Weight float64 `json:\"weight\"` }",
				"func (this Carbon) GetID() string { return this.ID }",
				"func (BaseElement) IsElement() {}",
			},
		},
		{
			name: "covariant override prevents embedding",
			schema: goDirectives + `type Query { n: Node }
				interface Node @goEmbedInterface { id: ID! next: Node }
				type Leaf implements Node { id: ID! next: Leaf }`,
			want: []string{
				"type Leaf struct { ID string `json:\"id\"` Next *Leaf `json:\"next,omitempty\"` }",
				"func (this Leaf) GetNext() Node { return *this.Next }",
			},
			notWant: []string{"Leaf struct { BaseNode"},
		},
		{
			name:   "two fields with one Go name",
			schema: `type Query { t: T } type T { _id: ID! id: ID! }`,
			err:    `type "T": field "_id" and field "id" both have Go name ID; rename one with @goField(name: ...) or gqlgen.yml fieldName`,
		},
		{
			name:   "field clashing with an interface marker",
			schema: `type Query { t: T } interface Bar { id: ID! } type T implements Bar { id: ID! isBar: Boolean! }`,
			err:    `type "T": field "isBar" and the method marking interface "Bar" both have Go name IsBar`,
		},
		{
			name:   "one field, two getter types",
			schema: `type Query { t: T } interface A { id: ID! } interface B { id: ID } type T implements A & B { id: ID! }`,
			err:    `type "T": the getter for A.id returns string but the getter for B.id returns *string; give the interface fields one type`,
		},
		{
			name:   "getter without a field",
			schema: `type Query { t: T } interface A { id: ID! } type T implements A { id: ID! }`,
			config: "omit_resolver_fields: true\nmodels:\n  T:\n    fields:\n      id:\n        resolver: true\n",
			err:    `type "T": the getter for A.id has no field to return; generate field "id" on "T", or set omit_getters`,
		},
		{
			name:   "hooks",
			schema: `type Query { t: T } type T { keep: Int drop: Int }`,
			plugin: func(p *Plugin) {
				p.FieldHook = func(td *ast.Definition, fd *ast.FieldDefinition, f *Field) (*Field, error) {
					if fd.Name == "drop" {
						return nil, nil
					}
					f.Tag += ` hook:"` + td.Name + `"`
					return f, nil
				}
				p.MutateHook = func(b *ModelBuild) *ModelBuild {
					for _, m := range b.Models {
						if m.Name == "T" {
							m.Description = "Changed by the build hook."
						}
					}
					return b
				}
			},
			want:    []string{"// Changed by the build hook. type T struct { Keep *int `json:\"keep,omitempty\" hook:\"T\"` }"},
			notWant: []string{"Drop"},
		},
		{
			name:   "field hook error",
			schema: `type Query { t: T } type T { a: Int }`,
			plugin: func(p *Plugin) {
				p.FieldHook = func(*ast.Definition, *ast.FieldDefinition, *Field) (*Field, error) {
					return nil, os.ErrInvalid
				}
			},
			err: "generror: field T.a: invalid argument",
		},
		{
			name:   "custom model template",
			schema: `type Query { t: T } interface I { id: ID! } type T implements I { id: ID! }`,
			model:  "model: {filename: model/models_gen.go, package: model, model_template: custom.gotpl}\n",
			files: map[string]string{"custom.gotpl": `// Custom file.
{{ range $m := .Models }}
type {{ goModelName $m.Name }} struct { {{ range $m.Fields }}{{ .GoName }} {{ .Type | ref }}; {{ end }} }
{{ range $m.Implementations }}func ({{ goModelName $m.Name }}) Is{{ .Interface }}() {}
{{ range .Getters }}{{ getter $m . (.Type | ref) }}
{{ end }}{{ end }}{{ end }}
{{ range .Interfaces }}type {{ .Name }} interface { Is{{ .Name }}() }
{{ with getInterfaceByName .Name }}{{ range $m := .Models }}{{ range $f := (getInterfaceByName "I").Fields }}// {{ generateGetter $m $f }}
{{ end }}{{ end }}{{ end }}{{ end }}`},
			want: []string{
				"// Custom file.",
				"type T struct{ ID string }",
				"func (this T) GetID() string { return this.ID }",
				"// func (this T) GetID() string { return this.ID }",
			},
		},
		{
			name:    "nothing to generate",
			schema:  `scalar Money type Query { a: Int }`,
			config:  "omit_root_models: true\nmodels:\n  Money:\n    model: github.com/99designs/gqlgen/graphql.String\n",
			notWant: []string{"package"},
		},
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			model := defaultModel
			if tc.model != "" {
				model = tc.model
			}
			cfgText := baseConfig + model + tc.config
			files := map[string]string{"gqlgen.yml": cfgText, "schema.graphql": tc.schema}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := testmodule.New(t, files)

			cfg, err := config.LoadConfig("gqlgen.yml")
			require.NoError(t, err)
			require.NoError(t, cfg.Init())
			p := New().(*Plugin)
			if tc.plugin != nil {
				tc.plugin(p)
			}
			err = p.MutateConfig(cfg)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)

			src, err := os.ReadFile(filepath.Join(dir, "model", "models_gen.go"))
			if len(tc.want) == 0 && os.IsNotExist(err) {
				return // nothing was to be written
			}
			require.NoError(t, err)
			got := testmodule.Words(string(src))
			assert.True(t, strings.HasPrefix(string(src), "// Code generated by github.com/99designs/gqlgen, DO NOT EDIT."))
			for _, w := range tc.want {
				assert.Contains(t, got, testmodule.Words(w))
			}
			for _, w := range tc.notWant {
				assert.NotContains(t, got, w)
			}
			if tc.check != nil {
				tc.check(t, cfg)
			}
			testmodule.Go(t, dir, "vet", "./model/")
		})
	}
}

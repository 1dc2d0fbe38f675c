package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/validator"
)

// The expected messages were recorded by running upstream gqlgen v0.17.98's
// ReadConfig on the same input.
func TestReadConfigErrors(t *testing.T) {
	chdirTemp(t, map[string]string{"schema.graphql": "type Query { a: Int }"})
	tests := []struct {
		name, yaml, want string
	}{
		{"empty", "", "unable to parse config: EOF"},
		{"only a comment", "# nothing\n", "unable to parse config: EOF"},
		{"not a mapping", "asdf", "unable to parse config: [1:1] string was used where mapping is expected\n>  1 | asdf\n       ^\n"},
		{"unknown top-level key", "schema: outer\nunknown: foo\n",
			"unable to parse config: [2:1] unknown field \"unknown\"\n   1 | schema: outer\n>  2 | unknown: foo\n       ^\n"},
		{"unknown field setting", "schema: x\nmodels:\n  A:\n    fields:\n      b:\n        bogus: 1\n",
			"unable to parse config: [6:9] unknown field \"bogus\"\n   3 |   A:\n   4 |     fields:\n   5 |       b:\n>  6 |         bogus: 1\n               ^\n"},
		{"unknown key in the long form of resolver.batch", "schema: x\nresolver:\n  batch:\n    enabled: true\n    bogus: 2\n",
			"unable to parse config: [5:5] unknown field \"bogus\"\n   2 | resolver:\n   3 |   batch:\n   4 |     enabled: true\n>  5 |     bogus: 2\n           ^\n"},
		{"resolver.batch neither bool nor mapping", "schema: x\nresolver:\n  batch: 3\n",
			"unable to parse config: [3:10] int was used where mapping is expected\n   1 | schema: x\n   2 | resolver:\n>  3 |   batch: 3\n                ^\n"},
		{"directive implementation key is lower case", "schema: x\ndirectives:\n  foo:\n    Implementation: \"abc\"\n",
			"unable to parse config: [4:5] unknown field \"Implementation\"\n   1 | schema: x\n   2 | directives:\n   3 |   foo:\n>  4 |     Implementation: \"abc\"\n           ^\n"},
		{"negative worker limit", "schema: x\nexec:\n  worker_limit: -1\n",
			"unable to parse config: [3:17] cannot unmarshal -1 into Go value of type uint ( overflow )\n   1 | schema: x\n   2 | exec:\n>  3 |   worker_limit: -1\n                       ^\n"},
		{"duplicate key", "schema: x\nschema: y\n",
			"unable to parse config: [2:1] mapping key \"schema\" already defined at [1:1]\n   1 | schema: x\n>  2 | schema: y\n       ^\n"},
		{"wrong scalar type", "schema: x\nomit_getters: maybe\n",
			"unable to parse config: [2:15] cannot unmarshal string into Go struct field Config.OmitGetters of type bool\n   1 | schema: x\n>  2 | omit_getters: maybe\n                     ^\n"},
		{"bad glob", "schema: \"[\"", "failed to glob schema filename [: syntax error in pattern"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ReadConfig(strings.NewReader(tt.yaml))
			require.Error(t, err)
			assert.Nil(t, cfg)
			assert.Equal(t, tt.want, strings.ReplaceAll(err.Error(), "\r\n", "\n"))
		})
	}
}

func TestLoadConfigErrorsNameTheFile(t *testing.T) {
	dir := chdirTemp(t, map[string]string{
		"conf/bad.yml":    "schema: x\nexec:\n  filname: gen.go\n",
		"conf/broken.yml": ": :\n",
	})

	_, err := LoadConfig(filepath.Join("conf", "bad.yml"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "unable to parse config: conf/bad.yml: [3:3] unknown field \"filname\""), err.Error())

	_, err = LoadConfig("conf/broken.yml")
	require.ErrorContains(t, err, "unable to parse config: conf/broken.yml: ")

	_, err = LoadConfig(filepath.Join(dir, "missing.yml"))
	require.ErrorIs(t, err, os.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), "unable to read config: "))
}

// TestReadConfigEveryKey decodes a file that sets every key gqlgen.yml has.
func TestReadConfigEveryKey(t *testing.T) {
	chdirTemp(t, map[string]string{"graph/a.graphqls": "type Query { a: Int }", "graph/b.graphqls": "type T { b: Int }"})
	const file = `
schema: graph/*.graphqls
exec:
  package: generated
  layout: follow-schema
  dir: graph/generated
  filename: ignored.go
  filename_template: "{name}.exec.go"
  worker_limit: 8
model:
  filename: graph/model/models_gen.go
  package: model
  model_template: model.gotpl
federation:
  filename: graph/generated/federation.go
  package: generated
  version: 2
  options:
    explicit_requires: true
  representation_names:
    User: UserRep
resolver:
  layout: follow-schema
  dir: graph
  package: graph
  filename: graph/resolver.go
  filename_template: "{name}.resolvers.go"
  type: Root
  batch: {enabled: true}
  omit_template_comment: true
  resolver_template: resolver.gotpl
  preserve_resolver: true
  omit_resolver_embedding: true
  defined_resolver_types: true
autobind:
  - example.com/app/model
autobind_getter_haser: true
models:
  ID:
    model:
      - github.com/99designs/gqlgen/graphql.ID
      - github.com/99designs/gqlgen/graphql.Int64
  User:
    model: example.com/app/model.User
    forceGenerate: true
    fields:
      name:
        type: "*string"
        resolver: true
        fieldName: FullName
        omittable: true
        autoBindGetterHaser: false
        batch: true
        forceGenerate: true
    enum_values:
      A:
        value: example.com/app/model.A
    extraFields:
      Secret:
        type: string
        overrideTags: json:"-"
        description: hidden
    embedExtraFields:
      - type: example.com/app/model.Base
struct_tag: db
embedded_structs_prefix: Embed
directives:
  auth:
    skip_runtime: true
  upper:
    implementation: "func(ctx context.Context, obj any, next graphql.Resolver) (any, error) { return next(ctx) }"
local_prefix: example.com/app
go_build_tags: [integration, extra]
go_initialisms:
  replace_defaults: true
  initialisms: [CC, BCC]
omit_slice_element_pointers: true
omit_getters: true
omit_interface_checks: true
omit_complexity: true
omit_gqlgen_file_notice: true
omit_gqlgen_version_in_file_notice: true
omit_root_models: true
omit_resolver_fields: true
omit_panic_handler: true
omit_enum_json_marshalers: true
omit_typed_input_unmarshalers: true
use_function_syntax_for_execution_context: true
subscription_context_field: true
call_argument_directives_with_null: true
struct_fields_always_pointers: false
return_pointers_in_unmarshalinput: true
resolvers_always_return_pointers: false
nullable_input_omittable: true
enable_model_json_omitempty_tag: false
enable_model_json_omitzero_tag: true
skip_validation: true
skip_mod_tidy: true
fast_validation: true
skip_import_grouping: true
use_buffer_pooling: true
`
	t.Cleanup(func() { GoInitialismsConfig{}.setInitialisms() })
	cfg, err := ReadConfig(strings.NewReader(file))
	require.NoError(t, err)

	assert.Equal(t, StringList{"graph/a.graphqls", "graph/b.graphqls"}, cfg.SchemaFilename)
	require.Len(t, cfg.Sources, 2)
	assert.Equal(t, "graph/b.graphqls", cfg.Sources[1].Name)
	assert.Equal(t, "type T { b: Int }", cfg.Sources[1].Input)

	assert.Equal(t, ExecConfig{Package: "generated", Layout: ExecLayoutFollowSchema, DirName: "graph/generated",
		Filename: "ignored.go", FilenameTemplate: "{name}.exec.go", WorkerLimit: 8}, cfg.Exec)
	assert.Equal(t, PackageConfig{Filename: "graph/model/models_gen.go", Package: "model", ModelTemplate: "model.gotpl"}, cfg.Model)
	assert.Equal(t, PackageConfig{Filename: "graph/generated/federation.go", Package: "generated", Version: 2,
		Options: map[string]bool{"explicit_requires": true}, RepresentationNames: map[string]string{"User": "UserRep"}}, cfg.Federation)
	assert.Equal(t, ResolverConfig{Layout: LayoutFollowSchema, DirName: "graph", Package: "graph", Filename: "graph/resolver.go",
		FilenameTemplate: "{name}.resolvers.go", Type: "Root", Batch: ResolverBatchConfig{Enabled: true},
		OmitTemplateComment: true, ResolverTemplate: "resolver.gotpl", PreserveResolver: true, OmitResolverEmbedding: true,
		DefinedResolverTypes: true}, cfg.Resolver)
	assert.Equal(t, []string{"example.com/app/model"}, cfg.AutoBind)
	assert.True(t, cfg.AutobindGetterHaser)

	assert.Equal(t, StringList{"github.com/99designs/gqlgen/graphql.ID", "github.com/99designs/gqlgen/graphql.Int64"}, cfg.Models["ID"].Model)
	user := cfg.Models["User"]
	assert.Equal(t, StringList{"example.com/app/model.User"}, user.Model)
	assert.True(t, user.ForceGenerate)
	assert.Equal(t, TypeMapField{Type: "*string", Resolver: true, FieldName: "FullName", Omittable: ptr(true),
		AutoBindGetterHaser: ptr(false), Batch: ptr(true), ForceGenerate: true}, user.Fields["name"])
	assert.Equal(t, map[string]EnumValue{"A": {Value: "example.com/app/model.A"}}, user.EnumValues)
	assert.Equal(t, map[string]ModelExtraField{"Secret": {Type: "string", OverrideTags: `json:"-"`, Description: "hidden"}}, user.ExtraFields)
	assert.Equal(t, []ModelExtraField{{Type: "example.com/app/model.Base"}}, user.EmbedExtraFields)

	assert.Equal(t, "db", cfg.StructTag)
	assert.Equal(t, "Embed", cfg.EmbeddedStructsPrefix)
	assert.True(t, cfg.Directives["auth"].SkipRuntime)
	require.NotNil(t, cfg.Directives["upper"].Implementation)
	assert.Contains(t, *cfg.Directives["upper"].Implementation, "return next(ctx)")
	assert.Equal(t, "example.com/app", cfg.LocalPrefix)
	assert.Equal(t, StringList{"integration", "extra"}, cfg.GoBuildTags)
	assert.Equal(t, GoInitialismsConfig{ReplaceDefaults: true, Initialisms: []string{"CC", "BCC"}}, cfg.GoInitialisms)

	for name, got := range map[string]bool{
		"omit_slice_element_pointers": cfg.OmitSliceElementPointers, "omit_getters": cfg.OmitGetters,
		"omit_interface_checks": cfg.OmitInterfaceChecks, "omit_complexity": cfg.OmitComplexity,
		"omit_gqlgen_file_notice": cfg.OmitGQLGenFileNotice, "omit_gqlgen_version_in_file_notice": cfg.OmitGQLGenVersionInFileNotice,
		"omit_root_models": cfg.OmitRootModels, "omit_resolver_fields": cfg.OmitResolverFields,
		"omit_panic_handler": cfg.OmitPanicHandler, "omit_enum_json_marshalers": cfg.OmitEnumJSONMarshalers,
		"omit_typed_input_unmarshalers":             cfg.OmitTypedInputUnmarshalers,
		"use_function_syntax_for_execution_context": cfg.UseFunctionSyntaxForExecutionContext,
		"subscription_context_field":                cfg.SubscriptionContextField, "call_argument_directives_with_null": cfg.CallArgumentDirectivesWithNull,
		"return_pointers_in_unmarshalinput": cfg.ReturnPointersInUnmarshalInput, "nullable_input_omittable": cfg.NullableInputOmittable,
		"skip_validation": cfg.SkipValidation, "skip_mod_tidy": cfg.SkipModTidy,
		"fast_validation": cfg.GetFastValidation(), "skip_import_grouping": cfg.GetSkipImportGrouping(),
		"use_buffer_pooling":             cfg.GetUseBufferPooling(),
		"enable_model_json_omitzero_tag": *cfg.EnableModelJsonOmitzeroTag,
	} {
		assert.True(t, got, name)
	}
	assert.False(t, cfg.StructFieldsAlwaysPointers)
	assert.False(t, cfg.ResolversAlwaysReturnPointers)
	require.NotNil(t, cfg.EnableModelJsonOmitemptyTag)
	assert.False(t, *cfg.EnableModelJsonOmitemptyTag)

	// go_initialisms took effect for Go naming.
	assert.Equal(t, map[string]bool{"CC": true, "BCC": true}, cfg.GoInitialisms.determineGoInitialisms())
}

func TestDefaultConfig(t *testing.T) {
	cfg := DefaultConfig()
	assert.Equal(t, StringList{"schema.graphql"}, cfg.SchemaFilename)
	assert.Equal(t, "generated.go", cfg.Exec.Filename)
	assert.Equal(t, "models_gen.go", cfg.Model.Filename)
	assert.Equal(t, "Base", cfg.EmbeddedStructsPrefix)
	assert.True(t, cfg.StructFieldsAlwaysPointers)
	assert.True(t, cfg.ResolversAlwaysReturnPointers)
	assert.False(t, cfg.ReturnPointersInUnmarshalInput)
	assert.False(t, cfg.NullableInputOmittable)
	require.NotNil(t, cfg.EnableModelJsonOmitzeroTag)
	assert.False(t, *cfg.EnableModelJsonOmitzeroTag)
	assert.Nil(t, cfg.EnableModelJsonOmitemptyTag)
	assert.NotNil(t, cfg.Models)
	assert.NotNil(t, cfg.Directives)
	assert.NotSame(t, cfg.EnableModelJsonOmitzeroTag, DefaultConfig().EnableModelJsonOmitzeroTag, "every call returns fresh values")

	// A file setting only the schema keeps every other default, and a
	// null section leaves the defaults of that section alone.
	chdirTemp(t, map[string]string{"s.graphql": "type Query { a: Int }"})
	read, err := ReadConfig(strings.NewReader("schema: s.graphql\nexec:\nmodel:\n"))
	require.NoError(t, err)
	assert.Equal(t, "generated.go", read.Exec.Filename)
	assert.Equal(t, "models_gen.go", read.Model.Filename)
	assert.True(t, read.StructFieldsAlwaysPointers)
	assert.True(t, read.ResolversAlwaysReturnPointers)
}

func TestYAMLShorthands(t *testing.T) {
	chdirTemp(t, map[string]string{"a.graphql": "type Query { a: Int }", "b.graphql": "type X { b: Int }"})
	tests := []struct {
		name, yaml string
		check      func(t *testing.T, c *Config)
	}{
		{"schema as a string", "schema: a.graphql", func(t *testing.T, c *Config) {
			assert.Equal(t, StringList{"a.graphql"}, c.SchemaFilename)
		}},
		{"schema as a list", "schema: [b.graphql, a.graphql]", func(t *testing.T, c *Config) {
			assert.Equal(t, StringList{"b.graphql", "a.graphql"}, c.SchemaFilename)
		}},
		{"model as a string", "schema: a.graphql\nmodels:\n  A:\n    model: x.Y", func(t *testing.T, c *Config) {
			assert.Equal(t, StringList{"x.Y"}, c.Models["A"].Model)
		}},
		{"model as a list", "schema: a.graphql\nmodels:\n  A:\n    model: [x.Y, z.W]", func(t *testing.T, c *Config) {
			assert.Equal(t, StringList{"x.Y", "z.W"}, c.Models["A"].Model)
		}},
		{"batch as a bool", "schema: a.graphql\nresolver:\n  batch: true", func(t *testing.T, c *Config) {
			assert.True(t, c.Resolver.Batch.Enabled)
		}},
		{"batch as a mapping", "schema: a.graphql\nresolver:\n  batch:\n    enabled: true", func(t *testing.T, c *Config) {
			assert.True(t, c.Resolver.Batch.Enabled)
		}},
		{"batch mapping without enabled", "schema: a.graphql\nresolver:\n  batch: {}", func(t *testing.T, c *Config) {
			assert.False(t, c.Resolver.Batch.Enabled)
		}},
		{"build tags as a string", "schema: a.graphql\ngo_build_tags: netgo", func(t *testing.T, c *Config) {
			assert.Equal(t, StringList{"netgo"}, c.GoBuildTags)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ReadConfig(strings.NewReader(tt.yaml))
			require.NoError(t, err)
			tt.check(t, cfg)
		})
	}
	assert.True(t, StringList{"a", "b"}.Has("b"))
	assert.False(t, StringList{"a", "b"}.Has("c"))
}

func TestPreludeDirectivesSkipRuntime(t *testing.T) {
	chdirTemp(t, map[string]string{"s.graphql": "type Query { a: Int }"})
	tests := []struct {
		name, yaml string
		runtime    map[string]bool // prelude directives expected to run
	}{
		{"default", "schema: s.graphql", nil},
		{"configured by the user", "schema: s.graphql\ndirectives:\n  deprecated:\n    skip_runtime: false\n", map[string]bool{"deprecated": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ReadConfig(strings.NewReader(tt.yaml))
			require.NoError(t, err)
			prelude := validator.PreludeDocument().Directives
			require.NotEmpty(t, prelude)
			for _, d := range prelude {
				require.Contains(t, cfg.Directives, d.Name)
				assert.Equal(t, !tt.runtime[d.Name], cfg.Directives[d.Name].SkipRuntime, d.Name)
			}
		})
	}

	// CompleteConfig copes with a Config built in code.
	c := &Config{}
	require.NoError(t, CompleteConfig(c))
	assert.True(t, c.Directives["skip"].SkipRuntime)
	assert.Equal(t, StringList{}, c.SchemaFilename)
}

func TestOptionalSwitchGetters(t *testing.T) {
	tests := []struct {
		name string
		set  *bool
	}{
		{"unset", nil},
		{"false", ptr(false)},
		{"true", ptr(true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.set != nil && *tt.set
			c := &Config{FastValidation: tt.set, SkipImportGrouping: tt.set, UseBufferPooling: tt.set}
			assert.Equal(t, want, c.GetFastValidation())
			assert.Equal(t, want, c.GetSkipImportGrouping())
			assert.Equal(t, want, c.GetUseBufferPooling())
			opts := c.GetPruneOptions()
			assert.Equal(t, want, opts.SkipImportGrouping)
			assert.Equal(t, want, opts.UseBufferPooling)
		})
	}
}

func FuzzReadConfig(f *testing.F) {
	for _, seed := range []string{
		"schema: schema.graphql",
		"schema: [a, b]\nmodels:\n  A:\n    model: x.Y\n",
		"resolver:\n  batch: {enabled: true}\n",
		"exec: [1, 2]",
		"asdf",
		"",
		"models: {A: {fields: {b: {batch: maybe}}}}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if strings.Contains(string(data), "**") {
			t.Skip("a generated ** pattern could walk the whole file system")
		}
		cfg, err := ReadConfig(strings.NewReader(string(data)))
		if (err == nil) == (cfg == nil) {
			t.Fatalf("ReadConfig returned config %v with error %v", cfg, err)
		}
	})
}

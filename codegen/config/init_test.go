package config

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/99designs/gqlgen/internal/generator/code"
)

func TestAutobind(t *testing.T) {
	tempModule(t, map[string]string{
		"chat/chat.go":     "package chat\n\ntype Message struct{}\ntype ProductSku string\ntype ChatAPI struct{}\ntype Shared struct{}\ntype Forced struct{}\n",
		"scalars/model.go": "package model\n\ntype Banned bool\ntype Shared struct{}\ntype Thing struct{}\n",
		"other/model.go":   "package model\n\ntype Other struct{}\n",
	})
	const schema = `
		type Query { a: Int }
		scalar Banned
		type Message { id: ID }
		enum ProductSKU { A }
		type ChatAPI { id: ID }
		type Shared { id: ID }
		type Mapped { id: ID }
		type Forced { id: ID }
		type Unbound { id: ID }`
	cfg := &Config{
		Exec:     ExecConfig{Filename: "graph/generated.go"},
		AutoBind: []string{"example.com/app/chat", "example.com/app/scalars", "example.com/app/other"},
		Models: TypeMap{
			"Mapped": {Model: StringList{"example.com/app/chat.Message"}},
			"Forced": {ForceGenerate: true},
			"Short":  {Model: StringList{"model.Thing", "model.Other", "chat.Missing", "github.com/x/model.Thing"}},
			"Keep":   {Model: StringList{"model.Thing"}, ForceGenerate: true},
		},
		Directives: map[string]DirectiveConfig{},
		Sources:    []*ast.Source{{Name: "schema.graphql", Input: schema}},
	}
	require.NoError(t, cfg.Init())

	want := map[string]StringList{
		"Banned":     {"example.com/app/scalars.Banned"},
		"Message":    {"example.com/app/chat.Message"},
		"ProductSKU": {"example.com/app/chat.ProductSku"},
		"ChatAPI":    {"example.com/app/chat.ChatAPI"},
		"Shared":     {"example.com/app/chat.Shared"},
		"Mapped":     {"example.com/app/chat.Message"},
		"Short":      {"example.com/app/scalars.Thing", "example.com/app/other.Other", "chat.Missing", "github.com/x/model.Thing"},
		"Keep":       {"model.Thing"},
	}
	for name, models := range want {
		assert.Equal(t, models, cfg.Models[name].Model, name)
	}
	assert.Empty(t, cfg.Models["Forced"].Model, "forceGenerate skips autobind")
	assert.False(t, cfg.Models.Exists("Unbound"))

	t.Run("a directory path", func(t *testing.T) {
		c := &Config{
			Exec:       ExecConfig{Filename: "graph/generated.go"},
			AutoBind:   []string{"./scalars"},
			Directives: map[string]DirectiveConfig{},
			Sources:    []*ast.Source{{Name: "schema.graphql", Input: schema}},
		}
		require.NoError(t, c.Init())
		assert.Equal(t, StringList{"example.com/app/scalars.Banned"}, c.Models["Banned"].Model)
	})

	t.Run("a path that is not a package", func(t *testing.T) {
		for _, path := range []string{"../chat", "example.com/app/nothere", "github.com/nope/x"} {
			c := &Config{
				Exec:       ExecConfig{Filename: "graph/generated.go"},
				AutoBind:   []string{"example.com/app/chat", path},
				Directives: map[string]DirectiveConfig{},
				Sources:    []*ast.Source{{Name: "schema.graphql", Input: schema}},
			}
			require.EqualError(t, c.Init(), "unable to load "+path+" - make sure you're using an import path to a package that exists")
		}
	})
}

func TestInitBuiltins(t *testing.T) {
	tempModule(t, nil)
	const schema = `
		type Query { a: Int }
		scalar Time
		scalar Upload
		type Map { a: Int }
		scalar Int64`
	cfg := &Config{
		Exec:       ExecConfig{Filename: "graph/generated.go"},
		Models:     TypeMap{"Int": {Model: StringList{"github.com/99designs/gqlgen/graphql.Int64"}}},
		Directives: map[string]DirectiveConfig{},
		Sources:    []*ast.Source{{Name: "schema.graphql", Input: schema}},
	}
	require.NoError(t, cfg.Init())

	const (
		g = "github.com/99designs/gqlgen/graphql."
		i = "github.com/99designs/gqlgen/graphql/introspection."
	)
	want := map[string]StringList{
		"Int":                 {g + "Int64"},
		"String":              {g + "String"},
		"Boolean":             {g + "Boolean"},
		"Float":               {g + "FloatContext"},
		"ID":                  {g + "ID", g + "IntID"},
		"__DirectiveLocation": {g + "String"},
		"__TypeKind":          {g + "String"},
		"__Schema":            {i + "Schema"},
		"__Type":              {i + "Type"},
		"__Field":             {i + "Field"},
		"__Directive":         {i + "Directive"},
		"__InputValue":        {i + "InputValue"},
		"__EnumValue":         {i + "EnumValue"},
		"Time":                {g + "Time"},
		"Upload":              {g + "Upload"},
		"Int64":               {g + "Int", g + "Int64"},
	}
	for name, models := range want {
		assert.Equal(t, models, cfg.Models[name].Model, name)
	}
	assert.False(t, cfg.Models.Exists("Map"), "Map is declared, but not as a scalar")
	assert.False(t, cfg.Models.Exists("Any"), "Any is not declared")
	assert.Equal(t, "VisibleInputFields", cfg.Models["__Type"].Fields["inputFields"].FieldName)
	assert.Equal(t, "VisibleArgs", cfg.Models["__Field"].Fields["args"].FieldName)
	assert.Equal(t, "VisibleArgs", cfg.Models["__Directive"].Fields["args"].FieldName)

	for _, def := range validator.PreludeDocument().Definitions {
		assert.NotEmpty(t, cfg.Models[def.Name].Model, "prelude type %s has a binding", def.Name)
	}
	for _, d := range codegenOnlyDirectives {
		assert.True(t, cfg.Directives[d].SkipRuntime, d)
	}
	// Init validated the output sections.
	assert.True(t, strings.HasSuffix(cfg.Exec.Filename, "/graph/generated.go"), cfg.Exec.Filename)
	assert.Equal(t, "graph", cfg.Exec.Package)
}

func TestInitPackageLoading(t *testing.T) {
	cfg := bindingFixture(t)
	cfg.Models["Extra"] = TypeMapEntry{
		Fields:           map[string]TypeMapField{"a": {Type: "*[]example.com/app/fields.T"}, "b": {Type: "string"}},
		ExtraFields:      map[string]ModelExtraField{"X": {Type: "example.com/app/extra.T"}},
		EmbedExtraFields: []ModelExtraField{{Type: "example.com/app/embed.T"}},
	}
	list := cfg.packageList()
	for _, pkg := range []string{
		"github.com/99designs/gqlgen/graphql", "github.com/99designs/gqlgen/graphql/introspection",
		"example.com/app/model", "example.com/app/fields", "example.com/app/extra", "example.com/app/embed",
	} {
		assert.Contains(t, list, pkg)
	}
	seen := map[string]bool{}
	for _, pkg := range list {
		assert.False(t, seen[pkg], "%s listed twice", pkg)
		seen[pkg] = true
	}
	delete(cfg.Models, "Extra")

	// Binding every field of every type loads nothing more.
	loaded := cfg.Packages.Count()
	b := cfg.NewBinder()
	for _, def := range cfg.Schema.Types {
		for _, f := range def.Fields {
			_, _ = b.TypeReference(f.Type, nil)
			for _, a := range f.Arguments {
				_, _ = b.TypeReference(a.Type, nil)
			}
		}
	}
	assert.NotEmpty(t, b.References)
	assert.Equal(t, loaded, cfg.Packages.Count(), "binding loaded more packages")
}

func TestReloadAllPackages(t *testing.T) {
	cfg := bindingFixture(t)
	b := cfg.NewBinder()
	_, err := b.FindObject("example.com/app/model", "Later")
	require.ErrorIs(t, err, ErrTypeNotFound)

	require.NoError(t, os.WriteFile("model/later.go", []byte("package model\n\ntype Later struct{}\n"), 0o644))
	cfg.ReloadAllPackages()
	_, err = cfg.NewBinder().FindObject("example.com/app/model", "Later")
	require.NoError(t, err, "code written since Init is seen after a reload")
}

func TestLoadSchema(t *testing.T) {
	tempModule(t, nil)
	newConfig := func(src string) *Config {
		return &Config{
			Exec:    ExecConfig{Filename: "graph/generated.go"},
			Sources: []*ast.Source{{Name: "schema.graphql", Input: src}},
		}
	}

	t.Run("valid", func(t *testing.T) {
		cfg := newConfig("type Query { m: Message } type Message { id: ID }")
		require.NoError(t, cfg.LoadSchema())
		require.NotNil(t, cfg.Schema)
		assert.Equal(t, "Query", cfg.Schema.Query.Name)
		assert.NotNil(t, cfg.Schema.Query.Fields.ForName("__schema"))
		assert.NotNil(t, cfg.Models, "check ran")
	})

	t.Run("no query type", func(t *testing.T) {
		cfg := newConfig("type Mutation { f: Int }")
		require.NoError(t, cfg.LoadSchema())
		assert.Equal(t, validator.QueryIntrospectionFields(), cfg.Schema.Query.Fields)
		assert.Same(t, cfg.Schema.Query, cfg.Schema.Types["Query"])
		assert.Equal(t, ast.Object, cfg.Schema.Query.Kind)
	})

	t.Run("invalid schema", func(t *testing.T) {
		cfg := newConfig("type Query { }")
		require.Error(t, cfg.LoadSchema())
		assert.Nil(t, cfg.Schema)
	})

	t.Run("invalid output section", func(t *testing.T) {
		cfg := newConfig("type Query { a: Int }")
		cfg.Exec.Filename = "graph/generated"
		require.EqualError(t, cfg.LoadSchema(), "config.exec: filename should be path to a go source file when using single-file layout")
	})

	t.Run("an existing package cache is refreshed, not replaced", func(t *testing.T) {
		cfg := newConfig("type Query { a: Int }")
		pkgs := code.NewPackages(code.PackagePrefixToCache("github.com/99designs/gqlgen/graphql"))
		pkgs.LoadAll("github.com/99designs/gqlgen/graphql", "./graph/nothere")
		cfg.Packages = pkgs
		require.NoError(t, cfg.LoadSchema())
		assert.Same(t, pkgs, cfg.Packages)
		assert.Equal(t, 1, pkgs.Count(), "only the runtime packages stay cached")
	})

	t.Run("Init loads the schema when needed", func(t *testing.T) {
		cfg := newConfig("type Query { a: Int }")
		require.NoError(t, cfg.Init())
		require.NotNil(t, cfg.Schema)
		require.NotNil(t, cfg.Packages)
		assert.True(t, cfg.IsRoot(cfg.Schema.Query))
		assert.False(t, cfg.IsRoot(cfg.Schema.Types["Int"]))
	})
}

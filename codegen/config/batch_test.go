package config

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestBatchDefaults(t *testing.T) {
	chdirTemp(t, map[string]string{"s.graphql": "type Query { a: Int }"})
	const schema = `
		type Query { version: String }
		type User { posts: [Post!]! name: String id: ID! }
		type Post { id: ID! }
		type Entity { findUserByID(id: ID!): User }
		input Filter { q: String }`

	type want map[string]*bool // "Type.field" → Batch
	tests := []struct {
		name       string
		yaml       string
		federation bool
		want       want
	}{
		{"explicit values win", `
resolver: {batch: true}
models:
  User:
    fields:
      posts: {resolver: true, batch: false}
      name: {resolver: false, batch: true}`, false,
			want{"User.posts": ptr(false), "User.name": ptr(true)}},
		{"global off: configured fields default to false", `
models:
  User:
    fields:
      posts: {resolver: true}
      name: {fieldName: FullName}`, false,
			want{"User.posts": ptr(false), "User.name": ptr(false)}},
		{"global on: resolver fields default to true", `
resolver: {batch: {enabled: true}}
models:
  User:
    fields:
      posts: {resolver: true}
      name: {fieldName: FullName}`, false,
			want{"User.posts": ptr(true), "User.name": nil}},
		{"global on skips roots and inputs", `
resolver: {batch: true}
models:
  Query:
    fields:
      version: {resolver: true}
  Filter:
    fields:
      q: {resolver: true}`, false,
			want{"Query.version": ptr(false), "Filter.q": ptr(false)}},
		{"Entity is an ordinary type without federation", `
resolver: {batch: true}
models:
  Entity:
    fields:
      findUserByID: {resolver: true}`, false,
			want{"Entity.findUserByID": ptr(true)}},
		{"Entity belongs to federation when it is on", `
resolver: {batch: true}
models:
  Entity:
    fields:
      findUserByID: {resolver: true}`, true,
			want{"Entity.findUserByID": ptr(false)}},
		{"types missing from the schema count as supported", `
resolver: {batch: true}
models:
  Ghost:
    fields:
      boo: {resolver: true}`, false,
			want{"Ghost.boo": ptr(true)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ReadConfig(strings.NewReader("schema: s.graphql\n" + tt.yaml))
			require.NoError(t, err)
			if tt.federation {
				cfg.Federation = PackageConfig{Filename: "graph/federation.go"}
			}
			cfg.Schema = mustSchema(t, schema)
			cfg.applyGlobalBatchResolverDefaults()
			for key, w := range tt.want {
				typeName, field, _ := strings.Cut(key, ".")
				got := cfg.Models[typeName].Fields[field].Batch
				if w == nil {
					assert.Nil(t, got, key)
					continue
				}
				require.NotNil(t, got, key)
				assert.Equal(t, *w, *got, key)
			}
		})
	}
}

func TestBatchResolverUnsupportedReason(t *testing.T) {
	query := &ast.Definition{Kind: ast.Object, Name: "Query"}
	mutation := &ast.Definition{Kind: ast.Object, Name: "Mutation"}
	cfg := &Config{Schema: &ast.Schema{Query: query, Mutation: mutation}}
	fed := &Config{Schema: cfg.Schema, Federation: PackageConfig{Filename: "graph/federation.go"}}

	obj := func(name string) *ast.Definition { return &ast.Definition{Kind: ast.Object, Name: name} }
	tests := []struct {
		name   string
		cfg    *Config
		typ    string
		def    *ast.Definition
		reason string
	}{
		{"object", cfg, "User", obj("User"), ""},
		{"query", cfg, "Query", query, "root types are resolved once per operation, so there are no sibling parents to batch"},
		{"mutation", cfg, "Mutation", mutation, "root types are resolved once per operation, so there are no sibling parents to batch"},
		{"input", cfg, "In", &ast.Definition{Kind: ast.InputObject, Name: "In"}, "input objects are arguments rather than resolved output types"},
		{"introspection", cfg, "__Type", obj("__Type"), "introspection types are resolved by gqlgen itself, not by user resolvers"},
		{"_Service without federation", cfg, "_Service", obj("_Service"), ""},
		{"_Service", fed, "_Service", obj("_Service"), "federation built-in types are resolved by gqlgen itself, not by user resolvers"},
		{"Entity", fed, "Entity", obj("Entity"), "federation built-in types are resolved by gqlgen itself, not by user resolvers"},
		{"other type with federation", fed, "User", obj("User"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.reason, tt.cfg.BatchResolverUnsupportedReason(tt.typ, tt.def))
			assert.Equal(t, tt.reason == "", tt.cfg.TypeSupportsBatchResolver(tt.typ, tt.def))
		})
	}
}

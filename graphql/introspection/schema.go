package introspection

import (
	"maps"
	"slices"

	"github.com/vektah/gqlparser/v2/ast"
)

// Schema backs the __Schema introspection type.
type Schema struct {
	schema *ast.Schema
}

// WrapSchema returns the introspection view of schema.
func WrapSchema(schema *ast.Schema) *Schema {
	return &Schema{schema: schema}
}

// Description returns the schema description, or nil if it has none.
func (s *Schema) Description() *string {
	return nonEmpty(&s.schema.Description)
}

// Types returns every named type of the schema, including the built-in
// scalars and the __-prefixed introspection types, sorted by name.
func (s *Schema) Types() []Type {
	names := slices.Sorted(maps.Keys(s.schema.Types))
	types := make([]Type, len(names))
	for i, name := range names {
		types[i] = Type{schema: s.schema, def: s.schema.Types[name]}
	}
	return types
}

// QueryType returns the query root type, or nil if the schema has none.
func (s *Schema) QueryType() *Type { return s.root(s.schema.Query) }

// MutationType returns the mutation root type, or nil if the schema has none.
func (s *Schema) MutationType() *Type { return s.root(s.schema.Mutation) }

// SubscriptionType returns the subscription root type, or nil if the schema
// has none.
func (s *Schema) SubscriptionType() *Type { return s.root(s.schema.Subscription) }

// root wraps an operation root type, which may be absent.
func (s *Schema) root(def *ast.Definition) *Type { return WrapTypeFromDef(s.schema, def) }

// Directives returns every directive the schema declares, including the
// built-in ones, sorted by name.
func (s *Schema) Directives() []Directive {
	names := slices.Sorted(maps.Keys(s.schema.Directives))
	directives := make([]Directive, len(names))
	for i, name := range names {
		directives[i] = newDirective(s.schema, s.schema.Directives[name])
	}
	return directives
}

package federation

import (
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// Names of the schema files the plugin injects. They are built-in sources,
// so _service leaves them out of the SDL it returns.
const (
	preludeFile = "federation/directives.graphql"
	entityFile  = "federation/entity.graphql"
)

// Directive and argument names the plugin reads from the user's schema.
const (
	dirKey              = "key"
	dirRequires         = "requires"
	dirExternal         = "external"
	dirExtends          = "extends"
	dirEntityResolver   = "entityResolver"
	dirComputedRequires = "computedRequires"
	dirPopulateFromReps = "populateFromRepresentations"

	// DirNameEntityReference is the compile-time directive that tells the
	// generator which entity and field set a @requires scalar stands for.
	DirNameEntityReference = "entityReference"
	// DirArgFields is the field-set argument of @key, @requires and
	// @provides.
	DirArgFields = "fields"
	// DirArgType is the argument of @entityReference naming the entity.
	DirArgType = "type"
)

// requiresArg is the argument a computed @requires field receives; its
// scalar, requiresMapScalar, carries the entity's representation as a map.
const (
	requiresArg       = "_federationRequires"
	requiresMapScalar = "_RequiresMap"
)

// preludes are the directive and scalar declarations each federation
// version puts in front of the user's schema. The v2 set is the one the
// federation 2 spec declares (gqlgen imports all of it whatever @link
// imports), plus gqlgen's own @computedRequires.
var preludes = map[int]string{
	1: `
scalar _Any
scalar _FieldSet
directive @computedRequires on FIELD_DEFINITION
directive @extends on OBJECT | INTERFACE
directive @external on FIELD_DEFINITION
directive @key(fields: _FieldSet!) repeatable on OBJECT | INTERFACE
directive @provides(fields: _FieldSet!) on FIELD_DEFINITION
directive @requires(fields: _FieldSet!) on FIELD_DEFINITION
`,
	2: `
directive @authenticated on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @composeDirective(name: String!) repeatable on SCHEMA
directive @extends on OBJECT | INTERFACE
directive @external on OBJECT | FIELD_DEFINITION
directive @key(fields: FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @inaccessible on ARGUMENT_DEFINITION | ENUM | ENUM_VALUE | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | INPUT_OBJECT | INTERFACE | OBJECT | SCALAR | UNION
directive @interfaceObject on OBJECT
directive @link(import: [String!], url: String!) repeatable on SCHEMA
directive @override(from: String!, label: String) on FIELD_DEFINITION
directive @policy(policies: [[federation__Policy!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @provides(fields: FieldSet!) on FIELD_DEFINITION
directive @requires(fields: FieldSet!) on FIELD_DEFINITION
directive @requiresScopes(scopes: [[federation__Scope!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @shareable repeatable on FIELD_DEFINITION | OBJECT
directive @computedRequires on FIELD_DEFINITION
directive @tag(name: String!) repeatable on ARGUMENT_DEFINITION | ENUM | ENUM_VALUE | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | INPUT_OBJECT | INTERFACE | OBJECT | SCALAR | UNION
scalar _Any
scalar FieldSet
scalar federation__Policy
scalar federation__Scope
`,
}

// codegenOnly are the directives that never run: those of every version,
// then the ones only federation 2 declares.
var codegenOnly = map[int][]string{
	1: {dirExternal, dirRequires, "provides", dirKey, dirExtends, dirEntityResolver, dirComputedRequires},
	2: {
		dirExternal, dirRequires, "provides", dirKey, dirExtends, dirEntityResolver, dirComputedRequires,
		"shareable", "link", "tag", "override", "inaccessible", "authenticated",
		"requiresScopes", "policy", "interfaceObject", "composeDirective",
	},
}

// reservedModels are the Go bindings of the types the plugin owns; a
// gqlgen.yml that maps one of them is refused.
var reservedModels = map[string]string{
	"_Service":           "github.com/99designs/gqlgen/plugin/federation/fedruntime.Service",
	"_Entity":            "github.com/99designs/gqlgen/plugin/federation/fedruntime.Entity",
	"Entity":             "github.com/99designs/gqlgen/plugin/federation/fedruntime.Entity",
	"_Any":               "github.com/99designs/gqlgen/graphql.Map",
	"federation__Scope":  "github.com/99designs/gqlgen/graphql.String",
	"federation__Policy": "github.com/99designs/gqlgen/graphql.String",
}

// populateFromRepsImpl is the implementation of @populateFromRepresentations
// the generated code gets: it hands a computed @requires field the
// representation its entity was resolved from. The field sits two levels
// below _entities (entity, then field), and the entity's FieldContext knows
// its index in the representations list.
var populateFromRepsImpl = `func(ctx context.Context, obj any, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	reps, ok := fc.Parent.Parent.Args["representations"].([]map[string]any)
	if !ok {
		return nil, errors.New("must be called from within _entities")
	}
	at := fc.Parent.Index
	if at == nil {
		return nil, errors.New("couldn't find input index for entity")
	}
	if *at < 0 || *at >= len(reps) {
		return nil, errors.New("representation not found")
	}
	return reps[*at], nil
}`

// internalDirectives declares the directives computed @requires adds to the
// schema: one that runs (filling _federationRequires) and one that only
// guides the generator.
func internalDirectives() []*ast.DirectiveDefinition {
	pos := &ast.Position{Src: &ast.Source{Name: preludeFile, BuiltIn: true}}
	return []*ast.DirectiveDefinition{
		{
			Name:        dirPopulateFromReps,
			Description: "Fills the _federationRequires argument of a computed @requires field with its entity's representation. Added by gqlgen.",
			Locations:   []ast.DirectiveLocation{ast.LocationArgumentDefinition},
			Position:    pos,
		},
		{
			Name:        DirNameEntityReference,
			Description: "Tells the generator which entity and field selection a scalar stands for. Added by gqlgen.",
			Locations:   []ast.DirectiveLocation{ast.LocationScalar},
			Arguments: ast.ArgumentDefinitionList{
				{Name: DirArgType, Type: ast.NonNullNamedType("String", nil), Description: "The entity the selection is checked against."},
				{Name: DirArgFields, Type: ast.NonNullNamedType("FieldSet", nil), Description: "The selection the scalar is generated from."},
			},
			Position: pos,
		},
	}
}

// reservedTypeMap is reservedModels as config entries.
func reservedTypeMap() config.TypeMap {
	m := make(config.TypeMap, len(reservedModels))
	for name, model := range reservedModels {
		m[name] = config.TypeMapEntry{Model: config.StringList{model}}
	}
	return m
}

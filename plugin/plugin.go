// Package plugin declares the hooks through which code generation is
// extended. A plugin is any value with a Name; it takes part in a stage of
// api.Generate by also implementing that stage's interface, found by type
// assertion:
//
//	stage                                   interface
//	before the user's schema is parsed      EarlySourcesInjector (EarlySourceInjector)
//	after it is parsed                      LateSourcesInjector (LateSourceInjector)
//	schema complete, before models          SchemaMutator
//	config complete, before BuildData       ConfigMutator
//	after BuildData                         CodeGenerator
//	while resolvergen writes stubs          ResolverImplementer
//
// These interfaces are experimental, as they are upstream.
package plugin

import (
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
)

// Plugin is the one method every plugin has. Name identifies it to
// api.ReplacePlugin and in error messages.
type Plugin interface {
	Name() string
}

// EarlySourcesInjector supplies schema sources the user's schema depends on
// (directive declarations, scalars), parsed together with it.
type EarlySourcesInjector interface {
	InjectSourcesEarly() ([]*ast.Source, error)
}

// EarlySourceInjector is the single-source form of EarlySourcesInjector.
//
// Deprecated: implement EarlySourcesInjector.
type EarlySourceInjector interface {
	InjectSourceEarly() *ast.Source
}

// LateSourcesInjector supplies sources derived from the user's parsed
// schema; the schema is then parsed again with them.
type LateSourcesInjector interface {
	InjectSourcesLate(schema *ast.Schema) ([]*ast.Source, error)
}

// LateSourceInjector is the single-source form of LateSourcesInjector.
//
// Deprecated: implement LateSourcesInjector.
type LateSourceInjector interface {
	InjectSourceLate(schema *ast.Schema) *ast.Source
}

// SchemaMutator edits the parsed schema in place. It runs after Config.Init
// and before the ConfigMutators, so models are generated from the edited
// schema.
type SchemaMutator interface {
	MutateSchema(schema *ast.Schema) error
}

// ConfigMutator edits the configuration (models, bindings) and may write Go
// code, such as models, that the data model is then built from.
type ConfigMutator interface {
	MutateConfig(cfg *config.Config) error
}

// CodeGenerator writes files from the built data model; it runs after the
// executable schema's data is built.
type CodeGenerator interface {
	GenerateCode(cfg *codegen.Data) error
}

// ResolverImplementer supplies the body of a resolver that resolvergen is
// writing for field. prevImplementation is the body found in the existing
// resolver file, "" when there is none.
type ResolverImplementer interface {
	Implement(prevImplementation string, field *codegen.Field) string
}

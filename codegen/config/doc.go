// Package config is the generator's view of a project: the settings read from
// gqlgen.yml, the GraphQL schema those settings point at, and the Go types the
// schema is bound to.
//
// A Config goes through these stages, each one a step of api.Generate:
//
//  1. LoadConfig (or ReadConfig, LoadConfigFromDefaultLocations,
//     LoadDefaultConfig) decodes the YAML, rejecting keys it does not know,
//     expands the schema globs and reads the schema files (CompleteConfig).
//  2. LoadSchema parses and validates the schema sources.
//  3. Init folds the @goModel, @goField, @goExtraField and @goEnum directives
//     into Models, loads every Go package the configuration names with a
//     single go/packages call, binds schema types to Go types found in the
//     autobind packages, adds the builtin scalar and introspection bindings,
//     and validates where the generated files go.
//  4. NewBinder returns a Binder that pairs each GraphQL type reference with
//     its Go type (TypeReference) for the code generator and plugins.
//
// Relative paths in the file (schema globs, output files) are relative to the
// working directory, as they are for upstream gqlgen;
// LoadConfigFromDefaultLocations changes into the directory of the file it
// finds, so for the CLI they are relative to the config file.
package config

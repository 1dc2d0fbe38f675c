// Package codegen turns a loaded configuration (schema, gqlgen.yml and the Go
// types they bind to) into the executable schema: the generated Go code that
// resolves GraphQL operations against user resolvers with the runtime in
// package graphql.
//
// It works in two steps. BuildData binds every schema type, field, argument
// and directive to Go (through config.Binder) and returns a Data, the model
// plugins read and may edit. GenerateCode renders that model with the
// package's embedded templates, in the exec layout the configuration asks
// for (single-file, or follow-schema: one file per schema file plus a root
// file).
//
// Decisions about the generated code are made in Go, in the plan types of
// plan.go, not in the templates: a template only lays out text from values
// the plan has already worked out. That is where the fast paths are chosen:
// a field read from a plain struct field or a method that cannot block is
// written into its object's FieldSet directly, with no FieldContext, closure
// or goroutine, whenever no field middleware is installed; resolvers and
// context-taking methods run concurrently, as upstream gqlgen runs them.
package codegen

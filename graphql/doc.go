// Package graphql is the runtime that generated code and user code build on:
// the Marshaler and Unmarshaler contracts and the built-in scalars, the
// contexts of an operation, a field and a response (with error and extension
// collection), field collection, and the interfaces through which the server,
// its transports and its extensions plug together.
//
// It reproduces the API and wire behaviour of upstream gqlgen v0.17.98, so
// that code generated for upstream compiles and behaves the same against it.
// The built-in scalar writers format into the writer's spare buffer and do
// not allocate per write; attaching a FieldContext or PathContext to a
// context costs no allocation beyond the struct itself.
package graphql

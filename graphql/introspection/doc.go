// Package introspection exposes a gqlparser schema through the types of the
// GraphQL introspection system (__Schema, __Type, __Field, __InputValue,
// __EnumValue and __Directive), as described in the "Introspection" section
// of the GraphQL specification.
//
// Generated executable schemas resolve the __schema and __type meta-fields by
// wrapping their *ast.Schema with WrapSchema and WrapTypeFromDef; the methods
// here are named after the introspection fields they back. Values are computed
// on demand from the schema and never cached, so a wrapper always reflects the
// schema it wraps.
//
// Query holds a complete introspection query for clients and tests.
package introspection

// Package graphql is the runtime that generated code and user code build on:
// the Marshaler and Unmarshaler contracts and the built-in scalars, the
// contexts of an operation, a field and a response (with error and extension
// collection), field collection, the execution machinery generated code
// drives (FieldSet, ResolveField, MarshalSliceConcurrently, @defer groups,
// invalid-null reporting, input unmarshalers, batch resolvers), and the
// interfaces through which the server, its transports and its extensions
// plug together.
//
// It reproduces the API and wire behaviour of upstream gqlgen v0.17.98, so
// that code generated for upstream compiles and behaves the same against it.
// The built-in scalar writers format into the writer's spare buffer and do
// not allocate per write; attaching a FieldContext or PathContext to a
// context costs no allocation beyond the struct itself; a FieldSet and its
// values are one allocation; a DeferredGroup costs nothing until a field is
// actually deferred; and a response tree can be appended to one byte slice
// (AppendGQL).
//
// # Fast paths for generated code
//
// Upstream-style generated code resolves every field through ResolveField,
// with a FieldContext, closures and a call through the field middleware,
// and marshals every list element on a goroutine of its own. This module's
// generator uses cheaper paths where nothing can observe the difference:
//
//   - OperationContext.HasFieldMiddleware reports whether any field
//     middleware is installed (executors install PassthroughFieldMiddleware
//     when there is none). Without it, a field read from a struct field
//     (no resolver, arguments or directives) is stored straight into the
//     FieldSet: NewFieldSetWithScalars with SetString, SetInt, SetUint,
//     SetFloat and SetBoolean allocates nothing per field.
//   - Such a field of object type gets a lazy FieldContext, built only if a
//     resolver or an error below needs it: WithLazyFieldContext, or
//     NewFieldSetUnder, which puts it in the object's FieldSet allocation.
//     FieldInfo holds the static part.
//   - A resolver can be called directly, without ResolveField, with
//     FieldErrorResult, FieldNilResult and FieldPanicResult giving the
//     results ResolveField would.
//   - MarshalSlice marshals a list whose elements cannot block on the
//     calling goroutine, with lazy element contexts from one allocation.
package graphql

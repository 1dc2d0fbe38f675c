package config

import (
	"errors"
	"go/types"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// TypeReference is a GraphQL type (of a field, argument or directive
// argument; input or output) together with the Go type it binds to and how
// its values are converted.
type TypeReference struct {
	// Definition is the schema definition of the named type under GQL.
	Definition *ast.Definition
	// GQL is the GraphQL type as written, with its list and non-null
	// wrappers.
	GQL *ast.Type
	// GO is the Go type of the value in the field or argument: Target with
	// the pointers and slices GQL calls for, or the bind target as found.
	GO types.Type
	// Target is the Go type the named GraphQL type binds to, before any
	// pointer or slice wrapping.
	Target types.Type
	// CastType, when set, is the type to convert values to and from around
	// the Marshaler and Unmarshaler calls (a named string type marshalled
	// as a plain string).
	CastType types.Type
	// Marshaler is the function that marshals values, when functions (not
	// methods) do it.
	Marshaler *types.Func
	// Unmarshaler is the function that unmarshals values, when functions do
	// it.
	Unmarshaler *types.Func
	// IsMarshaler says the type has MarshalGQL/UnmarshalGQL methods (or the
	// context variants, see IsContext).
	IsMarshaler bool
	// IsOmittable says the Go type is wrapped in graphql.Omittable; GO is
	// the wrapped type.
	IsOmittable bool
	// IsContext says the marshaling functions or methods take a context
	// (graphql.ContextMarshaler and friends).
	IsContext bool
	// PointersInUnmarshalInput copies return_pointers_in_unmarshalinput:
	// unmarshalInput functions return pointers.
	PointersInUnmarshalInput bool
	// IsRoot says Definition is the query, mutation or subscription type.
	IsRoot bool
	// EnumValues are the Go constants or variables bound to the enum's
	// values, in schema order; empty unless the enum has value bindings.
	EnumValues []EnumValueReference
}

// EnumValueReference is one enum value bound to a Go constant or variable.
type EnumValueReference struct {
	// Definition is the enum value in the schema.
	Definition *ast.EnumValueDefinition
	// Object is the *types.Const or *types.Var bound to it.
	Object types.Object
}

// Elem steps one level into the Go type: through a pointer (the GraphQL type
// stays the same) or into a list (both types step to their element). It
// returns nil for other types.
func (tr *TypeReference) Elem() *TypeReference {
	inner := *tr
	switch goType := tr.GO.(type) {
	case *types.Pointer:
		inner.GO = goType.Elem()
	case *types.Slice:
		if tr.GQL.Elem == nil {
			return nil
		}
		inner.GO, inner.GQL = goType.Elem(), tr.GQL.Elem
	default:
		return nil
	}
	return &inner
}

// IsPtr reports whether GO is a pointer.
func (tr *TypeReference) IsPtr() bool {
	_, ok := tr.GO.(*types.Pointer)
	return ok
}

// pointee is what GO points to, nil when it is not a pointer.
func (tr *TypeReference) pointee() types.Type {
	if ptr, ok := tr.GO.(*types.Pointer); ok {
		return ptr.Elem()
	}
	return nil
}

// IsPtrToPtr reports whether GO is a pointer to a pointer. Templates need it
// because such values cannot be passed where the single pointer is expected
// (golang/go#31103).
func (tr *TypeReference) IsPtrToPtr() bool {
	_, ok := tr.pointee().(*types.Pointer)
	return ok
}

// IsPtrToSlice reports whether GO is a pointer to a slice.
func (tr *TypeReference) IsPtrToSlice() bool {
	_, ok := tr.pointee().(*types.Slice)
	return ok
}

// IsPtrToIntf reports whether GO is a pointer to an interface literal (a
// pointer to a named interface type does not count).
func (tr *TypeReference) IsPtrToIntf() bool {
	elem := tr.pointee()
	if elem == nil {
		return false
	}
	_, ok := types.Unalias(elem).(*types.Interface)
	return ok
}

// IsNilable reports whether GO can be nil.
func (tr *TypeReference) IsNilable() bool { return IsNilable(tr.GO) }

// IsTargetNilable reports whether Target can be nil.
func (tr *TypeReference) IsTargetNilable() bool { return IsNilable(tr.Target) }

// IsSlice reports whether the reference is a list bound to a Go slice.
func (tr *TypeReference) IsSlice() bool {
	_, ok := tr.GO.(*types.Slice)
	return ok && tr.GQL.Elem != nil
}

// IsNamed reports whether GO is a named (defined) type.
func (tr *TypeReference) IsNamed() bool {
	_, ok := tr.GO.(*types.Named)
	return ok
}

// IsStruct reports whether GO's underlying type is a struct.
func (tr *TypeReference) IsStruct() bool {
	_, ok := tr.GO.Underlying().(*types.Struct)
	return ok
}

// IsScalar reports whether the GraphQL type is a scalar.
func (tr *TypeReference) IsScalar() bool { return tr.Definition.Kind == ast.Scalar }

// IsMap reports whether the reference is bound to the untyped map model
// (exactly MapType).
func (tr *TypeReference) IsMap() bool { return tr.GO == MapType }

// HasEnumValues reports whether the enum's values are bound to Go values.
func (tr *TypeReference) HasEnumValues() bool { return len(tr.EnumValues) > 0 }

// UniquenessKey identifies what the generated (un)marshal functions of the
// reference depend on: outer nullability (N or O), the GraphQL type name, the
// Go type, and a marker when list elements are non-null. References with the
// same key share the functions.
func (tr *TypeReference) UniquenessKey() string {
	key := "O"
	if tr.GQL.NonNull {
		key = "N"
	}
	key += tr.Definition.Name + "2" + templates.TypeIdentifier(tr.GO)
	if tr.GQL.Elem != nil && tr.GQL.Elem.NonNull {
		key += "ᚄ"
	}
	return key
}

// MarshalFunc is the name of the generated function writing values of this
// reference, "" for input objects (they are never output).
func (tr *TypeReference) MarshalFunc() string {
	tr.mustHaveDefinition()
	if tr.Definition.Kind == ast.InputObject {
		return ""
	}
	return "marshal" + tr.UniquenessKey()
}

// UnmarshalFunc is the name of the generated function reading values of this
// reference, "" for types that cannot be input.
func (tr *TypeReference) UnmarshalFunc() string {
	tr.mustHaveDefinition()
	if !tr.Definition.IsInputType() {
		return ""
	}
	return "unmarshal" + tr.UniquenessKey()
}

// MarshalFuncFunctionSyntax is MarshalFunc for
// use_function_syntax_for_execution_context, where it is a free function.
func (tr *TypeReference) MarshalFuncFunctionSyntax() string { return tr.MarshalFunc() + "F" }

// UnmarshalFuncFunctionSyntax is UnmarshalFunc for
// use_function_syntax_for_execution_context.
func (tr *TypeReference) UnmarshalFuncFunctionSyntax() string { return tr.UnmarshalFunc() + "F" }

// EnumMarshalVar names the generated variable mapping bound enum values to
// their GraphQL names, for either generation mode.
func (tr *TypeReference) EnumMarshalVar(functionSyntax bool) string {
	if functionSyntax {
		return tr.MarshalFuncFunctionSyntax()
	}
	return tr.MarshalFunc()
}

// EnumUnmarshalVar names the generated variable mapping GraphQL enum names to
// bound values, for either generation mode.
func (tr *TypeReference) EnumUnmarshalVar(functionSyntax bool) string {
	if functionSyntax {
		return tr.UnmarshalFuncFunctionSyntax()
	}
	return tr.UnmarshalFunc()
}

// mustHaveDefinition panics for a reference built without a Definition: a bug
// in whoever built it, surfacing while templates run.
func (tr *TypeReference) mustHaveDefinition() {
	if tr.Definition == nil {
		panic(errors.New("Definition missing for " + tr.GQL.Name()))
	}
}

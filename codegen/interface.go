package codegen

import (
	"go/types"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// Interface is an interface or union type of the schema, bound to a Go
// interface type.
type Interface struct {
	*ast.Definition

	// Type is the Go interface type.
	Type types.Type
	// InTypemap says the binding came from the configuration (models or
	// @goModel) rather than from a generated model.
	InTypemap bool
	// Implementors are the Go types the generated type switch tests, most
	// specific first: objects implementing more interfaces come earlier.
	Implementors []InterfaceImplementor
}

// InterfaceImplementor is one case of the type switch over an interface
// value: a Go type (value or pointer) of an object that implements it.
type InterfaceImplementor struct {
	*ast.Definition

	// Type is the Go type of the case.
	Type types.Type
	// TakeRef says Type is a value type whose object marshaler takes a
	// pointer, so the case passes the value's address.
	TakeRef bool
}

// CanBeNil reports whether a value of the case's type can be nil, so the
// case must check before marshaling it.
func (i *InterfaceImplementor) CanBeNil() bool { return config.IsNilable(i.Type) }

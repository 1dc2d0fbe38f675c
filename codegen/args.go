package codegen

import (
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// FieldArgument is an argument of a field or a directive, bound to Go.
type FieldArgument struct {
	*ast.ArgumentDefinition

	// TypeReference binds the argument's type; for a field bound to a
	// method it matches the method's parameter.
	TypeReference *config.TypeReference
	// VarName is the Go variable the argument is held in.
	VarName string
	// Directives are the directives applied to the argument.
	Directives []*Directive
	// Default is the declared default value, decoded; nil when none.
	Default any
	// Value is, for an argument of an applied directive, the value given
	// (or the default).
	Value any
	// Object is the object of the field the argument belongs to; nil for
	// directive arguments.
	Object *Object
	// CallArgumentDirectivesWithNull runs the argument's directives even
	// when it is absent (call_argument_directives_with_null).
	CallArgumentDirectivesWithNull bool
}

// ArgSet is a list of arguments with the declaration of their parser.
type ArgSet struct {
	Args     []*FieldArgument
	FuncDecl string
}

// ImplDirectives are the runtime directives applied to the argument.
func (f *FieldArgument) ImplDirectives() []*Directive {
	out := []*Directive{}
	for _, d := range f.Directives {
		if !d.SkipRuntime && d.IsLocation(ast.LocationArgumentDefinition) {
			out = append(out, d)
		}
	}
	return out
}

// DirectiveObjName is what argument directives receive as obj: the raw
// argument map.
func (f *FieldArgument) DirectiveObjName() string { return "rawArgs" }

// ZeroVal declares zeroVal with the argument's Go type.
func (f *FieldArgument) ZeroVal() string {
	return "var zeroVal " + templates.CurrentImports.LookupType(f.TypeReference.GO)
}

// Stream reports whether the argument belongs to a subscription field.
func (f *FieldArgument) Stream() bool { return f.Object != nil && f.Object.Stream }

package introspection

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Type backs the __Type introspection type. A Type is either a named type,
// backed by its definition, or a NON_NULL or LIST wrapper, backed by the
// type reference it was built from; never both.
type Type struct {
	schema *ast.Schema
	def    *ast.Definition // named types
	ref    *ast.Type       // NON_NULL and LIST wrappers
}

// WrapTypeFromDef returns the named type def of schema s, or nil if def is nil.
func WrapTypeFromDef(s *ast.Schema, def *ast.Definition) *Type {
	if def != nil {
		return &Type{schema: s, def: def}
	}
	return nil
}

// WrapTypeFromType returns the introspection type for the type reference typ
// (as written on a field or argument), or nil if typ is nil. A nullable named
// reference resolves to its definition in s; NON_NULL and LIST references stay
// wrappers whose OfType walks inwards.
func WrapTypeFromType(s *ast.Schema, typ *ast.Type) *Type {
	switch {
	case typ == nil:
		return nil
	case typ.NonNull || typ.NamedType == "":
		return &Type{schema: s, ref: typ}
	default:
		return &Type{schema: s, def: s.Types[typ.NamedType]}
	}
}

// Kind returns the __TypeKind of t: the definition kind for named types,
// otherwise NON_NULL or LIST. It panics if t was built from a reference to a
// type that is missing from the schema, which a validated schema rules out.
func (t *Type) Kind() string {
	if t.ref == nil {
		if t.def == nil {
			panic("introspection: Kind of a type that is not in the schema")
		}
		return string(t.def.Kind)
	}
	switch {
	case t.ref.NonNull:
		return "NON_NULL"
	case t.ref.Elem != nil:
		return "LIST"
	}
	panic(fmt.Sprintf("introspection: type reference %q is neither named, non-null nor a list", t.ref.String()))
}

// Name returns the type name, or nil for NON_NULL and LIST wrappers.
func (t *Type) Name() *string {
	if t.def == nil {
		return nil
	}
	return &t.def.Name
}

// Description returns the type description, or nil for wrappers and types
// without one.
func (t *Type) Description() *string {
	if t.def == nil {
		return nil
	}
	return nonEmpty(&t.def.Description)
}

// isKind reports whether t is a named type of one of kinds.
func (t *Type) isKind(kinds ...ast.DefinitionKind) bool {
	if t.def == nil {
		return false
	}
	for _, k := range kinds {
		if t.def.Kind == k {
			return true
		}
	}
	return false
}

// Fields returns the fields of an OBJECT or INTERFACE type in declaration
// order, leaving out meta-fields whose names start with "__" and, unless
// includeDeprecated is set, fields marked @deprecated. Each field's Args hold
// all of its arguments. Other kinds have no fields and get an empty slice.
func (t *Type) Fields(includeDeprecated bool) []Field {
	if !t.isKind(ast.Object, ast.Interface) {
		return []Field{}
	}
	fields := make([]Field, 0, len(t.def.Fields))
	for _, def := range t.def.Fields {
		if strings.HasPrefix(def.Name, "__") {
			continue
		}
		deprecated := deprecationOf(def.Directives)
		if deprecated != nil && !includeDeprecated {
			continue
		}
		fields = append(fields, Field{
			Name:        def.Name,
			Type:        WrapTypeFromType(t.schema, def.Type),
			Args:        newArguments(t.schema, def.Arguments),
			description: def.Description,
			deprecated:  deprecated,
		})
	}
	return fields
}

// InputFields returns every field of an INPUT_OBJECT type in declaration
// order, deprecated ones included; __Type.inputFields reports
// VisibleInputFields instead. Other kinds get an empty slice.
func (t *Type) InputFields() []InputValue {
	if !t.isKind(ast.InputObject) {
		return []InputValue{}
	}
	values := make([]InputValue, len(t.def.Fields))
	for i, def := range t.def.Fields {
		values[i] = newInputValue(t.schema, def.Name, def.Description, def.Type, def.DefaultValue, def.Directives)
	}
	return values
}

// VisibleInputFields returns the input fields reported by
// __Type.inputFields(includeDeprecated:): all of InputFields when
// includeDeprecated is set, otherwise those not marked @deprecated.
func (t *Type) VisibleInputFields(includeDeprecated bool) []InputValue {
	return visible(t.InputFields(), includeDeprecated)
}

// Interfaces returns the interfaces an OBJECT or INTERFACE type implements, in
// declaration order. Other kinds get an empty slice.
func (t *Type) Interfaces() []Type {
	if !t.isKind(ast.Object, ast.Interface) {
		return []Type{}
	}
	types := make([]Type, 0, len(t.def.Interfaces))
	for _, name := range t.def.Interfaces {
		if def := t.schema.Types[name]; def != nil {
			types = append(types, Type{schema: t.schema, def: def})
		}
	}
	return types
}

// PossibleTypes returns the object types that implement an INTERFACE or are
// members of a UNION, in the order the schema records them. Other kinds get an
// empty slice.
func (t *Type) PossibleTypes() []Type {
	if !t.isKind(ast.Interface, ast.Union) {
		return []Type{}
	}
	defs := t.schema.GetPossibleTypes(t.def)
	types := make([]Type, len(defs))
	for i, def := range defs {
		types[i] = Type{schema: t.schema, def: def}
	}
	return types
}

// EnumValues returns the values of an ENUM type in declaration order, leaving
// out values marked @deprecated unless includeDeprecated is set. Other kinds
// get an empty slice.
func (t *Type) EnumValues(includeDeprecated bool) []EnumValue {
	if !t.isKind(ast.Enum) {
		return []EnumValue{}
	}
	values := make([]EnumValue, 0, len(t.def.EnumValues))
	for _, def := range t.def.EnumValues {
		deprecated := deprecationOf(def.Directives)
		if deprecated != nil && !includeDeprecated {
			continue
		}
		values = append(values, EnumValue{
			Name:        def.Name,
			description: def.Description,
			deprecated:  deprecated,
		})
	}
	return values
}

// OfType returns the type a NON_NULL or LIST wrapper wraps, or nil for named
// types. The inner type of a NON_NULL is the same reference made nullable.
func (t *Type) OfType() *Type {
	switch {
	case t.ref == nil:
		return nil
	case t.ref.NonNull:
		nullable := *t.ref
		nullable.NonNull = false
		return WrapTypeFromType(t.schema, &nullable)
	default:
		return WrapTypeFromType(t.schema, t.ref.Elem)
	}
}

// SpecifiedByURL returns the url argument of @specifiedBy on a SCALAR type, or
// nil if t is not a scalar or does not carry the directive.
func (t *Type) SpecifiedByURL() *string {
	if !t.isKind(ast.Scalar) {
		return nil
	}
	specifiedBy := t.def.Directives.ForName("specifiedBy")
	if specifiedBy == nil {
		return nil
	}
	return rawArgument(specifiedBy, "url")
}

// IsOneOf reports whether t is an INPUT_OBJECT marked @oneOf.
func (t *Type) IsOneOf() bool {
	return t.isKind(ast.InputObject) && t.def.Directives.ForName("oneOf") != nil
}

package introspection

import (
	"github.com/vektah/gqlparser/v2/ast"
)

// Field backs the __Field introspection type.
type Field struct {
	Name string
	Type *Type
	// Args holds every argument of the field, deprecated ones included;
	// __Field.args reports VisibleArgs instead.
	Args []InputValue

	description string
	deprecated  *ast.Directive // the @deprecated directive, if applied
}

// InputValue backs the __InputValue introspection type: a field or directive
// argument, or an input object field.
type InputValue struct {
	Name string
	// DefaultValue is the default value in GraphQL syntax, or nil if there is
	// none.
	DefaultValue *string
	Type         *Type

	description string
	deprecated  *ast.Directive
}

// EnumValue backs the __EnumValue introspection type.
type EnumValue struct {
	Name string

	description string
	deprecated  *ast.Directive
}

// Directive backs the __Directive introspection type.
type Directive struct {
	Name string
	// Locations are __DirectiveLocation names such as "FIELD_DEFINITION".
	Locations []string
	// Args holds every argument of the directive, deprecated ones included;
	// __Directive.args reports VisibleArgs instead.
	Args         []InputValue
	IsRepeatable bool

	description string
}

// fieldDefaultDeprecationReason is what Field.DeprecationReason reports for a
// bare @deprecated, the default of the directive's reason argument.
const fieldDefaultDeprecationReason = "No longer supported"

// Description returns the field description, or nil if it has none.
func (f *Field) Description() *string { return nonEmpty(&f.description) }

// IsDeprecated reports whether the field is marked @deprecated.
func (f *Field) IsDeprecated() bool { return f.deprecated != nil }

// DeprecationReason returns the reason given to @deprecated, "No longer
// supported" if it was applied without one, or nil if the field is not
// deprecated.
func (f *Field) DeprecationReason() *string {
	if f.deprecated == nil {
		return nil
	}
	if reason := rawArgument(f.deprecated, "reason"); reason != nil {
		return reason
	}
	reason := fieldDefaultDeprecationReason
	return &reason
}

// VisibleArgs returns the arguments reported by
// __Field.args(includeDeprecated:): all of Args when includeDeprecated is set,
// otherwise those not marked @deprecated.
func (f *Field) VisibleArgs(includeDeprecated bool) []InputValue {
	return visible(f.Args, includeDeprecated)
}

// Description returns the input value description, or nil if it has none.
func (v *InputValue) Description() *string { return nonEmpty(&v.description) }

// IsDeprecated reports whether the input value is marked @deprecated.
func (v *InputValue) IsDeprecated() bool { return v.deprecated != nil }

// DeprecationReason returns the reason argument given to @deprecated, or nil
// if the value is not deprecated or no reason was written.
func (v *InputValue) DeprecationReason() *string { return rawArgument(v.deprecated, "reason") }

// Description returns the enum value description, or nil if it has none.
func (v *EnumValue) Description() *string { return nonEmpty(&v.description) }

// IsDeprecated reports whether the enum value is marked @deprecated.
func (v *EnumValue) IsDeprecated() bool { return v.deprecated != nil }

// DeprecationReason returns the reason argument given to @deprecated, or nil
// if the value is not deprecated or no reason was written.
func (v *EnumValue) DeprecationReason() *string { return rawArgument(v.deprecated, "reason") }

// Description returns the directive description, or nil if it has none.
func (d *Directive) Description() *string { return nonEmpty(&d.description) }

// VisibleArgs returns the arguments reported by
// __Directive.args(includeDeprecated:): all of Args when includeDeprecated is
// set, otherwise those not marked @deprecated.
func (d *Directive) VisibleArgs(includeDeprecated bool) []InputValue {
	return visible(d.Args, includeDeprecated)
}

func newDirective(s *ast.Schema, def *ast.DirectiveDefinition) Directive {
	locations := make([]string, len(def.Locations))
	for i, loc := range def.Locations {
		locations[i] = string(loc)
	}
	return Directive{
		Name:         def.Name,
		Locations:    locations,
		Args:         newArguments(s, def.Arguments),
		IsRepeatable: def.IsRepeatable,
		description:  def.Description,
	}
}

func newArguments(s *ast.Schema, defs ast.ArgumentDefinitionList) []InputValue {
	args := make([]InputValue, len(defs))
	for i, def := range defs {
		args[i] = newInputValue(s, def.Name, def.Description, def.Type, def.DefaultValue, def.Directives)
	}
	return args
}

func newInputValue(s *ast.Schema, name, description string, typ *ast.Type, defaultValue *ast.Value, directives ast.DirectiveList) InputValue {
	v := InputValue{
		Name:        name,
		Type:        WrapTypeFromType(s, typ),
		description: description,
		deprecated:  deprecationOf(directives),
	}
	if defaultValue != nil {
		text := defaultValue.String()
		v.DefaultValue = &text
	}
	return v
}

// visible implements the includeDeprecated argument shared by __Field.args,
// __Directive.args and __Type.inputFields. When nothing needs dropping it
// returns values itself.
func visible(values []InputValue, includeDeprecated bool) []InputValue {
	if includeDeprecated {
		return values
	}
	kept := 0
	for i := range values {
		if !values[i].IsDeprecated() {
			kept++
		}
	}
	if kept == len(values) && values != nil {
		return values
	}
	out := make([]InputValue, 0, kept)
	for _, v := range values {
		if !v.IsDeprecated() {
			out = append(out, v)
		}
	}
	return out
}

func deprecationOf(directives ast.DirectiveList) *ast.Directive {
	return directives.ForName("deprecated")
}

// rawArgument returns the literal value of the argument name of directive d,
// or nil if d is nil or was applied without that argument.
func rawArgument(d *ast.Directive, name string) *string {
	if d == nil {
		return nil
	}
	arg := d.Arguments.ForName(name)
	if arg == nil || arg.Value == nil {
		return nil
	}
	return &arg.Value.Raw
}

// nonEmpty returns s, or nil if *s is empty: introspection reports a missing
// description as null rather than "".
func nonEmpty(s *string) *string {
	if *s == "" {
		return nil
	}
	return s
}

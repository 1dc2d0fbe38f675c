package codegen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// Directive is a directive of the schema, either as declared (in
// Data.AllDirectives, Args carrying the declared defaults) or as applied
// somewhere (in Object.Directives, Field.Directives, FieldArgument.Directives:
// Args carrying the applied values).
type Directive struct {
	*ast.DirectiveDefinition
	config.DirectiveConfig

	// Name is the directive's name, without "@".
	Name string
	// Args are the directive's arguments; for an applied directive each
	// has Value set to the argument given, or to the default.
	Args []*FieldArgument
}

// DirectiveList holds directives by name.
type DirectiveList map[string]*Directive

// LocationDirectives returns the directives that may appear at location
// ("QUERY", "FIELD", ...).
func (dl DirectiveList) LocationDirectives(location string) DirectiveList {
	out := DirectiveList{}
	for name, d := range dl {
		if d.IsLocation(ast.DirectiveLocation(location)) {
			out[name] = d
		}
	}
	return out
}

// IsLocation reports whether the directive may appear at any of locations.
func (d *Directive) IsLocation(locations ...ast.DirectiveLocation) bool {
	if d.DirectiveDefinition == nil {
		return false
	}
	return slices.ContainsFunc(d.Locations, func(l ast.DirectiveLocation) bool { return slices.Contains(locations, l) })
}

// ArgsFunc names the generated parser of the directive's arguments, "" when
// it has none.
func (d *Directive) ArgsFunc() string {
	if len(d.Args) == 0 {
		return ""
	}
	return "dir_" + d.Name + "_args"
}

// CallName is the name of the directive's DirectiveRoot field.
func (d *Directive) CallName() string { return templates.UcFirst(d.Name) }

// IsBuiltIn reports whether the configuration supplies the directive's
// implementation.
func (d *Directive) IsBuiltIn() bool { return d.Implementation != nil }

// CallPath is the expression of the directive's implementation.
func (d *Directive) CallPath() string {
	prefix := "ec.Directives."
	if d.IsBuiltIn() {
		prefix = "builtInDirective"
	}
	return prefix + d.CallName()
}

// FunctionImpl is the declaration of a configured implementation, "" when
// the user implements the directive.
func (d *Directive) FunctionImpl() string {
	if impl := d.Implementation; impl != nil {
		return d.CallPath() + " = " + *impl
	}
	return ""
}

// Declaration is the directive's DirectiveRoot field: its name and function
// type, one parameter per argument.
func (d *Directive) Declaration() string {
	var b strings.Builder
	b.WriteString(d.CallName())
	b.WriteString(" func(ctx context.Context, obj any, next graphql.Resolver")
	for _, a := range d.Args {
		b.WriteString(", ")
		b.WriteString(templates.ToGoPrivate(a.Name))
		b.WriteString(" ")
		b.WriteString(templates.CurrentImports.LookupType(a.TypeReference.GO))
	}
	b.WriteString(") (res any, err error)")
	return b.String()
}

// CallArgs are the arguments of a call to the directive inside an
// operation or field middleware, where the parsed arguments are in args and
// the next resolver is n.
func (d *Directive) CallArgs() string {
	parts := []string{"ctx", "obj", "n"}
	for _, a := range d.Args {
		parts = append(parts, "args["+strconv.Quote(a.Name)+"].("+templates.CurrentImports.LookupType(a.TypeReference.GO)+")")
	}
	return strings.Join(parts, ", ")
}

// ResolveArgs are the arguments of the call of an applied directive in a
// chain: obj is the object expression and next the number of the
// directive<n> function it wraps. Arguments without a value or default are
// passed as nil.
func (d *Directive) ResolveArgs(obj string, next int) string {
	parts := []string{"ctx", obj, "directive" + strconv.Itoa(next)}
	for _, a := range d.Args {
		if a.Value == nil && a.Default == nil {
			parts = append(parts, "nil")
		} else {
			parts = append(parts, a.VarName)
		}
	}
	return strings.Join(parts, ", ")
}

package codegen

import (
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// declareDirectives binds the arguments of every directive the schema
// declares.
func (b *builder) declareDirectives() error {
	b.declared = make(map[string]*Directive, len(b.schema.Directives))
	for name, def := range b.schema.Directives {
		d := &Directive{DirectiveDefinition: def, Name: name, DirectiveConfig: b.cfg.Directives[name]}
		for _, a := range def.Arguments {
			ref, err := b.binder.TypeReference(a.Type, nil)
			if err != nil {
				return err
			}
			arg := &FieldArgument{ArgumentDefinition: a, TypeReference: ref, VarName: templates.ToGoPrivate(a.Name)}
			if a.DefaultValue != nil {
				if arg.Default, err = a.DefaultValue.Value(nil); err != nil {
					return fmt.Errorf("default value for directive argument %s(%s) is not valid: %w", name, a.Name, err)
				}
			}
			d.Args = append(d.Args, arg)
		}
		b.declared[name] = d
	}
	return nil
}

// applied describes directives as applied in the schema, each argument
// holding the value given there or else its default.
func (b *builder) applied(list ast.DirectiveList) ([]*Directive, error) {
	out := make([]*Directive, 0, len(list))
	for _, use := range list {
		decl, ok := b.declared[use.Name]
		if !ok {
			return nil, fmt.Errorf("directive %s not found", use.Name)
		}
		given := make(map[string]any, len(use.Arguments))
		for _, a := range use.Arguments {
			v, err := a.Value.Value(nil)
			if err != nil {
				return nil, err
			}
			given[a.Name] = v
		}
		d := &Directive{DirectiveDefinition: use.Definition, Name: use.Name, DirectiveConfig: b.cfg.Directives[use.Name]}
		for _, declArg := range decl.Args {
			value, set := given[declArg.Name]
			if !set {
				value = declArg.Default
			}
			d.Args = append(d.Args, &FieldArgument{
				ArgumentDefinition: declArg.ArgumentDefinition,
				TypeReference:      declArg.TypeReference,
				VarName:            declArg.VarName,
				Value:              value,
			})
		}
		out = append(out, d)
	}
	return out, nil
}

package modelgen

import (
	"fmt"
	"go/types"

	"github.com/99designs/gqlgen/codegen/templates"
)

// checkGoNames rejects a build in which a generated type would declare the
// same field or method name twice, which would otherwise surface only as a
// compile error in the generated file. Interfaces are checked first: a
// clash between two interface fields also breaks every implementation.
//
// It requires the models' Implementations.
func checkGoNames(b *ModelBuild) error {
	for _, it := range b.Interfaces {
		var d declared
		for _, f := range it.Fields {
			if err := d.add(it.Name, "Get"+f.GoName, fmt.Sprintf("the getter for %s.%s", it.Name, f.Name)); err != nil {
				return err
			}
		}
	}
	for _, m := range b.Models {
		var d declared
		for _, f := range m.Fields {
			name, what := f.GoName, fmt.Sprintf("field %q", f.Name)
			if name == "" {
				if name = embeddedFieldName(f.Type); name == "" {
					continue
				}
				what = "embedded " + name
			}
			if err := d.add(m.Name, name, what); err != nil {
				return err
			}
		}
		for _, impl := range m.Implementations {
			marker := "Is" + templates.ToGoModelName(impl.Interface)
			if err := d.add(m.Name, marker, fmt.Sprintf("the method marking interface %q", impl.Interface)); err != nil {
				return err
			}
			for _, g := range impl.Getters {
				if err := d.add(m.Name, "Get"+g.Name, g.describe()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// declared tracks the member names of one Go type and what declared them.
type declared map[string]string

func (d *declared) add(typeName, name, what string) error {
	if *d == nil {
		*d = declared{}
	}
	if prev, ok := (*d)[name]; ok {
		return fmt.Errorf("type %q: %s and %s both have Go name %s; rename one with @goField(name: ...) or gqlgen.yml fieldName",
			typeName, prev, what, name)
	}
	(*d)[name] = what
	return nil
}

// embeddedFieldName is the field name Go gives an embedded field of type t.
func embeddedFieldName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

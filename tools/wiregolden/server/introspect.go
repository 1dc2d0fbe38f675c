package server

import (
	"fmt"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/introspection"
)

// The introspection types are resolved over the graphql/introspection
// wrappers, as generated code resolves them.

type introspectionSchema struct{ s *introspection.Schema }

func (introspectionSchema) types() []string { return []string{"__Schema"} }

func (s introspectionSchema) resolve(_ *renderer, f graphql.CollectedField, _ map[string]any) (any, error) {
	switch f.Name {
	case "description":
		return s.s.Description(), nil
	case "queryType":
		return &introspectionType{s.s.QueryType()}, nil
	case "mutationType":
		return &introspectionType{s.s.MutationType()}, nil
	case "subscriptionType":
		return &introspectionType{s.s.SubscriptionType()}, nil
	case "types":
		ts := s.s.Types()
		out := make([]any, len(ts))
		for i := range ts {
			out[i] = &introspectionType{&ts[i]}
		}
		return out, nil
	case "directives":
		ds := s.s.Directives()
		out := make([]any, len(ds))
		for i := range ds {
			out[i] = introspectionDirective{&ds[i]}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no resolver for __Schema.%s", f.Name)
}

type introspectionType struct{ t *introspection.Type }

func (*introspectionType) types() []string { return []string{"__Type"} }

func (t *introspectionType) resolve(_ *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	deprecated, _ := args["includeDeprecated"].(bool)
	switch f.Name {
	case "kind":
		return t.t.Kind(), nil
	case "name":
		return t.t.Name(), nil
	case "description":
		return t.t.Description(), nil
	case "specifiedByURL":
		return t.t.SpecifiedByURL(), nil
	case "isOneOf":
		return t.t.IsOneOf(), nil
	case "ofType":
		return &introspectionType{t.t.OfType()}, nil
	case "fields":
		fs := t.t.Fields(deprecated)
		if fs == nil {
			return nil, nil
		}
		out := make([]any, len(fs))
		for i := range fs {
			out[i] = introspectionField{&fs[i]}
		}
		return out, nil
	case "interfaces":
		return typeList(t.t.Interfaces()), nil
	case "possibleTypes":
		return typeList(t.t.PossibleTypes()), nil
	case "enumValues":
		vs := t.t.EnumValues(deprecated)
		if vs == nil {
			return nil, nil
		}
		out := make([]any, len(vs))
		for i := range vs {
			out[i] = introspectionEnumValue{&vs[i]}
		}
		return out, nil
	case "inputFields":
		return inputValueList(t.t.InputFields()), nil
	}
	return nil, fmt.Errorf("no resolver for __Type.%s", f.Name)
}

func typeList(ts []introspection.Type) any {
	if ts == nil {
		return nil
	}
	out := make([]any, len(ts))
	for i := range ts {
		out[i] = &introspectionType{&ts[i]}
	}
	return out
}

func inputValueList(vs []introspection.InputValue) any {
	if vs == nil {
		return nil
	}
	out := make([]any, len(vs))
	for i := range vs {
		out[i] = introspectionInputValue{&vs[i]}
	}
	return out
}

type introspectionField struct{ f *introspection.Field }

func (introspectionField) types() []string { return []string{"__Field"} }

func (fd introspectionField) resolve(_ *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	switch f.Name {
	case "name":
		return fd.f.Name, nil
	case "description":
		return fd.f.Description(), nil
	case "args":
		deprecated, _ := args["includeDeprecated"].(bool)
		return inputValueList(fd.f.VisibleArgs(deprecated)), nil
	case "type":
		return &introspectionType{fd.f.Type}, nil
	case "isDeprecated":
		return fd.f.IsDeprecated(), nil
	case "deprecationReason":
		return fd.f.DeprecationReason(), nil
	}
	return nil, fmt.Errorf("no resolver for __Field.%s", f.Name)
}

type introspectionInputValue struct{ v *introspection.InputValue }

func (introspectionInputValue) types() []string { return []string{"__InputValue"} }

func (iv introspectionInputValue) resolve(_ *renderer, f graphql.CollectedField, _ map[string]any) (any, error) {
	switch f.Name {
	case "name":
		return iv.v.Name, nil
	case "description":
		return iv.v.Description(), nil
	case "type":
		return &introspectionType{iv.v.Type}, nil
	case "defaultValue":
		return iv.v.DefaultValue, nil
	case "isDeprecated":
		return iv.v.IsDeprecated(), nil
	case "deprecationReason":
		return iv.v.DeprecationReason(), nil
	}
	return nil, fmt.Errorf("no resolver for __InputValue.%s", f.Name)
}

type introspectionEnumValue struct{ v *introspection.EnumValue }

func (introspectionEnumValue) types() []string { return []string{"__EnumValue"} }

func (ev introspectionEnumValue) resolve(_ *renderer, f graphql.CollectedField, _ map[string]any) (any, error) {
	switch f.Name {
	case "name":
		return ev.v.Name, nil
	case "description":
		return ev.v.Description(), nil
	case "isDeprecated":
		return ev.v.IsDeprecated(), nil
	case "deprecationReason":
		return ev.v.DeprecationReason(), nil
	}
	return nil, fmt.Errorf("no resolver for __EnumValue.%s", f.Name)
}

type introspectionDirective struct{ d *introspection.Directive }

func (introspectionDirective) types() []string { return []string{"__Directive"} }

func (d introspectionDirective) resolve(_ *renderer, f graphql.CollectedField, args map[string]any) (any, error) {
	switch f.Name {
	case "name":
		return d.d.Name, nil
	case "description":
		return d.d.Description(), nil
	case "locations":
		out := make([]any, len(d.d.Locations))
		for i, l := range d.d.Locations {
			out[i] = l
		}
		return out, nil
	case "args":
		deprecated, _ := args["includeDeprecated"].(bool)
		return inputValueList(d.d.VisibleArgs(deprecated)), nil
	case "isRepeatable":
		return d.d.IsRepeatable, nil
	}
	return nil, fmt.Errorf("no resolver for __Directive.%s", f.Name)
}

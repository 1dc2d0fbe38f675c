package config

import "github.com/vektah/gqlparser/v2/ast"

const (
	runtimePkg       = "github.com/99designs/gqlgen/graphql"
	introspectionPkg = "github.com/99designs/gqlgen/graphql/introspection"
)

// runtimeTypes qualifies names of the graphql runtime package.
func runtimeTypes(names ...string) StringList {
	out := make(StringList, len(names))
	for i, n := range names {
		out[i] = runtimePkg + "." + n
	}
	return out
}

// introspectionModel binds an introspection type; fields maps schema fields
// to Go methods.
func introspectionModel(goName string, fields map[string]string) TypeMapEntry {
	e := TypeMapEntry{Model: StringList{introspectionPkg + "." + goName}}
	for field, method := range fields {
		if e.Fields == nil {
			e.Fields = map[string]TypeMapField{}
		}
		e.Fields[field] = TypeMapField{FieldName: method}
	}
	return e
}

// alwaysBuiltin are the bindings of the scalars and introspection types every
// schema has. The first model is the default; the others are what a Go field
// of that type may also be (Int binds int, int32 and int64).
//
// args and inputFields bind to the Visible* methods, which honour the
// includeDeprecated argument; the Args and InputFields fields they shadow
// stay for code generated before.
func alwaysBuiltin() TypeMap {
	visibleArgs := map[string]string{"args": "VisibleArgs"}
	return TypeMap{
		"String":              {Model: runtimeTypes("String")},
		"Boolean":             {Model: runtimeTypes("Boolean")},
		"Int":                 {Model: runtimeTypes("Int", "Int32", "Int64")},
		"Float":               {Model: runtimeTypes("FloatContext")},
		"ID":                  {Model: runtimeTypes("ID", "IntID")},
		"__DirectiveLocation": {Model: runtimeTypes("String")},
		"__TypeKind":          {Model: runtimeTypes("String")},
		"__Schema":            introspectionModel("Schema", nil),
		"__Type":              introspectionModel("Type", map[string]string{"inputFields": "VisibleInputFields"}),
		"__Field":             introspectionModel("Field", visibleArgs),
		"__Directive":         introspectionModel("Directive", visibleArgs),
		"__InputValue":        introspectionModel("InputValue", nil),
		"__EnumValue":         introspectionModel("EnumValue", nil),
	}
}

// builtinIfDeclared are bindings for common custom scalars, used when the
// schema declares a scalar of that name.
func builtinIfDeclared() TypeMap {
	return TypeMap{
		"Int64":  {Model: runtimeTypes("Int", "Int64")},
		"Time":   {Model: runtimeTypes("Time")},
		"Map":    {Model: runtimeTypes("Map")},
		"Upload": {Model: runtimeTypes("Upload")},
		"Any":    {Model: runtimeTypes("Any")},
	}
}

// injectBuiltins adds the builtin bindings for every type the models section
// does not mention.
func (c *Config) injectBuiltins() {
	for name, entry := range alwaysBuiltin() {
		if !c.Models.Exists(name) {
			c.Models[name] = entry
		}
	}
	for name, entry := range builtinIfDeclared() {
		def := c.Schema.Types[name]
		if def != nil && def.Kind == ast.Scalar && !c.Models.Exists(name) {
			c.Models[name] = entry
		}
	}
}

package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// ResolverRootMethods are the methods of ResolverRoot: one per object or
// input with resolver fields, returning its <Name>Resolver.
func (g *genFile) ResolverRootMethods() []string {
	var out []string
	for _, list := range []Objects{g.Objects, g.Inputs} {
		for _, o := range sortedObjects(list) {
			if o.HasResolvers() {
				name := templates.UcFirst(o.Name)
				out = append(out, name+"() "+name+"Resolver")
			}
		}
	}
	return out
}

// DirectiveRootFields are the fields of DirectiveRoot, one per directive
// the user implements.
func (g *genFile) DirectiveRootFields() []string {
	var out []string
	for _, d := range sortedDirectives(g.UserDirectives()) {
		out = append(out, d.Declaration())
	}
	return out
}

// BuiltInDirectiveVars declare the configured directive implementations.
func (g *genFile) BuiltInDirectiveVars() []string {
	var out []string
	for _, d := range sortedDirectives(g.BuiltInDirectives()) {
		out = append(out, d.FunctionImpl())
	}
	return out
}

// complexityObjects are the objects with ComplexityRoot entries.
func (g *genFile) complexityObjects() []*Object {
	if g.Config.OmitComplexity {
		return nil
	}
	var out []*Object
	for _, o := range sortedObjects(g.Objects) {
		if !o.IsReserved() {
			out = append(out, o)
		}
	}
	return out
}

// complexityFields are the fields of o with a complexity function: one per
// Go name, in Go name order, skipping introspection fields.
func complexityFields(o *Object) [][]*Field {
	groups := o.UniqueFields()
	var names []string
	for name, fields := range groups {
		if !fields[0].IsReserved() {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	out := make([][]*Field, len(names))
	for i, n := range names {
		out[i] = groups[n]
	}
	return out
}

// ComplexityRootBody is the body of the ComplexityRoot struct: a struct per
// object holding a function per field.
func (g *genFile) ComplexityRootBody() string {
	var s src
	for _, o := range g.complexityObjects() {
		s.f("%s struct {", templates.UcFirst(o.Name))
		for _, group := range complexityFields(o) {
			s.f("%s %s", group[0].GoFieldName, group[0].ComplexitySignature())
		}
		s.l("}")
	}
	return s.String()
}

// ComplexitySwitch is the body of executableSchema.Complexity: a switch
// over the type, handing the field to the type's complexity_ function
// (ComplexityFuncs). One small function per type keeps the compiler's work
// proportional to the schema: a single switch over every field of every
// type grows into one huge function.
func (g *genFile) ComplexitySwitch() string {
	objs := g.complexityTypes()
	if len(objs) == 0 {
		return ""
	}
	var s src
	if len(objs) > switchPart {
		// Thousands of types: parts of switchPart cases, tried in turn
		// (see switchPart), written by ComplexityFuncs.
		for i := range inParts(objs) {
			s.f("if n, ok := complexity___part%d(ctx, e, typeName, fieldName, childComplexity, rawArgs); ok {", i)
			s.l("return n, true", "}")
		}
		return s.String()
	}
	writeComplexityCases(&s, objs)
	return s.String()
}

// complexityTypes are the objects with complexity functions.
func (g *genFile) complexityTypes() []*Object {
	var out []*Object
	for _, o := range g.complexityObjects() {
		if len(complexityFields(o)) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// writeComplexityCases writes the switch handing each of objs its
// complexity_ function.
func writeComplexityCases(s *src, objs []*Object) {
	s.l("switch typeName {")
	for _, o := range objs {
		s.f("case %q:", o.Name)
		s.f("return complexity_%s(ctx, e, fieldName, childComplexity, rawArgs)", o.Name)
	}
	s.l("}")
}

// ComplexityFuncs are the complexity_<Type> functions of ComplexitySwitch:
// a switch over the fields of the type, calling the user's complexity
// function with the parsed arguments.
func (g *genFile) ComplexityFuncs() string {
	var s src
	if objs := g.complexityTypes(); len(objs) > switchPart {
		for i, part := range inParts(objs) {
			s.f("func complexity___part%d(ctx context.Context, e *executableSchema, typeName, fieldName string, childComplexity int, rawArgs map[string]any) (int, bool) {", i)
			writeComplexityCases(&s, part)
			s.l("return 0, false", "}", "")
		}
	}
	for _, o := range g.complexityObjects() {
		groups := complexityFields(o)
		if len(groups) == 0 {
			continue
		}
		if len(groups) <= switchPart {
			g.writeComplexityFunc(&s, o, "complexity_"+o.Name, groups)
			continue
		}
		// Thousands of fields: parts of switchPart cases, tried in turn
		// (see switchPart).
		parts := inParts(groups)
		s.f("func complexity_%s(ctx context.Context, e *executableSchema, fieldName string, childComplexity int, rawArgs map[string]any) (int, bool) {", o.Name)
		for i := range parts {
			s.f("if n, ok := complexity_%s___part%d(ctx, e, fieldName, childComplexity, rawArgs); ok {", o.Name, i)
			s.l("return n, true", "}")
		}
		s.l("return 0, false", "}", "")
		for i, part := range parts {
			g.writeComplexityFunc(&s, o, fmt.Sprintf("complexity_%s___part%d", o.Name, i), part)
		}
	}
	return s.String()
}

// writeComplexityFunc writes the complexity function name for the fields
// of o in groups.
func (g *genFile) writeComplexityFunc(s *src, o *Object, name string, groups [][]*Field) {
	s.f("func %s(ctx context.Context, e *executableSchema, fieldName string, childComplexity int, rawArgs map[string]any) (int, bool) {", name)
	s.f("c := &e.ComplexityRoot.%s", templates.UcFirst(o.Name))
	if slices.ContainsFunc(groups, func(group []*Field) bool { return len(group[0].Args) > 0 && !group[0].IsReserved() }) {
		s.l("ec := newExecutionContext(nil, e, nil)")
	}
	// A field without arguments only picks its function; the one call
	// after the switch serves them all.
	plain := slices.ContainsFunc(groups, func(group []*Field) bool { return len(group[0].Args) == 0 })
	if plain {
		s.l("var f func(int) int")
	}
	s.l("switch fieldName {")
	for _, group := range groups {
		var names []string
		for _, f := range group {
			names = append(names, strconv.Quote(f.Name))
		}
		f := group[0]
		fn := "c." + f.GoFieldName
		s.f("case %s:", strings.Join(names, ", "))
		if len(f.Args) == 0 {
			s.f("f = %s", fn)
			continue
		}
		s.f("if %s == nil {", fn)
		s.l("break", "}")
		s.f("args, err := %s", g.callFunc(f.ArgsFunc(), "ctx", "rawArgs"))
		s.l("if err != nil {", "return 0, false", "}")
		s.f("return %s(childComplexity, %s), true", fn, f.ComplexityArgs())
	}
	s.l("}")
	if plain {
		s.l("if f != nil {", "return f(childComplexity), true", "}")
	}
	s.l("return 0, false", "}", "")
}

// InputUnmarshalers are the entries of the index of input unmarshalers
// UnmarshalNamedInputFromContext uses.
func (g *genFile) InputUnmarshalers() []string {
	var out []string
	for _, in := range sortedObjects(g.Inputs) {
		if in.HasUnmarshal() {
			continue
		}
		fn := "ec.unmarshalInput" + in.Name
		if g.Config.UseFunctionSyntaxForExecutionContext {
			fn = "graphql.BindUnmarshaler(ec, unmarshalInput" + in.Name + ")"
		}
		out = append(out, "graphql.NewInputUnmarshaler("+strconv.Quote(in.Name)+", "+fn+")")
	}
	return out
}

// operationEntry is the expression computing the result of an operation
// on root: the root's marshaler, behind the operation-level directives of
// op (QUERY, MUTATION, SUBSCRIPTION) when the schema has any.
func (g *genFile) operationEntry(root *Object, op ast.DirectiveLocation, middleware string) string {
	direct := g.call("_"+root.Name, "ctx", "opCtx.Operation.SelectionSet")
	if len(g.AllDirectives.LocationDirectives(string(op))) == 0 {
		return direct
	}
	return g.call(middleware, "ctx", "opCtx.Operation", "func(ctx context.Context) (any, error) { return "+direct+", nil }")
}

// QueryEntry computes the query result.
func (g *genFile) QueryEntry() string {
	return g.operationEntry(g.QueryRoot, ast.LocationQuery, "_queryMiddleware")
}

// MutationEntry computes the mutation result.
func (g *genFile) MutationEntry() string {
	return g.operationEntry(g.MutationRoot, ast.LocationMutation, "_mutationMiddleware")
}

// SubscriptionEntry computes the subscription's event reader.
func (g *genFile) SubscriptionEntry() string {
	return g.operationEntry(g.SubscriptionRoot, ast.LocationSubscription, "_subscriptionMiddleware")
}

// SubscriptionReader is the subscription's event reader for the handlers
// that deliver event contexts.
func (g *genFile) SubscriptionReader() string {
	return g.call("_"+g.SubscriptionRoot.Name, "ctx", "opCtx.Operation.SelectionSet")
}

// EmbeddedSources are the paths //go:embed reads, quoted.
func (g *genFile) EmbeddedSources() string {
	var paths []string
	for _, s := range g.AugmentedSources {
		if s.Embeddable {
			paths = append(paths, strconv.Quote(s.RelativePath))
		}
	}
	return strings.Join(paths, " ")
}

// SourceEntries are the elements of the sources slice.
func (g *genFile) SourceEntries() []string {
	out := make([]string, 0, len(g.AugmentedSources))
	for _, s := range g.AugmentedSources {
		input := "sourceData(" + strconv.Quote(s.RelativePath) + ")"
		if !s.Embeddable {
			input = goStringLiteral(s.Source)
		}
		out = append(out, "{Name: "+strconv.Quote(s.RelativePath)+", Input: "+input+", BuiltIn: "+strconv.FormatBool(s.BuiltIn)+"}")
	}
	return out
}

// ChildFieldsFuncs are the childFields_<Type> functions: the FieldContext
// builders of the fields of each object some field returns. They have the
// signature of graphql.FieldInfo.Child, so that FieldInfo variables refer
// to them directly; ec is the *executionContext. Plain struct fields share
// one NewFieldContext call at the end, and fields with the same FieldInfo
// one case: the compiler gets one inlined call per type, not one per field.
func (g *genFile) ChildFieldsFuncs() string {
	var s src
	for _, ct := range g.UniqueChildFieldTypes() {
		obj := g.an.data.Objects.ByName(ct.TypeName)
		// infos are the FieldInfo literals of the struct fields, in the
		// order of their first field, with the fields sharing each.
		var infos []string
		names := map[string][]string{}
		var others []string
		for _, def := range ct.Definition.Fields {
			if f := obj.fieldNamed(def.Name); f != nil && g.structField(f) {
				lit := g.fieldInfoLiteral(f, true)
				if names[lit] == nil {
					infos = append(infos, lit)
				}
				names[lit] = append(names[lit], strconv.Quote(def.Name))
				continue
			}
			others = append(others, def.Name)
		}
		g.declareLateValue("childFields_"+ct.TypeName, "func(any, context.Context, graphql.CollectedField) (*graphql.FieldContext, error)", "childFields_"+ct.TypeName)
		s.f("func childFields_%s(ec any, ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {", ct.TypeName)
		if len(infos) > 0 {
			s.l("var info graphql.FieldInfo")
		}
		s.l("switch field.Name {")
		for _, lit := range infos {
			s.f("case %s:", strings.Join(names[lit], ", "))
			s.f("info = %s", lit)
		}
		for _, name := range others {
			s.f("case %q:", name)
			if g.Config.UseFunctionSyntaxForExecutionContext {
				s.f("return fieldContext_%s_%s(ctx, ec.(*executionContext), field)", ct.TypeName, name)
			} else {
				s.f("return fieldContext_%s_%s(ec.(*executionContext), ctx, field)", ct.TypeName, name)
			}
		}
		s.l("default:")
		s.f("return nil, fmt.Errorf(\"no field named %%q was found under type %s\", field.Name)", ct.TypeName)
		s.l("}")
		if len(infos) > 0 {
			s.l("return info.NewFieldContext(ec, field)")
		}
		s.l("}", "")
	}
	return s.String()
}

// goStringLiteral writes text as a Go string literal, raw (backquoted) where
// it can be, so that embedded schemas stay readable.
func goStringLiteral(text string) string {
	if strings.ContainsRune(text, '\r') {
		return strconv.Quote(text)
	}
	return "`" + strings.ReplaceAll(text, "`", "` + \"`\" + `") + "`"
}

// RootFieldFunc is _rootField, graphql.ResolveRootFieldAt for this
// package's execution context, which the root objects' field loops call.
// Every instantiation of a generic function costs the compiler the text of
// its type arguments, and those of ResolveRootFieldAt include
// ComplexityRoot, a struct as large as the schema: one instantiation here
// instead of one per root field keeps that cost from growing with the
// square of the schema.
func (g *genFile) RootFieldFunc() string {
	if !g.an.rootFieldAt {
		return ""
	}
	return `// _rootField is graphql.ResolveRootFieldAt for this execution context:
// the one instantiation of it in the package (see the package
// documentation of github.com/99designs/gqlgen/codegen).
func _rootField(ctx context.Context, ec *executionContext, out *graphql.FieldSet, i int, flags graphql.FieldFlags,
	resolve func(*executionContext, context.Context, *graphql.CollectedField) graphql.Marshaler) {
	graphql.ResolveRootFieldAt(ctx, &ec.ExecutionContextState, ec, out, i, flags, resolve)
}
`
}

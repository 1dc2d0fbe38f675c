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
	type object struct {
		Name   string
		Fields []caseCode
	}
	var objs []object
	for _, o := range g.complexityObjects() {
		obj := object{Name: templates.UcFirst(o.Name)}
		for _, group := range complexityFields(o) {
			obj.Fields = append(obj.Fields, caseCode{group[0].GoFieldName, group[0].ComplexitySignature()})
		}
		objs = append(objs, obj)
	}
	return complexityRootPiece.fill(objs)
}

var complexityRootPiece = newPiece("complexityRoot", `{{range .}}{{.Name}} struct {
{{- range .Fields}}
	{{.Name}} {{.Code}}
{{- end}}
}
{{end}}`)

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
	if len(objs) > switchPart {
		// Thousands of types: parts of switchPart cases, tried in turn
		// (see switchPart), written by ComplexityFuncs.
		var parts []string
		for i := range inParts(objs) {
			parts = append(parts, fmt.Sprintf("complexity___part%d", i))
		}
		return complexityPartsPiece.fill(map[string]any{"Parts": parts, "Args": "ctx, e, typeName, fieldName, childComplexity, rawArgs"})
	}
	return complexityCasesPiece.fill(typeNames(objs))
}

// complexityPartsPiece tries the parts of a complexity switch in turn.
var complexityPartsPiece = newPiece("complexityParts", `{{range .Parts}}if n, ok := {{.}}({{$.Args}}); ok {
	return n, true
}
{{end}}`)

// complexityCasesPiece hands each type its complexity_ function.
var complexityCasesPiece = newPiece("complexityCases", `switch typeName {
{{- range .}}
case {{.Code}}:
	return complexity_{{.Name}}(ctx, e, fieldName, childComplexity, rawArgs)
{{- end}}
}
`)

// typeNames are objs for complexityCasesPiece: each name, and quoted.
func typeNames(objs []*Object) []caseCode {
	out := make([]caseCode, 0, len(objs))
	for _, o := range objs {
		out = append(out, caseCode{o.Name, strconv.Quote(o.Name)})
	}
	return out
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

// ComplexityFuncs are the complexity_<Type> functions of ComplexitySwitch:
// a switch over the fields of the type, calling the user's complexity
// function with the parsed arguments.
func (g *genFile) ComplexityFuncs() string {
	var out string
	if objs := g.complexityTypes(); len(objs) > switchPart {
		for i, part := range inParts(objs) {
			out += complexityPartPiece.fill(map[string]string{
				"Decl": fmt.Sprintf("complexity___part%d(ctx context.Context, e *executableSchema, typeName, fieldName string", i),
				"Body": strings.TrimSuffix(complexityCasesPiece.fill(typeNames(part)), "\n"),
			})
		}
	}
	for _, o := range g.complexityObjects() {
		groups := complexityFields(o)
		if len(groups) == 0 {
			continue
		}
		if len(groups) <= switchPart {
			out += g.complexityFunc(o, "complexity_"+o.Name, groups)
			continue
		}
		// Thousands of fields: parts of switchPart cases, tried in turn
		// (see switchPart).
		parts := inParts(groups)
		var names []string
		for i := range parts {
			names = append(names, fmt.Sprintf("complexity_%s___part%d", o.Name, i))
		}
		out += complexityPartPiece.fill(map[string]string{
			"Decl": "complexity_" + o.Name + "(ctx context.Context, e *executableSchema, fieldName string",
			"Body": strings.TrimSuffix(complexityPartsPiece.fill(map[string]any{"Parts": names, "Args": "ctx, e, fieldName, childComplexity, rawArgs"}), "\n"),
		})
		for i, part := range parts {
			out += g.complexityFunc(o, names[i], part)
		}
	}
	return out
}

// complexityPartPiece is a complexity function whose Body reports a found
// field itself: it returns false for the others.
var complexityPartPiece = newPiece("complexityPart", `func {{.Decl}}, childComplexity int, rawArgs map[string]any) (int, bool) {
	{{.Body}}
	return 0, false
}

`)

// complexityFunc is the complexity function name for the fields of o in
// groups.
func (g *genFile) complexityFunc(o *Object, name string, groups [][]*Field) string {
	type group struct {
		Names, Func, ArgsCall, Args string
	}
	d := map[string]any{
		"Name": name, "Object": templates.UcFirst(o.Name),
		"EC": slices.ContainsFunc(groups, func(group []*Field) bool { return len(group[0].Args) > 0 && !group[0].IsReserved() }),
		// A field without arguments only picks its function; the one call
		// after the switch serves them all.
		"Plain": slices.ContainsFunc(groups, func(group []*Field) bool { return len(group[0].Args) == 0 }),
	}
	var cases []group
	for _, fields := range groups {
		var names []string
		for _, f := range fields {
			names = append(names, strconv.Quote(f.Name))
		}
		f := fields[0]
		c := group{Names: strings.Join(names, ", "), Func: "c." + f.GoFieldName}
		if len(f.Args) > 0 {
			c.ArgsCall, c.Args = g.callFunc(f.ArgsFunc(), "ctx", "rawArgs"), f.ComplexityArgs()
		}
		cases = append(cases, c)
	}
	d["Cases"] = cases
	return complexityFuncPiece.fill(d)
}

var complexityFuncPiece = newPiece("complexityFunc", `func {{.Name}}(ctx context.Context, e *executableSchema, fieldName string, childComplexity int, rawArgs map[string]any) (int, bool) {
	c := &e.ComplexityRoot.{{.Object}}
{{- if .EC}}
	ec := newExecutionContext(nil, e, nil)
{{- end}}
{{- if .Plain}}
	var f func(int) int
{{- end}}
	switch fieldName {
{{- range .Cases}}
	case {{.Names}}:
{{- if .ArgsCall}}
		if {{.Func}} == nil {
			break
		}
		args, err := {{.ArgsCall}}
		if err != nil {
			return 0, false
		}
		return {{.Func}}(childComplexity, {{.Args}}), true
{{- else}}
		f = {{.Func}}
{{- end}}
{{- end}}
	}
{{- if .Plain}}
	if f != nil {
		return f(childComplexity), true
	}
{{- end}}
	return 0, false
}

`)

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
	var out string
	for _, ct := range g.UniqueChildFieldTypes() {
		obj := g.an.data.Objects.ByName(ct.TypeName)
		// infos are the FieldInfo literals of the struct fields, in the
		// order of their first field, with the fields sharing each.
		var infos []string
		names := map[string][]string{}
		var others []caseCode
		for _, def := range ct.Definition.Fields {
			if f := obj.fieldNamed(def.Name); f != nil && g.structField(f) {
				lit := g.fieldInfoLiteral(f, true)
				if names[lit] == nil {
					infos = append(infos, lit)
				}
				names[lit] = append(names[lit], strconv.Quote(def.Name))
				continue
			}
			call := fmt.Sprintf("fieldContext_%s_%s(ec.(*executionContext), ctx, field)", ct.TypeName, def.Name)
			if g.Config.UseFunctionSyntaxForExecutionContext {
				call = fmt.Sprintf("fieldContext_%s_%s(ctx, ec.(*executionContext), field)", ct.TypeName, def.Name)
			}
			others = append(others, caseCode{strconv.Quote(def.Name), call})
		}
		var shared []caseCode
		for _, lit := range infos {
			shared = append(shared, caseCode{strings.Join(names[lit], ", "), lit})
		}
		g.declareLateValue("childFields_"+ct.TypeName, "func(any, context.Context, graphql.CollectedField) (*graphql.FieldContext, error)", "childFields_"+ct.TypeName)
		out += childFieldsPiece.fill(map[string]any{
			"Type": ct.TypeName, "Infos": shared, "Others": others, "Message": strconv.Quote("no field named %q was found under type " + ct.TypeName),
		})
	}
	return out
}

var childFieldsPiece = newPiece("childFields", `func childFields_{{.Type}}(ec any, ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
{{- if .Infos}}
	var info graphql.FieldInfo
{{- end}}
	switch field.Name {
{{- range .Infos}}
	case {{.Name}}:
		info = {{.Code}}
{{- end}}
{{- range .Others}}
	case {{.Name}}:
		return {{.Code}}
{{- end}}
	default:
		return nil, fmt.Errorf({{.Message}}, field.Name)
	}
{{- if .Infos}}
	return info.NewFieldContext(ec, field)
{{- end}}
}

`)

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

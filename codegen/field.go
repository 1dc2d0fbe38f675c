package codegen

import (
	"fmt"
	goast "go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// federationRequiresArg is the argument the federation plugin adds to
// fields computed from @requires (computed_requires).
const federationRequiresArg = "_federationRequires"

// Field is a field of an object or input object, bound to Go: where its
// value comes from (a resolver, a method, a struct field or a map entry)
// and the Go type of that value.
type Field struct {
	*ast.FieldDefinition

	// Object is the object the field belongs to.
	Object *Object
	// Args are the field's arguments; for a field bound to a method, in
	// the method's parameter order.
	Args []*FieldArgument
	// Directives are the directives applied to the field, after those
	// applied to its type.
	Directives []*Directive
	// Default is the decoded default value of an input field, nil if none.
	Default any
	// TypeReference binds the field's type.
	TypeReference *config.TypeReference

	// IsResolver says a resolver method on the <Object>Resolver interface
	// supplies the value.
	IsResolver bool
	// Batch says the resolver receives all sibling parents at once.
	Batch bool

	// GoFieldType says how the value is read when there is no resolver;
	// GoReceiverName is the receiver expression ("obj", or "ec" for the
	// introspection and federation fields generated code serves itself)
	// and GoFieldName the struct field, method or map key.
	GoFieldType    GoFieldType
	GoReceiverName string
	GoFieldName    string
	// MethodHasContext says the bound method takes a context.Context
	// first; NoErr that it returns no error; VOkFunc that it returns
	// (value, ok bool), ok false meaning null.
	MethodHasContext bool
	NoErr            bool
	VOkFunc          bool
	// HasHaser says a protobuf-style HasX method (HaserMethodName) tells
	// whether the nullable value is set.
	HasHaser        bool
	HaserMethodName string

	// Stream says the field is a subscription: its value is a channel.
	Stream bool
	// SubscriptionContextField copies subscription_context_field: every
	// subscription field delivers graphql.Event values.
	SubscriptionContextField bool
}

// HasDirectives reports whether the field has runtime directives to call.
func (f *Field) HasDirectives() bool { return len(f.ImplDirectives()) > 0 }

// ImplDirectives are the runtime directives applied to the field (or to
// the object type it returns) that run around its resolution.
func (f *Field) ImplDirectives() []*Directive {
	loc := ast.LocationFieldDefinition
	if f.Object.IsInputType() {
		loc = ast.LocationInputFieldDefinition
	}
	var out []*Directive
	for _, d := range f.Directives {
		if d.SkipRuntime {
			continue
		}
		if d.IsLocation(loc, ast.LocationObject) || d.IsLocation(loc, ast.LocationInputObject) {
			out = append(out, d)
		}
	}
	return out
}

// DirectiveObjName is what the field's directives receive as obj: the
// parent object, or nil on operation roots.
func (f *Field) DirectiveObjName() string {
	if f.Object.Root {
		return "nil"
	}
	return f.GoReceiverName
}

// ZeroVal declares zeroVal with the field's Go type.
func (f *Field) ZeroVal() string {
	return "var zeroVal " + templates.CurrentImports.LookupType(f.TypeReference.GO)
}

// UsesSubscriptionContext reports whether the field is a subscription whose
// channel carries graphql.Event values, each with its own context.
func (f *Field) UsesSubscriptionContext() bool {
	if !f.Object.Stream {
		return false
	}
	return f.SubscriptionContextField || f.FieldDefinition.Directives.ForName(config.DirSubscriptionContext) != nil
}

// MarshalerReturnType is the result type of the field's generated resolve
// function: a Marshaler, or for subscriptions a function producing one
// per event (with the event's context for UsesSubscriptionContext).
func (f *Field) MarshalerReturnType() string {
	switch {
	case !f.Object.Stream:
		return "graphql.Marshaler"
	case f.UsesSubscriptionContext():
		return "func(ctx context.Context) (context.Context, graphql.Marshaler)"
	}
	return "func(ctx context.Context) graphql.Marshaler"
}

// ResolveFieldFunc names the graphql function resolving the field.
func (f *Field) ResolveFieldFunc() string {
	switch {
	case !f.Object.Stream:
		return "ResolveField"
	case f.UsesSubscriptionContext():
		return "ResolveFieldStreamWithEventContext"
	}
	return "ResolveFieldStream"
}

// IsReserved reports whether the field is an introspection field.
func (f *Field) IsReserved() bool { return strings.HasPrefix(f.Name, "__") }

// IsMethod reports whether the value comes from a method call.
func (f *Field) IsMethod() bool { return f.GoFieldType == GoFieldMethod }

// IsVariable reports whether the value is a struct field.
func (f *Field) IsVariable() bool { return f.GoFieldType == GoFieldVariable }

// IsMap reports whether the value is an entry of a map model.
func (f *Field) IsMap() bool { return f.GoFieldType == GoFieldMap }

// IsConcurrent reports whether the field may block (a resolver, or a
// method taking a context) and so resolves concurrently with its siblings;
// never on the mutation root.
func (f *Field) IsConcurrent() bool {
	return !f.Object.DisableConcurrency && (f.IsResolver || f.MethodHasContext)
}

// IsBatch reports whether the field has a batch resolver.
func (f *Field) IsBatch() bool { return f.Batch }

// IsInputObject reports whether the field belongs to an input object.
func (f *Field) IsInputObject() bool { return f.Object.Kind == ast.InputObject }

// IsRoot reports whether the field belongs to an operation root.
func (f *Field) IsRoot() bool { return f.Object.Root }

// HasFederationRequiresArg reports whether the federation plugin gave the
// field its computed-requires argument.
func (f *Field) HasFederationRequiresArg() bool {
	return slices.ContainsFunc(f.Args, func(a *FieldArgument) bool { return a.Name == federationRequiresArg })
}

// BatchUsesFieldContextArgs reports whether a batch resolver call reads
// arguments from the field context: any argument but the computed-requires
// one, which is built per parent.
func (f *Field) BatchUsesFieldContextArgs() bool {
	return slices.ContainsFunc(f.Args, func(a *FieldArgument) bool { return a.Name != federationRequiresArg })
}

// GoNameUnexported is the field's name as an unexported Go identifier.
func (f *Field) GoNameUnexported() string { return templates.ToGoPrivate(f.Name) }

// ArgsFunc names the generated parser of the field's arguments, "" when it
// has none.
func (f *Field) ArgsFunc() string {
	if len(f.Args) == 0 {
		return ""
	}
	return "field_" + f.Object.Name + "_" + f.Name + "_args"
}

// FieldContextFunc names the generated builder of the field's FieldContext.
func (f *Field) FieldContextFunc() string { return "fieldContext_" + f.Object.Name + "_" + f.Name }

// ChildFieldContextFunc names the FieldContext builder of the field name of
// the type this field returns.
func (f *Field) ChildFieldContextFunc(name string) string {
	return "fieldContext_" + f.TypeReference.Definition.Name + "_" + name
}

// ChildFieldContextTypeName is the name of the type the field returns, ""
// when unbound.
func (f *Field) ChildFieldContextTypeName() string {
	if def := f.returnDefinition(); def != nil {
		return def.Name
	}
	return ""
}

// returnDefinition is the definition of the type the field returns, nil when
// the field is not bound.
func (f *Field) returnDefinition() *ast.Definition {
	if f.TypeReference == nil {
		return nil
	}
	return f.TypeReference.Definition
}

// resolverTypeName is the name of the object as it appears in the
// ResolverRoot method giving its resolver.
func (f *Field) resolverTypeName() string { return templates.UcFirst(f.Object.Name) }

// ShortInvocation is the call of the field's resolver on the ResolverRoot,
// as in ec.Resolvers.<ShortInvocation>. An input field's resolver gets the
// object being built and the decoded value.
func (f *Field) ShortInvocation() string {
	if f.Object.Kind == ast.InputObject {
		return f.resolverTypeName() + "()." + f.GoFieldName + "(ctx, &it, data)"
	}
	return f.resolverTypeName() + "()." + f.GoFieldName + "(" + f.CallArgs() + ")"
}

// ResolverType is the resolver call with the object's schema name, "" for
// fields without a resolver.
func (f *Field) ResolverType() string {
	if !f.IsResolver {
		return ""
	}
	return f.Object.Name + "()." + f.GoFieldName + "(" + f.CallArgs() + ")"
}

// CallArgs are the arguments of the call producing the field's value: the
// context (resolvers, and methods taking one), the parent object
// (resolvers of non-root objects), then the arguments read from the field
// context fc.
func (f *Field) CallArgs() string {
	var parts []string
	switch {
	case f.IsResolver:
		parts = append(parts, "ctx")
		if !f.Object.Root {
			parts = append(parts, "obj")
		}
	case f.MethodHasContext:
		parts = append(parts, "ctx")
	}
	parts = append(parts, f.argExpressions("")...)
	return strings.Join(parts, ", ")
}

// BatchCallArgs are the arguments of a batch resolver call: ctx, parents
// (when not ""), then the field's arguments, with requires (when not "")
// standing for the computed-requires argument.
func (f *Field) BatchCallArgs(parentVar, federationRequiresReplacement string) string {
	parts := []string{"ctx"}
	if parentVar != "" {
		parts = append(parts, parentVar)
	}
	parts = append(parts, f.argExpressions(federationRequiresReplacement)...)
	return strings.Join(parts, ", ")
}

// StubCallArgs are the resolver's parameter names, as a stub forwards them.
func (f *Field) StubCallArgs() string {
	var names []string
	for _, p := range f.resolverParams(false) {
		names = append(names, p.name)
	}
	return strings.Join(names, ", ")
}

// argExpressions are the Go expressions of the resolver arguments, read
// from fc.Args; arguments expanded by @inlineArguments are bundled back
// into the one value the resolver takes.
func (f *Field) argExpressions(requires string) []string {
	inline := f.inlineArgs()
	var out []string
	if inline != nil {
		out = append(out, f.bundleInlineArgs(inline))
	}
	for _, a := range f.Args {
		if inline != nil && slices.Contains(inline.ExpandedArgs, a.Name) {
			continue
		}
		if a.Name == federationRequiresArg && requires != "" {
			out = append(out, requires)
			continue
		}
		out = append(out, fieldContextArg(a))
	}
	return out
}

// fieldContextArg reads argument a from fc.Args as its Go type. An
// argument of type any is read without an assertion, so that null stays
// a nil interface.
func fieldContextArg(a *FieldArgument) string {
	key := strconv.Quote(a.Name)
	if iface, ok := types.Unalias(a.TypeReference.GO).(*types.Interface); ok && iface.Empty() {
		return "fc.Args[" + key + "]"
	}
	return "fc.Args[" + key + "].(" + templates.CurrentImports.LookupType(a.TypeReference.GO) + ")"
}

// bundleInlineArgs is the composite literal rebuilding the input value of
// an @inlineArguments argument from its expanded arguments.
func (f *Field) bundleInlineArgs(inline *InlineArgsInfo) string {
	isMap := strings.HasPrefix(inline.GoType, "map[")
	var b strings.Builder
	b.WriteString(qualifyGoType(inline.GoType))
	b.WriteString("{\n")
	for _, name := range inline.ExpandedArgs {
		i := slices.IndexFunc(f.Args, func(a *FieldArgument) bool { return a.Name == name })
		if i < 0 {
			continue
		}
		if isMap {
			b.WriteString(strconv.Quote(name))
		} else {
			b.WriteString(templates.ToGo(name))
		}
		b.WriteString(": ")
		b.WriteString(fieldContextArg(f.Args[i]))
		b.WriteString(",\n")
	}
	b.WriteString("}")
	return b.String()
}

// inlineArgs is the @inlineArguments record of the field, nil if none.
func (f *Field) inlineArgs() *InlineArgsInfo {
	if f.Object == nil || f.Object.Definition == nil {
		return nil
	}
	return GetInlineArgsMetadata(f.Object.Name, f.Name)
}

// qualifyGoType writes a type named "import/path.Name" (or a builtin) as
// the rendered file refers to it.
func qualifyGoType(goType string) string {
	dot := strings.LastIndex(goType, ".")
	if !strings.Contains(goType, "/") || dot < 0 {
		return goType
	}
	if alias := templates.CurrentImports.Lookup(goType[:dot]); alias != "" {
		return alias + "." + goType[dot+1:]
	}
	return goType[dot+1:]
}

// resolverParam is one parameter of a resolver method after ctx and obj.
type resolverParam struct{ name, typ string }

// resolverParams are the parameters a resolver takes for the field's
// arguments; batch resolvers take one computed-requires map per parent.
func (f *Field) resolverParams(batch bool) []resolverParam {
	inline := f.inlineArgs()
	var out []resolverParam
	if inline != nil {
		out = append(out, resolverParam{inline.OriginalArgName, qualifyGoType(inline.GoType)})
	}
	for _, a := range f.Args {
		if inline != nil && slices.Contains(inline.ExpandedArgs, a.Name) {
			continue
		}
		typ := templates.CurrentImports.LookupType(a.TypeReference.GO)
		if batch && a.Name == federationRequiresArg {
			typ = "[]" + typ
		}
		out = append(out, resolverParam{a.VarName, typ})
	}
	return out
}

// ShortResolverDeclaration is the resolver method's signature, without its
// name, as the <Object>Resolver interface declares it.
func (f *Field) ShortResolverDeclaration() string { return f.ShortResolverSignature(nil) }

// ShortResolverSignature is ShortResolverDeclaration keeping the result
// names of ft, the resolver's existing declaration, when it names them.
func (f *Field) ShortResolverSignature(ft *goast.FuncType) string {
	if f.Object.Kind == ast.InputObject {
		return fmt.Sprintf("(ctx context.Context, obj %s, data %s) error",
			templates.CurrentImports.LookupType(f.Object.Reference()),
			templates.CurrentImports.LookupType(f.TypeReference.GO))
	}
	var b strings.Builder
	b.WriteString("(ctx context.Context")
	if !f.Object.Root {
		b.WriteString(", obj " + templates.CurrentImports.LookupType(f.Object.Reference()))
	}
	for _, p := range f.resolverParams(false) {
		b.WriteString(", " + p.name + " " + p.typ)
	}
	result := templates.CurrentImports.LookupType(f.TypeReference.GO)
	if f.Object.Stream {
		if f.UsesSubscriptionContext() {
			result = templates.CurrentImports.Lookup("github.com/99designs/gqlgen/graphql") + ".Event[" + result + "]"
		}
		result = "<-chan " + result
	}
	valueName, errName := resultNames(ft)
	if valueName != "" || errName != "" {
		fmt.Fprintf(&b, ") (%s %s, %s error)", valueName, result, errName)
	} else {
		fmt.Fprintf(&b, ") (%s, error)", result)
	}
	return b.String()
}

// resultNames are the names ft gives its first two results, "" where none.
func resultNames(ft *goast.FuncType) (value, err string) {
	if ft == nil || ft.Results == nil {
		return "", ""
	}
	name := func(i int) string {
		if i < len(ft.Results.List) && len(ft.Results.List[i].Names) > 0 {
			return ft.Results.List[i].Names[0].Name
		}
		return ""
	}
	return name(0), name(1)
}

// ShortBatchResolverDeclaration is the signature of a batch resolver: it
// takes all the parents and returns one result per parent, in order.
// Operation roots have no batch resolvers; the result is then "".
func (f *Field) ShortBatchResolverDeclaration() string {
	if f.Object.Root {
		return ""
	}
	var b strings.Builder
	b.WriteString("(ctx context.Context, objs []" + templates.CurrentImports.LookupType(f.Object.Reference()))
	for _, p := range f.resolverParams(true) {
		b.WriteString(", " + p.name + " " + p.typ)
	}
	b.WriteString(") ([]" + templates.CurrentImports.LookupType(f.TypeReference.GO) + ", error)")
	return b.String()
}

// GoResultName is the Go type of the field without its package path, and
// whether it is a slice.
func (f *Field) GoResultName() (string, bool) {
	full := f.TypeReference.GO.String()
	return full[strings.LastIndex(full, "/")+1:], strings.HasPrefix(full, "[]")
}

// ComplexitySignature is the type of the field's ComplexityRoot function.
func (f *Field) ComplexitySignature() string {
	var b strings.Builder
	b.WriteString("func(childComplexity int")
	for _, a := range f.Args {
		b.WriteString(", " + a.VarName + " " + templates.CurrentImports.LookupType(a.TypeReference.GO))
	}
	b.WriteString(") int")
	return b.String()
}

// ComplexityArgs are the arguments of a call to the complexity function,
// read from the parsed argument map args.
func (f *Field) ComplexityArgs() string {
	parts := make([]string, len(f.Args))
	for i, a := range f.Args {
		parts[i] = "args[" + strconv.Quote(a.Name) + "].(" + templates.CurrentImports.LookupType(a.TypeReference.GO) + ")"
	}
	return strings.Join(parts, ", ")
}

package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// fieldGen is an output field as the templates write it.
type fieldGen struct {
	*Field
	g *genFile
}

// FieldGens are the fields of the object.
func (o *objectGen) FieldGens() []*fieldGen {
	out := make([]*fieldGen, 0, len(o.Fields))
	for _, f := range o.Fields {
		out = append(out, &fieldGen{Field: f, g: o.g})
	}
	return out
}

// funcName is the field's resolve function.
func (f *fieldGen) funcName() string { return "_" + f.Object.Name + "_" + f.Name }

// null is what the resolve function returns for no value.
func (f *fieldGen) null() string {
	switch {
	case !f.Object.Stream:
		return "graphql.Null"
	case f.UsesSubscriptionContext():
		return "ctx, nil"
	}
	return "nil"
}

// ResolveFunc is the field's function, _<Object>_<field>, for a field of
// none of the shapes with a fast path of their own (a method that cannot
// block, a resolver: see MethodFunc and DirectResolveFunc; a plain struct
// field has no function): it resolves the field under its own
// FieldContext, through the field middleware and the field's directives,
// and marshals the value.
func (f *fieldGen) ResolveFunc() string {
	g := f.g
	if g.structField(f.Field) || directResolve(f.Field) || directMethod(f.Field) {
		return ""
	}
	if f.TypeReference.IsRoot {
		var s src
		s.f("%sfield graphql.CollectedField) (ret %s) {", g.declFunc(f.funcName()), f.MarshalerReturnType())
		f.writeRootValue(&s)
		s.l("}")
		return s.String()
	}
	return resolveFuncPiece.fill(map[string]string{
		"Decl": g.declFunc(f.funcName()), "Params": "field graphql.CollectedField" + f.objParam(),
		"Ret": f.MarshalerReturnType(), "Resolve": f.resolveFieldCall("field"),
	})
}

var resolveFuncPiece = newPiece("resolveFunc", `{{.Decl}}{{.Params}}) (ret {{.Ret}}) {
	return {{.Resolve}}
}
`)

// objParam is the parent object parameter of the field's functions, none
// for a root field.
func (f *fieldGen) objParam() string {
	if f.Object.Root {
		return ""
	}
	return ", obj " + f.g.ref(f.Object.Reference())
}

// resolveFieldCall is the call of graphql.ResolveField resolving the field
// (field is the CollectedField value): the path through field middleware
// and directives of every field with a function.
func (f *fieldGen) resolveFieldCall(field string) string {
	g := f.g
	var value src
	f.writeValue(&value)
	return resolveFieldPiece.fill(map[string]string{
		"Func": f.ResolveFieldFunc(), "Field": field, "Context": f.initContextFunc(),
		"Value": strings.TrimSuffix(value.String(), "\n"), "Directives": f.directivesFunc(),
		"Marshal":       g.funcValue(f.TypeReference.MarshalFunc(), "sel ast.SelectionSet, v "+g.ref(f.TypeReference.GO), "graphql.Marshaler"),
		"RecoverPanics": fmt.Sprint(g.recoverPanics()), "NonNull": fmt.Sprint(f.TypeReference.GQL.NonNull),
	})
}

// resolveFieldPiece takes upstream's graphql.ResolveField (and
// ResolveFieldStream) signature, whose last two arguments are
// recoverFromPanic and nonNull.
var resolveFieldPiece = newPiece("resolveField", `graphql.{{.Func}}(ctx, ec.OperationContext, {{.Field}},
	{{.Context}},
	func(ctx context.Context) (any, error) {
		{{.Value}}
	},
	{{.Directives}},
	{{.Marshal}},
	{{.RecoverPanics}}, {{.NonNull}})`)

// writeRootValue writes the body of a field returning an operation root:
// the value is an empty root, whose fields have resolvers.
func (f *fieldGen) writeRootValue(s *src) {
	g := f.g
	s.f("fc, err := %s", g.callFunc(f.FieldContextFunc(), "ctx", "field"))
	s.l("if err != nil {")
	s.f("return %s", f.null())
	s.l("}", "ctx = graphql.WithFieldContext(ctx, fc)")
	if g.recoverPanics() {
		s.l("defer func() {", "if r := recover(); r != nil {", "ec.Error(ctx, ec.Recover(ctx, r))")
		s.f("ret = %s", f.null())
		s.l("}", "}()")
	}
	ref := f.TypeReference
	if ref.IsPtr() {
		s.f("res := &%s{}", g.ref(ref.Elem().GO))
	} else {
		s.f("res := %s{}", g.ref(ref.GO))
	}
	s.l("fc.Result = res")
	s.f("return %s", g.call(ref.MarshalFunc(), "ctx", "field.Selections", "res"))
}

// initContextFunc is the function building the field's FieldContext. A
// scalar or enum field without arguments gets a literal calling the
// runtime, which captures nothing and so costs no allocation.
func (f *fieldGen) initContextFunc() string {
	if f.scalarContext() {
		return fmt.Sprintf("func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) { return graphql.NewScalarFieldContext(%q, field, %t, %t, %q) }",
			f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver, f.TypeReference.Definition.Name)
	}
	return f.g.funcValueFunc(f.FieldContextFunc(), "field graphql.CollectedField", "(*graphql.FieldContext, error)")
}

// scalarContext says the field's FieldContext is the runtime's scalar one.
func (f *fieldGen) scalarContext() bool {
	return len(f.Args) == 0 && len(f.TypeReference.Definition.Fields) == 0
}

// writeValue writes the body of the closure producing the field's value.
func (f *fieldGen) writeValue(s *src) {
	if f.Batch && !f.Object.Root {
		s.f("return %s", f.g.callFunc("resolveBatch_"+f.Object.Name+"_"+f.Name, "ctx", "field", "obj"))
		return
	}
	if len(f.Args) > 0 && (f.IsResolver || f.IsMethod()) {
		s.l("fc := graphql.GetFieldContext(ctx)")
	}
	recv := f.GoReceiverName
	switch {
	case f.IsResolver:
		s.f("return ec.Resolvers.%s", f.ShortInvocation())
	case f.IsMap():
		f.writeMapValue(s)
	case f.IsMethod():
		f.writeHaser(s)
		call := recv + "." + f.GoFieldName + "(" + f.CallArgs() + ")"
		switch {
		case f.VOkFunc:
			s.f("v, ok := %s", call)
			s.l("if !ok {", "return nil, nil", "}", "return v, nil")
		case f.NoErr:
			s.f("return %s, nil", call)
		default:
			s.f("return %s", call)
		}
	default:
		f.writeHaser(s)
		s.f("return %s.%s, nil", recv, f.GoFieldName)
	}
}

// writeHaser returns null when the protobuf haser says the value is unset.
func (f *fieldGen) writeHaser(s *src) {
	if f.HasHaser {
		s.f("if !%s.%s() {", f.GoReceiverName, f.HaserMethodName)
		s.l("return nil, nil", "}")
	}
}

// writeMapValue reads the field from a map[string]any model, accepting
// the field's Go type or, for pointers, the value pointed to.
func (f *fieldGen) writeMapValue(s *src) {
	g := f.g
	chanOf := ""
	if f.Stream {
		chanOf = "<-chan "
	}
	ref := f.TypeReference
	s.f("switch v := %s[%q].(type) {", f.GoReceiverName, f.Name)
	s.f("case %s%s:", chanOf, g.ref(ref.GO))
	s.l("return v, nil")
	if elem := ref.Elem(); ref.IsPtr() && elem != nil {
		s.f("case %s%s:", chanOf, g.ref(elem.GO))
		s.l("return &v, nil")
	}
	s.l("case nil:")
	if ref.IsNilable() && !f.Stream {
		s.f("return (%s)(nil), nil", g.ref(ref.GO))
	} else {
		s.l("return nil, nil")
	}
	s.l("default:")
	s.f("return nil, fmt.Errorf(\"unexpected type %%T for field %%s\", v, %q)", f.Name)
	s.l("}")
}

// directivesFunc is ResolveField's directive chain: the field's own
// directives, then the query's FIELD directives; nil when there are none.
func (f *fieldGen) directivesFunc() string {
	g := f.g
	if !f.HasDirectives() && !g.an.fieldDirectives {
		return "nil"
	}
	var s src
	s.l("func(ctx context.Context, next graphql.Resolver) graphql.Resolver {")
	if f.HasDirectives() {
		s.l("directive0 := next")
		last := g.directiveChain(&s, g.ImplDirectivesCtx(f.Field))
		s.f("next = %s", last)
	}
	if g.an.fieldDirectives {
		obj := "obj"
		if f.Object.Root {
			obj = "nil"
		}
		s.f("return %s", g.call("_fieldMiddleware", "ctx", obj, "next"))
	} else {
		s.l("return next")
	}
	s.b.WriteString("}")
	return s.String()
}

// ContextFunc is the field's FieldContext builder: it also parses the
// field's arguments into FieldContext.Args.
func (f *fieldGen) ContextFunc() string {
	g := f.g
	if g.structField(f.Field) {
		return ""
	}
	var s src
	if f.scalarContext() {
		s.f("%sfield graphql.CollectedField) (*graphql.FieldContext, error) {", g.declFunc(f.FieldContextFunc()))
		s.f("return graphql.NewScalarFieldContext(%q, field, %t, %t, %q)", f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver, f.TypeReference.Definition.Name)
		s.l("}")
		return s.String()
	}
	if len(f.Args) > 0 && !g.Config.UseFunctionSyntaxForExecutionContext {
		// The runtime builds the context and parses the arguments: one
		// line per field instead of a function with two closures.
		info := fmt.Sprintf("graphql.FieldInfo{Object: %q, IsMethod: %t, IsResolver: %t, %s}", f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver, g.infoChild(f.Field, true))
		s.f("%sfield graphql.CollectedField) (*graphql.FieldContext, error) {", g.declFunc(f.FieldContextFunc()))
		s.f("return graphql.NewArgsFieldContext(ctx, ec.OperationContext, ec, %s, field, %t, %s)", info, g.Config.OmitPanicHandler, f.ArgsFunc())
		s.l("}")
		return s.String()
	}
	s.f("%sfield graphql.CollectedField) (fc *graphql.FieldContext, err error) {", g.declFunc(f.FieldContextFunc()))
	s.f("fc = &graphql.FieldContext{Object: %q, Field: field, IsMethod: %t, IsResolver: %t,", f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver)
	s.f("Child: %s,", f.childFunc())
	s.l("}")
	if len(f.Args) > 0 {
		if g.recoverPanics() {
			s.l("defer func() {", "if r := recover(); r != nil {", "err = ec.Recover(ctx, r)", "ec.Error(ctx, err)", "}", "}()")
		}
		s.l("ctx = graphql.WithFieldContext(ctx, fc)")
		s.f("if fc.Args, err = %s; err != nil {", g.callFunc(f.ArgsFunc(), "ctx", "field.ArgumentMap(ec.Variables)"))
		s.l("ec.Error(ctx, err)", "return fc, err", "}")
	}
	s.l("return fc, nil", "}")
	return s.String()
}

// childFunc is the FieldContext.Child of the field: FieldContext builders
// of the fields of the object it returns.
func (f *fieldGen) childFunc() string {
	def := f.TypeReference.Definition
	head := "func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) { "
	switch {
	case len(def.Fields) == 0:
		return head + "return nil, errors.New(" + strconv.Quote("field of type "+def.Name+" does not have child fields") + ") }"
	case def.Kind != ast.Object:
		return head + "return nil, errors.New(" + strconv.Quote("FieldContext.Child cannot be called on type "+string(def.Kind)) + ") }"
	}
	return head + "return " + lateVar("childFields_"+def.Name) + "(ec, ctx, field) }"
}

// BatchFunc is the batch resolution of a batch field: one resolver call
// for all the sibling parents registered for the object, or for obj alone
// when none are.
func (f *fieldGen) BatchFunc() string {
	if !f.Batch || f.Object.Root {
		return ""
	}
	g := f.g
	parent := g.ref(f.Object.Reference())
	result := g.ref(f.TypeReference.GO)
	coordinate := strconv.Quote(f.Object.Name + "." + f.Name)
	var s src
	s.f("%sfield graphql.CollectedField, obj %s) (any, error) {", g.declFunc("resolveBatch_"+f.Object.Name+"_"+f.Name), parent)
	s.f("resolver := ec.Resolvers.%s()", templates.UcFirst(f.Object.Name))
	if f.BatchUsesFieldContextArgs() {
		s.l("fc := graphql.GetFieldContext(ctx)")
	}
	requires := ""
	if f.HasFederationRequiresArg() {
		requires = "federationRequires"
	}
	s.f("if batch, ok := graphql.BatchParentsFor[%s](ctx, %q); ok {", parent, f.Object.Name)
	s.l("result := batch.FieldResult(field, func() (any, error) {")
	if requires != "" {
		s.l("federationRequires, err := graphql.FederationRequiresForBatch(ctx, len(batch.Parents), batch.IndexMap)", "if err != nil {", "return nil, err", "}")
	}
	s.f("return resolver.%s(%s)", f.GoFieldName, f.BatchCallArgs("batch.Parents", requires))
	s.l("})")
	s.f("return graphql.ResolveBatchGroupResult[%s](ctx, batch.Index, len(batch.Parents), result, %s, batch.IndexMap)", result, coordinate)
	s.l("}")
	if requires != "" {
		s.l("federationRequires, err := graphql.FederationRequiresForBatch(ctx, 1, nil)", "if err != nil {", "return nil, err", "}")
	}
	s.f("results, err := resolver.%s(%s)", f.GoFieldName, f.BatchCallArgs("[]"+parent+"{obj}", requires))
	s.f("return graphql.ResolveBatchSingleResult[%s](ctx, results, err, %s)", result, coordinate)
	s.l("}")
	return s.String()
}

// ResolverInterface is the <Object>Resolver interface of an object with
// resolver fields, "" for others.
func (o *objectGen) ResolverInterface() string {
	if !o.HasResolvers() {
		return ""
	}
	var s src
	s.f("type %sResolver interface {", templates.UcFirst(o.Name))
	for _, f := range o.Fields {
		switch {
		case f.Batch:
			s.f("%s%s", f.GoFieldName, f.ShortBatchResolverDeclaration())
		case f.IsResolver:
			s.f("%s%s", f.GoFieldName, f.ShortResolverDeclaration())
		}
	}
	s.l("}")
	return s.String()
}

// directResolve reports whether the field is resolved by a call that may
// block (a resolver, or a method taking a context) without directives or
// batching: without field middleware, such a call needs no closures, and
// without arguments only a lazy FieldContext. Its resolve_ function
// provides that.
func directResolve(f *Field) bool {
	if !f.IsConcurrent() && !(f.Object.Root && f.IsResolver) {
		return false
	}
	return (f.IsResolver || f.IsMethod()) && !f.Batch && !f.HasDirectives() &&
		!f.Stream && !f.Object.Stream && f.TypeReference != nil && !f.TypeReference.IsRoot
}

// DirectResolveFunc is the function _<Object>_<field> of a field of
// directResolve, which the field loop calls (concurrently, but for a
// mutation field) whatever middleware is installed: with field middleware
// (or query directives on the field) it resolves the field through
// graphql.ResolveField; otherwise it calls the resolver under a lazy
// FieldContext (or, with arguments, one built up front that holds them)
// and marshals the value, an object straight into a field set that carries
// the field's context.
func (f *fieldGen) DirectResolveFunc() string {
	if !directResolve(f.Field) {
		return ""
	}
	g := f.g
	if g.argsResolved(f.Field) {
		return f.argsResolveFunc()
	}
	ref := f.TypeReference
	eager := len(f.Args) > 0
	d := map[string]any{
		"Decl": g.declFunc(f.funcName()), "Params": "field *graphql.CollectedField" + f.objParam(),
		"Middleware": f.middlewareCond(), "Resolve": f.resolveFieldCall("*field"),
		"Eager": eager, "FieldContext": g.callFunc(f.FieldContextFunc(), "ctx", "*field"),
		"Info": fieldInfoVar(f.Field), "Recover": g.recoverPanics(), "NoErr": f.IsMethod() && f.NoErr,
		"Ctx": "fctx", "Under": "", "NonNull": ref.GQL.NonNull, "GQLType": strconv.Quote(ref.GQL.String()),
	}
	switch {
	case eager && f.IsResolver:
		d["Call"] = "ec.Resolvers." + f.ShortInvocation()
	case eager:
		d["Call"] = f.GoReceiverName + "." + f.GoFieldName + "(" + f.CallArgs() + ")"
	case f.IsResolver:
		d["Call"] = "ec.Resolvers." + templates.UcFirst(f.Object.Name) + "()." + f.GoFieldName + "(" + f.directCallArgs() + ")"
	default:
		d["Call"] = f.GoReceiverName + "." + f.GoFieldName + "(fctx)"
	}
	if eager {
		d["Ctx"] = "ctx"
	}
	d["Marshal"] = g.call(ref.MarshalFunc(), d["Ctx"].(string), "field.Selections", "res")
	if target := objectTarget(ref); !eager && target != "" && ref.IsNilable() {
		d["Under"] = g.lateCall("_"+target+"___under", "ctx", "field.Selections", "res", "lf")
	}
	return directResolvePiece.fill(d)
}

// middlewareCond is the condition under which a field's function takes the
// path through graphql.ResolveField: field middleware is installed, or the
// schema has query (FIELD) directives and the field carries one.
func (f *fieldGen) middlewareCond() string {
	if f.g.an.fieldDirectives {
		return "ec.HasFieldMiddleware() || len(field.Directives) > 0"
	}
	return "ec.HasFieldMiddleware()"
}

var directResolvePiece = newPiece("directResolve", `{{.Decl}}{{.Params}}) (ret graphql.Marshaler) {
	if {{.Middleware}} {
		return {{.Resolve}}
	}
{{- if .Eager}}
	fc, err := {{.FieldContext}}
	if err != nil {
		return graphql.Null
	}
	ctx = graphql.WithFieldContext(ctx, fc)
{{- else}}
	fctx := graphql.WithLazyFieldContext(ctx, &{{.Info}}, ec, field, nil)
{{- end}}
{{- if .Recover}}
	defer func() {
		if r := recover(); r != nil {
			ec.Error({{.Ctx}}, ec.Recover({{.Ctx}}, r))
			ret = graphql.Null
		}
	}()
{{- end}}
{{- if .NoErr}}
	res := {{.Call}}
{{- else}}
	res, err := {{.Call}}
	if err != nil {
		ec.Error({{.Ctx}}, graphql.AddFieldLocationToError({{.Ctx}}, err))
		return graphql.Null
	}
{{- end}}
{{- if .Eager}}
	fc.Result = res
{{- end}}
{{- if .Under}}
	if res == nil {
{{- if .NonNull}}
		graphql.AddInvalidNullError(fctx, {{.GQLType}})
{{- end}}
		return graphql.Null
	}
	lf := graphql.LazyField{Info: &{{.Info}}, EC: ec, Field: field, Result: res}
	return {{.Under}}
{{- else}}
	return {{.Marshal}}
{{- end}}
}
`)

// directCallArgs are the arguments of a resolver call of directResolve:
// the lazy context, and the parent object below the roots.
func (f *fieldGen) directCallArgs() string {
	if f.Object.Root {
		return "fctx"
	}
	return "fctx, obj"
}

// argsResolved reports whether the field of directResolve is resolved by
// graphql.ResolveArgsField: a resolver with arguments, without query
// directives, and with methods on the executionContext. Its function is
// then a single call: the runtime holds both the direct path and the one
// through the field middleware.
func (g *genFile) argsResolved(f *Field) bool {
	return directResolve(f) && f.IsResolver && len(f.Args) > 0 && !g.an.fieldDirectives &&
		!g.Config.UseFunctionSyntaxForExecutionContext
}

// argsResolveFunc is the function of a field of argsResolved: the runtime
// builds its FieldContext (parsing the arguments), calls the resolver
// through the literal, which captures nothing, and marshals the value,
// through the field middleware where there is one.
func (f *fieldGen) argsResolveFunc() string {
	g := f.g
	ref := f.TypeReference
	obj, objType := "struct{}{}", "struct{}"
	if !f.Object.Root {
		obj, objType = "obj", g.ref(f.Object.Reference())
	}
	return argsResolvePiece.fill(map[string]string{
		"Decl": g.declFunc(f.funcName()), "Params": "field *graphql.CollectedField" + f.objParam(),
		"Obj": obj, "ObjType": objType, "FieldContext": f.FieldContextFunc(), "Result": g.ref(ref.GO),
		"Invocation": f.ShortInvocation(), "Marshal": g.methodExpr(ref.MarshalFunc(), g.ref(ref.GO)),
		"Flags": g.flags(f.Field, false),
	})
}

var argsResolvePiece = newPiece("argsResolve", `{{.Decl}}{{.Params}}) graphql.Marshaler {
	return graphql.ResolveArgsField(ctx, ec.OperationContext, ec, field, {{.Obj}}, {{.FieldContext}},
		func(ec *executionContext, ctx context.Context, obj {{.ObjType}}, fc *graphql.FieldContext) ({{.Result}}, error) {
			return ec.Resolvers.{{.Invocation}}
		},
		{{.Marshal}}, {{.Flags}})
}
`)

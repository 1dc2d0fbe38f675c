package codegen

import (
	"fmt"
	"strconv"

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
		return f.rootValueFunc()
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
	return resolveFieldPiece.fill(map[string]string{
		"Func": f.ResolveFieldFunc(), "Field": field, "Context": f.initContextFunc(),
		"Value": f.value(), "Directives": f.directivesFunc(),
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

// rootValueFunc is the function of a field returning an operation root:
// the value is an empty root, whose fields have resolvers.
func (f *fieldGen) rootValueFunc() string {
	g := f.g
	ref := f.TypeReference
	value := g.ref(ref.GO) + "{}"
	if ref.IsPtr() {
		value = "&" + g.ref(ref.Elem().GO) + "{}"
	}
	return rootValuePiece.fill(map[string]any{
		"Decl": g.declFunc(f.funcName()), "Params": "field graphql.CollectedField" + f.objParam(), "Ret": f.MarshalerReturnType(),
		"FieldContext": g.callFunc(f.FieldContextFunc(), "ctx", "field"), "Null": f.null(),
		"Recover": g.recoverPanics(), "Value": value, "Marshal": g.call(ref.MarshalFunc(), "ctx", "field.Selections", "res"),
	})
}

var rootValuePiece = newPiece("rootValue", `{{.Decl}}{{.Params}}) (ret {{.Ret}}) {
	fc, err := {{.FieldContext}}
	if err != nil {
		return {{.Null}}
	}
	ctx = graphql.WithFieldContext(ctx, fc)
{{- if .Recover}}
	defer func() {
		if r := recover(); r != nil {
			ec.Error(ctx, ec.Recover(ctx, r))
			ret = {{.Null}}
		}
	}()
{{- end}}
	res := {{.Value}}
	fc.Result = res
	return {{.Marshal}}
}
`)

// initContextFunc is the function building the field's FieldContext. A
// scalar or enum field without arguments gets a literal calling the
// runtime, which captures nothing and so costs no allocation.
func (f *fieldGen) initContextFunc() string {
	if f.scalarContext() {
		return "func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) { return " + f.scalarContextCall() + " }"
	}
	return f.g.funcValueFunc(f.FieldContextFunc(), "field graphql.CollectedField", "(*graphql.FieldContext, error)")
}

// scalarContext says the field's FieldContext is the runtime's scalar one.
func (f *fieldGen) scalarContext() bool {
	return len(f.Args) == 0 && len(f.TypeReference.Definition.Fields) == 0
}

// scalarContextCall builds the FieldContext of a field of scalarContext.
// NewScalarFieldContext is upstream's, with its two booleans isMethod and
// isResolver.
func (f *fieldGen) scalarContextCall() string {
	return fmt.Sprintf("graphql.NewScalarFieldContext(%q, field, %t, %t, %q)",
		f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver, f.TypeReference.Definition.Name)
}

// value is the body of the closure producing the field's value for
// graphql.ResolveField.
func (f *fieldGen) value() string {
	g := f.g
	recv := f.GoReceiverName
	d := map[string]any{
		"FieldContext": len(f.Args) > 0 && (f.IsResolver || f.IsMethod()), "Haser": "", "Kind": "return", "Call": "",
	}
	if !f.IsResolver && !f.IsMap() && f.HasHaser {
		d["Haser"] = recv + "." + f.HaserMethodName + "()"
	}
	switch {
	case f.Batch && !f.Object.Root:
		d["FieldContext"], d["Haser"] = false, ""
		d["Call"] = g.callFunc("resolveBatch_"+f.Object.Name+"_"+f.Name, "ctx", "field", "obj")
	case f.IsResolver:
		d["Call"] = "ec.Resolvers." + f.ShortInvocation()
	case f.IsMap():
		d["Kind"], d["Call"] = "map", f.mapValue()
	case f.IsMethod():
		d["Call"] = recv + "." + f.GoFieldName + "(" + f.CallArgs() + ")"
		switch {
		case f.VOkFunc:
			d["Kind"] = "vok"
		case f.NoErr:
			d["Kind"] = "noerr"
		}
	default:
		d["Kind"], d["Call"] = "noerr", recv+"."+f.GoFieldName
	}
	return valuePiece.fill(d)
}

// valuePiece returns (value, error) for ResolveField: null when the
// protobuf haser says the value is unset; from a (value, ok) method, null
// when not ok.
var valuePiece = newPiece("value", `
{{- if .FieldContext}}fc := graphql.GetFieldContext(ctx)
{{end}}
{{- if .Haser}}if !{{.Haser}} {
	return nil, nil
}
{{end}}
{{- if eq .Kind "vok"}}v, ok := {{.Call}}
if !ok {
	return nil, nil
}
return v, nil
{{- else if eq .Kind "noerr"}}return {{.Call}}, nil
{{- else if eq .Kind "map"}}{{.Call}}
{{- else}}return {{.Call}}
{{- end}}`)

// mapValue reads the field from a map[string]any model, accepting the
// field's Go type or, for pointers, the value pointed to.
func (f *fieldGen) mapValue() string {
	g := f.g
	ref := f.TypeReference
	d := map[string]string{"Recv": f.GoReceiverName, "Key": strconv.Quote(f.Name), "Chan": "", "Type": g.ref(ref.GO), "Elem": "", "Nil": "nil"}
	if f.Stream {
		d["Chan"] = "<-chan "
	}
	if elem := ref.Elem(); ref.IsPtr() && elem != nil {
		d["Elem"] = g.ref(elem.GO)
	}
	if ref.IsNilable() && !f.Stream {
		d["Nil"] = "(" + g.ref(ref.GO) + ")(nil)"
	}
	return mapValuePiece.fill(d)
}

var mapValuePiece = newPiece("mapValue", `switch v := {{.Recv}}[{{.Key}}].(type) {
case {{.Chan}}{{.Type}}:
	return v, nil
{{- if .Elem}}
case {{.Chan}}{{.Elem}}:
	return &v, nil
{{- end}}
case nil:
	return {{.Nil}}, nil
default:
	return nil, fmt.Errorf("unexpected type %T for field %s", v, {{.Key}})
}`)

// directivesFunc is ResolveField's directive chain: the field's own
// directives, then the query's FIELD directives; nil when there are none.
func (f *fieldGen) directivesFunc() string {
	g := f.g
	if !f.HasDirectives() && !g.an.fieldDirectives {
		return "nil"
	}
	d := map[string]string{"Chain": "", "Last": "", "Return": "next"}
	if f.HasDirectives() {
		var chain src
		d["Last"] = g.directiveChain(&chain, g.ImplDirectivesCtx(f.Field))
		d["Chain"] = chain.String()
	}
	if g.an.fieldDirectives {
		obj := "obj"
		if f.Object.Root {
			obj = "nil"
		}
		d["Return"] = g.call("_fieldMiddleware", "ctx", obj, "next")
	}
	return directivesPiece.fill(d)
}

var directivesPiece = newPiece("directives", `func(ctx context.Context, next graphql.Resolver) graphql.Resolver {
{{- if .Chain}}
	directive0 := next
{{.Chain}}	next = {{.Last}}
{{- end}}
	return {{.Return}}
}`)

// ContextFunc is the field's FieldContext builder, fieldContext_<Object>_<field>:
// it also parses the field's arguments into FieldContext.Args.
func (f *fieldGen) ContextFunc() string {
	g := f.g
	if g.structField(f.Field) {
		return ""
	}
	d := map[string]any{"Decl": g.declFunc(f.FieldContextFunc())}
	switch {
	case f.scalarContext():
		d["Call"] = f.scalarContextCall()
		return contextCallPiece.fill(d)
	case len(f.Args) > 0 && !g.Config.UseFunctionSyntaxForExecutionContext:
		// The runtime builds the context and parses the arguments: one
		// line per field instead of a function with two closures.
		info := fmt.Sprintf("graphql.FieldInfo{Object: %q, IsMethod: %t, IsResolver: %t, %s}", f.Object.Name, f.IsMethod() || f.IsResolver, f.IsResolver, g.infoChild(f.Field, true))
		d["Call"] = fmt.Sprintf("graphql.NewArgsFieldContext(ctx, ec.OperationContext, ec, %s, field, %t, %s)", info, g.Config.OmitPanicHandler, f.ArgsFunc())
		return contextCallPiece.fill(d)
	}
	d["Object"], d["IsMethod"], d["IsResolver"] = strconv.Quote(f.Object.Name), f.IsMethod() || f.IsResolver, f.IsResolver
	d["Child"], d["Args"], d["Recover"] = f.childFunc(), "", g.recoverPanics()
	if len(f.Args) > 0 {
		d["Args"] = g.callFunc(f.ArgsFunc(), "ctx", "field.ArgumentMap(ec.Variables)")
	}
	return contextPiece.fill(d)
}

var contextCallPiece = newPiece("contextCall", `{{.Decl}}field graphql.CollectedField) (*graphql.FieldContext, error) {
	return {{.Call}}
}
`)

var contextPiece = newPiece("context", `{{.Decl}}field graphql.CollectedField) (fc *graphql.FieldContext, err error) {
	fc = &graphql.FieldContext{Object: {{.Object}}, Field: field, IsMethod: {{.IsMethod}}, IsResolver: {{.IsResolver}},
		Child: {{.Child}},
	}
{{- if .Args}}
{{- if .Recover}}
	defer func() {
		if r := recover(); r != nil {
			err = ec.Recover(ctx, r)
			ec.Error(ctx, err)
		}
	}()
{{- end}}
	ctx = graphql.WithFieldContext(ctx, fc)
	if fc.Args, err = {{.Args}}; err != nil {
		ec.Error(ctx, err)
		return fc, err
	}
{{- end}}
	return fc, nil
}
`)

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
	requires := ""
	if f.HasFederationRequiresArg() {
		requires = "federationRequires"
	}
	return batchPiece.fill(map[string]any{
		"Decl": g.declFunc("resolveBatch_" + f.Object.Name + "_" + f.Name), "Parent": parent,
		"Resolver": templates.UcFirst(f.Object.Name), "FieldContext": f.BatchUsesFieldContextArgs(),
		"Object": strconv.Quote(f.Object.Name), "Requires": requires != "", "Method": f.GoFieldName,
		"GroupArgs": f.BatchCallArgs("batch.Parents", requires), "SingleArgs": f.BatchCallArgs("[]"+parent+"{obj}", requires),
		"Result": g.ref(f.TypeReference.GO), "Coordinate": strconv.Quote(f.Object.Name + "." + f.Name),
	})
}

var batchPiece = newPiece("batch", `{{.Decl}}field graphql.CollectedField, obj {{.Parent}}) (any, error) {
	resolver := ec.Resolvers.{{.Resolver}}()
{{- if .FieldContext}}
	fc := graphql.GetFieldContext(ctx)
{{- end}}
	if batch, ok := graphql.BatchParentsFor[{{.Parent}}](ctx, {{.Object}}); ok {
		result := batch.FieldResult(field, func() (any, error) {
{{- if .Requires}}
			federationRequires, err := graphql.FederationRequiresForBatch(ctx, len(batch.Parents), batch.IndexMap)
			if err != nil {
				return nil, err
			}
{{- end}}
			return resolver.{{.Method}}({{.GroupArgs}})
		})
		return graphql.ResolveBatchGroupResult[{{.Result}}](ctx, batch.Index, len(batch.Parents), result, {{.Coordinate}}, batch.IndexMap)
	}
{{- if .Requires}}
	federationRequires, err := graphql.FederationRequiresForBatch(ctx, 1, nil)
	if err != nil {
		return nil, err
	}
{{- end}}
	results, err := resolver.{{.Method}}({{.SingleArgs}})
	return graphql.ResolveBatchSingleResult[{{.Result}}](ctx, results, err, {{.Coordinate}})
}
`)

// ResolverInterface is the <Object>Resolver interface of an object with
// resolver fields, "" for others.
func (o *objectGen) ResolverInterface() string {
	if !o.HasResolvers() {
		return ""
	}
	var methods []string
	for _, f := range o.Fields {
		switch {
		case f.Batch:
			methods = append(methods, f.GoFieldName+f.ShortBatchResolverDeclaration())
		case f.IsResolver:
			methods = append(methods, f.GoFieldName+f.ShortResolverDeclaration())
		}
	}
	return resolverInterfacePiece.fill(map[string]any{"Name": templates.UcFirst(o.Name), "Methods": methods})
}

var resolverInterfacePiece = newPiece("resolverInterface", `type {{.Name}}Resolver interface {
{{- range .Methods}}
	{{.}}
{{- end}}
}
`)

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

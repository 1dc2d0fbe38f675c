package codegen

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// objectGen is an output object as the templates write it.
type objectGen struct {
	*Object
	g *genFile
}

// ObjectGens are the output objects of the file, in name order.
func (g *genFile) ObjectGens() []*objectGen {
	var out []*objectGen
	for _, o := range sortedObjects(g.Objects) {
		out = append(out, &objectGen{Object: o, g: g})
	}
	return out
}

// ImplementorsVar names the variable holding Implementors.
func (o *objectGen) ImplementorsVar() string { return templates.LcFirst(o.Name) + "Implementors" }

// MarshalFunc is the function writing a value of the object: the field
// loop over its collected fields, or for the subscription root the
// dispatcher to the one subscribed field.
func (o *objectGen) MarshalFunc() string {
	if o.Stream {
		return o.streamDispatcher()
	}
	g := o.g
	params := "sel ast.SelectionSet"
	late := "ast.SelectionSet"
	if !o.Root {
		params += ", obj " + g.ref(o.Reference())
		late += ", " + g.ref(o.Reference())
	}
	lazy := g.an.lazyTargets[o.Name]
	g.declareLate("_"+o.Name, late, "graphql.Marshaler")
	if lazy {
		g.declareLate("_"+o.Name+"___under", late+", graphql.LazyField", "graphql.Marshaler")
	}
	cases := o.cases()
	d := map[string]any{
		"Lazy": lazy, "Decl": g.decl("_" + o.Name), "UnderDecl": g.decl("_" + o.Name + "___under"), "Params": params,
		"UnderCall":    g.call("_"+o.Name+"___under", "ctx", "sel", "obj", "graphql.LazyField{}"),
		"Implementors": o.ImplementorsVar(), "Root": o.Root, "Name": strconv.Quote(o.Name),
		"NewSet": "graphql.NewFieldSet(fields)", "Direct": false, "Concurrent": false, "Parts": "",
	}
	for _, c := range cases {
		if c.scalar {
			d["NewSet"] = "graphql.NewFieldSetWithScalars(fields)"
		}
		d["Direct"] = d["Direct"].(bool) || c.direct
		d["Concurrent"] = d["Concurrent"].(bool) || c.field.IsConcurrent()
	}
	d["Deferrable"] = d["Concurrent"].(bool) && !o.Root
	var parts [][]fieldCase
	if o.Root && len(cases) > switchPart {
		// A root with thousands of fields: the cases go to functions of
		// switchPart cases each, tried in turn.
		parts = inParts(cases)
		var calls []string
		for i := range parts {
			calls = append(calls, g.callFunc(rootPartFunc(o.Name, i), "ctx", "out", "fields", "i", "field"))
		}
		d["Parts"], cases = strings.Join(calls, " || "), nil
	}
	d["Cases"] = caseData(cases)
	out := fieldLoopPiece.fill(d)
	for i, part := range parts {
		out += rootPartPiece.fill(map[string]any{"Decl": g.declFunc(rootPartFunc(o.Name, i)), "Cases": caseData(part)})
	}
	if g.an.blocking[o.Name] && !o.Root {
		var s src
		g.writeBlocksFunc(&s, o.Name)
		out += "\n" + s.String()
	}
	return out
}

// fieldLoopPiece is an object's marshaler: its field loop. With Lazy, the
// loop is _<Object>___under, which also takes the lazy FieldContext of the
// struct field holding the object and shares one allocation with it; field
// points into fields, so that the cases pass it on as one word.
var fieldLoopPiece = newPiece("fieldLoop", `
{{- if .Lazy}}{{.Decl}}{{.Params}}) graphql.Marshaler {
	return {{.UnderCall}}
}

{{.UnderDecl}}{{.Params}}, lf graphql.LazyField) graphql.Marshaler {
{{- else}}{{.Decl}}{{.Params}}) graphql.Marshaler {
{{- end}}
	fields := graphql.CollectFields(ec.OperationContext, sel, {{.Implementors}})
{{- if .Root}}
	ctx = ec.WithRootObject(ctx, {{.Name}})
{{- end}}
{{- if .Lazy}}
	var out *graphql.FieldSet
	if lf.Info != nil {
		out, ctx = graphql.NewFieldSetUnder(ctx, lf, fields)
	} else {
		out = {{.NewSet}}
	}
{{- else}}
	out := {{.NewSet}}
{{- end}}
{{- if .Deferrable}}
	deferred := graphql.NewDeferredGroup(ctx)
{{- end}}
{{- if .Direct}}
	direct := !ec.HasFieldMiddleware()
{{- end}}
	for i := range fields {
		field := &fields[i]
		switch field.Name {
		case "__typename":
			out.Values[i] = graphql.MarshalString({{.Name}})
{{- range .Cases}}
		case {{.Name}}:
			{{.Code}}
{{- end}}
		default:
{{- if .Parts}}
			if !({{.Parts}}) {
				panic("unknown field " + strconv.Quote(field.Name))
			}
{{- else}}
			panic("unknown field " + strconv.Quote(field.Name))
{{- end}}
		}
	}
{{- if .Concurrent}}
	out.Dispatch(ctx)
{{- end}}
	if out.Invalids > 0 {
		return graphql.Null
	}
{{- if .Deferrable}}
	if n := len(deferred.Defers); n > 0 {
		atomic.AddInt32(&ec.Deferred, int32(min(n, math.MaxInt32)))
		ec.ProcessDeferredGroup(deferred)
	}
{{- end}}
	return out
}
`)

// rootPartPiece resolves the root fields of one part of a root's field
// loop, reporting whether it had the field.
var rootPartPiece = newPiece("rootPart", `
{{.Decl}}out *graphql.FieldSet, fields []graphql.CollectedField, i int, field *graphql.CollectedField) bool {
	switch field.Name {
{{- range .Cases}}
	case {{.Name}}:
		{{.Code}}
{{- end}}
	default:
		return false
	}
	return true
}
`)

// caseCode is one case of a switch over field names.
type caseCode struct{ Name, Code string }

// caseData are the cases of the field loop for cases.
func caseData(cases []fieldCase) []caseCode {
	out := make([]caseCode, 0, len(cases))
	for _, c := range cases {
		out = append(out, caseCode{Name: strconv.Quote(c.field.Name), Code: strings.TrimSuffix(c.code, "\n")})
	}
	return out
}

// switchPart is the most cases one generated switch over field names
// gets. The compiler's memory for a function grows with the square of its
// size: one function with a case for each of 10,000 fields (the Query of a
// 5,000-type schema) needs 11 GB to compile, 500 cases about 50 MB.
// Tests lower it.
var switchPart = 500

// rootPartFunc names the function holding part i of a root's cases; a
// field cannot be named so (names starting with __ are reserved).
func rootPartFunc(root string, i int) string { return fmt.Sprintf("_%s___part%d", root, i) }

// inParts cuts xs into parts of switchPart.
func inParts[T any](xs []T) [][]T { return slices.Collect(slices.Chunk(xs, switchPart)) }

// streamDispatcher is the marshal function of the subscription root: it
// starts the one field subscribed to and returns its event reader.
func (o *objectGen) streamDispatcher() string {
	g := o.g
	reader := "func(ctx context.Context) graphql.Marshaler"
	if o.HasSubscriptionContextField() {
		reader = "func(ctx context.Context) (context.Context, graphql.Marshaler)"
	}
	var cases []caseCode
	for _, f := range o.Fields {
		call := g.callFunc("_"+o.Name+"_"+f.Name, "ctx", "fields[0]")
		if o.HasSubscriptionContextField() && !f.UsesSubscriptionContext() {
			call = "graphql.StreamWithoutEventContext(" + call + ")"
		}
		cases = append(cases, caseCode{Name: strconv.Quote(f.Name), Code: call})
	}
	return streamPiece.fill(map[string]any{
		"Decl": g.decl("_" + o.Name), "Reader": reader, "Implementors": o.ImplementorsVar(),
		"Name": strconv.Quote(o.Name), "Cases": cases,
	})
}

var streamPiece = newPiece("stream", `{{.Decl}}sel ast.SelectionSet) {{.Reader}} {
	fields := graphql.CollectFields(ec.OperationContext, sel, {{.Implementors}})
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: {{.Name}}})
	if len(fields) != 1 {
		graphql.AddErrorf(ctx, "must subscribe to exactly one stream")
		return nil
	}
	switch fields[0].Name {
{{- range .Cases}}
	case {{.Name}}:
		return {{.Code}}
{{- end}}
	default:
		panic("unknown field " + strconv.Quote(fields[0].Name))
	}
}
`)

// fieldCase is the code of one field in an object's field loop.
type fieldCase struct {
	field *Field
	code  string
	// direct says the code writes the value itself when no field
	// middleware runs; scalar that it stores a scalar in the set's slots.
	direct, scalar bool
}

// cases decides, field by field, how the object's field loop resolves
// it.
func (o *objectGen) cases() []fieldCase {
	out := make([]fieldCase, 0, len(o.Fields))
	for _, f := range o.Fields {
		out = append(out, o.fieldCase(f))
	}
	return out
}

func (o *objectGen) fieldCase(f *Field) fieldCase {
	g := o.g
	c := fieldCase{field: f}
	flags := g.flags(f, false)
	fn := "_" + o.Name + "_" + f.Name

	if o.Root {
		// One runtime call per root field, with the field's function as a
		// method expression, or a literal that captures nothing where the
		// function takes the field by value.
		resolve := fn
		switch {
		case !directResolve(f):
			resolve = fmt.Sprintf("func(ec *executionContext, ctx context.Context, field *graphql.CollectedField) graphql.Marshaler { return %s }",
				g.callFunc(fn, "ctx", "*field"))
		case g.Config.UseFunctionSyntaxForExecutionContext:
			resolve = fmt.Sprintf("func(ec *executionContext, ctx context.Context, field *graphql.CollectedField) graphql.Marshaler { return %s }",
				g.callFunc(fn, "ctx", "field"))
		}
		c.code = fmt.Sprintf("_rootField(ctx, ec, out, i, %s, %s)", g.flags(f, f.IsConcurrent()), resolve)
		return c
	}

	slow := g.callFunc(fn, "ctx", "*field", "obj")
	if g.structField(f) {
		slow = fmt.Sprintf("graphql.ResolveStructField(ctx, ec.OperationContext, ec, field, &%s, obj.%s, %s, %s)",
			fieldInfoVar(f), f.GoFieldName, g.methodExpr(f.TypeReference.MarshalFunc(), g.ref(f.TypeReference.GO)), flags)
	}
	if f.IsConcurrent() {
		call := slow
		if directResolve(f) {
			call = g.callFunc(fn, "ctx", "field", "obj")
		}
		c.code = fmt.Sprintf("out.ResolveFieldConcurrently(ec.OperationContext, &deferred, i, %s, func(ctx context.Context) graphql.Marshaler { return %s })", flags, call)
		return c
	}

	cond := "direct"
	if g.an.fieldDirectives {
		cond = "direct && len(field.Directives) == 0"
	}
	switch {
	case directMethod(f):
		c.scalar = scalarSetter(f.TypeReference) != nil
		c.code = g.callFunc(fn, "ctx", "out", "i", "field", "obj")
	case !directlyReadable(f):
		c.code = "out.Values[i] = " + slow
	case scalarSetter(f.TypeReference) != nil:
		c.direct, c.scalar = true, true
		c.code = o.scalarField(f, cond, slow)
	case objectTarget(f.TypeReference) != "":
		c.direct = true
		c.code = o.objectField(f, cond, slow)
	default:
		c.direct = true
		value := "obj." + f.GoFieldName
		lazy := fmt.Sprintf("graphql.WithLazyFieldContext(ctx, &%s, ec, field, %s)", fieldInfoVar(f), value)
		c.code = structFieldPiece.fill(map[string]string{
			"Cond": cond, "Marshal": g.call(f.TypeReference.MarshalFunc(), lazy, "field.Selections", value), "Slow": slow,
		})
	}
	c.code += "\nout.CountInvalid(i, " + nullFlag(f) + ")"
	return c
}

// structFieldPiece is the case of a struct field of any other type: marshaled
// under a lazy FieldContext without field middleware.
var structFieldPiece = newPiece("structField", `if {{.Cond}} {
	out.Values[i] = {{.Marshal}}
} else {
	out.Values[i] = {{.Slow}}
}`)

// MethodFunc is the function _<Object>_<field> of a field of directMethod,
// which the field loop calls whatever middleware is installed: with field
// middleware (or a query directive on the field) it resolves the field
// through graphql.ResolveField; otherwise it calls the method and stores
// the value in the field set like a struct field's, under a lazy
// FieldContext where the marshaler needs one. A failing or (unless
// omit_panic_handler) panicking method leaves the field null with the error
// reported on it.
func (f *fieldGen) MethodFunc() string {
	if !directMethod(f.Field) {
		return ""
	}
	g := f.g
	ref := f.TypeReference
	d := map[string]any{
		"Decl": g.declFunc(f.funcName()), "Params": "out *graphql.FieldSet, i int, field *graphql.CollectedField" + f.objParam(),
		"Middleware": f.middlewareCond(), "Resolve": f.resolveFieldCall("*field"), "Recover": g.recoverPanics(),
		"Lazy":  fmt.Sprintf("graphql.WithLazyFieldContext(ctx, &%s, ec, field, nil)", fieldInfoVar(f.Field)),
		"NoErr": f.NoErr, "Call": "obj." + f.GoFieldName + "()", "Store": "marshal", "Setter": "", "Converted": "",
		"Marshal": g.call(ref.MarshalFunc(), fmt.Sprintf("graphql.WithLazyFieldContext(ctx, &%s, ec, field, v)", fieldInfoVar(f.Field)), "field.Selections", "v"),
	}
	_, isPtr := types.Unalias(ref.GO).(*types.Pointer)
	switch set := scalarSetter(ref); {
	case set == nil || isPtr:
	case set.method == "SetFloat":
		d["Store"] = "float"
	default:
		d["Store"], d["Setter"], d["Converted"] = "set", set.method, set.convert("v")
	}
	return methodPiece.fill(d)
}

// methodPiece stores the value as the field loop stores a struct field's:
// a scalar into the field set's slot (a float JSON cannot hold through the
// marshaler, which reports it), anything else through its marshaler.
var methodPiece = newPiece("method", `{{.Decl}}{{.Params}}) {
	if {{.Middleware}} {
		out.Values[i] = {{.Resolve}}
		return
	}
{{- if .Recover}}
	defer func() {
		if r := recover(); r != nil {
			ctx := {{.Lazy}}
			ec.Error(ctx, ec.Recover(ctx, r))
			out.Values[i] = graphql.Null
		}
	}()
{{- end}}
{{- if .NoErr}}
	v := {{.Call}}
{{- else}}
	v, err := {{.Call}}
	if err != nil {
		ctx := {{.Lazy}}
		ec.Error(ctx, graphql.AddFieldLocationToError(ctx, err))
		out.Values[i] = graphql.Null
		return
	}
{{- end}}
{{- if eq .Store "set"}}
	out.{{.Setter}}(i, {{.Converted}})
{{- else if eq .Store "float"}}
	if !out.SetFloat(i, v) {
		out.Values[i] = {{.Marshal}}
	}
{{- else}}
	out.Values[i] = {{.Marshal}}
{{- end}}
}
`)

// directMethod reports whether the field's value comes from a method of
// the object that the field loop may call itself when no field middleware
// runs: no context (it cannot block), arguments, directives, haser or
// (value, ok) result.
func directMethod(f *Field) bool {
	return f.IsMethod() && f.GoReceiverName == "obj" && !f.IsResolver && !f.Batch && !f.MethodHasContext &&
		!f.VOkFunc && !f.HasHaser && len(f.Args) == 0 && !f.HasDirectives() && !f.Stream &&
		f.TypeReference != nil && !f.TypeReference.IsRoot && f.TypeReference.Definition != nil &&
		!callsUserMarshaler(f.TypeReference)
}

// objectField is the case of a struct field holding an object: without
// field middleware the object is written under a lazy FieldContext that
// shares the allocation of the object's field set.
func (o *objectGen) objectField(f *Field, cond, slow string) string {
	g := o.g
	ref := f.TypeReference
	value := "obj." + f.GoFieldName
	under := "_" + objectTarget(ref) + "___under"
	d := map[string]any{
		"Cond": cond, "Info": fieldInfoVar(f), "Value": value, "Nilable": ref.IsNilable(), "NonNull": ref.GQL.NonNull,
		"GQLType": strconv.Quote(ref.GQL.String()), "Slow": slow,
		"Under": g.lateCall(under, "ctx", "field.Selections", value, "lf"),
	}
	if !ref.IsNilable() {
		d["Under"] = g.lateCall(under, "ctx", "field.Selections", "&"+value, "lf")
	}
	return objectFieldPiece.fill(d)
}

var objectFieldPiece = newPiece("objectField", `if {{.Cond}} {
	lf := graphql.LazyField{Info: &{{.Info}}, EC: ec, Field: field, Result: {{.Value}}}
{{- if .Nilable}}
	if {{.Value}} == nil {
{{- if .NonNull}}
		graphql.AddInvalidNullError(graphql.WithLazyFieldContext(ctx, lf.Info, lf.EC, lf.Field, lf.Result), {{.GQLType}})
{{- end}}
		out.Values[i] = graphql.Null
	} else {
		out.Values[i] = {{.Under}}
	}
{{- else}}
	out.Values[i] = {{.Under}}
{{- end}}
} else {
	out.Values[i] = {{.Slow}}
}`)

// objectTarget is the name of the object a directly readable field holds
// (a pointer to it or the struct itself) when the field's fast path can
// hand it to the object's marshaler with a lazy FieldContext; "" for other
// types.
func objectTarget(ref *config.TypeReference) string {
	if ref.Definition.Kind != ast.Object || ref.IsSlice() || ref.IsMarshaler || ref.Marshaler != nil || ref.IsRoot {
		return ""
	}
	switch goType := types.Unalias(ref.GO).(type) {
	case *types.Pointer:
		if _, ok := goType.Elem().Underlying().(*types.Struct); ok {
			return ref.Definition.Name
		}
	case *types.Named:
		if _, ok := goType.Underlying().(*types.Struct); ok {
			return ref.Definition.Name
		}
	}
	return ""
}

// fieldInfoVar names the variable holding a direct field's FieldInfo.
func fieldInfoVar(f *Field) string { return "fieldInfo_" + f.Object.Name + "_" + f.Name }

// FieldInfoVars declare the FieldInfo of the object's fields written with
// a lazy FieldContext: what their FieldContext holds besides the field.
func (o *objectGen) FieldInfoVars() string {
	var vars []caseCode
	for _, f := range o.Fields {
		switch {
		case o.Stream:
		case directResolve(f):
			vars = append(vars, caseCode{fieldInfoVar(f), fmt.Sprintf("graphql.FieldInfo{Object: %q, IsMethod: true, IsResolver: %t, %s}", o.Name, f.IsResolver, o.g.infoChild(f, false))})
		case o.Root:
		case directMethod(f):
			vars = append(vars, caseCode{fieldInfoVar(f), fmt.Sprintf("graphql.FieldInfo{Object: %q, IsMethod: true, %s}", o.Name, o.g.infoChild(f, false))})
		case o.g.structField(f), directlyReadable(f) && scalarSetter(f.TypeReference) == nil:
			vars = append(vars, caseCode{fieldInfoVar(f), o.g.fieldInfoLiteral(f, false)})
		}
	}
	return fieldInfoVarsPiece.fill(vars)
}

var fieldInfoVarsPiece = newPiece("fieldInfoVars", `{{range .}}var {{.Name}} = {{.Code}}
{{end}}`)

// infoChild is the Child (or NoChild) entry of f's FieldInfo, the
// counterpart of the Child of its FieldContext builder. inFunc says the
// FieldInfo is built in a function, which names the childFields_ function
// by its late variable; a package-level variable's initializer, which runs
// before init, names the function itself.
func (g *genFile) infoChild(f *Field, inFunc bool) string {
	def := f.TypeReference.Definition
	switch {
	case len(def.Fields) == 0:
		return "NoChild: " + strconv.Quote("field of type "+def.Name+" does not have child fields")
	case def.Kind != ast.Object:
		return "NoChild: " + strconv.Quote("FieldContext.Child cannot be called on type "+string(def.Kind))
	}
	if inFunc {
		return "Child: " + lateVar("childFields_"+def.Name)
	}
	return "Child: childFields_" + def.Name
}

// fieldInfoLiteral is the FieldInfo of a plain struct field (inFunc as for
// infoChild).
func (g *genFile) fieldInfoLiteral(f *Field, inFunc bool) string {
	return fmt.Sprintf("graphql.FieldInfo{Object: %q, %s}", f.Object.Name, g.infoChild(f, inFunc))
}

// structField reports whether f is resolved, where field middleware runs,
// by graphql.ResolveStructField from its FieldInfo: a plain struct field
// of an ordinary object, when no query directive may apply to it. Such a
// field has no resolve or FieldContext function of its own.
func (g *genFile) structField(f *Field) bool {
	return directlyReadable(f) && !f.Object.Root && !f.Object.Stream && !f.IsConcurrent() && !g.an.fieldDirectives
}

// scalarField is the case of a scalar struct field: without field
// middleware the value goes into the field set's slot and the case ends
// with continue; otherwise, or where that fails (a nil pointer in a
// non-null field, a float JSON cannot hold), control falls to the ordinary
// path after it, which reports the failure.
func (o *objectGen) scalarField(f *Field, cond, slow string) string {
	set := scalarSetter(f.TypeReference)
	value := "obj." + f.GoFieldName
	_, isPtr := types.Unalias(f.TypeReference.GO).(*types.Pointer)
	d := map[string]any{
		"Cond": cond, "Value": value, "Float": set.method == "SetFloat", "Set": set.method,
		"Arg": set.convert(value), "Kind": "value", "Slow": slow,
	}
	switch {
	case !isPtr:
	case f.TypeReference.GQL.NonNull:
		d["Kind"], d["Arg"] = "nonNullPtr", set.convert("*v")
	default:
		d["Kind"], d["Arg"] = "nullablePtr", set.convert("*v")
	}
	return scalarFieldPiece.fill(d)
}

var scalarFieldPiece = newPiece("scalarField", `if {{.Cond}} {
{{- if eq .Kind "value"}}
{{- if .Float}}
	if out.SetFloat(i, {{.Arg}}) {
		continue
	}
{{- else}}
	out.{{.Set}}(i, {{.Arg}})
	continue
{{- end}}
{{- else if eq .Kind "nonNullPtr"}}
	if v := {{.Value}}; v != nil {
{{- if .Float}}
		if out.SetFloat(i, {{.Arg}}) {
			continue
		}
{{- else}}
		out.{{.Set}}(i, {{.Arg}})
		continue
{{- end}}
	}
{{- else if .Float}}
	if v := {{.Value}}; v == nil {
		out.Values[i] = graphql.Null
		continue
	} else if out.SetFloat(i, {{.Arg}}) {
		continue
	}
{{- else}}
	if v := {{.Value}}; v == nil {
		out.Values[i] = graphql.Null
	} else {
		out.{{.Set}}(i, {{.Arg}})
	}
	continue
{{- end}}
}
out.Values[i] = {{.Slow}}`)

// directlyReadable reports whether the field's value is a plain struct
// field that the object's field loop may read and write itself when no
// field middleware runs: no resolver, arguments, directives or haser, so
// nothing but the middleware could observe the field being resolved.
func directlyReadable(f *Field) bool {
	return f.IsVariable() && f.GoReceiverName == "obj" && !f.IsResolver && !f.Batch &&
		!f.HasHaser && len(f.Args) == 0 && !f.HasDirectives() && !f.Stream &&
		f.TypeReference != nil && !f.TypeReference.IsRoot && f.TypeReference.Definition != nil &&
		!throughPointer(f) && !callsUserMarshaler(f.TypeReference)
}

// callsUserMarshaler reports whether marshaling ref calls a marshal
// function of the user's (a scalar bound to MarshalX/UnmarshalX
// functions), at any list level: that call may panic, and only the ordinary
// path recovers it as an error on the field. MarshalGQL methods are called
// later, when the response is written, and do not count.
func callsUserMarshaler(ref *config.TypeReference) bool {
	for r := ref; r != nil; r = r.Elem() {
		if fn := r.Marshaler; fn != nil && (fn.Pkg() == nil || fn.Pkg().Path() != "github.com/99designs/gqlgen/graphql") {
			return true
		}
	}
	return false
}

// throughPointer reports whether reading the struct field behind f follows
// an embedded pointer, which may be nil: such a read can panic, and only
// the ordinary path recovers it as an error on the field.
func throughPointer(f *Field) bool {
	t := f.Object.Type
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return true
	}
	_, index, indirect := types.LookupFieldOrMethod(named, false, named.Obj().Pkg(), f.GoFieldName)
	return index == nil || indirect
}

// setter is a FieldSet method storing a built-in scalar, with the
// conversion of the Go value it takes.
type setter struct {
	method string
	cast   string
}

func (s *setter) convert(v string) string {
	if s.cast == "" {
		return v
	}
	return s.cast + "(" + v + ")"
}

// scalarSetter returns the FieldSet setter for a reference marshaled by one
// of the runtime's built-in scalar functions from a plain Go value (or a
// pointer to one), nil for any other reference. The setter writes exactly
// what the marshal function writes.
func scalarSetter(ref *config.TypeReference) *setter {
	if ref.Marshaler == nil || ref.CastType != nil || ref.HasEnumValues() || ref.IsSlice() ||
		ref.Definition.Kind != ast.Scalar || ref.Marshaler.Pkg() == nil ||
		ref.Marshaler.Pkg().Path() != "github.com/99designs/gqlgen/graphql" {
		return nil
	}
	goType := types.Unalias(ref.GO)
	if p, ok := goType.(*types.Pointer); ok {
		goType = types.Unalias(p.Elem())
	}
	basic, ok := goType.(*types.Basic)
	if !ok {
		return nil
	}
	want, known := scalarSetters[ref.Marshaler.Name()]
	if !known || want.kind != basic.Kind() {
		return nil
	}
	return &setter{method: want.method, cast: want.cast}
}

// scalarSetters maps the runtime's marshal functions to the Go kind they
// take and the setter writing the same bytes.
var scalarSetters = map[string]struct {
	kind         types.BasicKind
	method, cast string
}{
	"MarshalString":       {types.String, "SetString", ""},
	"MarshalID":           {types.String, "SetString", ""},
	"MarshalBoolean":      {types.Bool, "SetBoolean", ""},
	"MarshalInt":          {types.Int, "SetInt", "int64"},
	"MarshalInt8":         {types.Int8, "SetInt", "int64"},
	"MarshalInt16":        {types.Int16, "SetInt", "int64"},
	"MarshalInt32":        {types.Int32, "SetInt", "int64"},
	"MarshalInt64":        {types.Int64, "SetInt", ""},
	"MarshalUint":         {types.Uint, "SetUint", "uint64"},
	"MarshalUint8":        {types.Uint8, "SetUint", "uint64"},
	"MarshalUint16":       {types.Uint16, "SetUint", "uint64"},
	"MarshalUint32":       {types.Uint32, "SetUint", "uint64"},
	"MarshalUint64":       {types.Uint64, "SetUint", ""},
	"MarshalFloat":        {types.Float64, "SetFloat", ""},
	"MarshalFloatContext": {types.Float64, "SetFloat", ""},
}

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
	var s src
	params := "sel ast.SelectionSet"
	if !o.Root {
		params += ", obj " + g.ref(o.Reference())
	}
	lazy := g.an.lazyTargets[o.Name]
	late := "ast.SelectionSet"
	if !o.Root {
		late += ", " + g.ref(o.Reference())
	}
	g.declareLate("_"+o.Name, late, "graphql.Marshaler")
	if lazy {
		g.declareLate("_"+o.Name+"___under", late+", graphql.LazyField", "graphql.Marshaler")
	}
	if lazy {
		// _X is _X___under without a lazy FieldContext to create.
		s.f("%s%s) graphql.Marshaler {", g.decl("_"+o.Name), params)
		s.f("return %s", g.call("_"+o.Name+"___under", "ctx", "sel", "obj", "graphql.LazyField{}"))
		s.l("}", "")
		s.f("%s%s, lf graphql.LazyField) graphql.Marshaler {", g.decl("_"+o.Name+"___under"), params)
	} else {
		s.f("%s%s) graphql.Marshaler {", g.decl("_"+o.Name), params)
	}
	s.f("fields := graphql.CollectFields(ec.OperationContext, sel, %s)", o.ImplementorsVar())
	if o.Root {
		s.f("ctx = ec.WithRootObject(ctx, %q)", o.Name)
	}
	cases := o.cases()
	scalars, direct, concurrent := false, false, false
	for _, c := range cases {
		scalars = scalars || c.scalar
		direct = direct || c.direct
		concurrent = concurrent || c.field.IsConcurrent()
	}
	newSet := "graphql.NewFieldSet(fields)"
	if scalars {
		newSet = "graphql.NewFieldSetWithScalars(fields)"
	}
	if lazy {
		s.l("var out *graphql.FieldSet", "if lf.Info != nil {", "out, ctx = graphql.NewFieldSetUnder(ctx, lf, fields)", "} else {")
		s.f("out = %s", newSet)
		s.l("}")
	} else {
		s.f("out := %s", newSet)
	}
	deferrable := concurrent && !o.Root
	if deferrable {
		s.l("deferred := graphql.NewDeferredGroup(ctx)")
	}
	if direct {
		s.l("direct := !ec.HasFieldMiddleware()")
	}
	// field points into fields: the cases pass it on as one word.
	s.l("for i := range fields {", "field := &fields[i]", "switch field.Name {", `case "__typename":`)
	s.f("out.Values[i] = graphql.MarshalString(%q)", o.Name)
	var parts [][]fieldCase
	if o.Root && len(cases) > switchPart {
		// A root with thousands of fields: the cases go to functions of
		// switchPart cases each, tried in turn.
		parts = inParts(cases)
		var calls []string
		for i := range parts {
			calls = append(calls, g.callFunc(rootPartFunc(o.Name, i), "ctx", "out", "fields", "i", "field"))
		}
		s.l("default:")
		s.f("if !(%s) {", strings.Join(calls, " || "))
		s.l(`panic("unknown field " + strconv.Quote(field.Name))`, "}", "}", "}")
	} else {
		writeCases(&s, cases)
		s.l("default:", `panic("unknown field " + strconv.Quote(field.Name))`, "}", "}")
	}
	if concurrent {
		s.l("out.Dispatch(ctx)")
	}
	s.l("if out.Invalids > 0 {", "return graphql.Null", "}")
	if deferrable {
		s.l("if n := len(deferred.Defers); n > 0 {",
			"atomic.AddInt32(&ec.Deferred, int32(min(n, math.MaxInt32)))",
			"ec.ProcessDeferredGroup(deferred)", "}")
	}
	s.l("return out", "}")
	for i, part := range parts {
		o.writeRootPart(&s, i, part)
	}
	if g.an.blocking[o.Name] && !o.Root {
		s.l("")
		g.writeBlocksFunc(&s, o.Name)
	}
	return s.String()
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

// writeCases writes the field loop's case of each of cases.
func writeCases(s *src, cases []fieldCase) {
	for _, c := range cases {
		s.f("case %q:", c.field.Name)
		s.l(strings.TrimSuffix(c.code, "\n"))
	}
}

// writeRootPart writes the function resolving the root fields of cases,
// part i of the root's field loop, reporting whether it had the field.
func (o *objectGen) writeRootPart(s *src, i int, cases []fieldCase) {
	s.l("")
	s.f("%sout *graphql.FieldSet, fields []graphql.CollectedField, i int, field *graphql.CollectedField) bool {", o.g.declFunc(rootPartFunc(o.Name, i)))
	s.l("switch field.Name {")
	writeCases(s, cases)
	s.l("default:", "return false", "}", "return true", "}")
}

// streamDispatcher is the marshal function of the subscription root: it
// starts the one field subscribed to and returns its event reader.
func (o *objectGen) streamDispatcher() string {
	g := o.g
	reader := "func(ctx context.Context) graphql.Marshaler"
	if o.HasSubscriptionContextField() {
		reader = "func(ctx context.Context) (context.Context, graphql.Marshaler)"
	}
	var s src
	s.f("%ssel ast.SelectionSet) %s {", g.decl("_"+o.Name), reader)
	s.f("fields := graphql.CollectFields(ec.OperationContext, sel, %s)", o.ImplementorsVar())
	s.f("ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: %q})", o.Name)
	s.l("if len(fields) != 1 {", `graphql.AddErrorf(ctx, "must subscribe to exactly one stream")`, "return nil", "}", "switch fields[0].Name {")
	for _, f := range o.Fields {
		s.f("case %q:", f.Name)
		call := g.callFunc("_"+o.Name+"_"+f.Name, "ctx", "fields[0]")
		if o.HasSubscriptionContextField() && !f.UsesSubscriptionContext() {
			call = "graphql.StreamWithoutEventContext(" + call + ")"
		}
		s.f("return %s", call)
	}
	s.l("default:", `panic("unknown field " + strconv.Quote(fields[0].Name))`, "}", "}")
	return s.String()
}

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
	var s src

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
		s.f("_rootField(ctx, ec, out, i, %s, %s)", g.flags(f, f.IsConcurrent()), resolve)
		c.code = s.String()
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
		s.f("out.ResolveConcurrently(ec.OperationContext, &deferred, i, %s, func(ctx context.Context) graphql.Marshaler { return %s })", flags, call)
		c.code = s.String()
		return c
	}

	cond := "direct"
	if g.an.fieldDirectives {
		cond = "direct && len(field.Directives) == 0"
	}
	switch {
	case directMethod(f):
		c.scalar = scalarSetter(f.TypeReference) != nil
		s.l(g.callFunc(fn, "ctx", "out", "i", "field", "obj"))
	case !directlyReadable(f):
		s.f("out.Values[i] = %s", slow)
	case scalarSetter(f.TypeReference) != nil:
		c.direct, c.scalar = true, true
		o.writeScalar(&s, f, cond)
		s.f("out.Values[i] = %s", slow)
	case objectTarget(f.TypeReference) != "":
		c.direct = true
		o.writeObjectField(&s, f, cond)
		s.l("} else {")
		s.f("out.Values[i] = %s", slow)
		s.l("}")
	default:
		c.direct = true
		value := "obj." + f.GoFieldName
		lazy := fmt.Sprintf("graphql.WithLazyFieldContext(ctx, &%s, ec, field, %s)", fieldInfoVar(f), value)
		s.f("if %s {", cond)
		s.f("out.Values[i] = %s", g.call(f.TypeReference.MarshalFunc(), lazy, "field.Selections", value))
		s.l("} else {")
		s.f("out.Values[i] = %s", slow)
		s.l("}")
	}
	s.f("out.CountInvalid(i, %s)", nullFlag(f))
	c.code = s.String()
	return c
}

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

// writeObjectField writes the fast path of a struct field holding an
// object: the object is written under a lazy FieldContext that shares the
// allocation of the object's field set.
func (o *objectGen) writeObjectField(s *src, f *Field, cond string) {
	g := o.g
	ref := f.TypeReference
	value := "obj." + f.GoFieldName
	s.f("if %s {", cond)
	s.f("lf := graphql.LazyField{Info: &%s, EC: ec, Field: field, Result: %s}", fieldInfoVar(f), value)
	under := "_" + objectTarget(ref) + "___under"
	if !ref.IsNilable() {
		s.f("out.Values[i] = %s", g.lateCall(under, "ctx", "field.Selections", "&"+value, "lf"))
		return
	}
	s.f("if %s == nil {", value)
	if ref.GQL.NonNull {
		s.f("graphql.AddInvalidNullError(graphql.WithLazyFieldContext(ctx, lf.Info, lf.EC, lf.Field, lf.Result), %q)", ref.GQL.String())
	}
	s.l("out.Values[i] = graphql.Null", "} else {")
	s.f("out.Values[i] = %s", g.lateCall(under, "ctx", "field.Selections", value, "lf"))
	s.l("}")
}

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
	var s src
	for _, f := range o.Fields {
		switch {
		case o.Stream:
		case directResolve(f):
			s.f("var %s = graphql.FieldInfo{Object: %q, IsMethod: true, IsResolver: %t, %s}", fieldInfoVar(f), o.Name, f.IsResolver, o.g.infoChild(f, false))
		case o.Root:
		case directMethod(f):
			s.f("var %s = graphql.FieldInfo{Object: %q, IsMethod: true, %s}", fieldInfoVar(f), o.Name, o.g.infoChild(f, false))
		case o.g.structField(f), directlyReadable(f) && scalarSetter(f.TypeReference) == nil:
			s.f("var %s = %s", fieldInfoVar(f), o.g.fieldInfoLiteral(f, false))
		}
	}
	return s.String()
}

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

// writeScalar writes the fast path of a scalar struct field: the value
// goes into the field set's slot. It ends with `continue` where it
// succeeds; otherwise control falls to the ordinary path after it (a nil
// pointer in a non-null field, a float JSON cannot hold).
func (o *objectGen) writeScalar(s *src, f *Field, cond string) {
	set := scalarSetter(f.TypeReference)
	value := "obj." + f.GoFieldName
	_, isPtr := types.Unalias(f.TypeReference.GO).(*types.Pointer)
	store := func(v string) {
		if set.method == "SetFloat" {
			s.f("if out.SetFloat(i, %s) {", v)
			s.l("continue", "}")
			return
		}
		s.f("out.%s(i, %s)", set.method, set.convert(v))
		s.l("continue")
	}
	s.f("if %s {", cond)
	switch {
	case !isPtr:
		store(value)
	case f.TypeReference.GQL.NonNull:
		// A nil in a non-null field takes the ordinary path below, which
		// reports it.
		s.f("if v := %s; v != nil {", value)
		store("*v")
		s.l("}")
	case set.method == "SetFloat":
		// A float JSON cannot hold takes the ordinary path below.
		s.f("if v := %s; v == nil {", value)
		s.l("out.Values[i] = graphql.Null", "continue", "} else if out.SetFloat(i, *v) {", "continue", "}")
	default:
		s.f("if v := %s; v == nil {", value)
		s.l("out.Values[i] = graphql.Null", "} else {")
		s.f("out.%s(i, %s)", set.method, set.convert("*v"))
		s.l("}", "continue")
	}
	s.l("}")
}

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

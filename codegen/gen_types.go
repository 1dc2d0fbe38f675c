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

// blocksFunc names the function telling whether a selection on the object
// or interface name may wait on a resolver.
func blocksFunc(name string) string { return "blocks_" + name }

// writeBlocksFunc writes blocks_<name> for an object or interface that may
// block (see analysis.blocking): it reports whether the fields sel selects
// on it, directly or through the objects they hold, include one resolved
// concurrently. List marshalers ask it once per list.
func (g *genFile) writeBlocksFunc(s *src, name string) {
	g.declareLate(blocksFunc(name), "ast.SelectionSet", "bool")
	d := map[string]any{"Decl": g.decl(blocksFunc(name)), "Calls": "", "Implementors": "", "Always": "", "Nested": nil}
	if iface := g.an.data.Interfaces[name]; iface != nil {
		var calls []string
		seen := map[string]bool{}
		for _, impl := range iface.Implementors {
			if !seen[impl.Name] && g.an.blocking[impl.Name] {
				seen[impl.Name] = true
				calls = append(calls, g.lateCall(blocksFunc(impl.Name), "ctx", "sel"))
			}
		}
		if len(calls) == 0 {
			calls = []string{"false"}
		}
		d["Calls"] = strings.Join(calls, " || ")
		s.b.WriteString(blocksPiece.fill(d))
		return
	}
	obj := g.an.data.Objects.ByName(name)
	var always []string
	nested := map[string][]string{} // blocking type → fields holding it
	var targets []string
	for _, f := range obj.Fields {
		def := f.returnDefinition()
		switch {
		case f.IsConcurrent(), def != nil && g.Config.IsRoot(def):
			always = append(always, strconv.Quote(f.Name))
		case def != nil && g.an.blocking[def.Name]:
			if nested[def.Name] == nil {
				targets = append(targets, def.Name)
			}
			nested[def.Name] = append(nested[def.Name], strconv.Quote(f.Name))
		}
	}
	var cases []caseCode
	for _, target := range targets {
		cases = append(cases, caseCode{strings.Join(nested[target], ", "), g.lateCall(blocksFunc(target), "ctx", "f.Selections")})
	}
	d["Implementors"], d["Always"], d["Nested"] = templates.LcFirst(obj.Name)+"Implementors", strings.Join(always, ", "), cases
	s.b.WriteString(blocksPiece.fill(d))
}

// blocksPiece: an interface asks its implementors (Calls); an object looks
// for a concurrent field among those selected (Always), or one holding an
// object that blocks (Nested).
var blocksPiece = newPiece("blocks", `{{.Decl}}sel ast.SelectionSet) bool {
{{- if .Calls}}
	return {{.Calls}}
{{- else}}
	for _, f := range graphql.CollectFields(ec.OperationContext, sel, {{.Implementors}}) {
		switch f.Name {
{{- if .Always}}
		case {{.Always}}:
			return true
{{- end}}
{{- range .Nested}}
		case {{.Name}}:
			if {{.Code}} {
				return true
			}
{{- end}}
		}
	}
	return false
{{- end}}
}

`)

// InterfaceFuncs are the marshalers of the file's interfaces and unions: a
// type switch handing the value to its object's marshaler.
func (g *genFile) InterfaceFuncs() string {
	var s src
	for _, name := range sortedKeys(g.Interfaces) {
		iface := g.Interfaces[name]
		g.declareLate("_"+iface.Name, "ast.SelectionSet, "+g.ref(iface.Type), "graphql.Marshaler")
		impls := iface.Implementors
		var parts [][]InterfaceImplementor
		var partCalls []string
		if len(impls) > switchPart {
			// Thousands of implementors: parts of switchPart cases, tried
			// in turn (see switchPart).
			parts = inParts(impls)
			for i := range parts {
				partCalls = append(partCalls, g.callFunc(ifacePartFunc(iface.Name, i), "ctx", "sel", "obj"))
			}
			impls = nil
		}
		s.b.WriteString(interfacePiece.fill(map[string]any{
			"Decl": g.decl("_" + iface.Name), "Type": g.ref(iface.Type), "Parts": partCalls,
			"Cases": g.implementorCases(impls, ""), "Message": strconv.Quote("unexpected type %T; non-generated variants of " + iface.Name + " must implement graphql.Marshaler"),
		}))
		for i, part := range parts {
			s.b.WriteString(interfacePartPiece.fill(map[string]any{
				"Decl": g.declFunc(ifacePartFunc(iface.Name, i)), "Type": g.ref(iface.Type), "Cases": g.implementorCases(part, ", true"),
			}))
		}
		if g.an.blocking[name] {
			g.writeBlocksFunc(&s, name)
		}
	}
	return s.String()
}

var interfacePiece = newPiece("interface", `{{.Decl}}sel ast.SelectionSet, obj {{.Type}}) graphql.Marshaler {
{{- if .Parts}}
	if obj == nil {
		return graphql.Null
	}
{{- range .Parts}}
	if m, ok := {{.}}; ok {
		return m
	}
{{- end}}
{{- end}}
	switch obj := (obj).(type) {
	case nil:
		return graphql.Null
{{- range .Cases}}
{{.}}
{{- end}}
	default:
		if typedObj, ok := obj.(graphql.Marshaler); ok {
			return typedObj
		}
		panic(fmt.Errorf({{.Message}}, obj))
	}
}

`)

// interfacePartPiece marshals obj when it is one of a part of the
// interface's implementors.
var interfacePartPiece = newPiece("interfacePart", `{{.Decl}}sel ast.SelectionSet, obj {{.Type}}) (graphql.Marshaler, bool) {
	switch obj := (obj).(type) {
{{- range .Cases}}
{{.}}
{{- end}}
	}
	return nil, false
}

`)

// ifacePartFunc names the function holding part i of an interface's
// implementors (see switchPart).
func ifacePartFunc(iface string, i int) string { return fmt.Sprintf("_%s___part%d", iface, i) }

// implementorCases are the type switch cases handing obj to the marshaler
// of each of impls; ok follows each result (", true" in a part).
func (g *genFile) implementorCases(impls []InterfaceImplementor, ok string) []string {
	var out []string
	for _, impl := range impls {
		call := g.lateCall("_"+impl.Name, "ctx", "sel", "obj")
		if impl.TakeRef {
			// As for value types in writeValueMarshal.
			call = g.call("_"+impl.Name, "ctx", "sel", "&obj")
		}
		out = append(out, implementorPiece.fill(map[string]any{
			"Type": g.ref(impl.Type), "CanBeNil": impl.CanBeNil(), "OK": ok, "Call": call,
		}))
	}
	return out
}

var implementorPiece = newPiece("implementor", `case {{.Type}}:
{{- if .CanBeNil}}
	if obj == nil {
		return graphql.Null{{.OK}}
	}
{{- end}}
	return {{.Call}}{{.OK}}`)

// TypeFuncs are, for every type reference of the file, the function
// unmarshaling a raw input value to its Go type (for input types) and the
// function marshaling a Go value (for output types), plus the maps of
// enums bound to Go values.
func (g *genFile) TypeFuncs() string {
	var out string
	for _, ref := range sortedRefs(g.ReferencedTypes) {
		if fn := ref.UnmarshalFunc(); fn != "" {
			var body src
			g.writeUnmarshal(&body, ref)
			out += typeFuncPiece.fill(map[string]string{
				"Decl": g.decl(fn), "Params": "v any", "Result": "(" + g.ref(ref.GO) + ", error)", "Body": body.String(),
			})
		}
		if fn := ref.MarshalFunc(); fn != "" {
			result := "graphql.Marshaler"
			if g.eventContextRoot(ref) {
				result = "(context.Context, graphql.Marshaler)"
			}
			var body src
			g.writeMarshal(&body, ref)
			out += typeFuncPiece.fill(map[string]string{
				"Decl": g.decl(fn), "Params": "sel ast.SelectionSet, v " + g.ref(ref.GO), "Result": result, "Body": body.String(),
			})
		}
		if ref.HasEnumValues() && !ref.IsSlice() {
			out += g.enumMaps(ref)
		}
	}
	return out
}

// typeFuncPiece is a type reference's marshaler or unmarshaler; Body is
// written by writeMarshal or writeUnmarshal.
var typeFuncPiece = newPiece("typeFunc", `{{.Decl}}{{.Params}}) {{.Result}} {
{{.Body}}}

`)

// eventContextRoot says the marshaler of ref returns the event context as
// well: the subscription root with subscription_context_field.
func (g *genFile) eventContextRoot(ref *config.TypeReference) bool {
	return ref.Definition.Name == "Subscription" && g.Config.SubscriptionContextField
}

// writeUnmarshal writes the body of ref's unmarshaler.
func (g *genFile) writeUnmarshal(s *src, ref *config.TypeReference) {
	elem := ref.Elem()
	d := map[string]any{
		"NilCheck": ref.IsNilable() && !ref.GQL.NonNull && !ref.IsPtrToPtr(), "Kind": "input", "Call": "",
		"Type": g.ref(ref.GO), "Elem": "", "SharedPath": false, "New": "", "Method": "", "Convert": "", "Res": "res",
	}
	switch {
	case ref.IsPtrToSlice() || ref.IsPtrToIntf():
		d["Kind"], d["Call"] = "ptr", g.call(elem.UnmarshalFunc(), "ctx", "v")
	case ref.IsSlice():
		// With SharedPath, one path position for the whole list, moved
		// from element to element: the element's unmarshaler reads it only
		// to put it on its error, and the list stops at the first error.
		d["Kind"], d["Call"], d["SharedPath"] = "slice", g.call(elem.UnmarshalFunc(), "ctx", "raw"), g.an.pathOnlyOnError(elem)
	case ref.IsPtrToPtr() && ref.Unmarshaler == nil && !ref.IsMarshaler:
		d["Kind"], d["Call"], d["Elem"] = "ptrToPtr", g.call(elem.UnmarshalFunc(), "ctx", "v"), g.ref(elem.GO)
	case ref.Unmarshaler != nil:
		g.funcUnmarshal(d, ref)
	case ref.IsMarshaler:
		d["Kind"], d["New"], d["Method"] = "marshaler", "var res "+g.ref(ref.GO), "UnmarshalGQL(v)"
		if ref.IsNilable() && elem != nil {
			d["New"] = "res := new(" + g.ref(elem.GO) + ")"
		}
		if ref.IsContext {
			d["Method"] = "UnmarshalGQLContext(ctx, v)"
		}
	default:
		d["Call"] = g.lateCall("unmarshalInput"+ref.GQL.Name(), "ctx", "v")
		switch {
		case ref.IsNilable() && !ref.IsMap() && !ref.PointersInUnmarshalInput:
			d["Res"] = "&res"
		case !ref.IsNilable() && ref.PointersInUnmarshalInput:
			d["Res"] = "*res"
		}
	}
	s.b.WriteString(unmarshalPiece.fill(d))
}

// unmarshalPiece: a pointer to a list or interface takes the address of
// the element's result; a list coerces a single value to a list of one; a
// pointer to a pointer keeps a nil; a user function (Kind func, see
// funcUnmarshal), an UnmarshalGQL method or an input's unmarshaler does
// the rest.
var unmarshalPiece = newPiece("unmarshal", `{{if .NilCheck}}if v == nil {
	return nil, nil
}
{{end}}{{if eq .Kind "ptr"}}res, err := {{.Call}}
return &res, graphql.ErrorOnPath(ctx, err)
{{else if eq .Kind "slice"}}list := graphql.CoerceList(v)
res := make({{.Type}}, len(list))
{{if .SharedPath}}if len(list) == 0 {
	return res, nil
}
pos := graphql.NewPathWithIndex(0)
ctx = graphql.WithPathContext(ctx, pos)
for i, raw := range list {
	*pos.Index = i
	var err error
	if res[i], err = {{.Call}}; err != nil {
		return nil, err
	}
}
{{else}}for i, raw := range list {
	ctx := graphql.WithPathContext(ctx, graphql.NewPathWithIndex(i))
	var err error
	if res[i], err = {{.Call}}; err != nil {
		return nil, err
	}
}
{{end}}return res, nil
{{else if eq .Kind "ptrToPtr"}}var inner {{.Elem}}
if v != nil {
	res, err := {{.Call}}
	if err != nil {
		return nil, graphql.ErrorOnPath(ctx, err)
	}
	inner = res
}
return &inner, nil
{{else if eq .Kind "marshaler"}}{{.New}}
err := res.{{.Method}}
return res, graphql.ErrorOnPath(ctx, err)
{{else if .Convert}}tmp, err := {{.Call}}
res := {{.Convert}}
return {{.Res}}, graphql.ErrorOnPath(ctx, err)
{{else}}res, err := {{.Call}}
return {{.Res}}, graphql.ErrorOnPath(ctx, err)
{{end}}`)

// pathOnlyOnError says ref's unmarshaler uses its context for nothing but
// the path of its error, which it builds before it returns: a scalar or
// enum whose unmarshaling does not take a context, or an input object with
// no directive and no resolver field whose fields all are such scalars,
// enums or input objects (pathOnlyInput). The list unmarshaler can then
// share one path position among its elements, and an input object one
// among its fields; anything else (lists, context unmarshalers, directives
// and resolvers, which are given the context) may keep the context or the
// paths below it, and gets a position of its own.
func (an *analysis) pathOnlyOnError(ref *config.TypeReference) bool {
	if ref == nil || ref.IsContext || ref.IsSlice() || ref.IsPtrToSlice() || ref.IsPtrToIntf() || ref.IsPtrToPtr() {
		return false
	}
	if ref.Unmarshaler != nil || ref.IsMarshaler {
		return true
	}
	return ref.Definition != nil && ref.Definition.Kind == ast.InputObject && an.pathOnlyInput(ref.Definition.Name)
}

// pathOnlyInput says unmarshalInput<name> uses its context only for the
// paths of its errors (see pathOnlyOnError). An input that reaches itself
// is taken not to, conservatively.
func (an *analysis) pathOnlyInput(name string) bool {
	if v, done := an.pathOnly[name]; done {
		return v
	}
	if an.pathOnly == nil {
		an.pathOnly = map[string]bool{}
	}
	an.pathOnly[name] = false // while deciding: a cycle says no
	in := an.data.Inputs.ByName(name)
	if in == nil || in.HasUnmarshal() || len(in.InputObjectDirectives()) > 0 {
		return false
	}
	ok := true
	for _, f := range in.Fields {
		if ok = an.sharesFieldPath(f); !ok {
			break
		}
	}
	an.pathOnly[name] = ok
	return ok
}

// sharesFieldPath says the input field f can be read under a path position
// shared with the input's other such fields: no directive, no resolver,
// and a type that uses its context for nothing but error paths.
func (an *analysis) sharesFieldPath(f *Field) bool {
	return len(f.ImplDirectives()) == 0 && !f.IsResolver && !f.Batch && an.pathOnlyOnError(f.TypeReference)
}

// funcUnmarshal fills unmarshalPiece to unmarshal with the scalar's
// Unmarshal function, converting to the bound Go type.
func (g *genFile) funcUnmarshal(d map[string]any, ref *config.TypeReference) {
	args := "v"
	if ref.IsContext {
		args = "ctx, v"
	}
	d["Kind"], d["Call"] = "func", templates.Call(ref.Unmarshaler)+"("+args+")"
	switch {
	case ref.HasEnumValues():
		d["Convert"] = ref.EnumUnmarshalVar(g.Config.UseFunctionSyntaxForExecutionContext) + "[tmp]"
	case ref.CastType != nil:
		if elem := ref.Elem(); ref.IsNilable() && elem != nil {
			d["Convert"] = g.ref(elem.GO) + "(tmp)"
		} else {
			d["Convert"] = g.ref(ref.GO) + "(tmp)"
		}
	}
	switch {
	case ref.IsTargetNilable() && !ref.IsNilable():
		d["Res"] = "*res"
	case !ref.IsTargetNilable() && ref.IsNilable():
		d["Res"] = "&res"
	}
}

// writeMarshal writes the body of ref's marshaler.
func (g *genFile) writeMarshal(s *src, ref *config.TypeReference) {
	null := "graphql.Null"
	if g.eventContextRoot(ref) {
		null = "ctx, graphql.Null"
	}
	elem := ref.Elem()
	switch {
	case ref.IsSlice() && !ref.IsPtrToSlice():
		g.writeListMarshal(s, ref, null)
		return
	case ref.IsPtrToSlice() || ref.IsPtrToIntf(), ref.IsPtrToPtr() && ref.Marshaler == nil && !ref.IsMarshaler:
		s.b.WriteString(marshalPiece.fill(map[string]any{
			"NilCheck": true, "NonNull": false, "Null": null, "Kind": "return", "Return": g.call(elem.MarshalFunc(), "ctx", "sel", "*v"),
		}))
		return
	}
	d := map[string]any{
		"NilCheck": ref.IsNilable(), "NonNull": ref.GQL.NonNull, "GQLType": strconv.Quote(ref.GQL.String()), "Null": null,
		"Kind": "return", "Return": "v", "Call": "", "Context": ref.IsContext,
	}
	switch {
	case ref.IsMarshaler && ref.IsContext:
		d["Return"] = "graphql.WrapContextMarshaler(ctx, v)"
	case ref.IsMarshaler:
	case ref.Marshaler != nil:
		v := "v"
		switch {
		case ref.IsTargetNilable() && !ref.IsNilable():
			v = "&v"
		case !ref.IsTargetNilable() && ref.IsNilable():
			v = "*v"
		}
		switch {
		case ref.HasEnumValues():
			v = ref.EnumMarshalVar(g.Config.UseFunctionSyntaxForExecutionContext) + "[" + v + "]"
		case ref.CastType != nil:
			v = g.ref(ref.CastType) + "(" + v + ")"
		}
		d["Kind"], d["Call"] = "func", templates.Call(ref.Marshaler)+"("+v+")"
	case ref.IsRoot && ref.Definition.Name == "Subscription":
		d["Kind"], d["Call"] = "stream", g.call("_"+ref.Definition.Name, "ctx", "sel")
	case ref.IsRoot:
		d["Return"] = g.lateCall("_"+ref.Definition.Name, "ctx", "sel")
	case !ref.IsNilable():
		// A call through a variable would move v to the heap; a value
		// type is not the usual way round a cycle of references.
		d["Return"] = g.call("_"+ref.Definition.Name, "ctx", "sel", "&v")
	default:
		d["Return"] = g.lateCall("_"+ref.Definition.Name, "ctx", "sel", "v")
	}
	s.b.WriteString(marshalPiece.fill(d))
}

// marshalPiece marshals a value that is not a list: nil is null (an
// error in a non-null field); a user marshal function's null in a non-null
// field is reported too; the subscription root returns its event reader's
// first result.
var marshalPiece = newPiece("marshal", `{{if .NilCheck}}if v == nil {
{{- if .NonNull}}
	graphql.AddInvalidNullError(ctx, {{.GQLType}})
{{- end}}
	return {{.Null}}
}
{{end}}{{if eq .Kind "func"}}_ = sel
res := {{.Call}}
{{- if .NonNull}}
if res == graphql.Null {
	graphql.AddInvalidNullFromMarshaler(ctx, {{.GQLType}})
}
{{- end}}
{{- if .Context}}
return graphql.WrapContextMarshaler(ctx, res)
{{- else}}
return res
{{- end}}
{{else if eq .Kind "stream"}}res := {{.Call}}
return res(ctx)
{{else}}return {{.Return}}
{{end}}`)

// writeListMarshal marshals a list: elements of types that cannot block
// are written one after another on this goroutine, others each on their
// own goroutine (bounded by exec.worker_limit), as upstream does. Lists of
// objects with batch fields register their elements as batch parents.
func (g *genFile) writeListMarshal(s *src, ref *config.TypeReference, null string) {
	elem := ref.Elem()
	d := map[string]any{
		"NilCheck": !ref.GQL.NonNull, "Null": null, "Batch": "", "Call": false, "Kind": "", "Blocks": "",
		"Sequential": "", "Concurrent": "", "NonNullElems": elem.GQL.NonNull, "EventContext": g.eventContextRoot(ref),
		"Elem":        g.call(elem.MarshalFunc(), "ctx", "sel", "v[i]"),
		"WorkerLimit": g.Config.Exec.WorkerLimit, "OmitPanicHandler": g.Config.OmitPanicHandler,
	}
	if !elem.IsSlice() {
		d["Batch"] = g.batchParents(elem)
	}
	switch {
	case g.Config.IsRoot(ref.Definition):
		// A list of operation roots: their fields all have resolvers.
		d["Kind"] = "concurrent"
	case ref.Definition.Kind == ast.Scalar:
		d["Kind"] = "scalar"
	case g.an.blocking[ref.Definition.Name]:
		// Elements run on goroutines of their own only when the fields
		// the query selects in them may wait on something.
		d["Kind"], d["Blocks"] = "blocks", g.lateCall(blocksFunc(ref.Definition.Name), "ctx", "sel")
	default:
		d["Kind"] = "sequential"
	}
	if ref.Definition.Kind != ast.Scalar && !g.Config.UseFunctionSyntaxForExecutionContext && !g.eventContextRoot(ref) {
		// The runtime's list helpers take the element marshaller as a
		// method expression: the loop and its closures are compiled once,
		// not per list type.
		marshal := "(*executionContext)." + elem.MarshalFunc()
		d["Call"] = true
		d["Sequential"] = fmt.Sprintf("graphql.MarshalList(ctx, ec, sel, v, %t, %s)", g.Config.OmitPanicHandler, marshal)
		d["Concurrent"] = fmt.Sprintf("graphql.MarshalListConcurrently(ctx, ec, sel, v, %d, %t, %s)", g.Config.Exec.WorkerLimit, g.Config.OmitPanicHandler, marshal)
	}
	s.b.WriteString(listPiece.fill(d))
}

// listPiece: with Call, one call of the runtime's list helpers; otherwise
// the loop written out (with function syntax, for scalars and for the
// subscription root). An empty list needs neither closure, and a nil
// Array (written as []) costs no allocation when it becomes a Marshaler.
var listPiece = newPiece("list", `{{if .NilCheck}}if v == nil {
	return {{.Null}}
}
{{end}}{{.Batch}}
{{- if .Call}}
{{- if eq .Kind "concurrent"}}ret := {{.Concurrent}}
{{else if eq .Kind "blocks"}}var ret graphql.Array
if {{.Blocks}} {
	ret = {{.Concurrent}}
} else {
	ret = {{.Sequential}}
}
{{else}}ret := {{.Sequential}}
{{end}}
{{- if .NonNullElems}}return graphql.NonNullElements(ret)
{{else}}return ret
{{end}}
{{- else}}
{{- if eq .Kind "scalar"}}ret := make(graphql.Array, len(v))
for i := range v {
	ret[i] = {{.Elem}}
}
{{else if eq .Kind "concurrent"}}var ret graphql.Array
{{template "concurrently" .}}
{{else if eq .Kind "blocks"}}var ret graphql.Array
if {{.Blocks}} {
{{template "concurrently" .}}
} else {
{{template "sequentially" .}}
}
{{else}}var ret graphql.Array
{{template "sequentially" .}}
{{end}}
{{- if .NonNullElems}}for _, e := range ret {
	if e == graphql.Null {
		return {{.Null}}
	}
}
{{end}}
{{- if .EventContext}}return ctx, ret
{{else}}return ret
{{end}}
{{- end}}
{{- define "concurrently"}}if len(v) == 0 {
	ret = nil
} else {
	ret = graphql.MarshalSliceConcurrently(ctx, len(v), {{.WorkerLimit}}, {{.OmitPanicHandler}}, func(ctx context.Context, i int) graphql.Marshaler {
		graphql.GetFieldContext(ctx).Result = &v[i]
		return {{.Elem}}
	})
}
{{- end}}
{{- define "sequentially"}}if len(v) == 0 {
	ret = nil
} else {
	ret = graphql.MarshalSlice(ctx, len(v), {{.OmitPanicHandler}}, func(i int) any { return &v[i] }, func(ctx context.Context, i int) graphql.Marshaler {
		return {{.Elem}}
	})
}
{{- end}}`)

// batchParents registers the elements of a list as the batch parents of
// their type, or, for a list of an interface, per implementing type.
func (g *genFile) batchParents(elem *config.TypeReference) string {
	name := elem.Definition.Name
	d := map[string]any{"Name": strconv.Quote(name), "Own": "", "Impls": nil, "Cases": nil}
	if g.HasBatchFields(name) {
		d["Own"] = "values"
		if elem.IsNilable() {
			d["Own"] = "pointers"
		}
	}
	// One list of parents per implementing object, of pointers, whichever
	// of its cases (value or pointer) an element matches.
	type impl struct{ Name, Quoted, Type, Value string }
	var impls, cases []impl
	declared := map[string]bool{}
	for _, i := range g.BatchImplementors(name) {
		value := "concrete"
		if i.TakeRef {
			value = "&concrete"
		}
		cases = append(cases, impl{Name: i.Name, Type: g.ref(i.Type), Value: value})
		if declared[i.Name] {
			continue
		}
		declared[i.Name] = true
		parent := i.Type
		if !i.CanBeNil() {
			parent = types.NewPointer(i.Type)
		}
		impls = append(impls, impl{Name: i.Name, Quoted: strconv.Quote(i.Name), Type: g.ref(parent)})
	}
	d["Impls"], d["Cases"] = impls, cases
	return batchParentsPiece.fill(d)
}

var batchParentsPiece = newPiece("batchParents", `
{{- if eq .Own "pointers"}}ctx = graphql.WithBatchParents(ctx, {{.Name}}, v, nil)
{{else if eq .Own "values"}}ctx = graphql.WithBatchParentValues(ctx, {{.Name}}, v)
{{end}}
{{- if .Impls}}{
{{- range .Impls}}
	var batchItems{{.Name}} []{{.Type}}
	batchIdxMap{{.Name}} := map[int]int{}
{{- end}}
	for i, item := range v {
		switch concrete := item.(type) {
{{- range .Cases}}
		case {{.Type}}:
			batchIdxMap{{.Name}}[i] = len(batchItems{{.Name}})
			batchItems{{.Name}} = append(batchItems{{.Name}}, {{.Value}})
{{- end}}
		}
	}
{{- range .Impls}}
	if len(batchItems{{.Name}}) > 0 {
		ctx = graphql.WithBatchParents(ctx, {{.Quoted}}, batchItems{{.Name}}, batchIdxMap{{.Name}})
	}
{{- end}}
}
{{end}}`)

// enumMaps declares the maps between the enum's GraphQL names and the
// Go values bound to them.
func (g *genFile) enumMaps(ref *config.TypeReference) string {
	enum := ref.GO
	if p, ok := types.Unalias(enum).(*types.Pointer); ok {
		enum = p.Elem()
	}
	fnSyntax := g.Config.UseFunctionSyntaxForExecutionContext
	var values []caseCode
	for _, v := range ref.EnumValues {
		values = append(values, caseCode{strconv.Quote(v.Definition.Name), qualifiedObject(v.Object)})
	}
	return enumMapsPiece.fill(map[string]any{
		"Unmarshal": ref.EnumUnmarshalVar(fnSyntax), "Marshal": ref.EnumMarshalVar(fnSyntax), "Type": g.ref(enum), "Values": values,
	})
}

var enumMapsPiece = newPiece("enumMaps", `var (
	{{.Unmarshal}} = map[string]{{.Type}}{
{{- range .Values}}
		{{.Name}}: {{.Code}},
{{- end}}
	}
	{{.Marshal}} = map[{{.Type}}]string{
{{- range .Values}}
		{{.Code}}: {{.Name}},
{{- end}}
	}
)

`)

func qualifiedObject(o types.Object) string {
	if alias := templates.CurrentImports.Lookup(o.Pkg().Path()); alias != "" {
		return alias + "." + o.Name()
	}
	return o.Name()
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

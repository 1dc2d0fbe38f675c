package codegen

import (
	"fmt"
	"go/types"
	"strconv"

	"github.com/99designs/gqlgen/codegen/templates"
)

// InputFuncs are the unmarshalers of the file's input objects (those whose
// Go type does not unmarshal itself) with their exported Unmarshal<Name>
// wrappers, and the <Input>Resolver interfaces of inputs with resolver
// fields.
func (g *genFile) InputFuncs() string {
	var out string
	for _, in := range sortedObjects(g.Inputs) {
		if in.HasResolvers() {
			var methods []string
			for _, f := range in.Fields {
				if f.IsResolver {
					methods = append(methods, f.GoFieldName+f.ShortResolverDeclaration())
				}
			}
			out += resolverInterfacePiece.fill(map[string]any{"Name": in.Name, "Methods": methods}) + "\n"
		}
		if !in.HasUnmarshal() {
			out += g.inputUnmarshaler(in)
		}
	}
	return out
}

// inputFieldCode is how unmarshalInput<Name> reads one field: Plain, a
// runtime call, or Read, the code run when the field is present.
type inputFieldCode struct {
	Key, Plain, Read string
	SharedPath       bool
}

// inputUnmarshaler is unmarshalInput<Name>, which reads the fields present
// in the raw map in schema order, each under a path naming it, then runs
// the input's own directives; and its exported Unmarshal<Name>.
func (g *genFile) inputUnmarshaler(in *Object) string {
	goType := g.ref(in.Type)
	result, it := goType, "it"
	if in.PointersInUnmarshalInput {
		result, it = "*"+goType, "&it"
	}
	objDirs := in.InputObjectDirectives()
	type keyValue struct{ Key, Value string }
	var defaults []keyValue
	for _, f := range in.Fields {
		if f.Default != nil {
			defaults = append(defaults, keyValue{strconv.Quote(f.Name), templates.Dump(f.Default)})
		}
	}
	// Fields read under a path position they share: one allocation for
	// all of them rather than one each (see pathOnlyOnError).
	shared := 0
	for _, f := range in.Fields {
		if g.an.sharesFieldPath(f) {
			shared++
		}
	}
	var fields []inputFieldCode
	for _, f := range in.Fields {
		c := inputFieldCode{Key: strconv.Quote(f.Name), SharedPath: shared > 1 && g.an.sharesFieldPath(f)}
		switch {
		case g.plainInputField(in, f) && c.SharedPath:
			c.Plain = fmt.Sprintf("graphql.UnmarshalInputSharedField(posCtx, pos, ec, asMap, %q, (*executionContext).%s, &it.%s)", f.Name, f.TypeReference.UnmarshalFunc(), f.GoFieldName)
		case g.plainInputField(in, f):
			c.Plain = fmt.Sprintf("graphql.UnmarshalInputField(ctx, ec, asMap, %q, (*executionContext).%s, &it.%s)", f.Name, f.TypeReference.UnmarshalFunc(), f.GoFieldName)
		default:
			c.Read = g.inputField(in, f, it)
		}
		fields = append(fields, c)
	}
	d := map[string]any{
		"Decl": g.decl("unmarshalInput" + in.Name), "Result": result, "Type": goType, "It": it,
		// Defaults are filled in, and input directives see the map, so
		// they work on a copy of the caller's.
		"Copy": len(objDirs) > 0 || len(defaults) > 0, "Defaults": defaults, "IsMap": in.IsMap(),
		"Shared": shared > 1, "Fields": fields, "Chain": "", "Last": "",
		"Typed": !g.Config.OmitTypedInputUnmarshalers, "Name": in.Name, "Key": strconv.Quote(in.Name),
	}
	g.declareLate("unmarshalInput"+in.Name, "any", "("+result+", error)")
	if len(objDirs) > 0 {
		var chain src
		d["Last"] = g.directiveChain(&chain, g.InputObjectImplDirectivesCtx(in, it))
		d["Chain"] = chain.String()
	}
	return inputPiece.fill(d)
}

var inputPiece = newPiece("input", `{{.Decl}}obj any) ({{.Result}}, error) {
	var it {{.Type}}
	if obj == nil {
		return {{.It}}, nil
	}
{{- if .Copy}}
	asMap := make(map[string]any, len(obj.(map[string]any)))
	for k, v := range obj.(map[string]any) {
		asMap[k] = v
	}
{{- range .Defaults}}
	if _, present := asMap[{{.Key}}]; !present {
		asMap[{{.Key}}] = {{.Value}}
	}
{{- end}}
{{- else}}
	asMap := obj.(map[string]any)
{{- end}}
{{- if .IsMap}}
	it = make(map[string]any, len(asMap))
{{- end}}
{{- if .Shared}}
	pos := graphql.NewPathWithField("")
	posCtx := graphql.WithPathContext(ctx, pos)
{{- end}}
{{- range .Fields}}
{{- if .Plain}}
	if err := {{.Plain}}; err != nil {
		return {{$.It}}, err
	}
{{- else}}
	if v, ok := asMap[{{.Key}}]; ok {
{{- if .SharedPath}}
		*pos.Field = {{.Key}}
		ctx := posCtx
{{- else}}
		ctx := graphql.WithPathContext(ctx, graphql.NewPathWithField({{.Key}}))
{{- end}}
		{{.Read}}
	}
{{- end}}
{{- end}}
{{- if .Chain}}
	directive0 := func(ctx context.Context) (any, error) { return {{.It}}, nil }
{{.Chain}}	tmp, err := {{.Last}}(ctx)
	if err != nil {
		return {{.It}}, graphql.ErrorOnPath(ctx, err)
	}
	if data, ok := tmp.({{.Result}}); ok {
		return data, nil
	}
	return {{.It}}, graphql.ErrorOnPath(ctx, fmt.Errorf({{bq}}unexpected type %T from INPUT_OBJECT directive, should be {{.Result}}{{bq}}, tmp))
{{- else}}
	return {{.It}}, nil
{{- end}}
}
{{if .Typed}}
// Unmarshal{{.Name}} unmarshals raw into the {{.Name}} input type, with the unmarshaler
// of the request ctx belongs to. Use it in a resolver for an input object
// that did not arrive as a field argument; outside a gqlgen request it fails.
func Unmarshal{{.Name}}(ctx context.Context, raw any) ({{.Result}}, error) {
	var out {{.Result}}
	err := graphql.UnmarshalNamedInputFromContext(ctx, {{.Key}}, raw, &out)
	return out, err
}
{{end}}
`)

// plainInputField reports whether the field of the input in is read by
// graphql.UnmarshalInputField: a struct field of exactly the type its
// unmarshaller returns, with no directives, resolver or Omittable, and
// unmarshallers that are methods of the executionContext.
func (g *genFile) plainInputField(in *Object, f *Field) bool {
	ref := f.TypeReference
	if g.Config.UseFunctionSyntaxForExecutionContext || in.IsMap() || f.IsResolver || ref.IsOmittable ||
		len(f.ImplDirectives()) > 0 || ref.GO == nil {
		return false
	}
	named, ok := types.Unalias(in.Type).(*types.Named)
	if !ok {
		return false
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if v := st.Field(i); v.Name() == f.GoFieldName {
			return types.Identical(v.Type(), ref.GO)
		}
	}
	return false
}

// inputField is the handling of one present field of an input: v is its
// raw value. The value goes to the struct field (or map entry), to the
// field's resolver, or first through the field's directives.
func (g *genFile) inputField(in *Object, f *Field, it string) string {
	ref := f.TypeReference
	target := "it." + f.GoFieldName
	if in.IsMap() {
		target = "it[" + strconv.Quote(f.Name) + "]"
	}
	assign := map[string]string{"It": it, "Target": target, "Value": "data", "Resolver": "", "Omittable": ""}
	switch {
	case f.IsResolver:
		assign["Resolver"] = f.ShortInvocation()
	case ref.IsOmittable:
		assign["Omittable"] = "true"
	}
	goType := g.ref(ref.GO)
	d := map[string]string{
		"Unmarshal": g.call(ref.UnmarshalFunc(), "ctx", "v"), "It": it, "Assign": assignPiece.fill(assign),
		"Chain": "", "Last": "", "Type": goType, "TypeName": ref.GO.String(), "NilCase": "",
	}
	if len(f.ImplDirectives()) > 0 {
		var chain src
		d["Last"] = g.directiveChain(&chain, g.ImplDirectivesCtx(f))
		d["Chain"] = chain.String()
	}
	switch {
	case !ref.IsNilable() || f.IsResolver:
	case ref.IsOmittable:
		d["NilCase"] = fmt.Sprintf("%s = graphql.OmittableOf[%s](nil)", target, goType)
	default:
		d["NilCase"] = target + " = nil"
	}
	return inputFieldPiece.fill(d)
}

// assignPiece stores data, an input field's value.
var assignPiece = newPiece("assign", `
{{- if .Resolver}}if err := ec.Resolvers.{{.Resolver}}; err != nil {
	return {{.It}}, err
}
{{- else if .Omittable}}{{.Target}} = graphql.OmittableOf({{.Value}})
{{- else}}{{.Target}} = {{.Value}}
{{- end}}`)

var inputFieldPiece = newPiece("inputField", `
{{- if not .Chain}}data, err := {{.Unmarshal}}
if err != nil {
	return {{.It}}, err
}
{{.Assign}}
{{- else}}directive0 := func(ctx context.Context) (any, error) { return {{.Unmarshal}} }
{{.Chain}}tmp, err := {{.Last}}(ctx)
if err != nil {
	return {{.It}}, graphql.ErrorOnPath(ctx, err)
}
if data, ok := tmp.({{.Type}}); ok {
	{{.Assign}}
{{- if .NilCase}}
} else if tmp == nil {
	{{.NilCase}}
{{- end}}
} else {
	return {{.It}}, graphql.ErrorOnPath(ctx, fmt.Errorf({{bq}}unexpected type %T from directive, should be {{.TypeName}}{{bq}}, tmp))
}
{{- end}}`)

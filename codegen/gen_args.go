package codegen

import (
	"maps"
	"slices"
	"strconv"

	"github.com/99designs/gqlgen/codegen/templates"
)

// ArgsFuncs are the argument parsers of the file: for every field with
// arguments and every directive of the file's sources with arguments, a
// function coercing the raw arguments into a map of Go values, plus one
// function per argument that has directives.
func (g *genFile) ArgsFuncs() string {
	all := g.Args()
	var out string
	for _, name := range slices.Sorted(maps.Keys(all)) {
		args := all[name]
		type argCode struct {
			Key, Var, Parse, Call string
		}
		var parsed []argCode
		var directed string
		for i, a := range args {
			c := argCode{Key: strconv.Quote(a.Name), Var: "arg" + strconv.Itoa(i)}
			switch {
			case len(a.ImplDirectives()) > 0:
				fn := name + templates.ToGo(a.Name)
				c.Call = g.callFunc(fn, "ctx", "rawArgs")
				directed += g.directedArg(fn, a)
			case !g.Config.UseFunctionSyntaxForExecutionContext:
				c.Parse = "(*executionContext)." + a.TypeReference.UnmarshalFunc()
			default:
				goType := g.ref(a.TypeReference.GO)
				c.Call = "graphql.ProcessArgField(ctx, rawArgs, " + c.Key + ", " +
					g.funcValue(a.TypeReference.UnmarshalFunc(), "v any", "("+goType+", error)") + ")"
			}
			parsed = append(parsed, c)
		}
		out += argsPiece.fill(map[string]any{"Decl": g.declFunc(name), "N": len(args), "Args": parsed}) + directed
	}
	return out
}

// argsPiece parses each argument with graphql.ParseArg, which stores it in
// args, or, with function syntax or directives on the argument, by a call
// returning its value.
var argsPiece = newPiece("args", `{{.Decl}}rawArgs map[string]any) (map[string]any, error) {
	args := make(map[string]any, {{.N}})
{{- range .Args}}
{{- if .Parse}}
	if err := graphql.ParseArg(ctx, ec, rawArgs, {{.Key}}, {{.Parse}}, args); err != nil {
		return nil, err
	}
{{- else}}
	{{.Var}}, err := {{.Call}}
	if err != nil {
		return nil, err
	}
	args[{{.Key}}] = {{.Var}}
{{- end}}
{{- end}}
	return args, nil
}

`)

// directedArg is the parser of an argument with directives: the value is
// coerced inside the directive chain, so the directives can check or
// replace it. Unless call_argument_directives_with_null is set, an absent
// argument skips the directives.
func (g *genFile) directedArg(fn string, a *FieldArgument) string {
	var chain src
	last := g.directiveChain(&chain, g.ImplDirectivesCtx(a))
	return directedArgPiece.fill(map[string]any{
		"Decl": g.declFunc(fn), "Type": g.ref(a.TypeReference.GO), "Key": strconv.Quote(a.Name),
		"SkipAbsent": !a.CallArgumentDirectivesWithNull, "Unmarshal": g.call(a.TypeReference.UnmarshalFunc(), "ctx", "tmp"),
		"Chain": chain.String(), "Last": last, "Nilable": a.TypeReference.IsNilable(), "TypeName": a.TypeReference.GO.String(),
	})
}

var directedArgPiece = newPiece("directedArg", `{{.Decl}}rawArgs map[string]any) ({{.Type}}, error) {
{{- if .SkipAbsent}}
	if _, ok := rawArgs[{{.Key}}]; !ok {
		var zeroVal {{.Type}}
		return zeroVal, nil
	}
{{- end}}
	ctx = graphql.WithPathContext(ctx, graphql.NewPathWithField({{.Key}}))
	directive0 := func(ctx context.Context) (any, error) {
		tmp, ok := rawArgs[{{.Key}}]
		if !ok {
			var zeroVal {{.Type}}
			return zeroVal, nil
		}
		return {{.Unmarshal}}
	}
{{.Chain}}	tmp, err := {{.Last}}(ctx)
	if err != nil {
		var zeroVal {{.Type}}
		return zeroVal, graphql.ErrorOnPath(ctx, err)
	}
	if data, ok := tmp.({{.Type}}); ok {
		return data, nil
	}
{{- if .Nilable}}
	if tmp == nil {
		var zeroVal {{.Type}}
		return zeroVal, nil
	}
{{- end}}
	var zeroVal {{.Type}}
	return zeroVal, graphql.ErrorOnPath(ctx, fmt.Errorf({{bq}}unexpected type %T from directive, should be {{.TypeName}}{{bq}}, tmp))
}

`)

package codegen

import (
	"fmt"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
)

// directiveChain writes directive1 … directiveN, each calling one directive
// of c.Field around the previous one; directive0 must already be declared.
// It returns the name of the outermost function.
func (g *genFile) directiveChain(s *src, c ImplDirectivesContext) string {
	dirs := c.Field.ImplDirectives()
	obj := c.Field.DirectiveObjName()
	type argCode struct{ Var, Unmarshal string }
	type link struct {
		N, Path, NotImplemented, Args string
		Parsed                        []argCode
	}
	var links []link
	for i, d := range dirs {
		l := link{N: strconv.Itoa(i + 1), Path: d.CallPath(), Args: d.ResolveArgs(obj, i)}
		for _, a := range d.Args {
			value := a.Value
			if value == nil {
				value = a.Default
			}
			if value != nil {
				l.Parsed = append(l.Parsed, argCode{a.VarName, g.call(a.TypeReference.UnmarshalFunc(), "ctx", templates.Dump(value))})
			}
		}
		if !d.IsBuiltIn() {
			l.NotImplemented = c.ErrReturn(fmt.Sprintf("errors.New(%q)", "directive "+d.Name+" is not implemented"))
		}
		links = append(links, l)
	}
	s.b.WriteString(directiveChainPiece.fill(map[string]any{"Links": links, "ErrReturn": c.ErrReturn("err")}))
	return "directive" + strconv.Itoa(len(dirs))
}

// directiveChainPiece: each link parses the directive's arguments from
// the schema, and fails when the DirectiveRoot has no implementation.
var directiveChainPiece = newPiece("directiveChain", `{{range .Links}}directive{{.N}} := func(ctx context.Context) (any, error) {
{{- range .Parsed}}
	{{.Var}}, err := {{.Unmarshal}}
	if err != nil {
		{{$.ErrReturn}}
	}
{{- end}}
{{- if .NotImplemented}}
	if {{.Path}} == nil {
		{{.NotImplemented}}
	}
{{- end}}
	return {{.Path}}({{.Args}})
}
{{end}}`)

// queryDirective is a directive a query may apply, as the middleware
// running it calls it: with its parsed args and n, the resolver it wraps.
type queryDirective struct {
	Name, ArgsCall, Path, NotImplemented, CallArgs string
}

// queryDirectives are dirs as the middleware pieces call them.
func (g *genFile) queryDirectives(dirs []*Directive) []queryDirective {
	var out []queryDirective
	for _, d := range dirs {
		q := queryDirective{Name: strconv.Quote(d.Name), Path: d.CallPath(), CallArgs: d.CallArgs()}
		if len(d.Args) > 0 {
			q.ArgsCall = g.callFunc(d.ArgsFunc(), "ctx", "rawArgs")
		}
		if !d.IsBuiltIn() {
			q.NotImplemented = strconv.Quote("directive " + d.Name + " is not implemented")
		}
		out = append(out, q)
	}
	return out
}

// OperationMiddlewares are the functions running the directives a query
// applies to its operation (QUERY, MUTATION, SUBSCRIPTION) or to its
// fields (FIELD), for the locations the schema has directives for.
func (g *genFile) OperationMiddlewares() string {
	var out string
	for _, op := range []struct {
		loc  ast.DirectiveLocation
		name string
	}{{ast.LocationQuery, "_queryMiddleware"}, {ast.LocationMutation, "_mutationMiddleware"}} {
		if dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(op.loc))); len(dirs) > 0 {
			out += operationMiddlewarePiece.fill(map[string]any{
				"Decl": g.decl(op.name), "Reader": "graphql.Marshaler", "Null": "graphql.Null", "Directives": g.queryDirectives(dirs),
			})
		}
	}
	if dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(ast.LocationSubscription))); len(dirs) > 0 {
		reader, null := "func(ctx context.Context) graphql.Marshaler", "graphql.NullStream()"
		if g.Config.SubscriptionContextField {
			reader, null = "func(ctx context.Context) (context.Context, graphql.Marshaler)", "graphql.NullEventStream()"
		}
		out += operationMiddlewarePiece.fill(map[string]any{
			"Decl": g.decl("_subscriptionMiddleware"), "Reader": reader, "Null": null, "Directives": g.queryDirectives(dirs),
		})
	}
	if dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(ast.LocationField))); len(dirs) > 0 {
		out += fieldMiddlewarePiece.fill(map[string]any{"Decl": g.decl("_fieldMiddleware"), "Directives": g.queryDirectives(dirs)})
	}
	return out
}

// operationMiddlewarePiece wraps next in the operation directives the
// query applies, innermost first in the order the query lists them, runs
// the chain and checks that it still returns what next does (Reader).
var operationMiddlewarePiece = newPiece("operationMiddleware", `{{.Decl}}obj *ast.OperationDefinition, next func(ctx context.Context) (any, error)) {{.Reader}} {
	for _, d := range obj.Directives {
		switch d.Name {
{{- range .Directives}}
		case {{.Name}}:
{{- if .ArgsCall}}
			rawArgs := d.ArgumentMap(ec.Variables)
			args, err := {{.ArgsCall}}
			if err != nil {
				ec.Error(ctx, err)
				return {{$.Null}}
			}
{{- end}}
			n := next
			next = func(ctx context.Context) (any, error) {
{{- if .NotImplemented}}
				if {{.Path}} == nil {
					return nil, errors.New({{.NotImplemented}})
				}
{{- end}}
				return {{.Path}}({{.CallArgs}})
			}
{{- end}}
		}
	}
	tmp, err := next(ctx)
	if err != nil {
		ec.Error(ctx, err)
		return {{.Null}}
	}
	if data, ok := tmp.({{.Reader}}); ok {
		return data
	}
	graphql.AddErrorf(ctx, {{bq}}unexpected type %T from directive, should be graphql.Marshaler{{bq}}, tmp)
	return {{.Null}}
}

`)

// fieldMiddlewarePiece wraps a field's resolver in the FIELD directives
// the query applies to it.
var fieldMiddlewarePiece = newPiece("fieldMiddleware", `{{.Decl}}obj any, next graphql.Resolver) graphql.Resolver {
	fc := graphql.GetFieldContext(ctx)
	for _, d := range fc.Field.Directives {
		switch d.Name {
{{- range .Directives}}
		case {{.Name}}:
{{- if .ArgsCall}}
			rawArgs := d.ArgumentMap(ec.Variables)
			args, err := {{.ArgsCall}}
			if err != nil {
				ec.Error(ctx, err)
				return nil
			}
{{- end}}
			n := next
			next = func(ctx context.Context) (any, error) {
{{- if .NotImplemented}}
				if {{.Path}} == nil {
					return nil, errors.New({{.NotImplemented}})
				}
{{- end}}
				return {{.Path}}({{.CallArgs}})
			}
{{- end}}
		}
	}
	return next
}

`)

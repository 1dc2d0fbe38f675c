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
	for i, d := range dirs {
		s.f("directive%d := func(ctx context.Context) (any, error) {", i+1)
		for _, a := range d.Args {
			value := a.Value
			if value == nil {
				value = a.Default
			}
			if value == nil {
				continue
			}
			s.f("%s, err := %s", a.VarName, g.call(a.TypeReference.UnmarshalFunc(), "ctx", templates.Dump(value)))
			s.l("if err != nil {", c.ErrReturn("err"), "}")
		}
		if !d.IsBuiltIn() {
			s.f("if %s == nil {", d.CallPath())
			s.l(c.ErrReturn(fmt.Sprintf("errors.New(%q)", "directive "+d.Name+" is not implemented")), "}")
		}
		s.f("return %s(%s)", d.CallPath(), d.ResolveArgs(obj, i))
		s.l("}")
	}
	return "directive" + strconv.Itoa(len(dirs))
}

// directiveCall is the body of the wrapper calling d inside an operation
// or field middleware: the directive gets obj, the parsed args and n, the
// resolver it wraps.
func directiveCall(s *src, d *Directive) {
	if !d.IsBuiltIn() {
		s.f("if %s == nil {", d.CallPath())
		s.f("return nil, errors.New(%q)", "directive "+d.Name+" is not implemented")
		s.l("}")
	}
	s.f("return %s(%s)", d.CallPath(), d.CallArgs())
}

// OperationMiddlewares are the functions running the directives a query
// applies to its operation (QUERY, MUTATION, SUBSCRIPTION) or to its
// fields (FIELD), for the locations the schema has directives for.
func (g *genFile) OperationMiddlewares() string {
	var s src
	for _, op := range []struct {
		loc  ast.DirectiveLocation
		name string
	}{{ast.LocationQuery, "_queryMiddleware"}, {ast.LocationMutation, "_mutationMiddleware"}} {
		dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(op.loc)))
		if len(dirs) == 0 {
			continue
		}
		s.f("%sobj *ast.OperationDefinition, next func(ctx context.Context) (any, error)) graphql.Marshaler {", g.decl(op.name))
		g.wrapQueryDirectives(&s, dirs, "graphql.Null")
		s.l("tmp, err := next(ctx)",
			"if err != nil {", "ec.Error(ctx, err)", "return graphql.Null", "}",
			"if data, ok := tmp.(graphql.Marshaler); ok {", "return data", "}",
			"graphql.AddErrorf(ctx, `unexpected type %T from directive, should be graphql.Marshaler`, tmp)",
			"return graphql.Null", "}", "")
	}
	if dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(ast.LocationSubscription))); len(dirs) > 0 {
		reader, null := "func(ctx context.Context) graphql.Marshaler", "graphql.NullStream()"
		if g.Config.SubscriptionContextField {
			reader, null = "func(ctx context.Context) (context.Context, graphql.Marshaler)", "graphql.NullEventStream()"
		}
		s.f("%sobj *ast.OperationDefinition, next func(ctx context.Context) (any, error)) %s {", g.decl("_subscriptionMiddleware"), reader)
		g.wrapQueryDirectives(&s, dirs, null)
		s.l("tmp, err := next(ctx)", "if err != nil {", "ec.Error(ctx, err)")
		s.f("return %s", null)
		s.l("}")
		s.f("if data, ok := tmp.(%s); ok {", reader)
		s.l("return data", "}", "graphql.AddErrorf(ctx, `unexpected type %T from directive, should be graphql.Marshaler`, tmp)")
		s.f("return %s", null)
		s.l("}", "")
	}
	if dirs := sortedDirectives(g.AllDirectives.LocationDirectives(string(ast.LocationField))); len(dirs) > 0 {
		s.f("%sobj any, next graphql.Resolver) graphql.Resolver {", g.decl("_fieldMiddleware"))
		s.l("fc := graphql.GetFieldContext(ctx)", "for _, d := range fc.Field.Directives {", "switch d.Name {")
		for _, d := range dirs {
			s.f("case %q:", d.Name)
			if len(d.Args) > 0 {
				s.l("rawArgs := d.ArgumentMap(ec.Variables)")
				s.f("args, err := %s", g.callFunc(d.ArgsFunc(), "ctx", "rawArgs"))
				s.l("if err != nil {", "ec.Error(ctx, err)", "return nil", "}")
			}
			s.l("n := next", "next = func(ctx context.Context) (any, error) {")
			directiveCall(&s, d)
			s.l("}")
		}
		s.l("}", "}", "return next", "}", "")
	}
	return s.String()
}

// wrapQueryDirectives wraps next in the operation directives the query
// applies, innermost first in the order the query lists them.
func (g *genFile) wrapQueryDirectives(s *src, dirs []*Directive, null string) {
	s.l("for _, d := range obj.Directives {", "switch d.Name {")
	for _, d := range dirs {
		s.f("case %q:", d.Name)
		if len(d.Args) > 0 {
			s.l("rawArgs := d.ArgumentMap(ec.Variables)")
			s.f("args, err := %s", g.callFunc(d.ArgsFunc(), "ctx", "rawArgs"))
			s.l("if err != nil {", "ec.Error(ctx, err)")
			s.f("return %s", null)
			s.l("}")
		}
		s.l("n := next", "next = func(ctx context.Context) (any, error) {")
		directiveCall(s, d)
		s.l("}")
	}
	s.l("}", "}")
}

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
	var s src
	for _, name := range slices.Sorted(maps.Keys(all)) {
		args := all[name]
		s.f("%srawArgs map[string]any) (map[string]any, error) {", g.declFunc(name))
		s.f("args := make(map[string]any, %d)", len(args))
		for i, a := range args {
			v := "arg" + strconv.Itoa(i)
			if len(a.ImplDirectives()) == 0 && !g.Config.UseFunctionSyntaxForExecutionContext {
				s.f("if err := graphql.ParseArg(ctx, ec, rawArgs, %q, (*executionContext).%s, args); err != nil {", a.Name, a.TypeReference.UnmarshalFunc())
				s.l("return nil, err", "}")
				continue
			}
			if len(a.ImplDirectives()) > 0 {
				s.f("%s, err := %s", v, g.callFunc(name+templates.ToGo(a.Name), "ctx", "rawArgs"))
			} else {
				goType := g.ref(a.TypeReference.GO)
				s.f("%s, err := graphql.ProcessArgField(ctx, rawArgs, %q, %s)", v, a.Name,
					g.funcValue(a.TypeReference.UnmarshalFunc(), "v any", "("+goType+", error)"))
			}
			s.l("if err != nil {", "return nil, err", "}")
			s.f("args[%q] = %s", a.Name, v)
		}
		s.l("return args, nil", "}", "")
		for _, a := range args {
			if len(a.ImplDirectives()) > 0 {
				g.writeDirectedArg(&s, name+templates.ToGo(a.Name), a)
			}
		}
	}
	return s.String()
}

// writeDirectedArg writes the parser of an argument with directives: the
// value is coerced inside the directive chain, so the directives can
// check or replace it. Unless call_argument_directives_with_null is set,
// an absent argument skips the directives.
func (g *genFile) writeDirectedArg(s *src, fn string, a *FieldArgument) {
	goType := g.ref(a.TypeReference.GO)
	key := strconv.Quote(a.Name)
	s.f("%srawArgs map[string]any) (%s, error) {", g.declFunc(fn), goType)
	if !a.CallArgumentDirectivesWithNull {
		s.f("if _, ok := rawArgs[%s]; !ok {", key)
		s.f("var zeroVal %s", goType)
		s.l("return zeroVal, nil", "}")
	}
	s.f("ctx = graphql.WithPathContext(ctx, graphql.NewPathWithField(%s))", key)
	s.l("directive0 := func(ctx context.Context) (any, error) {")
	s.f("tmp, ok := rawArgs[%s]", key)
	s.l("if !ok {")
	s.f("var zeroVal %s", goType)
	s.l("return zeroVal, nil", "}")
	s.f("return %s", g.call(a.TypeReference.UnmarshalFunc(), "ctx", "tmp"))
	s.l("}")
	last := g.directiveChain(s, g.ImplDirectivesCtx(a))
	s.f("tmp, err := %s(ctx)", last)
	s.l("if err != nil {")
	s.f("var zeroVal %s", goType)
	s.l("return zeroVal, graphql.ErrorOnPath(ctx, err)", "}")
	s.f("if data, ok := tmp.(%s); ok {", goType)
	s.l("return data, nil", "}")
	if a.TypeReference.IsNilable() {
		s.l("if tmp == nil {")
		s.f("var zeroVal %s", goType)
		s.l("return zeroVal, nil", "}")
	}
	s.f("var zeroVal %s", goType)
	s.f("return zeroVal, graphql.ErrorOnPath(ctx, fmt.Errorf(`unexpected type %%T from directive, should be %s`, tmp))", a.TypeReference.GO.String())
	s.l("}", "")
}

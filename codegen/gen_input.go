package codegen

import (
	"go/types"
	"strconv"

	"github.com/99designs/gqlgen/codegen/templates"
)

// InputFuncs are the unmarshalers of the file's input objects (those whose
// Go type does not unmarshal itself) with their exported Unmarshal<Name>
// wrappers, and the <Input>Resolver interfaces of inputs with resolver
// fields.
func (g *genFile) InputFuncs() string {
	var s src
	for _, in := range sortedObjects(g.Inputs) {
		if in.HasResolvers() {
			s.f("type %sResolver interface {", in.Name)
			for _, f := range in.Fields {
				if f.IsResolver {
					s.f("%s%s", f.GoFieldName, f.ShortResolverDeclaration())
				}
			}
			s.l("}", "")
		}
		if in.HasUnmarshal() {
			continue
		}
		g.writeInputUnmarshaler(&s, in)
	}
	return s.String()
}

// writeInputUnmarshaler writes unmarshalInput<Name>, which reads the
// fields present in the raw map in schema order, each under a path naming
// it, then runs the input's own directives.
func (g *genFile) writeInputUnmarshaler(s *src, in *Object) {
	goType := g.ref(in.Type)
	result, it := goType, "it"
	if in.PointersInUnmarshalInput {
		result, it = "*"+goType, "&it"
	}
	objDirs := in.InputObjectDirectives()
	needCopy := len(objDirs) > 0
	for _, f := range in.Fields {
		needCopy = needCopy || f.Default != nil
	}

	g.declareLate("unmarshalInput"+in.Name, "any", "("+result+", error)")
	s.f("%sobj any) (%s, error) {", g.decl("unmarshalInput"+in.Name), result)
	s.f("var it %s", goType)
	s.l("if obj == nil {")
	s.f("return %s, nil", it)
	s.l("}")
	if needCopy {
		// Defaults are filled in, and input directives see the map, so
		// work on a copy of the caller's.
		s.l("asMap := make(map[string]any, len(obj.(map[string]any)))", "for k, v := range obj.(map[string]any) {", "asMap[k] = v", "}")
		for _, f := range in.Fields {
			if f.Default != nil {
				s.f("if _, present := asMap[%q]; !present {", f.Name)
				s.f("asMap[%q] = %s", f.Name, templates.Dump(f.Default))
				s.l("}")
			}
		}
	} else {
		s.l("asMap := obj.(map[string]any)")
	}
	if in.IsMap() {
		s.l("it = make(map[string]any, len(asMap))")
	}
	// Fields read under a path position they share: one allocation for
	// all of them rather than one each (see pathOnlyOnError).
	shared := 0
	for _, f := range in.Fields {
		if g.an.sharesFieldPath(f) {
			shared++
		}
	}
	if shared > 1 {
		s.l(`pos := graphql.NewPathWithField("")`, "posCtx := graphql.WithPathContext(ctx, pos)")
	}
	for _, f := range in.Fields {
		if g.plainInputField(in, f) {
			if shared > 1 && g.an.sharesFieldPath(f) {
				s.f("if err := graphql.UnmarshalInputSharedField(posCtx, pos, ec, asMap, %q, (*executionContext).%s, &it.%s); err != nil {", f.Name, f.TypeReference.UnmarshalFunc(), f.GoFieldName)
			} else {
				s.f("if err := graphql.UnmarshalInputField(ctx, ec, asMap, %q, (*executionContext).%s, &it.%s); err != nil {", f.Name, f.TypeReference.UnmarshalFunc(), f.GoFieldName)
			}
			s.f("return %s, err", it)
			s.l("}")
			continue
		}
		s.f("if v, ok := asMap[%q]; ok {", f.Name)
		if shared > 1 && g.an.sharesFieldPath(f) {
			s.f("*pos.Field = %q", f.Name)
			s.l("ctx := posCtx")
		} else {
			s.f("ctx := graphql.WithPathContext(ctx, graphql.NewPathWithField(%q))", f.Name)
		}
		g.writeInputField(s, in, f, it)
		s.l("}")
	}
	if len(objDirs) > 0 {
		s.f("directive0 := func(ctx context.Context) (any, error) { return %s, nil }", it)
		last := g.directiveChain(s, g.InputObjectImplDirectivesCtx(in, it))
		s.f("tmp, err := %s(ctx)", last)
		s.l("if err != nil {")
		s.f("return %s, graphql.ErrorOnPath(ctx, err)", it)
		s.l("}")
		s.f("if data, ok := tmp.(%s); ok {", result)
		s.l("return data, nil", "}")
		s.f("return %s, graphql.ErrorOnPath(ctx, fmt.Errorf(`unexpected type %%T from INPUT_OBJECT directive, should be %s`, tmp))", it, result)
	} else {
		s.f("return %s, nil", it)
	}
	s.l("}", "")

	if !g.Config.OmitTypedInputUnmarshalers {
		s.f("// Unmarshal%s unmarshals raw into the %s input type, with the unmarshaler", in.Name, in.Name)
		s.l("// of the request ctx belongs to. Use it in a resolver for an input object",
			"// that did not arrive as a field argument; outside a gqlgen request it fails.")
		s.f("func Unmarshal%s(ctx context.Context, raw any) (%s, error) {", in.Name, result)
		s.f("var out %s", result)
		s.f("err := graphql.UnmarshalNamedInputFromContext(ctx, %q, raw, &out)", in.Name)
		s.l("return out, err", "}", "")
	}
}

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

// writeInputField writes the handling of one present field of an input:
// v is its raw value. The value goes to the struct field (or map entry),
// to the field's resolver, or first through the field's directives.
func (g *genFile) writeInputField(s *src, in *Object, f *Field, it string) {
	ref := f.TypeReference
	unmarshal := g.call(ref.UnmarshalFunc(), "ctx", "v")
	target := "it." + f.GoFieldName
	if in.IsMap() {
		target = "it[" + strconv.Quote(f.Name) + "]"
	}
	assign := func(value string) {
		switch {
		case f.IsResolver:
			s.f("if err := ec.Resolvers.%s; err != nil {", f.ShortInvocation())
			s.f("return %s, err", it)
			s.l("}")
		case ref.IsOmittable:
			s.f("%s = graphql.OmittableOf(%s)", target, value)
		default:
			s.f("%s = %s", target, value)
		}
	}
	if len(f.ImplDirectives()) == 0 {
		s.f("data, err := %s", unmarshal)
		s.l("if err != nil {")
		s.f("return %s, err", it)
		s.l("}")
		assign("data")
		return
	}
	s.f("directive0 := func(ctx context.Context) (any, error) { return %s }", unmarshal)
	last := g.directiveChain(s, g.ImplDirectivesCtx(f))
	s.f("tmp, err := %s(ctx)", last)
	s.l("if err != nil {")
	s.f("return %s, graphql.ErrorOnPath(ctx, err)", it)
	s.l("}")
	goType := g.ref(ref.GO)
	s.f("if data, ok := tmp.(%s); ok {", goType)
	assign("data")
	if ref.IsNilable() && !f.IsResolver {
		s.l("} else if tmp == nil {")
		if ref.IsOmittable {
			s.f("%s = graphql.OmittableOf[%s](nil)", target, goType)
		} else {
			s.f("%s = nil", target)
		}
	}
	s.l("} else {")
	s.f("return %s, graphql.ErrorOnPath(ctx, fmt.Errorf(`unexpected type %%T from directive, should be %s`, tmp))", it, ref.GO.String())
	s.l("}")
}

package federation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// fileGen is the dot of federation.gotpl. Its methods decide what
// federation.go says and hand the template finished pieces of Go; they run
// while the template renders, so types are spelled with the file's imports.
type fileGen struct {
	*Federation
	// UsePointers is resolvers_always_return_pointers: finders return *T.
	UsePointers bool
	// UseFunctionSyntaxForExecutionContext makes generated helpers free
	// functions taking ec.
	UseFunctionSyntaxForExecutionContext bool
}

// lines accumulates generated source.
type lines struct{ b strings.Builder }

func (s *lines) f(format string, args ...any) {
	fmt.Fprintf(&s.b, format, args...)
	s.b.WriteByte('\n')
}

func (s *lines) l(ls ...string) {
	for _, l := range ls {
		s.b.WriteString(l)
		s.b.WriteByte('\n')
	}
}

func (s *lines) String() string { return s.b.String() }

// unmarshal calls the generated unmarshaler of ref on value.
func (g *fileGen) unmarshal(ref *config.TypeReference, value string) string {
	if g.UseFunctionSyntaxForExecutionContext {
		return ref.UnmarshalFunc() + "(ctx, ec, " + value + ")"
	}
	return "ec." + ref.UnmarshalFunc() + "(ctx, " + value + ")"
}

// lookup is the Go expression reading path from the representation rep.
func lookup(rep string, path []string) string {
	if len(path) == 1 {
		return rep + "[" + strconv.Quote(path[0]) + "]"
	}
	quoted := make([]string, len(path))
	for i, p := range path {
		quoted[i] = strconv.Quote(p)
	}
	return "fedruntime.Lookup(" + rep + ", " + strings.Join(quoted, ", ") + ")"
}

// resolvable are the entities with finders, as federation.go dispatches
// them.
func (g *fileGen) resolvable() []*Entity {
	var out []*Entity
	for _, e := range g.Entities {
		if len(e.Resolvers) > 0 && e.Type != nil {
			out = append(out, e)
		}
	}
	return out
}

// HasEntities says _entities exists, so its resolver is generated.
func (g *fileGen) HasEntities() bool { return len(g.Entities) > 0 }

// Dispatch is __fed_resolveGroup: the switch sending each group of
// representations to its batch finder, or each representation to
// __fed_resolveOne. The generated names start with "__fed_", which no
// schema type name can, so they cannot clash with codegen's.
func (g *fileGen) Dispatch() string {
	var s lines
	s.l("func (ec *executionContext) __fed_resolveGroup(ctx context.Context, group fedruntime.EntityGroup, list []fedruntime.Entity) {",
		"switch group.TypeName {")
	for _, e := range g.resolvable() {
		if !e.Multi {
			continue
		}
		s.f("case %q:", e.Name)
		s.f("if err := ec.__fed_findMany_%s(ctx, group, list); err != nil {", e.Name)
		s.l("ec.Error(ctx, err)", "}")
	}
	s.l("default:",
		"fedruntime.RunConcurrentlyIn(ctx, len(group.Reps), func(i int) {",
		"entity, err := ec.__fed_resolveOne(ctx, group.TypeName, group.Reps[i])",
		"if err != nil {", "ec.Error(ctx, err)", "return", "}",
		"list[group.Indexes[i]] = entity",
		"})", "}", "}")

	s.l("", "// __fed_resolveOne resolves one representation of an entity without a batch finder.",
		"func (ec *executionContext) __fed_resolveOne(ctx context.Context, typeName string, rep map[string]any) (e fedruntime.Entity, err error) {",
		"// It may run on its own goroutine, out of reach of the usual panic handling.",
		"defer func() {", "if r := recover(); r != nil {", "err = ec.Recover(ctx, r)", "}", "}()",
		"switch typeName {")
	for _, e := range g.resolvable() {
		if e.Multi {
			continue
		}
		s.f("case %q:", e.Name)
		s.f("return ec.__fed_find_%s(ctx, rep)", e.Name)
	}
	s.l("}", `return nil, fmt.Errorf("%w: %s", ErrUnknownType, typeName)`, "}")
	return s.String()
}

// Finders are the per-entity functions: key tables, and the function
// resolving one representation or a batch of them.
func (g *fileGen) Finders() string {
	var s lines
	for _, e := range g.resolvable() {
		g.keyTable(&s, e)
		switch {
		case e.Multi && e.PerEntity:
			g.perEntityBatch(&s, e)
		case e.Multi:
			g.keyedBatch(&s, e)
		case e.PerEntity:
			g.perEntitySingle(&s, e)
		default:
			g.keyedSingle(&s, e)
		}
		s.l("")
	}
	return s.String()
}

// keyTable declares the field paths of each @key of e, in declaration
// order, and for a per-entity entity the MatchedKey constant of each.
func (g *fileGen) keyTable(s *lines, e *Entity) {
	s.f("// __fed_keys_%s lists the field paths of each @key of %s.", e.Name, e.Name)
	s.f("var __fed_keys_%s = [][][]string{", e.Name)
	for _, r := range e.Resolvers {
		paths := make([]string, len(r.KeyFields))
		for i, k := range r.KeyFields {
			quoted := make([]string, len(k.Field))
			for j, p := range k.Field {
				quoted[j] = strconv.Quote(p)
			}
			paths[i] = "{" + strings.Join(quoted, ", ") + "}"
		}
		s.f("{%s},", strings.Join(paths, ", "))
	}
	s.l("}")
	if !e.PerEntity {
		return
	}
	consts := make([]string, len(e.Resolvers))
	for i, r := range e.Resolvers {
		consts[i] = e.MatchedKeyConstRef(r)
	}
	s.f("var __fed_matchedKeys_%s = [...]%s{%s}", e.Name, templates.CurrentImports.LookupType(e.MatchedKeyType), strings.Join(consts, ", "))
}

// keyedSingle resolves one representation with the finder of the first
// key it carries.
func (g *fileGen) keyedSingle(s *lines, e *Entity) {
	s.f("func (ec *executionContext) __fed_find_%s(ctx context.Context, rep map[string]any) (fedruntime.Entity, error) {", e.Name)
	s.f("key, err := fedruntime.MatchEntityKey(%q, rep, __fed_keys_%s)", e.Name, e.Name)
	s.l("if err != nil {")
	s.f("return nil, fmt.Errorf(`finding resolver for Entity %q: %%w`, err)", e.Name)
	s.l("}", "switch key {")
	for k, r := range e.Resolvers {
		s.f("case %d:", k)
		args := make([]string, len(r.KeyFields))
		for i, kf := range r.KeyFields {
			args[i] = "id" + strconv.Itoa(i)
			s.f("%s, err := %s", args[i], g.unmarshal(kf.Type, lookup("rep", kf.Field)))
			s.l("if err != nil {")
			s.f("return nil, fmt.Errorf(`unmarshalling param %d for %s(): %%w`, err)", i, r.ResolverName)
			s.l("}")
		}
		s.f("entity, err := ec.Resolvers.Entity().%s(ctx, %s)", templates.ToGo(r.ResolverName), strings.Join(args, ", "))
		s.l("if err != nil {")
		s.f("return nil, fmt.Errorf(`resolving Entity %q: %%w`, err)", e.Name)
		s.l("}")
		g.deliverRequires(s, e, "rep", "nil, ")
		s.l("return entity, nil")
	}
	s.l("}", "return nil, nil", "}")
}

// perEntitySingle resolves one representation with the entity's one
// finder, telling it which key matched.
func (g *fileGen) perEntitySingle(s *lines, e *Entity) {
	s.f("func (ec *executionContext) __fed_find_%s(ctx context.Context, rep map[string]any) (fedruntime.Entity, error) {", e.Name)
	s.f("key, err := fedruntime.MatchEntityKey(%q, rep, __fed_keys_%s)", e.Name, e.Name)
	s.l("if err != nil {")
	s.f("return nil, fmt.Errorf(`finding resolver for Entity %q: %%w`, err)", e.Name)
	s.l("}")
	s.f("representation, err := %s", g.unmarshal(e.RepresentationType, "rep"))
	s.l("if err != nil {")
	s.f("return nil, fmt.Errorf(`unmarshalling representation for Entity %q: %%w`, err)", e.Name)
	s.l("}")
	s.f("representation.MatchedKey = __fed_matchedKeys_%s[key]", e.Name)
	s.f("entity, err := ec.Resolvers.Entity().%s(ctx, representation)", templates.ToGo(e.PerEntityResolverName()))
	s.l("if err != nil {")
	s.f("return nil, fmt.Errorf(`resolving Entity %q: %%w`, err)", e.Name)
	s.l("}")
	g.deliverRequires(s, e, "rep", "nil, ")
	s.l("return entity, nil", "}")
}

// keyedBatch resolves a group with one call of the batch finder of the
// key the group's first representation carries.
func (g *fileGen) keyedBatch(s *lines, e *Entity) {
	s.f("func (ec *executionContext) __fed_findMany_%s(ctx context.Context, group fedruntime.EntityGroup, list []fedruntime.Entity) (err error) {", e.Name)
	g.recoverInto(s)
	s.f("key, err := fedruntime.MatchEntityKey(%q, group.Reps[0], __fed_keys_%s)", e.Name, e.Name)
	s.l("if err != nil {")
	s.f("return fmt.Errorf(`finding resolver for Entity %q: %%w`, err)", e.Name)
	s.l("}", "switch key {")
	for k, r := range e.Resolvers {
		s.f("case %d:", k)
		input := r.LookupInputType()
		// One array of inputs, the finder getting pointers into it.
		s.f("inputs := make([]*%s, len(group.Reps))", input)
		s.f("inputValues := make([]%s, len(group.Reps))", input)
		s.l("for i, rep := range group.Reps {")
		s.l("input := &inputValues[i]")
		for _, kf := range r.KeyFields {
			s.f("if input.%s, err = %s; err != nil {", kf.GoName, g.unmarshal(kf.Type, lookup("rep", kf.Field)))
			s.f("return errors.New(%q)", "Field "+kf.Definition.Name+" undefined in schema.")
			s.l("}")
		}
		if e.IsPreloaded() {
			for _, req := range e.Requires {
				if req.Computed || req.Type == nil {
					continue
				}
				s.f("if input.%s, err = %s; err != nil {", req.Field.JoinGo("."), g.unmarshal(req.Type, lookup("rep", req.Field)))
				s.l("return err", "}")
			}
		}
		s.l("inputs[i] = input", "}")
		s.f("entities, err := ec.Resolvers.Entity().%s(ctx, inputs)", templates.ToGo(r.ResolverName))
		g.storeBatch(s, e)
	}
	s.l("}")
	s.f("return fmt.Errorf(\"unknown resolver: %%d\", key)")
	s.l("}")
}

// perEntityBatch resolves a group with one call of the entity's batch
// finder, each representation telling which key it matched.
func (g *fileGen) perEntityBatch(s *lines, e *Entity) {
	s.f("func (ec *executionContext) __fed_findMany_%s(ctx context.Context, group fedruntime.EntityGroup, list []fedruntime.Entity) (err error) {", e.Name)
	g.recoverInto(s)
	s.f("keys := make([]%s, len(group.Reps))", templates.CurrentImports.LookupType(e.MatchedKeyType))
	s.l("raw := make([]any, len(group.Reps))", "for i, rep := range group.Reps {")
	s.f("key, err := fedruntime.MatchEntityKey(%q, rep, __fed_keys_%s)", e.Name, e.Name)
	s.l("if err != nil {")
	s.f("return fmt.Errorf(`finding resolver for Entity %q: %%w`, err)", e.Name)
	s.l("}")
	s.f("keys[i], raw[i] = __fed_matchedKeys_%s[key], rep", e.Name)
	s.l("}")
	s.f("representations, err := %s", g.unmarshal(e.RepresentationType, "raw"))
	s.l("if err != nil {")
	s.f("return fmt.Errorf(`unmarshalling representations for Entity %q: %%w`, err)", e.Name)
	s.l("}", "for i := range representations {", "representations[i].MatchedKey = keys[i]", "}")
	s.f("entities, err := ec.Resolvers.Entity().%s(ctx, representations)", templates.ToGo(e.PerEntityResolverName()))
	g.storeBatch(s, e)
	s.l("}")
}

// recoverInto turns a panic of a batch function into its error.
func (g *fileGen) recoverInto(s *lines) {
	s.l("defer func() {", "if r := recover(); r != nil {", "err = ec.Recover(ctx, r)", "}", "}()")
}

// storeBatch files a batch finder's results (entities, err) into list:
// per-item errors at their index, a whole-batch error returned.
func (g *fileGen) storeBatch(s *lines, e *Entity) {
	s.l("perItem, err := fedruntime.SplitEntityBatchErrors(err)",
		"if err != nil {", "return err", "}",
		"for i, entity := range entities {",
		"if i >= len(group.Indexes) {", "break", "}",
		"if i < len(perItem) && perItem[i] != nil {",
		"ec.Error(graphql.WithPathContext(ctx, graphql.NewPathWithIndex(group.Indexes[i])), perItem[i])",
		"continue", "}")
	if !(e.IsPreloaded() && !e.PerEntity) {
		g.deliverRequires(s, e, "group.Reps[i]", "")
	}
	s.l("list[group.Indexes[i]] = entity", "}", "return nil")
}

// deliverRequires writes the @requires step after a finder returned
// entity from the representation rep: the user's populator (explicit),
// nothing (preloaded: the finder's input carried them) or a copy of each
// non-computed field (default). ret precedes the error in a return.
func (g *fileGen) deliverRequires(s *lines, e *Entity, rep, ret string) {
	switch {
	case e.IsExplicitRequires():
		if len(e.Requires) == 0 {
			return
		}
		target := "entity"
		if !g.UsePointers {
			target = "&entity"
		}
		s.f("if err := ec.Populate%sRequires(ctx, %s, %s); err != nil {", e.Def.Name, target, rep)
		s.f("return %sfmt.Errorf(`populating requires for Entity %q: %%w`, err)", ret, e.Def.Name)
		s.l("}")
	case e.IsPreloaded():
	default:
		for _, req := range e.Requires {
			if req.Computed || req.Type == nil {
				continue
			}
			s.f("if entity.%s, err = %s; err != nil {", req.Field.JoinGo("."), g.unmarshal(req.Type, lookup(rep, req.Field)))
			s.f("return %serr", ret)
			s.l("}")
		}
	}
}

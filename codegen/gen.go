package codegen

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// genFile is the dot of the exec templates: the Data of the file being
// written (the whole schema, or one schema file's share of it) and the
// analysis of the whole schema. Its methods make the decisions about the
// generated code and hand the templates finished pieces of it.
type genFile struct {
	*Data
	an *analysis
	// hasRoot says the file holds the API and the executable schema.
	hasRoot bool
	// lates are the file's functions that the functions of other types
	// call through a variable (see lateCall), in declaration order.
	lates    []lateFunc
	lateSeen map[string]bool
	// otherLates, in the file that holds the root, are the late functions
	// of the package's other files (written before it), which the root's
	// wireLate sets too.
	otherLates []lateFunc
}

// lateFunc is a generated function reached through its variable,
// late_<name>, which the package's wireLate sets.
type lateFunc struct {
	name string
	// funcType is the variable's type; value is what wireLate assigns.
	funcType, value string
}

// lateVar names the variable through which the function name is called.
func lateVar(name string) string { return "late_" + name }

// declareLate records that the generated function name, declared with
// decl and then the parameters params (their types, after ctx) and the
// results results, is called from the code of other types through
// late_<name>. A call from one type's functions straight to another's
// makes the type checker's initialization order pass (see doc.go) cost
// about the cube of the functions that reach one another, which in a
// schema with references both ways is nearly all of them.
func (g *genFile) declareLate(name, params, results string) {
	recv := "*executionContext, context.Context"
	value := "(*executionContext)." + name
	if g.Config.UseFunctionSyntaxForExecutionContext {
		recv, value = "context.Context, *executionContext", name
	}
	if params != "" {
		recv += ", " + params
	}
	g.declareLateValue(name, "func("+recv+") "+results, value)
}

// declareLateValue records a late function whose variable has type
// funcType and is set to value.
func (g *genFile) declareLateValue(name, funcType, value string) {
	if g.lateSeen[name] {
		return
	}
	if g.lateSeen == nil {
		g.lateSeen = map[string]bool{}
	}
	g.lateSeen[name] = true
	g.lates = append(g.lates, lateFunc{name: name, funcType: funcType, value: value})
}

// lateCall is call for a function recorded with declareLate: a call of
// its variable.
func (g *genFile) lateCall(name string, args ...string) string {
	all := append([]string{"ec"}, args...)
	if g.Config.UseFunctionSyntaxForExecutionContext && len(args) > 0 {
		all = append([]string{args[0], "ec"}, args[1:]...)
	}
	return lateVar(name) + "(" + strings.Join(all, ", ") + ")"
}

// LateFuncs declares the variables of the file's late functions, one
// declaration each, and in the file that holds the root the package's one
// wireLate, which sets the variables of every file, sorted by name: the
// package's declarations are then the same whatever the layout, only
// shared out differently over the files. The templates write it after
// everything else, when the file's functions are all recorded.
//
// wireLate runs as the initializer of the package-level lateWired, so
// every variable is set before any init function of the package, or any
// code of a package that imports it, can run; NewExecutableSchema refers
// to lateWired, so a package-level variable of the package initialized by
// a call of NewExecutableSchema is initialized after it too. (An init
// function in each file, as before, left a user's init in a file that
// sorts before the generated ones to run a query with the variables nil.)
func (g *genFile) LateFuncs() string {
	var wired []lateFunc
	if g.hasRoot {
		wired = slices.Concat(g.lates, g.otherLates)
		slices.SortFunc(wired, func(a, b lateFunc) int { return strings.Compare(a.name, b.name) })
	}
	type late struct{ Var, Type, Value string }
	conv := func(ls []lateFunc) []late {
		out := make([]late, 0, len(ls))
		for _, l := range ls {
			out = append(out, late{lateVar(l.name), l.funcType, l.value})
		}
		return out
	}
	return latePiece.fill(map[string]any{"Declared": conv(g.lates), "Root": g.hasRoot, "Wired": conv(wired)})
}

// latePiece declares the file's late variables and, in the file of the
// executable schema, sets every file's.
var latePiece = newPiece("late", `{{range .Declared}}var {{.Var}} {{.Type}}
{{end}}
{{- if .Root}}
// lateWired is true once wireLate has pointed the late_ variables,
// through which the functions of one type call those of another, at
// their functions: before any code that can run a query (see the
// package documentation of github.com/99designs/gqlgen/codegen).
var lateWired = wireLate()

func wireLate() bool {
{{- range .Wired}}
	{{.Var}} = {{.Value}}
{{- end}}
	return true
}
{{end}}`)

// analysis is what GenerateCode works out about the whole schema once,
// for all the files it writes.
type analysis struct {
	data *Data
	// blocking records, per object, interface and union, whether writing a
	// value of it may wait on something: a field resolved concurrently
	// (a resolver or a context-taking method) anywhere in the values it
	// writes in place. Lists of types that cannot block are written on
	// the calling goroutine.
	blocking map[string]bool
	// fieldDirectives says the schema has runtime directives for the FIELD
	// location, so any field of a query may carry one.
	fieldDirectives bool
	// lazyTargets are the objects that some struct field holds directly:
	// their marshalers also take the lazy FieldContext of that field.
	lazyTargets map[string]bool
	// pathOnly caches pathOnlyInput, by input name.
	pathOnly map[string]bool
	// rootFieldAt says some root field is resolved through _rootField.
	rootFieldAt bool
}

func analyze(data *Data) *analysis {
	an := &analysis{data: data, blocking: map[string]bool{}, lazyTargets: map[string]bool{}}
	for _, o := range data.Objects {
		if o.Stream {
			continue
		}
		for _, f := range o.Fields {
			if directlyReadable(f) && scalarSetter(f.TypeReference) == nil {
				if target := objectTarget(f.TypeReference); target != "" {
					an.lazyTargets[target] = true
				}
			}
			if directResolve(f) && f.TypeReference.IsNilable() {
				if target := objectTarget(f.TypeReference); target != "" {
					an.lazyTargets[target] = true
				}
			}
		}
	}
	an.fieldDirectives = len(data.AllDirectives.LocationDirectives(string(ast.LocationField))) > 0
	for _, o := range data.Objects {
		an.rootFieldAt = an.rootFieldAt || (o.Root && !o.Stream && len(o.Fields) > 0)
	}

	// Start from the objects with a concurrent field and spread the flag to
	// every type that reaches one of them without a concurrent field of its
	// own in between, until nothing changes.
	for _, o := range data.Objects {
		if o.IsConcurrent() {
			an.blocking[o.Name] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, o := range data.Objects {
			if an.blocking[o.Name] {
				continue
			}
			for _, f := range o.Fields {
				if def := f.returnDefinition(); def != nil && an.blocking[def.Name] {
					an.blocking[o.Name], changed = true, true
					break
				}
			}
		}
		for name, iface := range data.Interfaces {
			if an.blocking[name] {
				continue
			}
			for _, impl := range iface.Implementors {
				if an.blocking[impl.Name] {
					an.blocking[name], changed = true, true
					break
				}
			}
		}
	}
	return an
}

// decl starts the declaration of the generated function name, up to and
// including the first parameter (ctx) and, with function syntax, the
// execution context: the template writes the rest of the parameters.
func (g *genFile) decl(name string) string {
	if g.Config.UseFunctionSyntaxForExecutionContext {
		return "func " + name + "(ctx context.Context, ec *executionContext, "
	}
	return "func (ec *executionContext) " + name + "(ctx context.Context, "
}

// call is a call of the generated function name; args start with the
// context.
func (g *genFile) call(name string, args ...string) string {
	if g.Config.UseFunctionSyntaxForExecutionContext {
		if len(args) == 0 {
			return name + "(ec)"
		}
		all := append([]string{args[0], "ec"}, args[1:]...)
		return name + "(" + strings.Join(all, ", ") + ")"
	}
	return "ec." + name + "(" + strings.Join(args, ", ") + ")"
}

// declFunc starts the declaration of a generated function that is not a
// method of executionContext, as decl does: the per-field functions
// (_<Object>_<field>, fieldContext_, resolveBatch_) and the
// argument parsers. It takes the execution context first, so that its name
// is a func(*executionContext, context.Context, ...) as a method expression
// would be. They are most of a schema's functions, and the compiler looks
// up a type's methods by going through them one by one: as methods, a
// 5,000-type schema spent most of its compile there. With function syntax
// it is decl.
func (g *genFile) declFunc(name string) string {
	if g.Config.UseFunctionSyntaxForExecutionContext {
		return g.decl(name)
	}
	return "func " + name + "(ec *executionContext, ctx context.Context, "
}

// callFunc is call for a function declared with declFunc.
func (g *genFile) callFunc(name string, args ...string) string {
	if g.Config.UseFunctionSyntaxForExecutionContext {
		return g.call(name, args...)
	}
	return name + "(" + strings.Join(append([]string{"ec"}, args...), ", ") + ")"
}

// funcValue is a function value calling the generated function name, for
// passing where a func(ctx, params...) results is expected: a method value,
// or with function syntax a closure supplying ec.
func (g *genFile) funcValue(name, params, results string) string {
	if !g.Config.UseFunctionSyntaxForExecutionContext {
		return "ec." + name
	}
	return g.funcValueFunc(name, params, results)
}

// funcValueFunc is funcValue for a function declared with declFunc (and,
// with function syntax, for any): a closure supplying ec.
func (g *genFile) funcValueFunc(name, params, results string) string {
	var names []string
	for p := range strings.SplitSeq(params, ",") {
		if p = strings.TrimSpace(p); p != "" {
			names = append(names, strings.Fields(p)[0])
		}
	}
	return fmt.Sprintf("func(ctx context.Context, %s) %s { return %s }", params, results, g.callFunc(name, append([]string{"ctx"}, names...)...))
}

// methodExpr is the generated marshaller name, which takes a value of Go
// type goType, as a func(*executionContext, context.Context,
// ast.SelectionSet, goType) graphql.Marshaler: a method expression, or with
// function syntax a literal reordering the arguments.
func (g *genFile) methodExpr(name, goType string) string {
	if !g.Config.UseFunctionSyntaxForExecutionContext {
		return "(*executionContext)." + name
	}
	return fmt.Sprintf("func(ec *executionContext, ctx context.Context, sel ast.SelectionSet, v %s) graphql.Marshaler { return %s(ctx, ec, sel, v) }", goType, name)
}

// ref prints t as the file refers to it, any for empty interfaces.
func (g *genFile) ref(t types.Type) string {
	return strings.ReplaceAll(templates.CurrentImports.LookupType(t), "interface{}", "any")
}

// recoverPanics says generated code turns panics into field errors.
func (g *genFile) recoverPanics() bool { return !g.Config.OmitPanicHandler }

// flags is the graphql.FieldFlags expression the runtime's resolve helpers
// take for f: its nullability, whether panics are recovered and, with
// concurrent, that the (root) field may resolve alongside its siblings.
func (g *genFile) flags(f *Field, concurrent bool) string {
	var set []string
	if f.TypeReference.GQL.NonNull {
		set = append(set, "graphql.FieldNonNull")
	}
	if g.recoverPanics() {
		set = append(set, "graphql.FieldRecoverPanics")
	}
	if concurrent {
		set = append(set, "graphql.FieldConcurrent")
	}
	if len(set) == 0 {
		return "graphql.FieldNullable"
	}
	return strings.Join(set, "|")
}

// nullFlag is the graphql.FieldFlags expression of f's nullability alone,
// what FieldSet.CountInvalid takes.
func nullFlag(f *Field) string {
	if f.TypeReference.GQL.NonNull {
		return "graphql.FieldNonNull"
	}
	return "graphql.FieldNullable"
}

// src collects generated code that pieces write in turn.
type src struct{ b strings.Builder }

func (s *src) String() string { return s.b.String() }

// sortedObjects returns the objects in name order (Data keeps them so, but
// plugins may append).
func sortedObjects(objs Objects) Objects {
	out := slices.Clone(objs)
	slices.SortStableFunc(out, func(a, b *Object) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// sortedRefs returns the references in key order.
func sortedRefs(refs map[string]*config.TypeReference) []*config.TypeReference {
	out := make([]*config.TypeReference, 0, len(refs))
	for _, k := range slices.Sorted(maps.Keys(refs)) {
		out = append(out, refs[k])
	}
	return out
}

// sortedDirectives returns the directives in name order.
func sortedDirectives(dl DirectiveList) []*Directive {
	out := make([]*Directive, 0, len(dl))
	for _, k := range slices.Sorted(maps.Keys(dl)) {
		out = append(out, dl[k])
	}
	return out
}

package codegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// Data is everything the executable schema is generated from: the schema's
// objects, inputs, interfaces and directives, each bound to Go, and the type
// references whose marshalers the generated code needs. BuildData makes it;
// plugins (CodeGenerator) read it and may change it before GenerateCode
// renders it.
//
// With the follow-schema layout GenerateCode renders one Data per schema
// file, each holding only that file's share of Objects, Inputs, Interfaces
// and ReferencedTypes, while the roots and AllDirectives stay schema-wide.
type Data struct {
	// Schema is the parsed schema.
	Schema *ast.Schema
	// Config is the configuration the data was built from; Config.Sources
	// are the schema sources this Data covers (see Directives).
	Config *config.Config
	// Plugins are the plugins of the run, as handed to BuildData.
	Plugins []any

	// QueryRoot, MutationRoot and SubscriptionRoot are the operation roots
	// among Objects; the last two are nil when the schema has none.
	QueryRoot, MutationRoot, SubscriptionRoot *Object

	// Objects are the output object types, sorted by name, roots included;
	// Inputs the input object types, sorted by name.
	Objects, Inputs Objects
	// Interfaces holds the interfaces and unions, by name.
	Interfaces map[string]*Interface
	// AllDirectives are the directives of the whole schema that run at
	// execution time (those not marked skip_runtime). Use Directives for
	// the ones declared in this Data's sources.
	AllDirectives DirectiveList
	// ReferencedTypes holds every type reference the generated code
	// marshals or unmarshals, keyed by TypeReference.UniquenessKey.
	ReferencedTypes map[string]*config.TypeReference
	// ComplexityRoots is kept for plugins written against older versions;
	// BuildData leaves it empty.
	ComplexityRoots map[string]*Object

	// AugmentedSources are the schema sources as the generated code embeds
	// them.
	AugmentedSources []AugmentedSource

	// batchTypes caches the names of the objects with batch fields; for a
	// per-file Data it is copied from the schema-wide one.
	batchTypes map[string]bool
}

// AugmentedSource is a schema source together with how the generated code
// refers to it.
type AugmentedSource struct {
	// RelativePath is the source's path relative to the exec package
	// directory, in slash form; it names the source in the generated code.
	RelativePath string
	// Embeddable says the file lies inside the exec package directory, so
	// the generated code reads it with //go:embed instead of holding a copy.
	Embeddable bool
	// BuiltIn marks sources gqlgen or a plugin supplied.
	BuiltIn bool
	// Source is the source text.
	Source string
}

// ChildFieldType is an object type that some field returns. The generated
// code has one childFields_<Type> function per such type, shared by the
// FieldContext.Child functions of all the fields returning it.
type ChildFieldType struct {
	// TypeName is the object's name.
	TypeName string
	// Definition is the object's definition.
	Definition *ast.Definition
}

// HasEmbeddableSources reports whether any source is read with //go:embed.
func (d *Data) HasEmbeddableSources() bool {
	return slices.ContainsFunc(d.AugmentedSources, func(s AugmentedSource) bool { return s.Embeddable })
}

// Directives returns the runtime directives declared in the sources this
// Data covers (Config.Sources); for a Data covering the whole schema that
// is AllDirectives.
func (d *Data) Directives() DirectiveList {
	own := make(map[string]bool, len(d.Config.Sources))
	for _, src := range d.Config.Sources {
		own[src.Name] = true
	}
	out := DirectiveList{}
	for name, dir := range d.AllDirectives {
		if dir.DirectiveDefinition != nil && dir.Position != nil && dir.Position.Src != nil && own[dir.Position.Src.Name] {
			out[name] = dir
		}
	}
	return out
}

// UserDirectives returns the directives of Directives that the user
// implements through DirectiveRoot.
func (d *Data) UserDirectives() DirectiveList {
	out := DirectiveList{}
	for name, dir := range d.Directives() {
		if dir.Implementation == nil {
			out[name] = dir
		}
	}
	return out
}

// BuiltInDirectives returns the directives of Directives whose
// implementation the configuration supplies (directives.<name>.implementation).
func (d *Data) BuiltInDirectives() DirectiveList {
	out := DirectiveList{}
	for name, dir := range d.Directives() {
		if dir.Implementation != nil {
			out[name] = dir
		}
	}
	return out
}

// Args returns the argument lists that need a generated parser, keyed by
// the parser's name: those of fields (Field.ArgsFunc) and of the directives
// of this Data's sources (Directive.ArgsFunc).
func (d *Data) Args() map[string][]*FieldArgument {
	out := map[string][]*FieldArgument{}
	for _, o := range d.Objects {
		for _, f := range o.Fields {
			if len(f.Args) > 0 {
				out[f.ArgsFunc()] = f.Args
			}
		}
	}
	for _, dir := range d.Directives() {
		if len(dir.Args) > 0 {
			out[dir.ArgsFunc()] = dir.Args
		}
	}
	return out
}

// UniqueChildFieldTypes returns, sorted by name, the object types (with
// fields) that fields of Objects return.
func (d *Data) UniqueChildFieldTypes() []*ChildFieldType {
	seen := map[string]bool{}
	var out []*ChildFieldType
	for _, o := range d.Objects {
		for _, f := range o.Fields {
			def := f.returnDefinition()
			if def == nil || def.Kind != ast.Object || len(def.Fields) == 0 || seen[def.Name] {
				continue
			}
			seen[def.Name] = true
			out = append(out, &ChildFieldType{TypeName: def.Name, Definition: def})
		}
	}
	slices.SortFunc(out, func(a, b *ChildFieldType) int { return strings.Compare(a.TypeName, b.TypeName) })
	return out
}

// batchFieldTypes returns the names of the non-root objects that resolve a
// field with a batch resolver. It is worked out on first use, because
// plugins may add fields after BuildData.
func (d *Data) batchFieldTypes() map[string]bool {
	if d.batchTypes == nil {
		d.batchTypes = map[string]bool{}
		for _, o := range d.Objects {
			if !o.Root && slices.ContainsFunc(o.Fields, (*Field).IsBatch) {
				d.batchTypes[o.Name] = true
			}
		}
	}
	return d.batchTypes
}

// HasBatchFields reports whether the object typeName resolves a field with a
// batch resolver, so that lists of it must register their elements as batch
// parents.
func (d *Data) HasBatchFields(typeName string) bool { return d.batchFieldTypes()[typeName] }

// HasBatchResolverFields reports whether any object has batch fields.
func (d *Data) HasBatchResolverFields() bool { return len(d.batchFieldTypes()) > 0 }

// BatchImplementors returns the implementors of the interface or union name
// that have batch fields, in the interface's implementor order.
func (d *Data) BatchImplementors(name string) []InterfaceImplementor {
	iface := d.Interfaces[name]
	if iface == nil {
		return nil
	}
	var out []InterfaceImplementor
	for _, impl := range iface.Implementors {
		if d.HasBatchFields(impl.Name) {
			out = append(out, impl)
		}
	}
	return out
}

// The four helpers below spell the execution context in generated code,
// which is a method receiver by default and a leading parameter with
// use_function_syntax_for_execution_context.

// FuncReceiver is written before a generated function's name:
// "(ec *executionContext) ", or "" with function syntax.
func (d *Data) FuncReceiver() string { return d.ecSpelling("(ec *executionContext) ", "") }

// ECFuncParam is written after a generated function's ctx parameter:
// "ec *executionContext, " with function syntax, else "".
func (d *Data) ECFuncParam() string { return d.ecSpelling("", "ec *executionContext, ") }

// ECDot is written before the name of a called generated function: "ec.",
// or "" with function syntax.
func (d *Data) ECDot() string { return d.ecSpelling("ec.", "") }

// ECArg is written after the ctx argument of a call to a generated
// function: "ec, " with function syntax, else "".
func (d *Data) ECArg() string { return d.ecSpelling("", "ec, ") }

// ecSpelling picks the spelling for methods or for function syntax.
func (d *Data) ecSpelling(method, function string) string {
	if d.Config != nil && d.Config.UseFunctionSyntaxForExecutionContext {
		return function
	}
	return method
}

// ImplDirectivesField is what a chain of directive calls around a value
// needs to know: Field and FieldArgument implement it.
type ImplDirectivesField interface {
	// ImplDirectives are the directives to call, innermost first.
	ImplDirectives() []*Directive
	// DirectiveObjName is the expression passed to directives as obj.
	DirectiveObjName() string
	// ZeroVal declares zeroVal, the value returned on failure.
	ZeroVal() string
}

// ImplDirectivesContext describes one chain of directive calls for a
// template: around what (Field), and how a failure returns.
type ImplDirectivesContext struct {
	// Data is the data being rendered.
	Data *Data
	// Field is what the chain wraps.
	Field ImplDirectivesField
	// ErrVal is the expression returned, with the error, on failure.
	ErrVal string
	// ErrWrap wraps the error with graphql.ErrorOnPath.
	ErrWrap bool
}

// ErrReturn is the Go code returning ErrVal and the error errExpr.
func (c ImplDirectivesContext) ErrReturn(errExpr string) string {
	if c.ErrWrap {
		return fmt.Sprintf("return %s, graphql.ErrorOnPath(ctx, %s)", c.ErrVal, errExpr)
	}
	return fmt.Sprintf("%s\nreturn %s, %s", c.Field.ZeroVal(), c.ErrVal, errExpr)
}

// QueryDirectivesContext describes the operation-level directives (QUERY,
// MUTATION, SUBSCRIPTION locations) for a template.
type QueryDirectivesContext struct {
	// Data is the data being rendered.
	Data *Data
	// DirectiveList are the directives allowed at the location.
	DirectiveList DirectiveList
}

// ImplDirectivesCtx describes the chain for a field or argument: failure
// returns zeroVal and the bare error.
func (d *Data) ImplDirectivesCtx(f ImplDirectivesField) ImplDirectivesContext {
	return ImplDirectivesContext{Field: f, Data: d, ErrVal: "zeroVal"}
}

// QueryDirectivesCtx describes the directives dl for a template.
func (d *Data) QueryDirectivesCtx(dl DirectiveList) QueryDirectivesContext {
	return QueryDirectivesContext{DirectiveList: dl, Data: d}
}

// InputObjectImplDirectivesCtx describes the chain of INPUT_OBJECT
// directives run on a whole input object once its fields are read: obj is
// the unmarshaled map, and a failure returns errVal with the error put on
// the input's path.
func (d *Data) InputObjectImplDirectivesCtx(obj *Object, errVal string) ImplDirectivesContext {
	return ImplDirectivesContext{Field: inputObjectDirectives{obj}, Data: d, ErrVal: errVal, ErrWrap: true}
}

// inputObjectDirectives is the ImplDirectivesField of an input object's own
// directives.
type inputObjectDirectives struct{ o *Object }

func (i inputObjectDirectives) DirectiveObjName() string     { return "asMap" }
func (i inputObjectDirectives) ImplDirectives() []*Directive { return i.o.InputObjectDirectives() }
func (i inputObjectDirectives) ZeroVal() string              { return "" }

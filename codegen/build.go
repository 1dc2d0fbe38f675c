package codegen

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// builder holds what BuildData needs while it binds the schema.
type builder struct {
	cfg    *config.Config
	schema *ast.Schema
	binder *config.Binder
	// declared are all the schema's directives, runtime or not, by name.
	declared map[string]*Directive
}

// BuildData binds the schema of cfg (after cfg.Init) to Go and returns the
// model the executable schema is generated from. plugins are recorded in
// Data.Plugins.
//
// Fields that cannot be bound to their model (no struct field or method
// matches) become resolver fields, with a log line saying why; a model type
// that cannot be found at all is an error.
func BuildData(cfg *config.Config, plugins ...any) (*Data, error) {
	cfg.ReloadAllPackages()
	b := &builder{cfg: cfg, schema: cfg.Schema, binder: cfg.NewBinder()}
	if b.schema == nil {
		return nil, errors.New("codegen: the configuration has no schema loaded")
	}
	if err := b.declareDirectives(); err != nil {
		return nil, err
	}

	data := &Data{
		Config:        cfg,
		Schema:        b.schema,
		Interfaces:    map[string]*Interface{},
		AllDirectives: DirectiveList{},
		Plugins:       plugins,
	}
	for name, d := range b.declared {
		if !d.SkipRuntime {
			data.AllDirectives[name] = d
		}
	}

	for _, name := range sortedTypeNames(b.schema) {
		def := b.schema.Types[name]
		switch def.Kind {
		case ast.Object:
			obj, err := b.buildObject(def)
			if err != nil {
				return nil, fmt.Errorf("unable to build object definition: %w", err)
			}
			data.Objects = append(data.Objects, obj)
		case ast.InputObject:
			obj, err := b.buildObject(def)
			if err != nil {
				return nil, fmt.Errorf("unable to build input definition: %w", err)
			}
			data.Inputs = append(data.Inputs, obj)
		case ast.Interface, ast.Union:
			iface, err := b.buildInterface(def)
			if err != nil {
				return nil, fmt.Errorf("unable to bind to interface: %w", err)
			}
			data.Interfaces[name] = iface
		}
	}

	if b.schema.Query == nil {
		return nil, errors.New("query entry point missing")
	}
	data.QueryRoot = data.Objects.ByName(b.schema.Query.Name)
	if b.schema.Mutation != nil {
		data.MutationRoot = data.Objects.ByName(b.schema.Mutation.Name)
	}
	if b.schema.Subscription != nil {
		data.SubscriptionRoot = data.Objects.ByName(b.schema.Subscription.Name)
	}
	if err := b.addIntrospectionFields(data.QueryRoot); err != nil {
		return nil, err
	}

	data.ReferencedTypes = collectReferences(b.binder.References)

	if b.binder.SawInvalid {
		if errs := cfg.Packages.Errors(); len(errs) > 0 {
			return nil, errs
		}
		return nil, errors.New("invalid types were encountered while traversing the go source code, this probably means the invalid code generated isnt correct. add try adding -v to debug")
	}

	sources, err := b.augmentedSources()
	if err != nil {
		return nil, err
	}
	data.AugmentedSources = sources
	fitMethodLimit(data)
	return data, nil
}

// sortedTypeNames returns the names of the schema's types in order, so
// that binding (and the log lines it writes) is deterministic.
func sortedTypeNames(schema *ast.Schema) []string {
	names := make([]string, 0, len(schema.Types))
	for name := range schema.Types {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// addIntrospectionFields gives the query root its __schema and __type
// fields, from the definitions gqlparser put on the query type.
func (b *builder) addIntrospectionFields(query *Object) error {
	if query == nil {
		return errors.New("root query type must be defined")
	}
	for _, name := range []string{"__type", "__schema"} {
		def := b.schema.Query.Fields.ForName(name)
		if def == nil {
			return fmt.Errorf("gqlparser did not add %s to the query type", name)
		}
		f, err := b.buildField(query, def)
		if err != nil {
			return err
		}
		query.Fields = append(query.Fields, f)
	}
	return nil
}

// collectReferences keys refs by UniquenessKey, adding the element
// references of lists and pointers whose marshalers delegate to them.
func collectReferences(refs []*config.TypeReference) map[string]*config.TypeReference {
	out := make(map[string]*config.TypeReference, len(refs))
	var add func(ref *config.TypeReference)
	add = func(ref *config.TypeReference) {
		key := ref.UniquenessKey()
		if prev, ok := out[key]; ok && prev.GQL.String() != ref.GQL.String() {
			panic(fmt.Sprintf("non-unique key %q, trying to replace %s with %s", key, prev.GQL, ref.GQL))
		}
		out[key] = ref
		if ref.IsSlice() || ref.IsPtrToSlice() || ref.IsPtrToPtr() || ref.IsPtrToIntf() {
			add(ref.Elem())
		}
	}
	for _, ref := range refs {
		add(ref)
	}
	return out
}

// buildObject binds an object or input object type and its fields.
func (b *builder) buildObject(def *ast.Definition) (*Object, error) {
	dirs, err := b.applied(def.Directives)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", def.Name, err)
	}
	obj := &Object{
		Definition:               def,
		Directives:               dirs,
		Root:                     b.cfg.IsRoot(def),
		Stream:                   def == b.schema.Subscription,
		DisableConcurrency:       def == b.schema.Mutation,
		PointersInUnmarshalInput: b.cfg.ReturnPointersInUnmarshalInput,
	}
	obj.ResolverInterface = types.NewNamed(
		types.NewTypeName(0, b.cfg.Exec.Pkg(), templates.UcFirst(def.Name)+"Resolver", nil), nil, nil)
	if !obj.Root {
		if obj.Type, err = b.binder.DefaultUserObject(def.Name); err != nil {
			return nil, err
		}
	}
	for _, iface := range b.schema.GetImplements(def) {
		obj.Implements = append(obj.Implements, b.schema.Types[iface.Name])
	}
	for _, fd := range def.Fields {
		if strings.HasPrefix(fd.Name, "__") {
			continue
		}
		f, err := b.buildField(obj, fd)
		if err != nil {
			return nil, err
		}
		obj.Fields = append(obj.Fields, f)
	}
	return obj, nil
}

// buildInterface binds an interface or union to its Go interface and works
// out the cases of the type switch over its values.
func (b *builder) buildInterface(def *ast.Definition) (*Interface, error) {
	goType, err := b.binder.DefaultUserObject(def.Name)
	if err != nil {
		return nil, err
	}
	iface := &Interface{Definition: def, Type: goType, InTypemap: b.cfg.Models.UserDefined(def.Name)}
	named, _ := types.Unalias(goType).(*types.Named)
	if named == nil {
		return nil, fmt.Errorf("%s is not an interface", goType)
	}
	methods, ok := named.Underlying().(*types.Interface)
	if !ok {
		return nil, fmt.Errorf("%s is not an interface", goType)
	}

	// Objects implementing more interfaces are the more specific cases and
	// come first; among equals the reverse name order keeps the result
	// stable.
	possible := slices.Clone(b.schema.GetPossibleTypes(def))
	slices.SortStableFunc(possible, func(x, y *ast.Definition) int {
		if d := len(y.Interfaces) - len(x.Interfaces); d != 0 {
			return d
		}
		return strings.Compare(y.Name, x.Name)
	})

	for _, impl := range possible {
		implType, err := b.binder.DefaultUserObject(impl.Name)
		if err != nil {
			return nil, fmt.Errorf("%s has no backing go type", impl.Name)
		}
		implNamed, ok := types.Unalias(implType).(*types.Named)
		if !ok {
			return nil, fmt.Errorf("can not find backing go type %s: expected %s to be a named type, instead found %T", implType, implType, implType)
		}
		matched := false
		if types.Implements(implNamed, methods) {
			iface.Implementors = append(iface.Implementors, InterfaceImplementor{
				Definition: impl, Type: implType, TakeRef: !types.IsInterface(implType),
			})
			matched = true
		}
		if types.Implements(types.NewPointer(implNamed), methods) {
			iface.Implementors = append(iface.Implementors, InterfaceImplementor{
				Definition: impl, Type: types.NewPointer(implType),
			})
			matched = true
		}
		if !matched {
			return nil, fmt.Errorf("%s does not satisfy the interface %s", implNamed, goType)
		}
	}
	return iface, nil
}

// augmentedSources describes the schema sources for the generated code,
// relative to the exec package directory.
func (b *builder) augmentedSources() ([]AugmentedSource, error) {
	sources, err := SerializeTransformedSchema(b.schema, b.cfg.Sources)
	if err != nil {
		return nil, fmt.Errorf("failed to serialize transformed schema: %w", err)
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("failed to get working directory: %w", err)
	}
	outDir := b.cfg.Exec.Dir()
	out := make([]AugmentedSource, 0, len(sources))
	for _, src := range sources {
		path := src.Name
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		rel, err := filepath.Rel(outDir, path)
		if err != nil {
			return nil, fmt.Errorf("failed to compute path of %s relative to %s: %w", path, outDir, err)
		}
		rel = filepath.ToSlash(rel)
		out = append(out, AugmentedSource{
			RelativePath: rel,
			Embeddable:   !src.BuiltIn && !strings.HasPrefix(rel, ".."),
			BuiltIn:      src.BuiltIn,
			Source:       src.Input,
		})
	}
	return out, nil
}

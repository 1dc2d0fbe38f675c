package modelgen

import (
	"fmt"
	"go/types"
	"sort"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// builder turns the schema into a ModelBuild. Names are handed out by
// templates.ToGoModelName, which remembers them for the whole process, so
// the order in which types are visited decides which of two clashing names
// gets a numeric suffix: the schema types are visited sorted by name.
type builder struct {
	p      *Plugin
	cfg    *config.Config
	binder *config.Binder
	b      *ModelBuild
}

// build collects every type to generate, sorted by name, and registers the
// generated Go types in cfg.Models.
func (bd *builder) build() error {
	cfg := bd.cfg
	b := bd.b

	bases, err := newEmbeddedInterfaceGenerator(cfg, bd.binder, nil, b).generateAllInterfaceBaseStructs()
	if err != nil {
		return err
	}
	for _, spec := range bases {
		obj, err := bd.baseStruct(spec)
		if err != nil {
			return err
		}
		b.Models = append(b.Models, obj)
	}

	defs := sortedDefinitions(cfg.Schema)
	for _, def := range defs {
		if (def.Kind == ast.Interface || def.Kind == ast.Union) && !cfg.Models.UserDefined(def.Name) {
			it, err := bd.iface(def)
			if err != nil {
				return err
			}
			b.Interfaces = append(b.Interfaces, it)
		}
	}
	for _, def := range defs {
		if cfg.Models.UserDefined(def.Name) {
			continue
		}
		switch def.Kind {
		case ast.Object, ast.InputObject:
			obj, err := bd.object(def)
			if err != nil {
				return err
			}
			if obj != nil {
				b.Models = append(b.Models, obj)
			}
		case ast.Enum:
			b.Enums = append(b.Enums, enumOf(cfg, def))
		case ast.Scalar:
			b.Scalars = append(b.Scalars, def.Name)
		}
	}

	sort.Slice(b.Enums, func(i, j int) bool { return b.Enums[i].Name < b.Enums[j].Name })
	sort.Slice(b.Models, func(i, j int) bool { return b.Models[i].Name < b.Models[j].Name })
	sort.Slice(b.Interfaces, func(i, j int) bool { return b.Interfaces[i].Name < b.Interfaces[j].Name })

	if !cfg.StructFieldsAlwaysPointers {
		pointerizeCycles(b.Models)
	}

	bd.register()
	return nil
}

// register binds every generated type in cfg.Models and lists, on each
// interface, the models implementing it.
func (bd *builder) register() {
	cfg, b := bd.cfg, bd.b
	pkg := cfg.Model.ImportPath()
	for _, e := range b.Enums {
		cfg.Models.Add(e.Name, pkg+"."+templates.ToGoModelName(e.Name))
	}
	for _, m := range b.Models {
		cfg.Models.Add(m.Name, pkg+"."+templates.ToGoModelName(m.Name))
	}
	for _, it := range b.Interfaces {
		for _, m := range b.Models {
			for _, name := range m.Implements {
				// Federation's _Entity is implemented by reference only.
				if name == it.Name && name != "_Entity" {
					it.Models = append(it.Models, m)
				}
			}
		}
		cfg.Models.Add(it.Name, pkg+"."+templates.ToGoModelName(it.Name))
	}
	for _, s := range b.Scalars {
		cfg.Models.Add(s, "github.com/99designs/gqlgen/graphql.String")
	}
}

func (b *ModelBuild) empty() bool {
	return len(b.Models) == 0 && len(b.Enums) == 0 && len(b.Interfaces) == 0 && len(b.Scalars) == 0
}

func sortedDefinitions(schema *ast.Schema) []*ast.Definition {
	defs := make([]*ast.Definition, 0, len(schema.Types))
	for _, def := range schema.Types {
		defs = append(defs, def)
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	return defs
}

func enumOf(cfg *config.Config, def *ast.Definition) *Enum {
	e := &Enum{Name: def.Name, Description: def.Description, OmitJSONMarshalers: cfg.OmitEnumJSONMarshalers}
	for _, v := range def.EnumValues {
		e.Values = append(e.Values, &EnumValue{Name: v.Name, Description: v.Description})
	}
	return e
}

// iface builds a schema interface or union. Its fields become getters
// unless omit_getters is set; a federation entity interface (@key) also
// implements _Entity.
func (bd *builder) iface(def *ast.Definition) (*Interface, error) {
	it := &Interface{
		Description: def.Description,
		Name:        def.Name,
		Implements:  def.Interfaces,
		OmitCheck:   bd.cfg.OmitInterfaceChecks,
	}
	if !bd.cfg.OmitGetters {
		fields, err := bd.fields(def, false)
		if err != nil {
			return nil, err
		}
		it.Fields = fields
	}
	if def.Directives.ForName("key") != nil {
		it.Implements = append(it.Implements, "_Entity")
	}
	return it, nil
}

// object builds an object or input object. Root operation types become
// empty structs, or nothing with omit_root_models.
func (bd *builder) object(def *ast.Definition) (*Object, error) {
	if bd.cfg.IsRoot(def) {
		if bd.cfg.OmitRootModels {
			return nil, nil
		}
		return &Object{Description: def.Description, Name: def.Name}, nil
	}
	fields, err := bd.fields(def, true)
	if err != nil {
		return nil, err
	}
	obj := &Object{Description: def.Description, Name: def.Name, Fields: fields}

	// The interfaces and unions containing the type, then the interfaces
	// those extend, each once: every one needs its marker method.
	seen := map[string]bool{}
	add := func(name string) {
		if !seen[name] {
			seen[name] = true
			obj.Implements = append(obj.Implements, name)
		}
	}
	for _, container := range bd.cfg.Schema.GetImplements(def) {
		add(container.Name)
		for _, parent := range container.Interfaces {
			add(parent)
		}
	}
	return obj, nil
}

// baseStruct builds the Base struct of an embeddable interface.
func (bd *builder) baseStruct(spec *baseStructSpec) (*Object, error) {
	var fields []*Field
	for _, t := range spec.Embeds {
		fields = append(fields, &Field{Type: t})
	}
	for _, fd := range spec.Fields {
		f, err := bd.field(spec.Interface, fd)
		if err != nil {
			return nil, err
		}
		if f != nil {
			fields = append(fields, f)
		}
	}
	fields = append(fields, extraFields(bd.cfg, spec.Interface.Name)...)
	return &Object{
		Description: spec.Interface.Description,
		Name:        bd.cfg.EmbeddedStructsPrefix + spec.Interface.Name,
		Fields:      fields,
		Implements:  spec.Implements,
	}, nil
}

// fields builds the fields of def in schema order, then its extra fields.
// With embedding set, fields provided by an embedded Base struct are
// replaced by that struct.
func (bd *builder) fields(def *ast.Definition, embedding bool) ([]*Field, error) {
	var model *ModelBuild
	if embedding {
		model = bd.b
	}
	embeds := newEmbeddedInterfaceGenerator(bd.cfg, bd.binder, def, model).generateEmbeddedFields(def.Fields)

	fields := []*Field{}
	for _, fd := range def.Fields {
		if embedded, ok := embeds[fd.Name]; ok {
			if embedded != nil {
				fields = append(fields, embedded)
			}
			continue
		}
		f, err := bd.field(def, fd)
		if err != nil {
			return nil, err
		}
		if f != nil {
			fields = append(fields, f)
		}
	}
	return append(fields, extraFields(bd.cfg, def.Name)...), nil
}

// field builds one field of def, or returns nil when the field hook or
// omit_resolver_fields drops it.
func (bd *builder) field(def *ast.Definition, fd *ast.FieldDefinition) (*Field, error) {
	cfg := bd.cfg
	settings := cfg.Models[def.Name].Fields[fd.Name]

	typ, err := bd.goType(fd.Type.Name())
	if err != nil {
		return nil, err
	}
	typ = bd.binder.CopyModifiersFromAst(fd.Type, typ)
	if cfg.StructFieldsAlwaysPointers && isStruct(typ) {
		if k := cfg.Schema.Types[fd.Type.Name()].Kind; k == ast.Object || k == ast.InputObject {
			typ = types.NewPointer(typ)
		}
	}
	if settings.Type != "" {
		typ = parseTypeString(settings.Type)
	}

	name := templates.ToGo(fd.Name)
	if settings.FieldName != "" {
		name = settings.FieldName
	}

	f := &Field{
		Description:   fd.Description,
		Name:          fd.Name,
		GoName:        name,
		Type:          typ,
		Tag:           jsonTag(cfg, fd),
		IsResolver:    settings.Resolver,
		Omittable:     cfg.NullableInputOmittable && def.Kind == ast.InputObject && !fd.Type.NonNull,
		ForceGenerate: settings.ForceGenerate,
	}
	if settings.Omittable != nil {
		f.Omittable = *settings.Omittable
	}

	if bd.p.FieldHook != nil {
		hooked, err := bd.p.FieldHook(def, fd, f)
		if err != nil {
			return nil, fmt.Errorf("generror: field %v.%v: %w", def.Name, fd.Name, err)
		}
		if hooked == nil {
			return nil, nil
		}
		f = hooked
	}

	if f.IsResolver && cfg.OmitResolverFields && !f.ForceGenerate {
		return nil, nil
	}
	if f.Omittable {
		if def.Kind != ast.InputObject || fd.Type.NonNull {
			return nil, fmt.Errorf("generror: field %v.%v: omittable is only applicable to nullable input fields", def.Name, fd.Name)
		}
		generic, err := bd.binder.FindTypeFromName("github.com/99designs/gqlgen/graphql.Omittable")
		if err != nil {
			return nil, err
		}
		if f.Type, err = bd.binder.InstantiateType(generic, []types.Type{f.Type}); err != nil {
			return nil, fmt.Errorf("generror: field %v.%v: %w", def.Name, fd.Name, err)
		}
	}
	return f, nil
}

// goType is the Go type of a field of schema type name, before list and
// nullability modifiers: the bound type, or the one this plugin generates.
func (bd *builder) goType(name string) (types.Type, error) {
	cfg := bd.cfg
	if cfg.Models.UserDefined(name) {
		return bd.binder.FindTypeFromName(cfg.Models[name].Model[0])
	}
	def := cfg.Schema.Types[name]
	if def == nil {
		return nil, fmt.Errorf("type %s is not in the schema", name)
	}
	pkg := cfg.Model.Pkg()
	named := func(goName string, underlying types.Type) types.Type {
		return types.NewNamed(types.NewTypeName(0, pkg, goName, nil), underlying, nil)
	}
	switch def.Kind {
	case ast.Scalar:
		// A scalar nothing binds is generated as (and later bound to) a string.
		return named("string", nil), nil
	case ast.Interface, ast.Union:
		return named(templates.ToGo(name), types.NewInterfaceType(nil, nil)), nil
	case ast.Enum:
		return named(templates.ToGo(name), nil), nil
	case ast.Object, ast.InputObject:
		return named(templates.ToGoModelName(name), types.NewStruct(nil, nil)), nil
	}
	return nil, fmt.Errorf("type %s: unexpected kind %s", name, def.Kind)
}

// extraFields returns the fields gqlgen.yml or @goExtraField adds to the
// model of type typeName: named ones sorted by name, then embedded ones
// sorted by type. Their tag is json:"-" unless overridden.
func extraFields(cfg *config.Config, typeName string) []*Field {
	entry := cfg.Models[typeName]
	if len(entry.ExtraFields) == 0 && len(entry.EmbedExtraFields) == 0 {
		return nil
	}
	make1 := func(name string, spec config.ModelExtraField) *Field {
		tag := `json:"-"`
		if spec.OverrideTags != "" {
			tag = spec.OverrideTags
		}
		return &Field{Name: name, GoName: name, Type: parseTypeString(spec.Type), Description: spec.Description, Tag: tag}
	}
	var named, embedded []*Field
	for name, spec := range entry.ExtraFields {
		named = append(named, make1(name, spec))
	}
	for _, spec := range entry.EmbedExtraFields {
		embedded = append(embedded, make1("", spec))
	}
	sort.Slice(named, func(i, j int) bool { return named[i].Name < named[j].Name })
	sort.SliceStable(embedded, func(i, j int) bool { return embedded[i].Type.String() < embedded[j].Type.String() })
	return append(named, embedded...)
}

func isStruct(t types.Type) bool {
	u := t.Underlying()
	_, ok := u.(*types.Struct)
	return ok
}

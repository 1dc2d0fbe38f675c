package federation

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
)

// settingRepresentationNames is the gqlgen.yml key errors point at.
const settingRepresentationNames = "federation.representation_names"

// matchedKeyField is the field of a root representation that says which
// @key the router's fields matched.
const matchedKeyField = "MatchedKey"

// repInput is a generated input type mirroring the part of a type the keys
// (and, for preloaded, the @requires) of a per-entity entity select: the
// argument of the entity's finder, or a nested object of one.
type repInput struct {
	name   string // GraphQL name, <Type>Representation unless renamed
	owner  string // the type it mirrors
	root   bool   // the finder's argument, carrying MatchedKey
	fields []repField
}

type repField struct {
	name   string // the owner's field name
	goName string // the Go name the owner binds it to
	typ    string // SDL type: the owner's, nullable, nested types replaced
}

func (r *repInput) sdl() string {
	var b strings.Builder
	b.WriteString("input " + r.name + " {\n")
	for _, f := range r.fields {
		b.WriteString("\t" + f.name + ": " + f.typ + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// repBuilder collects the representation inputs of all per-entity
// entities; a type reached from two entities gets one input.
type repBuilder struct {
	schema  *ast.Schema
	models  config.TypeMap
	names   map[string]string // representation_names, owner → name
	goTypes map[string]string
	byOwner map[string]*repInput
	byGo    map[string]*repInput
	all     []*repInput
}

// buildRepresentations returns the representation inputs of the
// per-entity entities, in the order they were first needed.
func buildRepresentations(entities []*Entity, schema *ast.Schema, models config.TypeMap, names map[string]string) ([]*repInput, error) {
	b := &repBuilder{
		schema: schema, models: models, names: names, goTypes: goTypeNames(schema),
		byOwner: map[string]*repInput{}, byGo: map[string]*repInput{},
	}
	for _, e := range entities {
		if !e.PerEntity {
			continue
		}
		if err := b.entity(e); err != nil {
			return nil, fmt.Errorf("entity %q: %w", e.Name, err)
		}
	}
	for _, owner := range slices.Sorted(maps.Keys(names)) {
		if b.byOwner[owner] == nil {
			return nil, fmt.Errorf("%s: no representation is generated for %q", settingRepresentationNames, owner)
		}
	}
	return b.all, nil
}

func (b *repBuilder) entity(e *Entity) error {
	root, err := b.input(e.Def)
	if err != nil {
		return err
	}
	root.root = true
	for _, r := range e.Resolvers {
		for _, k := range r.KeyFields {
			if err := b.addPath(root, e.Def, k.Field, "key"); err != nil {
				return err
			}
		}
	}
	if !e.IsPreloaded() {
		return nil
	}
	for _, req := range e.Requires {
		if req.Computed {
			continue
		}
		if err := b.addPath(root, e.Def, req.Field, "@requires"); err != nil {
			return err
		}
	}
	return nil
}

// input returns the representation of def, creating it.
func (b *repBuilder) input(def *ast.Definition) (*repInput, error) {
	if r := b.byOwner[def.Name]; r != nil {
		return r, nil
	}
	name, renamed := b.names[def.Name]
	if !renamed {
		name = def.Name + "Representation"
	}
	goName := templates.ToGo(name)
	if clash, ok := b.goTypes[goName]; ok {
		if renamed {
			return nil, fmt.Errorf("type %q has the same Go name as representation %s, named in %s; choose another name",
				clash, name, settingRepresentationNames)
		}
		return nil, fmt.Errorf("type %q has the same Go name as representation %s; rename %q, or name the representation of %q in %s",
			clash, name, clash, def.Name, settingRepresentationNames)
	}
	if other := b.byGo[goName]; other != nil {
		return nil, fmt.Errorf("the representations of %q and %q both have Go name %s; give one another name in %s",
			other.owner, def.Name, goName, settingRepresentationNames)
	}
	r := &repInput{name: name, owner: def.Name}
	b.byOwner[def.Name], b.byGo[goName] = r, r
	b.all = append(b.all, r)
	return r, nil
}

// addPath adds the field path selects (from def) to r, creating nested
// representations for the objects it passes through.
func (b *repBuilder) addPath(r *repInput, def *ast.Definition, path []string, kind string) error {
	fd := def.Fields.ForName(path[0])
	if fd == nil {
		return fmt.Errorf("%s field %q is not a field of %s", kind, path[0], def.Name)
	}
	target := b.schema.Types[fd.Type.Name()]
	if kind == "key" && (fd.Type.Elem != nil || target.Kind == ast.Union) {
		return fmt.Errorf("key field %s.%s has type %s; federation does not allow list or union fields in @key", def.Name, fd.Name, fd.Type)
	}
	leaf := target.Kind == ast.Scalar || target.Kind == ast.Enum
	if len(path) == 1 && !leaf {
		return fmt.Errorf("%s field %s.%s has %s type %s; select its fields", kind, def.Name, fd.Name, strings.ToLower(string(target.Kind)), target.Name)
	}
	named := target.Name
	if len(path) > 1 {
		if strings.HasPrefix(path[1], "...") {
			return fmt.Errorf("%s path through inline fragment %q on %s.%s is not supported with the %s option",
				kind, path[1], def.Name, fd.Name, optEntityResolverPerEntity)
		}
		nested, err := b.input(target)
		if err != nil {
			return err
		}
		if err := b.addPath(nested, target, path[1:], kind); err != nil {
			return err
		}
		named = nested.name
	}
	if slices.ContainsFunc(r.fields, func(f repField) bool { return f.name == fd.Name }) {
		return nil
	}
	typ := renamedType(fd.Type, named)
	typ.NonNull = false
	goName := b.models[r.name].Fields[fd.Name].FieldName
	if goName == "" {
		goName = boundFieldName(b.models, def.Name, fd)
	}
	r.fields = append(r.fields, repField{name: fd.Name, goName: goName, typ: typ.String()})
	return nil
}

// renamedType is t with its innermost named type replaced.
func renamedType(t *ast.Type, name string) *ast.Type {
	c := *t
	if c.Elem != nil {
		c.Elem = renamedType(c.Elem, name)
	} else {
		c.NamedType = name
	}
	return &c
}

// bindRepresentations configures the models of the representation inputs:
// their fields keep the Go names of the fields they mirror, and a root one
// gets the MatchedKey extra field typed <Type>MatchedKey.
func bindRepresentations(reps []*repInput, models config.TypeMap, modelPkg string) error {
	for _, r := range reps {
		entry := models[r.name]
		if entry.Fields == nil {
			entry.Fields = make(map[string]config.TypeMapField, len(r.fields))
		}
		for _, f := range r.fields {
			fc := entry.Fields[f.name]
			fc.FieldName = f.goName
			entry.Fields[f.name] = fc
		}
		if r.root {
			if _, taken := entry.ExtraFields[matchedKeyField]; taken {
				return fmt.Errorf("models.%s.extraFields.%s is reserved: gqlgen sets it to the @key the representation matched", r.name, matchedKeyField)
			}
			if entry.ExtraFields == nil {
				entry.ExtraFields = map[string]config.ModelExtraField{}
			}
			keyType := matchedKeyTypeName(r.owner)
			entry.ExtraFields[matchedKeyField] = config.ModelExtraField{
				Type: modelPkg + "." + keyType,
				Description: "The @key this representation matched: one of the " + keyType + " constants.\n" +
					"gqlgen sets it from the fields the router sent; the router does not send it.",
			}
		}
		models[r.name] = entry
	}
	return nil
}

// rootRepresentation is the finder argument of a per-entity entity.
func rootRepresentation(reps []*repInput, e *Entity) *repInput {
	for _, r := range reps {
		if r.root && r.owner == e.Name {
			return r
		}
	}
	return nil
}

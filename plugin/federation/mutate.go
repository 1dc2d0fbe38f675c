package federation

import (
	"fmt"
	"go/types"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// MutateConfig binds the types the plugin owns, configures the
// representation models, writes the MatchedKey file, marks the federation
// directives codegen-only, and prepares the computed and preloaded
// @requires strategies.
func (f *Federation) MutateConfig(cfg *config.Config) error {
	for name, entry := range reservedTypeMap() {
		if cfg.Models.Exists(name) {
			return fmt.Errorf("%v already exists which must be reserved when Federation is enabled", name)
		}
		cfg.Models[name] = entry
	}
	f.markFinders(cfg.Models)
	if err := bindRepresentations(f.reps, cfg.Models, cfg.Model.ImportPath()); err != nil {
		return err
	}
	if err := writeKeysFile(f.Entities, cfg); err != nil {
		return err
	}
	for _, name := range codegenOnly[f.version] {
		cfg.Directives[name] = config.DirectiveConfig{SkipRuntime: true}
	}
	if f.hasComputed() {
		if err := computedPrerequisites(f.version, cfg.CallArgumentDirectivesWithNull); err != nil {
			return err
		}
		f.addComputedRequires(cfg)
	}
	return f.addPreloadedFields(cfg)
}

// markFinders makes the fields of the Entity type resolvers up front, so
// codegen does not first look for them on fedruntime.Entity.
func (f *Federation) markFinders(models config.TypeMap) {
	entry := models["Entity"]
	entry.Fields = map[string]config.TypeMapField{}
	for _, e := range f.Entities {
		if e.PerEntity && len(e.Resolvers) > 0 {
			entry.Fields[e.PerEntityResolverName()] = config.TypeMapField{Resolver: true}
			continue
		}
		for _, r := range e.Resolvers {
			entry.Fields[r.ResolverName] = config.TypeMapField{Resolver: true}
		}
	}
	models["Entity"] = entry
}

// hasComputed reports a computed @requires field anywhere.
func (f *Federation) hasComputed() bool {
	for _, e := range f.Entities {
		for _, r := range e.Requires {
			if r.Computed {
				return true
			}
		}
	}
	return false
}

// addComputedRequires makes every computed @requires field a resolver with
// a _federationRequires: _RequiresMap argument that
// @populateFromRepresentations fills with the entity's representation.
// It edits cfg.Schema, which was parsed again after InjectSourcesLate, so
// it looks entities up by name rather than through Entity.Def.
func (f *Federation) addComputedRequires(cfg *config.Config) {
	populate, reference := internalDirectives()[0], internalDirectives()[1]
	impl := populateFromRepsImpl
	cfg.Schema.Directives[populate.Name] = populate
	cfg.Directives[populate.Name] = config.DirectiveConfig{Implementation: &impl}
	cfg.Schema.Directives[reference.Name] = reference
	cfg.Directives[reference.Name] = config.DirectiveConfig{SkipRuntime: true}

	cfg.Models[requiresMapScalar] = config.TypeMapEntry{Model: config.StringList{"github.com/99designs/gqlgen/graphql.Map"}}
	cfg.Schema.Types[requiresMapScalar] = &ast.Definition{
		Kind:        ast.Scalar,
		Name:        requiresMapScalar,
		Description: "An entity's representation, as a map[string]any, for a computed @requires field.",
	}

	for _, e := range f.Entities {
		def := cfg.Schema.Types[e.Name]
		if def == nil {
			continue
		}
		for _, field := range def.Fields {
			if field.Directives.ForName(dirRequires) == nil || !isComputed(e.RequiresStrategy, field) {
				continue
			}
			model := cfg.Models[e.Name]
			if model.Fields == nil {
				model.Fields = map[string]config.TypeMapField{}
			}
			fc := model.Fields[field.Name]
			fc.Resolver = true
			model.Fields[field.Name] = fc
			cfg.Models[e.Name] = model
			field.Arguments = append(field.Arguments, &ast.ArgumentDefinition{
				Name:       requiresArg,
				Type:       ast.NamedType(requiresMapScalar, nil),
				Directives: ast.DirectiveList{{Name: populate.Name, Definition: populate}},
			})
		}
	}
}

// addPreloadedFields puts the @requires fields of preloaded batch entities
// on their batch inputs, as extra fields of the generated models, so the
// batch finder sees them. Only flat scalar or enum @requires can be decoded
// there.
func (f *Federation) addPreloadedFields(cfg *config.Config) error {
	var binder *config.Binder
	for _, e := range f.Entities {
		if !e.IsPreloaded() || e.PerEntity || len(e.Requires) == 0 {
			continue
		}
		for _, req := range e.Requires {
			if req.Computed {
				continue
			}
			fd, err := preloadableField(cfg.Schema, e, req)
			if err != nil {
				return err
			}
			if binder == nil {
				binder = cfg.NewBinder()
			}
			ref, err := binder.TypeReference(fd.Type, nil)
			if err != nil {
				return fmt.Errorf("resolving Go type for @requires field %q on entity %q: %w", req.Field[0], e.Def.Name, err)
			}
			goType := types.TypeString(ref.GO, func(p *types.Package) string { return p.Path() })
			for _, r := range e.Resolvers {
				model := cfg.Models[r.InputTypeName]
				if model.ExtraFields == nil {
					model.ExtraFields = map[string]config.ModelExtraField{}
				}
				model.ExtraFields[req.Field.ToGo()] = config.ModelExtraField{Type: goType}
				cfg.Models[r.InputTypeName] = model
			}
		}
	}
	return nil
}

// preloadableField checks a @requires path can be preloaded onto a batch
// input and returns its field.
func preloadableField(schema *ast.Schema, e *Entity, req *Requires) (*ast.FieldDefinition, error) {
	if len(req.Field) != 1 {
		return nil, fmt.Errorf("preloaded_requires does not support nested @requires field %q on entity %q; only flat @requires fields are supported",
			req.Field.Join("."), e.Def.Name)
	}
	fd := e.Def.Fields.ForName(req.Field[0])
	if fd == nil {
		return nil, fmt.Errorf("@requires field %q not found on entity %q", req.Field[0], e.Def.Name)
	}
	leaf := fd.Type
	for leaf.Elem != nil {
		leaf = leaf.Elem
	}
	if def := schema.Types[leaf.NamedType]; def != nil && def.Kind != ast.Scalar && def.Kind != ast.Enum {
		return nil, fmt.Errorf("preloaded_requires does not support @requires field %q on entity %q: only scalar and enum fields can be reconstructed onto the representation, not %s %q",
			req.Field[0], e.Def.Name, def.Kind, leaf.NamedType)
	}
	return fd, nil
}

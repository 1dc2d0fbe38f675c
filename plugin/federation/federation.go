// Package federation is the gqlgen plugin that makes a schema an Apollo
// Federation subgraph (federation 1 or 2): it declares the federation
// directives, adds _service and _entities to Query, generates the
// EntityResolver interface the user implements (one finder per @key, a
// batch finder, or one finder per entity) and federation.go, which answers
// _entities by grouping the router's representations by type and calling
// the finders, delivering @requires fields by the chosen strategy.
package federation

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// Federation is the plugin. Its exported fields are filled while it runs
// and are what GenerateCode renders from.
type Federation struct {
	// Entities are the schema's @key types, sorted by name.
	Entities []*Entity
	// RequiresEntities are the entities with @requires fields, by name.
	RequiresEntities map[string]*Entity
	// PackageOptions are the parsed federation.options.
	PackageOptions PackageOptions

	version int
	// models is cfg.Models itself, so options applied after New are seen.
	models config.TypeMap
	// repNames is federation.representation_names.
	repNames map[string]string
	// reps are the representation inputs of per-entity finders.
	reps []*repInput
}

// New returns the plugin for federation version (1 or 2; 0 means 1),
// validating federation.options.
func New(version int, cfg *config.Config) (*Federation, error) {
	if version == 0 {
		version = 1
	}
	opts, err := parseOptions(cfg)
	if err != nil {
		return nil, fmt.Errorf("invalid federation package options: %w", err)
	}
	return &Federation{
		version:        version,
		PackageOptions: opts,
		models:         cfg.Models,
		repNames:       cfg.Federation.RepresentationNames,
	}, nil
}

// Name is "federation".
func (f *Federation) Name() string { return "federation" }

// InjectSourcesEarly declares the directives and scalars of the federation
// version, before the user's schema is parsed.
func (f *Federation) InjectSourcesEarly() ([]*ast.Source, error) {
	return []*ast.Source{{Name: preludeFile, Input: preludes[f.version], BuiltIn: true}}, nil
}

// InjectSourcesLate works out the entities of the parsed schema and adds
// what serves them: the _Entity union, the finders' Entity type and inputs,
// _Service, and the _entities and _service fields of Query.
func (f *Federation) InjectSourcesLate(schema *ast.Schema) ([]*ast.Source, error) {
	b := &entityBuilder{schema: schema, models: f.models, opts: f.PackageOptions, version: f.version}
	entities, err := b.build()
	if err != nil {
		return nil, err
	}
	if err := checkFinderNames(entities, schema); err != nil {
		return nil, err
	}
	f.Entities = entities
	if f.reps, err = buildRepresentations(entities, schema, f.models, f.repNames); err != nil {
		return nil, err
	}
	if err := checkMatchedKeyNames(entities, schema, f.reps); err != nil {
		return nil, err
	}
	return []*ast.Source{{Name: entityFile, BuiltIn: true, Input: f.entitySDL(schema)}}, nil
}

// entitySDL is the text of the late source.
func (f *Federation) entitySDL(schema *ast.Schema) string {
	var members, finders, inputs []string
	for _, r := range f.reps {
		inputs = append(inputs, r.sdl())
	}
	for _, e := range f.Entities {
		if e.Def.Kind != ast.Interface {
			members = append(members, e.Name)
		} else if len(schema.GetPossibleTypes(e.Def)) == 0 {
			fmt.Println("skipping @key field on interface " + e.Def.Name + " as no types implement it")
		}
		if e.PerEntity {
			rep := rootRepresentation(f.reps, e).name
			if e.Multi {
				finders = append(finders, fmt.Sprintf("  %s(reps: [%s!]!): [%s]", e.PerEntityResolverName(), rep, e.Name))
			} else {
				finders = append(finders, fmt.Sprintf("  %s(rep: %s!): %s!", e.PerEntityResolverName(), rep, e.Name))
			}
			continue
		}
		for _, r := range e.Resolvers {
			if e.Multi {
				var in strings.Builder
				in.WriteString("input " + r.InputTypeName + " {\n")
				for _, k := range r.KeyFields {
					fmt.Fprintf(&in, "  %s: %s\n", k.GoName, k.Definition.Type)
				}
				in.WriteString("}")
				inputs = append(inputs, in.String())
				finders = append(finders, fmt.Sprintf("  %s(reps: [%s]!): [%s]", r.ResolverName, r.InputTypeName, e.Name))
				continue
			}
			args := make([]string, len(r.KeyFields))
			for i, k := range r.KeyFields {
				args[i] = k.ArgName() + ": " + k.Definition.Type.String()
			}
			finders = append(finders, fmt.Sprintf("  %s(%s): %s!", r.ResolverName, strings.Join(args, ", "), e.Name))
		}
	}

	var blocks []string
	if len(members) > 0 {
		blocks = append(blocks, "# every type with a @key\nunion _Entity = "+strings.Join(members, " | "))
	}
	if len(finders) > 0 {
		blocks = append(blocks, inputs...)
		blocks = append(blocks, "# the finders the user implements, as resolvers of a type no query reaches\ntype Entity {\n"+strings.Join(finders, "\n")+"\n}")
	}
	blocks = append(blocks, "type _Service {\n  sdl: String\n}")
	query := "type Query {\n"
	if schema.Query != nil {
		query = "extend type " + schema.Query.Name + " {\n"
	}
	if len(f.Entities) > 0 {
		// The subgraph spec drops _entities when no type has a @key.
		query += "  _entities(representations: [_Any!]!): [_Entity]!\n"
	}
	query += "  _service: _Service!\n}"
	blocks = append(blocks, query)
	return "\n" + strings.Join(blocks, "\n\n") + "\n"
}

package federation

import (
	"errors"
	"fmt"

	"github.com/99designs/gqlgen/codegen/config"
)

// The keys of federation.options in gqlgen.yml.
const (
	optExplicitRequires        = "explicit_requires"
	optComputedRequires        = "computed_requires"
	optEntityResolverMulti     = "entity_resolver_multi"
	optPreloadedRequires       = "preloaded_requires"
	optEntityResolverPerEntity = "entity_resolver_per_entity"
)

// RequiresStrategy is how an entity's @requires fields reach the entity the
// generated code returns.
type RequiresStrategy string

const (
	// RequiresDefault: after the entity resolver returns, the generated code
	// copies each @requires field from the representation onto the entity.
	RequiresDefault RequiresStrategy = "default"
	// RequiresExplicit: the generated code calls the user's
	// Populate<Entity>Requires(ctx, entity, representation), whose stub it
	// writes to federation.requires.go.
	RequiresExplicit RequiresStrategy = "explicit"
	// RequiresComputed: every @requires field is a field resolver that
	// receives the representation as its _federationRequires argument. It is
	// selected by the computed_requires option (or per field with
	// @computedRequires), never by @entityResolver(requires:).
	RequiresComputed RequiresStrategy = "computed"
	// RequiresPreloaded: the @requires fields are decoded onto the resolver's
	// input (a batch input, or the per-entity representation) before the
	// resolver runs; nothing is copied onto the returned entity.
	RequiresPreloaded RequiresStrategy = "preloaded"
)

// PackageOptions are the switches of federation.options.
type PackageOptions struct {
	// ExplicitRequires makes @requires the user's job: the generated code
	// calls Populate<Entity>Requires, whose stub it writes once. Exclusive
	// with ComputedRequires and PreloadedRequires.
	ExplicitRequires bool
	// ComputedRequires resolves every @requires field with its own field
	// resolver, which receives the representation. Needs federation 2 and
	// call_argument_directives_with_null.
	ComputedRequires bool
	// EntityResolverMulti makes every finder a batch finder unless
	// @entityResolver(multi:) says otherwise.
	EntityResolverMulti bool
	// EntityResolverPerEntity generates one finder per entity, taking a
	// <Type>Representation that says which @key matched, instead of one per
	// @key.
	EntityResolverPerEntity bool
	// PreloadedRequires decodes @requires onto the finder's input before
	// the finder runs (batch and per-entity finders only) unless
	// @entityResolver(requires:) says otherwise.
	PreloadedRequires bool
}

// parseOptions reads federation.options and refuses unknown keys and
// combinations that cannot work together.
func parseOptions(cfg *config.Config) (PackageOptions, error) {
	var o PackageOptions
	fields := map[string]*bool{
		optExplicitRequires:        &o.ExplicitRequires,
		optComputedRequires:        &o.ComputedRequires,
		optEntityResolverMulti:     &o.EntityResolverMulti,
		optEntityResolverPerEntity: &o.EntityResolverPerEntity,
		optPreloadedRequires:       &o.PreloadedRequires,
	}
	for key, v := range cfg.Federation.Options {
		field, ok := fields[key]
		if !ok {
			return PackageOptions{}, fmt.Errorf("unknown package option: %s", key)
		}
		*field = v
	}
	switch {
	case o.ExplicitRequires && o.ComputedRequires:
		return PackageOptions{}, fmt.Errorf("only one of %s or %s can be set to true", optExplicitRequires, optComputedRequires)
	case o.PreloadedRequires && o.ComputedRequires:
		return PackageOptions{}, fmt.Errorf("%s cannot be combined with %s: computed requires are resolved as separate field resolvers, so they are not available on the representation passed to the batch resolver",
			optPreloadedRequires, optComputedRequires)
	case o.PreloadedRequires && o.ExplicitRequires:
		return PackageOptions{}, fmt.Errorf("%s cannot be combined with %s: preloaded populates @requires on the representation passed to the batch resolver, so the Populate<Entity>Requires stub would never run",
			optPreloadedRequires, optExplicitRequires)
	}
	if o.ComputedRequires {
		if err := computedPrerequisites(cfg.Federation.Version, cfg.CallArgumentDirectivesWithNull); err != nil {
			return PackageOptions{}, err
		}
	}
	return o, nil
}

// computedPrerequisites checks what the computed strategy depends on: the
// _federationRequires argument is null in the query, so its directive must
// run for null arguments, and federation 2.
func computedPrerequisites(version int, callDirectivesWithNull bool) error {
	if version != 2 {
		return errors.New("when using computed @requires you must be using Federation 2")
	}
	if !callDirectivesWithNull {
		return errors.New("when using computed @requires, call_argument_directives_with_null must be set to true")
	}
	return nil
}

// defaultStrategy is the @requires strategy of an entity that does not pick
// one with @entityResolver(requires:).
func (o PackageOptions) defaultStrategy() RequiresStrategy {
	switch {
	case o.ComputedRequires:
		return RequiresComputed
	case o.ExplicitRequires:
		return RequiresExplicit
	case o.PreloadedRequires:
		return RequiresPreloaded
	}
	return RequiresDefault
}

package federation

import (
	"go/types"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/plugin/federation/fieldset"
)

// Entity is a type with a @key directive: something other subgraphs can
// reference and the router asks this subgraph to resolve.
type Entity struct {
	// Name is the schema type's name; Def its definition.
	Name string
	Def  *ast.Definition
	// Type is the Go type the entity is bound to (set by GenerateCode).
	Type types.Type

	// Multi says the finders take the whole batch of representations;
	// PerEntity that the entity has one finder taking a <Type>Representation
	// instead of one per @key.
	Multi, PerEntity bool
	// Resolvers holds one finder per @key; empty when the subgraph only
	// references the entity (every field @external, or resolvable: false).
	Resolvers []*EntityResolver

	// RequiresStrategy is how @requires reaches the resolved entity, and
	// Requires the paths its @requires fields select.
	RequiresStrategy RequiresStrategy
	Requires         []*Requires

	// RepresentationType is the Go type of the per-entity finder's argument
	// and MatchedKeyType the generated <Type>MatchedKey (set by
	// GenerateCode).
	RepresentationType *config.TypeReference
	MatchedKeyType     *types.Named

	// ImplDirectives are the runtime object directives of the entity
	// besides federation's own (set by GenerateCode).
	ImplDirectives []*codegen.Directive
}

// PerEntityResolverName is the GraphQL name of the per-entity resolver,
// find<Type>.
func (e *Entity) PerEntityResolverName() string { return "find" + e.Name }

// MatchedKeyTypeName is the name of the generated string type listing the
// entity's keys, <Type>MatchedKey.
func (e *Entity) MatchedKeyTypeName() string { return matchedKeyTypeName(e.Name) }

// MatchedKeyConstRef refers to resolver's MatchedKey constant from the file
// being rendered (qualified when it lives in the model package).
func (e *Entity) MatchedKeyConstRef(resolver *EntityResolver) string {
	if e.MatchedKeyType == nil || templates.CurrentImports == nil {
		return resolver.MatchedKeyConst
	}
	if q := templates.CurrentImports.Lookup(e.MatchedKeyType.Obj().Pkg().Path()); q != "" {
		return q + "." + resolver.MatchedKeyConst
	}
	return resolver.MatchedKeyConst
}

// IsDefaultRequires reports the default @requires strategy.
func (e *Entity) IsDefaultRequires() bool { return e.RequiresStrategy == RequiresDefault }

// IsExplicitRequires reports the explicit @requires strategy.
func (e *Entity) IsExplicitRequires() bool { return e.RequiresStrategy == RequiresExplicit }

// IsPreloaded reports the preloaded @requires strategy.
func (e *Entity) IsPreloaded() bool { return e.RequiresStrategy == RequiresPreloaded }

// GetTypeInfo is the entity's Go type as the file being rendered spells it.
func (e Entity) GetTypeInfo() string { return templates.CurrentImports.LookupType(e.Type) }

// HasObjectDirectives reports runtime object directives besides
// federation's.
func (e *Entity) HasObjectDirectives() bool { return len(e.ImplDirectives) > 0 }

// NonFederationDirectives are the directives on the entity's definition
// that neither federation nor gqlgen's @go* binding owns.
func (e *Entity) NonFederationDirectives() ast.DirectiveList {
	if e.Def == nil {
		return nil
	}
	var out ast.DirectiveList
	for _, d := range e.Def.Directives {
		if !ownDirectives[d.Name] {
			out = append(out, d)
		}
	}
	return out
}

// ownDirectives are the directive names NonFederationDirectives and the
// entity directive wrapping leave out.
var ownDirectives = map[string]bool{
	"key": true, "requires": true, "provides": true, "external": true, "extends": true,
	"tag": true, "inaccessible": true, "shareable": true, "interfaceObject": true,
	"override": true, "composeDirective": true, "link": true,
	"authenticated": true, "requiresScopes": true, "policy": true,
	"entityResolver": true, "goModel": true, "goField": true, "goTag": true,
}

// EntityResolver is one generated entity finder: a method of the user's
// EntityResolver that loads the entity by one of its keys.
type EntityResolver struct {
	// ResolverName is the GraphQL name of the finder, such as findUserByID;
	// the Go method is its ToGo form.
	ResolverName string
	// KeyFields are the fields of the @key, in declaration order.
	KeyFields []*KeyField
	// InputType is the Go type of a batch finder's input (set by
	// GenerateCode).
	InputType types.Type
	// InputTypeName is the GraphQL name of the batch input,
	// <Type>By<Keys>Input.
	InputTypeName string
	// ReturnType is the Go type the finder returns, always a pointer (set
	// by GenerateCode).
	ReturnType types.Type
	// ReturnTypeName is the entity's GraphQL name.
	ReturnTypeName string
	// MatchedKeyConst names the <Type>MatchedKey constant of this key, for
	// a per-entity entity.
	MatchedKeyConst string
}

// FieldSet prints the key's fields as a selection, nested paths grouped:
// "id owner { name team }".
func (r *EntityResolver) FieldSet() string {
	paths := make([][]string, len(r.KeyFields))
	for i, k := range r.KeyFields {
		paths[i] = k.Field
	}
	return printSelection(paths)
}

// printSelection groups paths by their first segment, keeping first
// appearance order.
func printSelection(paths [][]string) string {
	var order []string
	children := map[string][][]string{}
	for _, p := range paths {
		if _, ok := children[p[0]]; !ok {
			order = append(order, p[0])
			children[p[0]] = [][]string{}
		}
		if len(p) > 1 {
			children[p[0]] = append(children[p[0]], p[1:])
		}
	}
	var b strings.Builder
	for i, head := range order {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(head)
		if sub := children[head]; len(sub) > 0 {
			b.WriteString(" { " + printSelection(sub) + " }")
		}
	}
	return b.String()
}

// LookupInputType is InputType as the file being rendered spells it.
func (r *EntityResolver) LookupInputType() string {
	return templates.CurrentImports.LookupType(r.InputType)
}

// LookupReturnType is ReturnType as the file being rendered spells it.
func (r *EntityResolver) LookupReturnType() string {
	return templates.CurrentImports.LookupType(r.ReturnType)
}

// IsPointerReturnType reports whether ReturnType is a pointer.
func (r *EntityResolver) IsPointerReturnType() bool {
	if r.ReturnType == nil {
		return false
	}
	_, ok := types.Unalias(r.ReturnType).(*types.Pointer)
	return ok
}

// KeyField is one field of a @key, possibly nested (["owner", "id"]).
type KeyField struct {
	// Definition is the field's schema definition, renamed to ArgName.
	Definition *ast.FieldDefinition
	// Field is the path of the field from the entity.
	Field fieldset.Field
	// Type is the Go binding of the field's type (set by GenerateCode).
	Type *config.TypeReference
	// GoName is the field's name in a batch input: Field.ToGo(), with a
	// number appended when two fields of one key would share it.
	GoName string
}

// ArgName is the finder argument holding the field: Field.ToGoPrivate().
func (k *KeyField) ArgName() string { return k.Field.ToGoPrivate() }

// Requires is one path a @requires field selects.
type Requires struct {
	// Name is Field.ToGoPrivate().
	Name string
	// Field is the selected path from the entity.
	Field fieldset.Field
	// Type is the Go binding of the selected field (set by GenerateCode).
	Type *config.TypeReference
	// Computed says the @requires field is resolved by its own field
	// resolver, not delivered through the entity resolver.
	Computed bool
}

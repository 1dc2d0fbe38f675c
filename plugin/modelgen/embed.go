package modelgen

import (
	"fmt"
	"go/types"
	"log"
	"slices"
	"sort"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/code"
)

// Interfaces marked @goEmbedInterface get a Base<Name> struct (the prefix is
// embedded_structs_prefix) holding their fields and getters. Objects that
// implement such an interface embed the struct instead of declaring the
// fields, and a Base struct embeds the Base structs of its embeddable parent
// interfaces. This file works out those relationships; the struct fields
// themselves are built like any other model's.

const dirGoEmbedInterface = "goEmbedInterface"

// interfaceGraph is the "implements" relation between the schema's
// interfaces.
type interfaceGraph struct {
	schema *ast.Schema
	// parentInterfaces maps every interface to the interfaces it declares
	// it implements (an empty, non-nil list when there are none).
	parentInterfaces map[string][]string
	// children is the reverse of parentInterfaces.
	children map[string][]string
}

func newInterfaceGraph(schema *ast.Schema) *interfaceGraph {
	g := &interfaceGraph{
		schema:           schema,
		parentInterfaces: map[string][]string{},
		children:         map[string][]string{},
	}
	for name, def := range schema.Types {
		if def.Kind != ast.Interface {
			continue
		}
		g.parentInterfaces[name] = append([]string{}, def.Interfaces...)
		for _, parent := range def.Interfaces {
			g.children[parent] = append(g.children[parent], name)
		}
	}
	for _, kids := range g.children {
		sort.Strings(kids)
	}
	return g
}

// isEmbeddable reports whether name is an interface marked
// @goEmbedInterface.
func (g *interfaceGraph) isEmbeddable(name string) bool {
	def := g.schema.Types[name]
	return def != nil && def.Kind == ast.Interface && def.Directives.ForName(dirGoEmbedInterface) != nil
}

// topologicalSort orders names so that every interface comes after those
// of its parents that are in names. It fails on a cycle.
func (g *interfaceGraph) topologicalSort(names []string) ([]string, error) {
	in := make(map[string]bool, len(names))
	for _, n := range names {
		in[n] = true
	}
	pending := make(map[string]int, len(names)) // parents in names not yet placed
	for _, n := range names {
		for _, p := range g.parentInterfaces[n] {
			if in[p] {
				pending[n]++
			}
		}
	}
	var ready, sorted []string
	for _, n := range names {
		if pending[n] == 0 {
			ready = append(ready, n)
		}
	}
	for len(ready) > 0 {
		n := ready[0]
		ready = ready[1:]
		sorted = append(sorted, n)
		for _, child := range g.children[n] {
			if !in[child] {
				continue
			}
			if pending[child]--; pending[child] == 0 {
				ready = append(ready, child)
			}
		}
	}
	if len(sorted) != len(names) {
		return nil, fmt.Errorf("interfaces %v implement each other in a cycle", names)
	}
	return sorted, nil
}

// getInterfaceOwnFields returns the fields interface name declares that
// none of its direct parents declares.
func (g *interfaceGraph) getInterfaceOwnFields(name string) []*ast.FieldDefinition {
	def := g.schema.Types[name]
	if def == nil || def.Kind != ast.Interface {
		return nil
	}
	inherited := map[string]bool{}
	for _, p := range g.parentInterfaces[name] {
		if pdef := g.schema.Types[p]; pdef != nil {
			for _, f := range pdef.Fields {
				inherited[f.Name] = true
			}
		}
	}
	if len(inherited) == 0 {
		return def.Fields
	}
	own := []*ast.FieldDefinition{}
	for _, f := range def.Fields {
		if !inherited[f.Name] {
			own = append(own, f)
		}
	}
	return own
}

// embeddingInfo says what a Base struct is made of besides its own fields.
type embeddingInfo struct {
	// Parents are the nearest embeddable ancestors: their Base structs are
	// embedded.
	Parents []string
	// SkippedFields are the own fields of the non-embeddable interfaces
	// between the interface and those ancestors; the Base struct declares
	// them itself.
	SkippedFields []*ast.FieldDefinition
}

// getEmbeddingInfo walks up from interface name, stopping at each
// embeddable ancestor.
func (g *interfaceGraph) getEmbeddingInfo(name string) embeddingInfo {
	info := embeddingInfo{Parents: []string{}, SkippedFields: []*ast.FieldDefinition{}}
	def := g.schema.Types[name]
	if def == nil {
		return info
	}
	visited := map[string]bool{}
	var visit func(string)
	visit = func(n string) {
		if visited[n] {
			return
		}
		visited[n] = true
		ndef := g.schema.Types[n]
		if ndef == nil || ndef.Kind != ast.Interface {
			return
		}
		if g.isEmbeddable(n) {
			info.Parents = append(info.Parents, n)
			return
		}
		info.SkippedFields = append(info.SkippedFields, g.getInterfaceOwnFields(n)...)
		for _, p := range ndef.Interfaces {
			visit(p)
		}
	}
	for _, p := range def.Interfaces {
		visit(p)
	}
	return info
}

// baseStructSpec is what a Base struct is built from.
type baseStructSpec struct {
	// Interface is the embeddable interface.
	Interface *ast.Definition
	// Embeds are the Base structs of its nearest embeddable ancestors.
	Embeds []types.Type
	// Fields are the schema fields the struct declares itself.
	Fields []*ast.FieldDefinition
	// Implements lists the interface and the ancestors it embeds.
	Implements []string
}

// embeddedInterfaceGenerator decides where Base structs go: which ones are
// generated, and which fields of an object an embedded Base struct stands
// for.
type embeddedInterfaceGenerator struct {
	cfg    *config.Config
	binder *config.Binder
	// schemaType is the object whose fields are being built, if any.
	schemaType *ast.Definition
	// model is the build in progress; nil when only interface getters are
	// being built, which never embed.
	model *ModelBuild
	graph *interfaceGraph
}

func newEmbeddedInterfaceGenerator(cfg *config.Config, binder *config.Binder, schemaType *ast.Definition, model *ModelBuild) *embeddedInterfaceGenerator {
	return &embeddedInterfaceGenerator{
		cfg:        cfg,
		binder:     binder,
		schemaType: schemaType,
		model:      model,
		graph:      newInterfaceGraph(cfg.Schema),
	}
}

// generateAllInterfaceBaseStructs returns a spec for the Base struct of
// every embeddable interface gqlgen.yml does not bind, parents first.
func (g *embeddedInterfaceGenerator) generateAllInterfaceBaseStructs() ([]*baseStructSpec, error) {
	var names []string
	for name := range g.graph.parentInterfaces {
		if g.graph.isEmbeddable(name) && !g.cfg.Models.UserDefined(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	ordered, err := g.graph.topologicalSort(names)
	if err != nil {
		return nil, fmt.Errorf("ordering @%s interfaces: %w", dirGoEmbedInterface, err)
	}
	specs := make([]*baseStructSpec, 0, len(ordered))
	for _, name := range ordered {
		def := g.cfg.Schema.Types[name]
		info := g.graph.getEmbeddingInfo(name)
		if len(info.Parents) > 1 {
			log.Printf("WARN: %s%s: implements %d interfaces %v (potential diamond problem)",
				g.cfg.EmbeddedStructsPrefix, name, len(info.Parents), info.Parents)
		}
		spec := &baseStructSpec{
			Interface:  def,
			Fields:     append(slices.Clone(g.graph.getInterfaceOwnFields(name)), info.SkippedFields...),
			Implements: append([]string{name}, info.Parents...),
		}
		for _, p := range info.Parents {
			spec.Embeds = append(spec.Embeds, g.baseStructType(p))
		}
		specs = append(specs, spec)
	}
	return specs, nil
}

// baseStructType is the Go type of interface name's Base struct: the one
// next to the bound Go type when gqlgen.yml binds the interface, otherwise
// the one generated into the models package.
func (g *embeddedInterfaceGenerator) baseStructType(name string) types.Type {
	goName := templates.ToGo(g.cfg.EmbeddedStructsPrefix + name)
	if g.cfg.Models.UserDefined(name) {
		if pkgPath, _ := code.PkgAndType(g.cfg.Models[name].Model[0]); pkgPath != "" {
			if t, err := g.binder.FindTypeFromName(pkgPath + "." + goName); err == nil && t != nil {
				return t
			}
		}
	}
	return types.NewNamed(types.NewTypeName(0, g.cfg.Model.Pkg(), goName, nil), types.NewStruct(nil, nil), nil)
}

// generateEmbeddedFields maps the fields of the object being built that an
// embedded Base struct provides: the first such field of each interface to
// the embedded field, the others to nil. Fields not in the map are declared
// as usual. A field goes to the most derived embeddable interface declaring
// it; when the object redeclares a field of that interface with another
// type (a covariant override), the interface is not embedded and its
// fields are declared as usual.
func (g *embeddedInterfaceGenerator) generateEmbeddedFields(fields []*ast.FieldDefinition) map[string]*Field {
	if g.model == nil || g.schemaType == nil || g.schemaType.Kind != ast.Object {
		return nil
	}
	candidates := g.embeddableInterfacesDeepestFirst()
	if len(candidates) == 0 {
		return nil
	}
	overridden := g.covariantInterfaces(fields)
	embedded := map[string]bool{}
	result := map[string]*Field{}
	for _, f := range fields {
		iface := ""
		for _, c := range candidates {
			if declaresSameField(g.cfg.Schema.Types[c], f) {
				iface = c
				break
			}
		}
		if iface == "" || overridden[iface] {
			continue
		}
		if embedded[iface] {
			result[f.Name] = nil
			continue
		}
		embedded[iface] = true
		result[f.Name] = &Field{Type: g.baseStructType(iface)}
	}
	return result
}

// embeddableInterfacesDeepestFirst returns the object's embeddable
// interfaces, those that extend more interfaces first, so a field goes to
// the most derived Base struct (which embeds its parents').
func (g *embeddedInterfaceGenerator) embeddableInterfacesDeepestFirst() []string {
	var out []string
	for _, name := range g.schemaType.Interfaces {
		if g.graph.isEmbeddable(name) {
			out = append(out, name)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return len(g.cfg.Schema.Types[out[i]].Interfaces) > len(g.cfg.Schema.Types[out[j]].Interfaces)
	})
	return out
}

// covariantInterfaces returns the embeddable interfaces of the object with
// a field the object redeclares with a different type.
func (g *embeddedInterfaceGenerator) covariantInterfaces(fields []*ast.FieldDefinition) map[string]bool {
	found := map[string]bool{}
	for _, name := range g.schemaType.Interfaces {
		if !g.graph.isEmbeddable(name) {
			continue
		}
		iface := g.cfg.Schema.Types[name]
		for _, f := range fields {
			if ifield := iface.Fields.ForName(f.Name); ifield != nil && !sameSchemaType(ifield.Type, f.Type) {
				log.Printf("WARN: %s.%s: covariant override %s -> %s (skipping %s%s embedding)",
					g.schemaType.Name, f.Name, ifield.Type.Name(), f.Type.Name(), g.cfg.EmbeddedStructsPrefix, name)
				found[name] = true
				break
			}
		}
	}
	return found
}

// declaresSameField reports whether def has a field named like f with the
// same type.
func declaresSameField(def *ast.Definition, f *ast.FieldDefinition) bool {
	if def == nil {
		return false
	}
	other := def.Fields.ForName(f.Name)
	return other != nil && sameSchemaType(other.Type, f.Type)
}

// sameSchemaType compares two type references: named type, nullability and
// list nesting.
func sameSchemaType(a, b *ast.Type) bool {
	for a != nil && b != nil {
		if a.NonNull != b.NonNull || a.NamedType != b.NamedType {
			return false
		}
		a, b = a.Elem, b.Elem
	}
	return a == nil && b == nil
}

package codegen

import (
	"slices"

	"github.com/vektah/gqlparser/v2/ast"
)

// DependencyGraph relates schema files through the types they define and
// reference, so that incremental generation can tell which files a change
// affects.
type DependencyGraph struct {
	// TypeToSchema is the file defining each type.
	TypeToSchema map[string]string
	// SchemaToTypes lists the types each schema file defines, and
	// TypeDependencies the user types each type refers to (interfaces,
	// union members, field and argument types).
	SchemaToTypes, TypeDependencies map[string][]string
	// SchemaDependencies holds, per file, the other files it refers to.
	SchemaDependencies map[string]map[string]bool
}

// NewDependencyGraph returns an empty graph.
func NewDependencyGraph() *DependencyGraph {
	g := new(DependencyGraph)
	g.TypeToSchema = make(map[string]string)
	g.SchemaToTypes = make(map[string][]string)
	g.TypeDependencies = make(map[string][]string)
	g.SchemaDependencies = make(map[string]map[string]bool)
	return g
}

// userDefined reports whether def comes from a schema file.
func userDefined(def *ast.Definition) bool {
	return def != nil && !def.BuiltIn && def.Position != nil && def.Position.Src != nil
}

// BuildDependencyGraph computes the graph of schema's user types.
func BuildDependencyGraph(schema *ast.Schema) *DependencyGraph {
	g := NewDependencyGraph()
	var defs []*ast.Definition
	for _, def := range schema.Types {
		if userDefined(def) {
			defs = append(defs, def)
			file := def.Position.Src.Name
			g.TypeToSchema[def.Name] = file
			g.SchemaToTypes[file] = append(g.SchemaToTypes[file], def.Name)
		}
	}
	for _, def := range defs {
		refs := map[string]bool{}
		for _, n := range def.Interfaces {
			refs[n] = true
		}
		for _, n := range def.Types {
			refs[n] = true
		}
		for _, f := range def.Fields {
			refs[f.Type.Name()] = true
			for _, a := range f.Arguments {
				refs[a.Type.Name()] = true
			}
		}
		var deps []string
		for n := range refs {
			if t := schema.Types[n]; t == nil || !t.BuiltIn {
				deps = append(deps, n)
			}
		}
		if len(deps) > 0 {
			slices.Sort(deps)
			g.TypeDependencies[def.Name] = deps
		}
	}
	for file, names := range g.SchemaToTypes {
		uses := map[string]bool{}
		for _, n := range names {
			for _, dep := range g.TypeDependencies[n] {
				if other, ok := g.TypeToSchema[dep]; ok && other != file {
					uses[other] = true
				}
			}
		}
		g.SchemaDependencies[file] = uses
	}
	return g
}

// GetAffectedSchemas returns the changed files and every file that depends
// on one of them, directly or through others.
func (g *DependencyGraph) GetAffectedSchemas(changedSchemas []string) []string {
	affected := map[string]bool{}
	queue := slices.Clone(changedSchemas)
	for _, s := range changedSchemas {
		affected[s] = true
	}
	for len(queue) > 0 {
		changed := queue[0]
		queue = queue[1:]
		for file, deps := range g.SchemaDependencies {
			if !affected[file] && deps[changed] {
				affected[file] = true
				queue = append(queue, file)
			}
		}
	}
	out := make([]string, 0, len(affected))
	for s := range affected {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// GetTypesForSchemas returns the names of the types the files define.
func (g *DependencyGraph) GetTypesForSchemas(schemas []string) map[string]bool {
	out := map[string]bool{}
	for _, s := range schemas {
		for _, n := range g.SchemaToTypes[s] {
			out[n] = true
		}
	}
	return out
}

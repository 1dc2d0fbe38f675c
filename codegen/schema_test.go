package codegen

import (
	"slices"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

func loadSchema(t *testing.T, files map[string]string) *ast.Schema {
	t.Helper()
	var sources []*ast.Source
	for _, name := range sortedKeys(files) {
		sources = append(sources, &ast.Source{Name: name, Input: files[name]})
	}
	schema, err := gqlparser.LoadSchema(sources...)
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

func TestDependencyGraph(t *testing.T) {
	schema := loadSchema(t, map[string]string{
		"a.graphql": `type Query { b: B c: C }`,
		"b.graphql": `type B { c: C } interface I { id: ID }`,
		"c.graphql": `type C implements I { id: ID } input In { s: String }`,
		"d.graphql": `type D { x(in: In): Int }`,
	})
	g := BuildDependencyGraph(schema)
	if got := g.TypeToSchema["B"]; got != "b.graphql" {
		t.Errorf("B defined in %q", got)
	}
	if got := g.TypeDependencies["Query"]; !slices.Equal(got, []string{"B", "C"}) {
		t.Errorf("Query depends on %v", got)
	}
	if got := g.TypeDependencies["C"]; !slices.Equal(got, []string{"I"}) {
		t.Errorf("C depends on %v (builtins must not count)", got)
	}
	for changed, want := range map[string][]string{
		"c.graphql": {"a.graphql", "b.graphql", "c.graphql", "d.graphql"},
		"b.graphql": {"a.graphql", "b.graphql", "c.graphql", "d.graphql"},
		"d.graphql": {"d.graphql"},
		"a.graphql": {"a.graphql"},
	} {
		if got := g.GetAffectedSchemas([]string{changed}); !slices.Equal(got, want) {
			t.Errorf("change to %s affects %v, want %v", changed, got, want)
		}
	}
	if got := g.GetTypesForSchemas([]string{"c.graphql"}); !got["C"] || !got["In"] || len(got) != 2 {
		t.Errorf("types of c.graphql: %v", got)
	}
}

func TestExpandInlineArguments(t *testing.T) {
	t.Cleanup(ClearInlineArgsMetadata)
	ClearInlineArgsMetadata()
	schema := loadSchema(t, map[string]string{"s.graphql": `
		directive @inlineArguments on ARGUMENT_DEFINITION
		directive @goModel(model: String) on INPUT_OBJECT
		input Filter @goModel(model: "example.com/m.Filter") { name: String, limit: Int = 10 }
		type Query { find(filter: Filter @inlineArguments, page: Int): [String] }
	`})
	if err := ExpandInlineArguments(schema); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range schema.Query.Fields.ForName("find").Arguments {
		names = append(names, a.Name)
	}
	if want := []string{"name", "limit", "page"}; !slices.Equal(names, want) {
		t.Errorf("arguments after expansion: %v, want %v", names, want)
	}
	info := GetInlineArgsMetadata("Query", "find")
	if info == nil || info.OriginalArgName != "filter" || info.GoType != "example.com/m.Filter" ||
		!slices.Equal(info.ExpandedArgs, []string{"name", "limit"}) {
		t.Errorf("metadata: %+v", info)
	}
	sources, err := SerializeTransformedSchema(schema, nil)
	if err != nil || len(sources) != 1 || !sources[0].BuiltIn {
		t.Fatalf("transformed sources: %v, %v", sources, err)
	}
	ClearInlineArgsMetadata()
	if GetInlineArgsMetadata("Query", "find") != nil {
		t.Error("metadata survives ClearInlineArgsMetadata")
	}
}

func TestExpandInlineArgumentsRejectsNonInput(t *testing.T) {
	t.Cleanup(ClearInlineArgsMetadata)
	schema := loadSchema(t, map[string]string{"s.graphql": `
		directive @inlineArguments on ARGUMENT_DEFINITION
		type Query { find(id: ID @inlineArguments): String }
	`})
	if err := ExpandInlineArguments(schema); err == nil {
		t.Error("@inlineArguments on a scalar argument: want an error")
	}
}

func TestObjectHelpers(t *testing.T) {
	schema := loadSchema(t, map[string]string{"s.graphql": `
		interface Named { name: String }
		type Query { pet: Pet }
		type Pet implements Named { name: String }
	`})
	pet := &Object{Definition: schema.Types["Pet"], Implements: []*ast.Definition{schema.Types["Named"]}}
	if got := pet.Implementors(); got != `[]string{"Pet", "Named"}` {
		t.Errorf("Implementors() = %s", got)
	}
	pet.Fields = []*Field{{FieldDefinition: pet.Definition.Fields[0], Object: pet, GoFieldName: "Name", GoFieldType: GoFieldVariable}}
	if pet.IsConcurrent() || pet.InvalidsIncrement("out") != "out.Invalids++" || pet.HasResolvers() {
		t.Error("a pet with a struct field is neither concurrent nor resolved")
	}
	pet.Fields[0].IsResolver = true
	if !pet.IsConcurrent() || pet.InvalidsIncrement("out") != "atomic.AddUint32(&out.Invalids, 1)" || !pet.HasResolvers() {
		t.Error("a pet with a resolver field is concurrent and resolved")
	}
	if Objects([]*Object{pet}).ByName("pet") != pet {
		t.Error("ByName is case-insensitive")
	}
	if got := pet.Fields[0].FieldContextFunc(); got != "fieldContext_Pet_name" {
		t.Errorf("FieldContextFunc() = %s", got)
	}
}

func TestImplDirectivesContextErrReturn(t *testing.T) {
	obj := &Object{Definition: &ast.Definition{Kind: ast.InputObject, Name: "In"}}
	c := (&Data{}).InputObjectImplDirectivesCtx(obj, "&it")
	if got := c.ErrReturn("err"); got != "return &it, graphql.ErrorOnPath(ctx, err)" {
		t.Errorf("ErrReturn = %q", got)
	}
}

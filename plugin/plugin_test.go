package plugin_test

import (
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
)

// everything implements every hook, with the method sets the generator
// and third-party plugins rely on.
type everything struct{ calls []string }

func (e *everything) Name() string { return "everything" }

func (e *everything) InjectSourcesEarly() ([]*ast.Source, error) {
	e.calls = append(e.calls, "early")
	return []*ast.Source{{Name: "early.graphql", Input: "scalar Early"}}, nil
}

func (e *everything) InjectSourceEarly() *ast.Source { return nil }

func (e *everything) InjectSourcesLate(*ast.Schema) ([]*ast.Source, error) { return nil, nil }

func (e *everything) InjectSourceLate(*ast.Schema) *ast.Source { return nil }

func (e *everything) MutateSchema(*ast.Schema) error { return nil }

func (e *everything) MutateConfig(*config.Config) error { return nil }

func (e *everything) GenerateCode(*codegen.Data) error { return nil }

func (e *everything) Implement(prev string, f *codegen.Field) string {
	if prev != "" {
		return prev
	}
	return `panic("` + f.Name + `")`
}

var (
	_ plugin.Plugin               = (*everything)(nil)
	_ plugin.EarlySourcesInjector = (*everything)(nil)
	_ plugin.EarlySourceInjector  = (*everything)(nil)
	_ plugin.LateSourcesInjector  = (*everything)(nil)
	_ plugin.LateSourceInjector   = (*everything)(nil)
	_ plugin.SchemaMutator        = (*everything)(nil)
	_ plugin.ConfigMutator        = (*everything)(nil)
	_ plugin.CodeGenerator        = (*everything)(nil)
	_ plugin.ResolverImplementer  = (*everything)(nil)
)

// TestHooksAreFoundByAssertion checks the way the generator discovers a
// plugin's stages: by asserting the plugin value to each hook interface.
func TestHooksAreFoundByAssertion(t *testing.T) {
	var p plugin.Plugin = &everything{}
	early, ok := p.(plugin.EarlySourcesInjector)
	if !ok {
		t.Fatal("EarlySourcesInjector not found by assertion")
	}
	sources, err := early.InjectSourcesEarly()
	if err != nil || len(sources) != 1 || sources[0].Name != "early.graphql" {
		t.Errorf("InjectSourcesEarly() = %v, %v", sources, err)
	}
	impl, ok := p.(plugin.ResolverImplementer)
	if !ok {
		t.Fatal("ResolverImplementer not found by assertion")
	}
	f := &codegen.Field{FieldDefinition: &ast.FieldDefinition{Name: "todos"}}
	if got := impl.Implement("", f); got != `panic("todos")` {
		t.Errorf("Implement = %s", got)
	}
	if got := impl.Implement("return nil, nil", f); got != "return nil, nil" {
		t.Errorf("Implement kept %s", got)
	}
	if _, ok := p.(interface{ Unknown() }); ok {
		t.Error("an unimplemented hook was found")
	}
}

package executor_test

import (
	"context"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// scriptedSchema is an ExecutableSchema whose Exec a test supplies.
type scriptedSchema struct {
	parsed *ast.Schema
	exec   func(ctx context.Context) graphql.ResponseHandler
}

func newScriptedSchema(t testing.TB, sdl string) *scriptedSchema {
	t.Helper()
	parsed, err := gqlparser.LoadSchema(&ast.Source{Input: sdl})
	if err != nil {
		t.Fatal(err)
	}
	return &scriptedSchema{
		parsed: parsed,
		exec: func(context.Context) graphql.ResponseHandler {
			return graphql.OneShot(&graphql.Response{Data: []byte(`{}`)})
		},
	}
}

func (s *scriptedSchema) Schema() *ast.Schema { return s.parsed }

func (s *scriptedSchema) Exec(ctx context.Context) graphql.ResponseHandler { return s.exec(ctx) }

func (s *scriptedSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 0, false
}

// eventSchema also implements ExecutableSchemaWithEventContext.
type eventSchema struct {
	*scriptedSchema
	events func(ctx context.Context) graphql.ResponseHandlerWithContext
}

func (s *eventSchema) ExecWithEventContext(ctx context.Context) graphql.ResponseHandlerWithContext {
	return s.events(ctx)
}

// Extensions built from a function, one per hook.

type paramMutator func(ctx context.Context, p *graphql.RawParams) *gqlerror.Error

func (paramMutator) ExtensionName() string                   { return "paramMutator" }
func (paramMutator) Validate(graphql.ExecutableSchema) error { return nil }
func (f paramMutator) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	return f(ctx, p)
}

type ctxMutator func(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error

func (ctxMutator) ExtensionName() string                   { return "ctxMutator" }
func (ctxMutator) Validate(graphql.ExecutableSchema) error { return nil }
func (f ctxMutator) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	return f(ctx, oc)
}

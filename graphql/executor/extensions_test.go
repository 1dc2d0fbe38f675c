package executor_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor/testexecutor"
)

func TestInterceptorsRunInTheOrderAdded(t *testing.T) {
	exec := testexecutor.New()
	var trace []string
	mark := func(s string) { trace = append(trace, s) }
	for _, name := range []string{"1", "2", "3"} {
		exec.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
			mark("op" + name)
			defer mark("/op" + name)
			return next(ctx)
		})
		exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
			mark("resp" + name)
			defer mark("/resp" + name)
			return next(ctx)
		})
		exec.AroundRootFields(func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			mark("root" + name)
			defer mark("/root" + name)
			return next(ctx)
		})
		exec.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
			mark("field" + name)
			defer mark("/field" + name)
			return next(ctx)
		})
	}
	resp := runQuery(exec, "{ name }")
	assert.JSONEq(t, `{"name":"test"}`, string(resp.Data))
	assert.Equal(t, []string{
		"op1", "op2", "op3", "/op3", "/op2", "/op1",
		"resp1", "resp2", "resp3",
		"root1", "root2", "root3", "field1", "field2", "field3",
		"/field3", "/field2", "/field1", "/root3", "/root2", "/root1",
		"/resp3", "/resp2", "/resp1",
	}, trace)
}

func TestInterceptorsSeeTheContextTheirPredecessorPassed(t *testing.T) {
	type key struct{}
	exec := testexecutor.New()
	var got []any
	exec.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
		return next(context.WithValue(ctx, key{}, "outer"))
	})
	exec.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
		got = append(got, ctx.Value(key{}))
		return next(ctx)
	})
	runQuery(exec, "{ name }")
	assert.Equal(t, []any{"outer"}, got)
}

func TestMutators(t *testing.T) {
	exec := testexecutor.New()
	var trace []string
	exec.Use(ctxMutator(func(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
		trace = append(trace, "ctx1")
		assert.Same(t, oc, graphql.GetOperationContext(ctx))
		assert.NotNil(t, oc.Doc)
		assert.NotNil(t, oc.Operation)
		assert.NotNil(t, oc.Variables)
		return nil
	}))
	exec.Use(paramMutator(func(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
		trace = append(trace, "param1")
		oc := graphql.GetOperationContext(ctx)
		assert.Nil(t, oc.Doc, "parameters are mutated before parsing")
		assert.True(t, oc.DisableIntrospection)
		p.Query = "{ name }"
		return nil
	}))
	exec.Use(ctxMutator(func(context.Context, *graphql.OperationContext) *gqlerror.Error {
		trace = append(trace, "ctx2")
		return nil
	}))
	exec.Use(paramMutator(func(_ context.Context, p *graphql.RawParams) *gqlerror.Error {
		trace = append(trace, "param2")
		assert.Equal(t, "{ name }", p.Query)
		return nil
	}))
	resp := runQuery(exec, "not graphql")
	assert.Empty(t, resp.Errors)
	assert.Equal(t, []string{"param1", "param2", "ctx1", "ctx2"}, trace)
}

func TestMutatorsCanRefuse(t *testing.T) {
	t.Run("parameters", func(t *testing.T) {
		exec := testexecutor.New()
		exec.Use(paramMutator(func(context.Context, *graphql.RawParams) *gqlerror.Error {
			return gqlerror.Errorf("no")
		}))
		opCtx, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()),
			&graphql.RawParams{Query: "{ name }", OperationName: "X"})
		require.Len(t, errs, 1)
		assert.Equal(t, "no", errs[0].Message)
		require.NotNil(t, opCtx)
		assert.Nil(t, opCtx.Doc)
		assert.Empty(t, opCtx.RawQuery, "the request was refused before it was read")
	})
	t.Run("operation context", func(t *testing.T) {
		exec := testexecutor.New()
		calls := 0
		exec.Use(ctxMutator(func(context.Context, *graphql.OperationContext) *gqlerror.Error {
			calls++
			return gqlerror.Errorf("too expensive")
		}))
		resp := runQuery(exec, "{ name }")
		require.Len(t, resp.Errors, 1)
		assert.Equal(t, "too expensive", resp.Errors[0].Message)
		assert.Nil(t, resp.Data)

		runQuery(exec, "{ nope }")
		assert.Equal(t, 1, calls, "not called for requests that fail validation")
	})
}

func TestIntrospectionIsOffUntilAnExtensionTurnsItOn(t *testing.T) {
	exec := testexecutor.New()
	exec.Use(ctxMutator(func(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
		oc.DisableIntrospection = false
		return nil
	}))
	opCtx, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)
	assert.False(t, opCtx.DisableIntrospection)
}

type nameOnly struct{}

func (nameOnly) ExtensionName() string                   { return "nameOnly" }
func (nameOnly) Validate(graphql.ExecutableSchema) error { return nil }

type rejecting struct{ ctxMutator }

func (rejecting) Validate(graphql.ExecutableSchema) error { return errors.New("not for this schema") }

type schemaChecker struct {
	ctxMutator
	got graphql.ExecutableSchema
}

func (c *schemaChecker) Validate(es graphql.ExecutableSchema) error { c.got = es; return nil }

func TestUse(t *testing.T) {
	exec := testexecutor.New()
	assert.PanicsWithError(t,
		"cannot Use executor_test.nameOnly as a gqlgen handler extension because it does not implement any extension hooks",
		func() { exec.Use(nameOnly{}) })
	assert.PanicsWithError(t, "not for this schema", func() { exec.Use(rejecting{}) })
	assert.PanicsWithError(t, "OperationFunc can not be nil", func() { exec.AroundOperations(nil) })
	assert.PanicsWithError(t, "ResponseFunc can not be nil", func() { exec.AroundResponses(nil) })
	assert.PanicsWithError(t, "RootFieldFunc can not be nil", func() { exec.AroundRootFields(nil) })
	assert.PanicsWithError(t, "FieldFunc can not be nil", func() { exec.AroundFields(nil) })

	checker := &schemaChecker{ctxMutator: func(context.Context, *graphql.OperationContext) *gqlerror.Error { return nil }}
	exec.Use(checker)
	assert.Same(t, exec.Schema(), checker.got)
	assert.Empty(t, runQuery(exec, "{ name }").Errors, "the failed Use calls left nothing behind")
}

package executor_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/executor/testexecutor"
)

// dispatch creates and dispatches an operation, failing the test on errors.
func dispatch(t *testing.T, exec *executor.Executor, ctx context.Context, query string) (graphql.ResponseHandler, context.Context) {
	t.Helper()
	ctx = graphql.StartOperationTrace(ctx)
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query})
	require.Empty(t, errs)
	return exec.DispatchOperation(ctx, opCtx)
}

func TestSubscriptionYieldsSuccessiveResponses(t *testing.T) {
	te := testexecutor.New()
	var perResponse int
	te.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		perResponse++
		graphql.RegisterExtension(ctx, "n", perResponse)
		return next(ctx)
	})
	ctx, cancel := context.WithCancel(context.Background())
	next, rctx := dispatch(t, te.Executor, ctx, "subscription { name }")

	for i := 1; i <= 3; i++ {
		go te.SendNextSubscriptionMessage()
		resp := next(rctx)
		require.NotNil(t, resp)
		assert.JSONEq(t, `{"name":"test"}`, string(resp.Data))
		assert.Equal(t, map[string]any{"n": i}, resp.Extensions, "each response has its own extensions")
	}
	cancel()
	assert.Nil(t, next(rctx))
	assert.Equal(t, 3, perResponse, "a cancelled context ends the stream before the interceptors run")
}

func newEventExecutor(t *testing.T, events func(ctx context.Context) graphql.ResponseHandlerWithContext) (*executor.Executor, *eventSchema) {
	es := &eventSchema{scriptedSchema: newScriptedSchema(t, "type Query { a: Int } type Subscription { tick: Int }"), events: events}
	return executor.New(es), es
}

type eventKey struct{}

// ticks is a ResponseHandlerWithContext yielding n events, each with its
// own context derived from the one it is called with.
func ticks(n int) func(ctx context.Context) graphql.ResponseHandlerWithContext {
	return func(context.Context) graphql.ResponseHandlerWithContext {
		i := 0
		return func(ctx context.Context) (context.Context, *graphql.Response) {
			if i == n {
				return ctx, nil
			}
			i++
			graphql.AddError(ctx, errors.New("event error "+strconv.Itoa(i)))
			return context.WithValue(ctx, eventKey{}, i), &graphql.Response{Data: []byte(`{"tick":` + strconv.Itoa(i) + `}`)}
		}
	}
}

func TestEventContextSubscriptions(t *testing.T) {
	exec, _ := newEventExecutor(t, ticks(2))
	var seen []any
	exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		seen = append(seen, ctx.Value(eventKey{}))
		graphql.RegisterExtension(ctx, "event", ctx.Value(eventKey{}))
		return next(ctx)
	})
	next, ctx := dispatch(t, exec, context.Background(), "subscription { tick }")
	for i := 1; i <= 2; i++ {
		resp := next(ctx)
		require.NotNil(t, resp)
		assert.JSONEq(t, `{"tick":`+strconv.Itoa(i)+`}`, string(resp.Data))
		require.Len(t, resp.Errors, 1)
		assert.Equal(t, "event error "+strconv.Itoa(i), resp.Errors[0].Message)
		assert.Equal(t, map[string]any{"event": i}, resp.Extensions)
	}
	assert.Nil(t, next(ctx))
	assert.Equal(t, []any{1, 2}, seen, "interceptors get each event's context; none runs for the end")
}

func TestEventContextWithoutInterceptors(t *testing.T) {
	exec, _ := newEventExecutor(t, ticks(1))
	next, ctx := dispatch(t, exec, context.Background(), "subscription { tick }")
	resp := next(ctx)
	require.NotNil(t, resp)
	assert.Len(t, resp.Errors, 1)
	assert.Nil(t, next(ctx))
}

func TestEventContextOnlyForSubscriptions(t *testing.T) {
	exec, es := newEventExecutor(t, func(context.Context) graphql.ResponseHandlerWithContext {
		t.Error("queries must not use the event path")
		return nil
	})
	execCalled := false
	es.exec = func(context.Context) graphql.ResponseHandler {
		execCalled = true
		return graphql.OneShot(&graphql.Response{Data: []byte(`{"a":1}`)})
	}
	next, ctx := dispatch(t, exec, context.Background(), "{ a }")
	assert.JSONEq(t, `{"a":1}`, string(next(ctx).Data))
	assert.True(t, execCalled)
}

func TestEventContextStartErrorsAndCancellation(t *testing.T) {
	exec, _ := newEventExecutor(t, func(ctx context.Context) graphql.ResponseHandlerWithContext {
		graphql.AddError(ctx, errors.New("cannot subscribe"))
		return nil
	})
	next, ctx := dispatch(t, exec, context.Background(), "subscription { tick }")
	resp := next(ctx)
	require.Len(t, resp.Errors, 1)
	assert.Equal(t, "cannot subscribe", resp.Errors[0].Message)
	assert.Nil(t, next(ctx))

	exec, _ = newEventExecutor(t, ticks(5))
	cctx, cancel := context.WithCancel(context.Background())
	next, ctx = dispatch(t, exec, cctx, "subscription { tick }")
	require.NotNil(t, next(ctx))
	cancel()
	assert.Nil(t, next(ctx))
}

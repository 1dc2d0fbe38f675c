// Package testexecutor provides an Executor over a small hand-written schema,
// for tests of the executor and of code built on it that should not depend
// on generated code.
//
// The schema has the root fields Query.name, Query.find(id), Query.user,
// Mutation.name and Subscription.name. Queries answer {"name":"test"} after
// passing through the root field and field middleware, mutations fail, and
// subscriptions yield {"name":"test"} each time SendNextSubscriptionMessage
// is called.
package testexecutor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
)

// TestExecutor is an Executor over the test schema, with controls for its
// subscription and its field complexity.
type TestExecutor struct {
	*executor.Executor

	schema     *fakeSchema
	next       chan struct{}
	complexity atomic.Int64
}

// MockResponse is the value the test schema's name field resolves to. It
// writes itself as a JSON object.
type MockResponse struct {
	Name string `json:"name"`
}

// UnmarshalGQL accepts any input and changes nothing.
func (mr *MockResponse) UnmarshalGQL(any) error { return nil }

// MarshalGQL writes mr as JSON, without a trailing newline.
func (mr *MockResponse) MarshalGQL(w io.Writer) {
	b, err := codec.Marshal(mr)
	if err != nil {
		panic(err)
	}
	_, _ = w.Write(b)
}

const fullSchema = `
type Query { name: String!  find(id: Int!): String!  user: User! }
type User { id: ID! }
type Mutation { name: String! }
type Subscription { name: String! }
`

const errorSchema = `type Query { name: String! }`

// New returns a TestExecutor whose queries succeed.
func New() *TestExecutor {
	t := &TestExecutor{next: make(chan struct{})}
	t.init(fullSchema, t.execFull)
	return t
}

// NewError returns a TestExecutor whose queries add the error
// "resolver error" and answer null; it has no mutation or subscription
// fields.
func NewError() *TestExecutor {
	t := &TestExecutor{next: make(chan struct{})}
	t.init(errorSchema, t.execFailing)
	return t
}

func (t *TestExecutor) init(sdl string, exec func(context.Context) graphql.ResponseHandler) {
	t.schema = &fakeSchema{
		parsed: gqlparser.MustLoadSchema(&ast.Source{Input: sdl}),
		exec:   exec,
		cost:   func() int { return int(t.complexity.Load()) },
	}
	t.Executor = executor.New(t.schema)
}

// Schema returns the executable schema the executor runs.
func (t *TestExecutor) Schema() graphql.ExecutableSchema { return t.schema }

// SendNextSubscriptionMessage lets a running subscription yield one more
// response. It gives up after a second, printing a warning, if no
// subscription is waiting.
func (t *TestExecutor) SendNextSubscriptionMessage() {
	timeout := time.NewTimer(time.Second)
	defer timeout.Stop()
	select {
	case t.next <- struct{}{}:
	case <-timeout.C:
		fmt.Println("WARNING: no active subscription")
	}
}

// SetCalculatedComplexity sets the complexity every field reports.
func (t *TestExecutor) SetCalculatedComplexity(complexity int) {
	t.complexity.Store(int64(complexity))
}

func (t *TestExecutor) execFull(ctx context.Context) graphql.ResponseHandler {
	switch graphql.GetOperationContext(ctx).Operation.Operation {
	case ast.Query:
		return once(t.resolveName)
	case ast.Mutation:
		return graphql.OneShot(graphql.ErrorResponse(ctx, "mutations are not supported"))
	case ast.Subscription:
		return func(context.Context) *graphql.Response {
			select {
			case <-t.next:
				return &graphql.Response{Data: []byte(`{"name":"test"}`)}
			case <-ctx.Done():
				return nil
			}
		}
	}
	return graphql.OneShot(graphql.ErrorResponse(ctx, "unsupported GraphQL operation"))
}

// resolveName imitates what generated code does for { name }: it runs the
// root field middleware around the field middleware around the resolver.
func (t *TestExecutor) resolveName(ctx context.Context) *graphql.Response {
	oc := graphql.GetOperationContext(ctx)
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{
		Object: "Query",
		Field: graphql.CollectedField{Field: &ast.Field{
			Alias:      "name",
			Name:       "name",
			Definition: t.schema.parsed.Query.Fields.ForName("name"),
		}},
	})
	value := oc.RootResolverMiddleware(ctx, func(ctx context.Context) graphql.Marshaler {
		res, err := graphql.GetOperationContext(ctx).ResolverMiddleware(ctx, func(context.Context) (any, error) {
			return &MockResponse{Name: "test"}, nil
		})
		if err != nil {
			panic(err)
		}
		return res.(*MockResponse)
	})
	var data bytes.Buffer
	value.MarshalGQL(&data)
	return &graphql.Response{Data: data.Bytes()}
}

func (t *TestExecutor) execFailing(ctx context.Context) graphql.ResponseHandler {
	switch graphql.GetOperationContext(ctx).Operation.Operation {
	case ast.Query:
		return once(func(ctx context.Context) *graphql.Response {
			graphql.AddError(ctx, errors.New("resolver error"))
			return &graphql.Response{Data: []byte(`null`)}
		})
	case ast.Mutation:
		return graphql.OneShot(graphql.ErrorResponse(ctx, "mutations are not supported"))
	case ast.Subscription:
		return graphql.OneShot(graphql.ErrorResponse(ctx, "subscription are not supported"))
	}
	return graphql.OneShot(graphql.ErrorResponse(ctx, "unsupported GraphQL operation"))
}

// once is a ResponseHandler that calls produce the first time and yields nil
// after that.
func once(produce func(context.Context) *graphql.Response) graphql.ResponseHandler {
	done := false
	return func(ctx context.Context) *graphql.Response {
		if done {
			return nil
		}
		done = true
		return produce(ctx)
	}
}

// fakeSchema is an ExecutableSchema made of functions.
type fakeSchema struct {
	parsed *ast.Schema
	exec   func(context.Context) graphql.ResponseHandler
	cost   func() int
}

func (s *fakeSchema) Schema() *ast.Schema { return s.parsed }

func (s *fakeSchema) Exec(ctx context.Context) graphql.ResponseHandler { return s.exec(ctx) }

func (s *fakeSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return s.cost(), true
}

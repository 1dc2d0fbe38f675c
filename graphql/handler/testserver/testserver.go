// Package testserver provides a handler.Server over a small hand-written
// schema, for tests of the handler, its transports and its extensions that
// should not depend on generated code.
//
// The schema has the fields Query.name, Query.find(id: Int!),
// Mutation.name and Subscription.name. A query answers {"name":"test"} after
// running the field middleware; a query containing "@defer" answers in two
// payloads instead, each released by SendNextSubscriptionMessage. Mutations
// fail with "mutations are not supported". A subscription yields
// {"name":"test"} for every SendNextSubscriptionMessage and ends on
// SendCompleteSubscriptionMessage or when its context is done.
package testserver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
)

// TestServer is a handler.Server over the test schema, with controls for
// its subscriptions, deferred payloads and field complexity.
type TestServer struct {
	*handler.Server

	next       chan struct{}
	complete   chan struct{}
	complexity atomic.Int64
}

const fullSchema = `
type Query { name: String!  find(id: Int!): String! }
type Mutation { name: String! }
type Subscription { name: String! }
`

// New returns a TestServer whose operations succeed.
func New() *TestServer {
	s := &TestServer{next: make(chan struct{}), complete: make(chan struct{})}
	s.serve(fullSchema, s.exec)
	return s
}

// NewError returns a TestServer with only Query.name, whose queries add the
// error "resolver error" and answer null.
func NewError() *TestServer {
	s := &TestServer{next: make(chan struct{}), complete: make(chan struct{})}
	s.serve(`type Query { name: String! }`, s.execFailing)
	return s
}

func (s *TestServer) serve(sdl string, exec func(*ast.Schema, context.Context) graphql.ResponseHandler) {
	parsed := gqlparser.MustLoadSchema(&ast.Source{Input: sdl})
	s.Server = handler.New(&fakeSchema{
		parsed: parsed,
		exec:   func(ctx context.Context) graphql.ResponseHandler { return exec(parsed, ctx) },
		cost:   func() int { return int(s.complexity.Load()) },
	})
}

// SendNextSubscriptionMessage releases the next subscription event or
// deferred payload. It gives up after a second, printing a warning, if no
// operation is waiting.
func (s *TestServer) SendNextSubscriptionMessage() { s.signal(s.next) }

// SendCompleteSubscriptionMessage ends the waiting subscription or deferred
// query. It gives up after a second, printing a warning, if no operation is
// waiting.
func (s *TestServer) SendCompleteSubscriptionMessage() { s.signal(s.complete) }

func (s *TestServer) signal(c chan struct{}) {
	timeout := time.NewTimer(time.Second)
	defer timeout.Stop()
	select {
	case c <- struct{}{}:
	case <-timeout.C:
		fmt.Println("WARNING: no active subscription")
	}
}

// SetCalculatedComplexity sets the complexity every field reports.
func (s *TestServer) SetCalculatedComplexity(complexity int) {
	s.complexity.Store(int64(complexity))
}

func (s *TestServer) exec(schema *ast.Schema, ctx context.Context) graphql.ResponseHandler {
	oc := graphql.GetOperationContext(ctx)
	switch oc.Operation.Operation {
	case ast.Query:
		if strings.Contains(oc.RawQuery, "@defer") {
			return s.deferred(ctx)
		}
		return once(func(ctx context.Context) *graphql.Response { return resolveName(ctx, schema) })
	case ast.Mutation:
		return graphql.OneShot(graphql.ErrorResponse(ctx, "mutations are not supported"))
	case ast.Subscription:
		return s.events(ctx, func(int) *graphql.Response {
			return &graphql.Response{Data: []byte(`{"name":"test"}`)}
		})
	}
	return graphql.OneShot(graphql.ErrorResponse(ctx, "unsupported GraphQL operation"))
}

// deferred answers a query with @defer as an initial payload with a null
// name and a later one with the name, each released by the next signal.
func (s *TestServer) deferred(ctx context.Context) graphql.ResponseHandler {
	return s.events(ctx, func(n int) *graphql.Response {
		more := n == 0
		data := `{"name":"test"}`
		if more {
			data = `{"name":null}`
		}
		return &graphql.Response{Data: []byte(data), HasNext: &more}
	})
}

// events yields build(n) for the n-th signal on next, and nil once complete
// is signalled or the operation's context is done.
func (s *TestServer) events(ctx context.Context, build func(n int) *graphql.Response) graphql.ResponseHandler {
	n := 0
	return func(context.Context) *graphql.Response {
		select {
		case <-s.next:
			resp := build(n)
			n++
			return resp
		case <-s.complete:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

// resolveName imitates generated code resolving { name }: the resolver runs
// inside the field middleware, with a field context describing the field.
func resolveName(ctx context.Context, schema *ast.Schema) *graphql.Response {
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{
		Object: "Query",
		Field: graphql.CollectedField{Field: &ast.Field{
			Alias:      "name",
			Name:       "name",
			Definition: schema.Query.Fields.ForName("name"),
		}},
	})
	res, err := graphql.GetOperationContext(ctx).ResolverMiddleware(ctx, func(context.Context) (any, error) {
		return &graphql.Response{Data: []byte(`{"name":"test"}`)}, nil
	})
	if err != nil {
		panic(err)
	}
	return res.(*graphql.Response)
}

func (s *TestServer) execFailing(_ *ast.Schema, ctx context.Context) graphql.ResponseHandler {
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

func (f *fakeSchema) Schema() *ast.Schema { return f.parsed }

func (f *fakeSchema) Exec(ctx context.Context) graphql.ResponseHandler { return f.exec(ctx) }

func (f *fakeSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return f.cost(), true
}

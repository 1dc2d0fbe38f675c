package directives

import (
	"context"
	"net/http"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// MaxComplexity is the most an operation may cost. Every field costs 1, and
// Post.comments(first) costs first times what it selects.
const MaxComplexity = 100

// NewConfig wires the resolvers, the directive implementations and the
// complexity function for comments.
func NewConfig(r *Resolver) Config {
	c := Config{Resolvers: r}
	c.Directives.HasRole = hasRole
	c.Directives.Upper = upper
	c.Directives.MaxLength = maxLength
	c.Complexity.Post.Comments = func(childComplexity, first int) int {
		return 1 + first*childComplexity
	}
	return c
}

type resolverCountKey struct{}

// countResolvers is a field middleware: it runs around every field and
// counts the ones that call a resolver method, for the "resolverCalls"
// response extension. Plain struct fields are not counted.
func countResolvers(ctx context.Context, next graphql.Resolver) (any, error) {
	if n, ok := ctx.Value(resolverCountKey{}).(*atomic.Int64); ok && graphql.GetFieldContext(ctx).IsResolver {
		n.Add(1)
	}
	return next(ctx)
}

// NewServer returns the example's handler: the auth middleware in front of
// a GraphQL server with the field middleware and the complexity limit.
func NewServer(r *Resolver) http.Handler {
	srv := handler.New(NewExecutableSchema(NewConfig(r)))
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	srv.Use(extension.FixedComplexityLimit(MaxComplexity))
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		return next(context.WithValue(ctx, resolverCountKey{}, new(atomic.Int64)))
	})
	srv.AroundFields(countResolvers)
	srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		resp := next(ctx)
		if n, ok := ctx.Value(resolverCountKey{}).(*atomic.Int64); ok && resp != nil {
			if resp.Extensions == nil {
				resp.Extensions = map[string]any{}
			}
			resp.Extensions["resolverCalls"] = n.Load()
		}
		return resp
	})
	return Authenticate(srv)
}

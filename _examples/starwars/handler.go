package starwars

import (
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewServer returns the GraphQL handler the example serves: plain POST and
// GET, plus the two transports @defer can stream over (multipart/mixed and
// server-sent events). The tests drive this same handler.
func NewServer(r *Resolver) *handler.Server {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r}))
	// Order matters: a transport claims a request when it Supports it, and
	// SSE and MultipartMixed must see their Accept headers before POST does.
	srv.AddTransport(transport.SSE{})
	srv.AddTransport(transport.MultipartMixed{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	return srv
}

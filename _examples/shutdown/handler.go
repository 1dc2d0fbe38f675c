package shutdown

import (
	"time"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewServer serves r over both websocket subprotocols, SSE, GET and POST.
// Call its Shutdown beside http.Server.Shutdown (server/main.go).
func NewServer(r *Resolver) *handler.Server {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r}))
	srv.AddTransport(transport.Websocket{KeepAlivePingInterval: 10 * time.Second})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.SSE{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	return srv
}

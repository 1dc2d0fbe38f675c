package dataloader

import (
	"net/http"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// DefaultWait is how long a loader gathers keys before it queries. gqlgen
// resolves the elements of a list concurrently, so the whole list's keys
// arrive well inside it.
const DefaultWait = 2 * time.Millisecond

// NewServer returns the example's handler over db. With wait > 0 every
// request gets loaders that batch for wait; with wait == 0 there are none and
// each Order.customer and Customer.orders costs a query of its own. opts go to
// the loaders (see NewLoaders).
func NewServer(db *DB, wait time.Duration, opts ...dataloadgen.Option) http.Handler {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: &Resolver{DB: db}}))
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	if wait <= 0 {
		return srv
	}
	return Middleware(db, wait, srv, opts...)
}

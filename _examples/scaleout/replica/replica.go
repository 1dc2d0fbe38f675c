// Package replica assembles one replica of the scale-out example: the
// generated schema, with automatic persisted queries kept in Redis and
// subscriptions fed by Redis pub/sub, so that any number of replicas behind
// a load balancer behave as one server.
package replica

import (
	"context"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/_examples/scaleout/graph"
	"github.com/99designs/gqlgen/_examples/scaleout/redisapq"
	"github.com/99designs/gqlgen/_examples/scaleout/redispubsub"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/99designs/gqlgen/graphql/playground"
)

// Config describes a replica.
type Config struct {
	// Name identifies the replica in responses (Query.replica, Post.via).
	Name string
	// Redis is shared by all replicas: persisted queries and events go
	// through it.
	Redis redis.UniversalClient
	// Logf, if set, receives the Redis errors that were turned into cache
	// misses and the events that could not be decoded.
	Logf func(format string, args ...any)
}

// NewHandler returns the replica's HTTP handler: the GraphQL API at /query
// (WebSocket, GET and POST) and a playground at /.
func NewHandler(cfg Config) http.Handler {
	logf := cfg.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	broker := redispubsub.New(cfg.Redis, redispubsub.WithErrorHook(func(_ context.Context, topic string, err error) {
		logf("dropped an event of %s: %v", topic, err)
	}))
	apq := redisapq.New(cfg.Redis, redisapq.WithErrorHook(func(_ context.Context, _ redisapq.Op, _ string, err error) {
		logf("persisted query cache: %v", err)
	}))

	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver(cfg.Name, broker)}))
	srv.AddTransport(transport.Websocket{KeepAlivePingInterval: 10 * time.Second})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](1000))
	srv.Use(extension.Introspection{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: apq})

	mux := http.NewServeMux()
	mux.Handle("/query", srv)
	mux.Handle("/", playground.Handler("scale-out "+cfg.Name, "/query"))
	return mux
}

// Command demo serves a small GraphQL API on :8080 (PORT overrides): the
// GraphiQL playground at / and the API at /query, over every transport,
// with the codec chosen by the build tags (make demo DEMO_TAGS=sonic).
//
// The GraphQL layer in graph/ is produced by this module's own generator
// (go generate ./... in this directory regenerates it).
package main

import (
	"log"
	"net/http"
	"os"
	"time"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/99designs/gqlgen/graphql/playground"
	"github.com/99designs/gqlgen/tools/demo/graph"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	log.Printf("demo server on http://localhost:%s/ (codec: %s)", port, codec.Name())
	server := &http.Server{Addr: ":" + port, Handler: newMux(), ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(server.ListenAndServe())
}

func newMux() *http.ServeMux {
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	srv.AddTransport(transport.Websocket{KeepAlivePingInterval: 10 * time.Second})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.MultipartForm{})
	srv.Use(extension.Introspection{})

	mux := http.NewServeMux()
	mux.Handle("/", playground.Handler("gqlgen demo", "/query"))
	mux.Handle("/query", srv)
	return mux
}

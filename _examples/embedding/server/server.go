// Command server serves the embedding example with a GraphiQL playground at
// http://localhost:8080/, the API at /query and the embedded schema at
// /schema.graphql. Set PORT to change the port.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/embedding"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("Embedding", "/query"))
	http.Handle("/query", embedding.NewServer(embedding.NewResolver()))
	http.Handle("/schema.graphql", embedding.SDLHandler())
	log.Printf("embedding example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

// Command server serves the config example with a GraphiQL playground at
// http://localhost:8080/ and the API at /query. Set PORT to change the port.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/config/graph"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("Config", "/query"))
	http.Handle("/query", graph.NewServer(graph.NewResolver()))
	log.Printf("config example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

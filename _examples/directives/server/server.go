// Command server serves the directives example with a GraphiQL playground at
// http://localhost:8080/ and the API at /query. Sign in by sending the header
// "Authorization: Bearer ada-token" (an admin) or "Bearer bob-token" (a user).
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/directives"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("Directives", "/query"))
	http.Handle("/query", directives.NewServer(directives.NewResolver()))
	log.Printf("directives example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

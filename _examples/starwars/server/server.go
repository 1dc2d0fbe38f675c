// Command server serves the Star Wars example with a GraphiQL playground at
// http://localhost:8080/ and the API at /query. Set PORT to change the port.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/starwars"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("Star Wars", "/query"))
	http.Handle("/query", starwars.NewServer(starwars.NewResolver()))
	log.Printf("Star Wars example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

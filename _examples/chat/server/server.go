// Command server serves the chat example with a GraphiQL playground at
// http://localhost:8080/ and the API (HTTP, WebSocket and SSE) at /query.
// Set PORT to change the port.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/chat"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("Chat", "/query"))
	http.Handle("/query", chat.NewServer(chat.NewResolver()))
	log.Printf("chat example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

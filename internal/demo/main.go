// Command demo serves the project's demo GraphQL server on :8080 (PORT
// overrides). Until the runtime lands it answers every query with an error
// saying so, encoded by the built-in codec.
package main

import (
	"fmt"
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/codec"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "gqlgen demo (codec: %s)\nPOST GraphQL requests to /query.\n", codec.Name())
	})
	mux.HandleFunc("/query", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotImplemented)
		body := map[string]any{"errors": []map[string]string{{"message": "the demo schema arrives with the runtime"}}, "data": nil}
		if err := codec.NewEncoder(w).Encode(body); err != nil {
			log.Print(err)
		}
	})
	log.Printf("demo server on http://localhost:%s/ (codec: %s)", port, codec.Name())
	log.Fatal(http.ListenAndServe(":"+port, mux))
}

// Command server serves the trusted documents example at
// http://localhost:8080/query: only the operations of client/ run, by the
// ids of client/persisted-query-manifest.json. MODE=log answers other
// queries too and logs them; MODE=off answers them silently.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/trusteddocs"
	"github.com/99designs/gqlgen/graphql/handler/extension"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	mode := extension.TrustedDocumentsEnforce
	if m := os.Getenv("MODE"); m != "" {
		var err error
		if mode, err = extension.ParseTrustedDocumentsMode(m); err != nil {
			log.Fatal(err)
		}
	}
	srv, err := trusteddocs.NewServer(trusteddocs.NewResolver(), mode, nil)
	if err != nil {
		log.Fatal(err)
	}
	http.Handle("/query", srv)
	log.Printf("trusted documents example (%s): http://localhost:%s/query", mode, port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

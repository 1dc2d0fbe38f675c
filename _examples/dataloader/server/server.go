// Command server serves the dataloader example with a GraphiQL playground at
// http://localhost:8080/ and the API at /query. It logs how many database
// queries each request made; set NOLOADER=1 to see the N+1 version.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/dataloader"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	db := dataloader.NewDB(10, 5)
	wait := dataloader.DefaultWait
	if os.Getenv("NOLOADER") != "" {
		wait = 0
	}
	api := dataloader.NewServer(db, wait)
	http.Handle("/", playground.Handler("Dataloader", "/query"))
	http.Handle("/query", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		before := db.Queries()
		api.ServeHTTP(w, r)
		log.Printf("%d database queries", db.Queries()-before)
	}))
	log.Printf("dataloader example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

// Command server serves the file upload example with a GraphiQL playground at
// http://localhost:8080/ and the API at /query. Try it with curl:
//
//	curl localhost:8080/query \
//	  -F operations='{"query":"mutation($f: Upload!){ singleUpload(file: $f){ name size sha256 } }","variables":{"f":null}}' \
//	  -F map='{"0":["variables.f"]}' -F 0=@go.mod
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/99designs/gqlgen/_examples/fileupload"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	http.Handle("/", playground.Handler("File upload", "/query"))
	http.Handle("/query", fileupload.NewServer(fileupload.DefaultLimits))
	log.Printf("file upload example: http://localhost:%s/", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}

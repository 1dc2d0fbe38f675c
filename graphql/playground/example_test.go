package playground_test

import (
	"net/http"
	"os"

	"github.com/99designs/gqlgen/graphql/playground"
)

// Serving GraphiQL without a CDN: the files of graphiql, react, react-dom
// (UMD builds) are copied into ./assets and served next to the page. The
// integrity hashes can be left empty for files served by the same program.
func ExampleHandler_offline() {
	mux := http.NewServeMux()
	mux.Handle("/assets/", http.StripPrefix("/assets/", http.FileServerFS(os.DirFS("assets"))))
	mux.Handle("/", playground.Handler("My API", "/query",
		playground.WithGraphiqlVersion("/assets/graphiql.min.js", "/assets/graphiql.min.css", "", ""),
		playground.WithGraphiqlReactVersion("/assets/react.production.min.js", "/assets/react-dom.production.min.js", "", ""),
	))
	_ = http.ListenAndServe(":8080", mux)
}

// Serving Altair without a CDN: the build/dist folder of the altair-static
// npm package is copied to ./altair.
func ExampleAltairHandlerWithAssets() {
	mux := http.NewServeMux()
	mux.Handle("/altair/", http.StripPrefix("/altair/", http.FileServerFS(os.DirFS("altair"))))
	mux.Handle("/", playground.AltairHandlerWithAssets("My API", "/query", nil,
		playground.AltairAssets{BaseURL: "/altair/"}))
	_ = http.ListenAndServe(":8080", mux)
}

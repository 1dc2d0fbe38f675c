package scalars

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewServer returns the example's handler. The X-Currency request header
// picks the currency Money fields are written in (USD when absent).
func NewServer(r *Resolver) http.Handler {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r}))
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if code := req.Header.Get("X-Currency"); code != "" {
			req = req.WithContext(WithCurrency(req.Context(), code))
		}
		srv.ServeHTTP(w, req)
	})
}

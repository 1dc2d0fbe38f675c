// Command oldserver is the chat example served the way servers were written
// for gqlgen before v0.17.92, when the websocket transport ran on
// gorilla/websocket: the handshake, and with it the websocket side of CORS,
// is configured with gorilla's websocket.Upgrader. Keep this file as such a
// server has it; its test proves that it builds and behaves unchanged on
// this module, where upstream v0.17.92 and later fail with
// "unknown field Upgrader in struct literal of type transport.Websocket".
//
// Set PORT to change the port (8080) and ALLOWED_ORIGIN to let a browser
// application from another origin in.
package main

import (
	"log"
	"net/http"
	"os"
	"slices"
	"time"

	"github.com/gorilla/websocket"

	"github.com/99designs/gqlgen/_examples/chat"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/99designs/gqlgen/graphql/playground"
)

func main() {
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}
	var origins []string
	if o := os.Getenv("ALLOWED_ORIGIN"); o != "" {
		origins = append(origins, o)
	}
	logger := log.New(os.Stderr, "oldserver: ", log.LstdFlags)
	logger.Printf("http://localhost:%s/", port)
	logger.Fatal(http.ListenAndServe("127.0.0.1:"+port, newServer(chat.NewResolver(), origins, logger)))
}

// newServer serves the GraphQL API at /query and a playground at /. Browser
// applications from allowedOrigins may call the API, over HTTP and over
// websockets; refused handshakes are logged.
func newServer(resolver *chat.Resolver, allowedOrigins []string, logger *log.Logger) http.Handler {
	allowed := func(origin string) bool {
		return origin == "" || slices.Contains(allowedOrigins, origin)
	}

	srv := handler.New(chat.NewExecutableSchema(chat.Config{Resolvers: resolver}))
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(&transport.Websocket{
		KeepAlivePingInterval: 10 * time.Second,
		// Browsers do not apply CORS to websockets: the server must check
		// the Origin of the upgrade request itself.
		Upgrader: websocket.Upgrader{
			CheckOrigin:     func(r *http.Request) bool { return allowed(r.Header.Get("Origin")) },
			ReadBufferSize:  1024,
			WriteBufferSize: 1024,
			Subprotocols:    []string{"graphql-transport-ws", "graphql-ws"},
			Error: func(w http.ResponseWriter, r *http.Request, status int, reason error) {
				logger.Printf("websocket handshake from %q refused with %d: %v", r.Header.Get("Origin"), status, reason)
				http.Error(w, http.StatusText(status), status)
			},
		},
	})
	srv.Use(extension.Introspection{})

	mux := http.NewServeMux()
	mux.Handle("/", playground.Handler("Chat", "/query"))
	mux.Handle("/query", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && allowed(origin) {
			w.Header().Set("Access-Control-Allow-Origin", origin)
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
			w.Header().Add("Vary", "Origin")
		}
		srv.ServeHTTP(w, r)
	}))
	return mux
}

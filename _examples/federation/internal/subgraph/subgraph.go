// Package subgraph is the HTTP side shared by the example's three subgraph
// servers: the handler a gateway talks to, and a main loop that listens on
// a flag-chosen port and says where it listens.
package subgraph

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// Handler serves schema as a subgraph: GraphQL over POST (what Apollo
// Gateway sends) and GET, with introspection on, since a subgraph's
// _service query answers only when introspection is allowed.
func Handler(schema graphql.ExecutableSchema) http.Handler {
	srv := handler.New(schema)
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.GET{})
	srv.Use(extension.Introspection{})
	return srv
}

// ListeningPrefix starts the line Main prints once the server accepts
// connections; the rest of the line is the GraphQL endpoint's URL. Tests
// that start a subgraph with -port 0 read it to learn the port.
const ListeningPrefix = "listening on "

// Main runs the subgraph called name until SIGINT or SIGTERM. Flags: -host
// (default 127.0.0.1) and -port (default defaultPort; 0 picks a free one).
// The endpoint is /query.
func Main(name string, defaultPort int, schema graphql.ExecutableSchema) {
	host := flag.String("host", "127.0.0.1", "address to listen on")
	port := flag.Int("port", defaultPort, "port to listen on (0: any free port)")
	flag.Parse()

	ln, err := net.Listen("tcp", net.JoinHostPort(*host, strconv.Itoa(*port)))
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	mux := http.NewServeMux()
	mux.Handle("/query", Handler(schema))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()

	fmt.Printf("%s%s\n", ListeningPrefix, "http://"+ln.Addr().String()+"/query")
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("%s: %v", name, err)
	}
}

// Command server is the GraphQL server the integration suite's JavaScript
// clients talk to. It listens on -addr (port 0 picks a free one) and, once
// accepting connections, prints one line to stdout:
//
//	listening on http://HOST:PORT/query (codec: NAME)
//
// The suite waits for that line instead of sleeping. SIGINT or SIGTERM
// shut the server down gracefully, and so does the end of stdin with
// -stdin-eof, which the suite sets so that no server outlives a test
// process that was killed.
//
// With -trusted-documents it serves the operations of that persisted query
// manifest (extension.TrustedDocuments, before APQ, on both endpoints) in
// the mode that -trusted-documents-mode names; a manifest that does not
// validate against the schema makes it exit with status 1 before
// listening, the error on stderr.
//
// With -debug-addr it also serves net/http/pprof on that address (the soak
// test in tools/soak reads the goroutine count there), apart from the
// API so that the API's mux stays exactly what the clients see.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	_ "net/http/pprof" // served only on -debug-addr
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/contrib/playgroundassets"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/99designs/gqlgen/graphql/playground"
	"github.com/99designs/gqlgen/integration/server/graph"
	"github.com/vektah/gqlparser/v2/ast"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	stdinEOF := flag.Bool("stdin-eof", false, "shut down when stdin ends (the parent process is gone)")
	debugAddr := flag.String("debug-addr", "", "serve net/http/pprof on this address as well (empty: off)")
	manifest := flag.String("trusted-documents", "", "serve the operations of this persisted query manifest (empty: off)")
	mode := flag.String("trusted-documents-mode", "enforce", "what happens to other operations: enforce, log or off")
	flag.Parse()

	schema := graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()})
	var docs *extension.TrustedDocuments
	if *manifest != "" {
		var err error
		if docs, err = trustedDocuments(schema, *manifest, *mode); err != nil {
			log.Fatal(err)
		}
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("listening on %s: %v", *addr, err)
	}
	var unused connSet
	srv := &http.Server{Handler: newMux(schema, docs), ReadHeaderTimeout: 10 * time.Second, ConnState: unused.track}
	fmt.Printf("listening on http://%s/query (codec: %s)\n", ln.Addr(), codec.Name())
	if *debugAddr != "" {
		dl, err := net.Listen("tcp", *debugAddr)
		if err != nil {
			log.Fatalf("listening on %s: %v", *debugAddr, err)
		}
		fmt.Printf("debug on http://%s/debug/pprof/\n", dl.Addr())
		go func() {
			dbg := &http.Server{Handler: http.DefaultServeMux, ReadHeaderTimeout: 10 * time.Second}
			log.Printf("debug server: %v", dbg.Serve(dl))
		}()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *stdinEOF {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}
	shutdownDone := make(chan struct{})
	go func() {
		defer close(shutdownDone)
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		result := make(chan error, 1)
		go func() { result <- srv.Shutdown(shutdown) }()
		unused.closeAll()
		if err := <-result; err != nil {
			log.Printf("shutting down: %v", err)
		}
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("serving: %v", err)
	}
	<-shutdownDone
}

// connSet tracks the connections that have not sent a request yet. HTTP
// clients such as Node's fetch open spare connections, and Shutdown waits
// up to five seconds for those before it counts them as idle; the server
// closes them itself instead, so that it stops at once.
type connSet struct {
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (s *connSet) track(c net.Conn, state http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if state != http.StateNew {
		delete(s.conns, c)
		return
	}
	if s.conns == nil {
		s.conns = map[net.Conn]struct{}{}
	}
	s.conns[c] = struct{}{}
}

func (s *connSet) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		_ = c.Close()
	}
}

// trustedDocuments loads the manifest at path and validates it against
// schema.
func trustedDocuments(schema graphql.ExecutableSchema, path, mode string) (*extension.TrustedDocuments, error) {
	docs, err := extension.LoadTrustedDocuments(path)
	if err != nil {
		return nil, err
	}
	if docs.Mode, err = extension.ParseTrustedDocumentsMode(mode); err != nil {
		return nil, err
	}
	if err := docs.Validate(schema); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return docs, nil
}

// newMux serves the API at /query with the transports of
// handler.NewDefaultServer plus SSE and multipart/mixed (@defer), and with
// extension.CSRFPrevention, as docs/production.md recommends: the clients
// send Apollo-Require-Preflight where their requests are "simple" (GET,
// multipart uploads). /unprotected/query is the same API over the same
// resolver (one catalogue) without CSRFPrevention, as upstream gqlgen
// serves it; the graphql-http audits and the cross-site form test use it
// too. The playgrounds are served as well, GraphiQL and Altair with their
// files from /assets/ (contrib/playgroundassets) so that they work without
// a CDN; Apollo Sandbox always needs Apollo's servers.
func newMux(schema graphql.ExecutableSchema, docs *extension.TrustedDocuments) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/query", newAPI(schema, true, docs))
	mux.Handle("/unprotected/query", newAPI(schema, false, docs))
	mux.Handle("/assets/", playgroundassets.Handler("/assets/"))
	mux.Handle("/graphiql", playground.Handler("GraphiQL", "/query",
		append(playgroundassets.GraphiQL("/assets/"), playground.WithGraphiqlEnablePluginExplorer(true))...))
	// Altair's uploads are multipart requests: it sends the header that lets
	// them past CSRFPrevention.
	mux.Handle("/altair", playground.AltairHandlerWithAssets("Altair", "/query",
		map[string]any{"initialHeaders": map[string]string{"Apollo-Require-Preflight": "true"}},
		playgroundassets.Altair("/assets/")))
	mux.Handle("/sandbox", playground.ApolloSandboxHandler("Apollo Sandbox", "/query",
		playground.WithApolloSandboxInitialStateDocument("{ hello(name: \"sandbox\") }")))
	return mux
}

// newAPI is the GraphQL handler for schema; csrf adds CSRFPrevention, and
// docs (if not nil) is used before APQ. The
// streaming transports come before POST, which would otherwise claim their
// JSON requests.
func newAPI(schema graphql.ExecutableSchema, csrf bool, docs *extension.TrustedDocuments) *handler.Server {
	srv := handler.New(schema)
	srv.AddTransport(transport.Websocket{
		KeepAlivePingInterval: 10 * time.Second,
		InitFunc:              websocketInit,
	})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.SSE{})
	srv.AddTransport(transport.MultipartMixed{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.MultipartForm{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](100))
	if csrf {
		srv.Use(extension.CSRFPrevention{})
	}
	srv.Use(extension.Introspection{})
	if docs != nil {
		srv.Use(docs)
	}
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](100)})
	return srv
}

// websocketInit takes the viewer from the connection_init payload's "user"
// and refuses connections whose payload says {"token": "reject"}, closing
// them with status 4403 "Forbidden" as graphql-ws servers do.
func websocketInit(ctx context.Context, payload transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	if payload.GetString("token") == "reject" {
		ctx = transport.WithWebsocketCloseCode(ctx, 4403)
		return transport.AppendCloseReason(ctx, "Forbidden"), nil, errors.New("token rejected")
	}
	if user := payload.GetString("user"); user != "" {
		ctx = graph.WithViewer(ctx, user)
	}
	return ctx, nil, nil
}

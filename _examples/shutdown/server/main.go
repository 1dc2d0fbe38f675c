// Command server runs one replica of the shutdown example. It listens on
// -addr (port 0 picks a free one) and prints
//
//	listening on http://HOST:PORT/query (codec: NAME)
//
// On SIGINT or SIGTERM (or the end of stdin, with -stdin-eof) it shuts
// down gracefully within -grace: handler.Server.Shutdown beside
// http.Server.Shutdown. It then prints one line,
//
//	shutdown: graphql=<nil or error> http=<nil or error>
//
// and exits with status 0 if both returned nil, 1 otherwise.
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
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/99designs/gqlgen/_examples/shutdown"
	"github.com/99designs/gqlgen/codec"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	name := flag.String("name", "replica", "the replica's name in answers and events")
	grace := flag.Duration("grace", 30*time.Second, "how long the shutdown may take")
	stdinEOF := flag.Bool("stdin-eof", false, "shut down when stdin ends (the parent process is gone)")
	flag.Parse()

	resolver := shutdown.NewResolver(*name)
	gqlSrv := shutdown.NewServer(resolver)
	mux := http.NewServeMux()
	mux.Handle("/query", gqlSrv)
	httpSrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("listening on %s: %v", *addr, err)
	}
	fmt.Printf("listening on http://%s/query (codec: %s)\n", ln.Addr(), codec.Name())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *stdinEOF {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}
	served := make(chan error, 1)
	go func() { served <- httpSrv.Serve(ln) }()
	select {
	case err := <-served:
		log.Fatalf("serving: %v", err)
	case <-ctx.Done():
	}

	resolver.ShuttingDown.Store(true)
	graceCtx, cancel := context.WithTimeout(context.Background(), *grace)
	defer cancel()
	gqlDone := make(chan error, 1)
	go func() { gqlDone <- gqlSrv.Shutdown(graceCtx) }()
	httpErr := httpSrv.Shutdown(graceCtx)
	gqlErr := <-gqlDone
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		log.Printf("serving: %v", err)
	}
	fmt.Printf("shutdown: graphql=%v http=%v\n", gqlErr, httpErr)
	if gqlErr != nil || httpErr != nil {
		os.Exit(1)
	}
}

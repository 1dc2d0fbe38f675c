// Command server runs one replica of the scale-out example. Start several
// on different ports with the same Redis, and a mutation sent to any of
// them reaches the subscribers of all.
//
//	server -addr 127.0.0.1:8081 -redis 127.0.0.1:6379 -name a
//
// Once it accepts connections it prints one line to stdout:
//
//	listening on http://HOST:PORT/query (codec: NAME)
//
// so that a script or test can wait for it. SIGINT or SIGTERM stop it
// gracefully, and so does the end of stdin with -stdin-eof, which tests set
// so that no replica outlives them.
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

	"github.com/redis/go-redis/v9"

	"github.com/99designs/gqlgen/_examples/scaleout/replica"
	"github.com/99designs/gqlgen/codec"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	redisAddr := flag.String("redis", "127.0.0.1:6379", "address of the Redis shared by the replicas")
	name := flag.String("name", "", "name of this replica (default: the listening address)")
	stdinEOF := flag.Bool("stdin-eof", false, "shut down when stdin ends")
	flag.Parse()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("listening on %s: %v", *addr, err)
	}
	if *name == "" {
		*name = ln.Addr().String()
	}
	rdb := redis.NewClient(&redis.Options{Addr: *redisAddr, ContextTimeoutEnabled: true})
	defer rdb.Close()

	srv := &http.Server{
		Handler:           replica.NewHandler(replica.Config{Name: *name, Redis: rdb, Logf: log.Printf}),
		ReadHeaderTimeout: 10 * time.Second,
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
	// WebSocket connections are hijacked, so Shutdown does not wait for
	// them; closing the listener and returning ends them with the process.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdown); err != nil {
			log.Printf("shutting down: %v", err)
		}
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("serving: %v", err)
	}
	<-drained
}

// Package handler serves a GraphQL schema over HTTP: a Server hands each
// request to the first of its transports that accepts it, and the transport
// drives the executor.
package handler

import (
	"context"
	"fmt"
	"net/http"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/internal/drain"
	"github.com/99designs/gqlgen/graphql/handler/lru"
)

// queryCacheSize is how many parsed and validated documents New keeps by
// default.
const queryCacheSize = 1000

// Server is an http.Handler serving one executable schema. Add transports
// with AddTransport before serving: it answers nothing without them.
type Server struct {
	transports []graphql.Transport
	exec       *executor.Executor
	// checkers are the extensions that vet the HTTP request before a
	// transport is chosen (graphql.RequestChecker), in the order added.
	checkers []graphql.RequestChecker
	// drain is the shutdown state; run is exec as the transports see it,
	// with drain reachable through it.
	drain *drain.Coordinator
	run   graphql.GraphExecutor
}

// drainingExecutor is the executor handed to the transports: the Server's
// own, plus the way to its shutdown state (drain.Of).
type drainingExecutor struct {
	*executor.Executor
	coordinator *drain.Coordinator
}

// DrainCoordinator implements drain.Holder.
func (e drainingExecutor) DrainCoordinator() *drain.Coordinator { return e.coordinator }

// New returns a Server for es without transports or extensions.
//
// Unlike upstream gqlgen, the Server caches up to 1000 parsed and validated
// documents by query text, so that a repeated query skips parsing and
// validation; SetQueryCache replaces that cache (graphql.NoCache turns
// caching off).
func New(es graphql.ExecutableSchema) *Server {
	exec := executor.New(es)
	exec.SetQueryCache(lru.New[*ast.QueryDocument](queryCacheSize))
	d := drain.New()
	return &Server{exec: exec, drain: d, run: drainingExecutor{Executor: exec, coordinator: d}}
}

// Shutdown shuts the server down gracefully, for a program to call beside
// (or before) http.Server.Shutdown, which neither waits for nor closes
// websocket connections and waits on open event streams until its own
// deadline. From the call on, every new request is answered 503 with the
// error "server is shutting down" and nothing executes. Queries and
// mutations in flight, on any transport, run to their end. Subscriptions
// end at once in the way that makes standard clients (graphql-ws,
// subscriptions-transport-ws, graphql-sse) subscribe again, on another
// replica: without a complete message, which those clients take as the
// subscription's normal end, so
//
//   - a websocket connection, of either subprotocol, closes with status
//     1012 (service restart) once its queries and mutations have finished;
//     operations it receives meanwhile are neither run nor answered, so
//     that the client sends them again after reconnecting;
//   - an SSE stream of a subscription ends without its "complete" event;
//     a single connection mode stream ends once its other operations have
//     finished.
//
// Shutdown returns nil when no request is left. When ctx ends first, it
// closes what is still open (cancelling the operations' contexts) and
// returns ctx's error without waiting further. Calling it again waits
// again. Without a call, the server behaves as upstream gqlgen's.
func (s *Server) Shutdown(ctx context.Context) error {
	if err := s.drain.Shutdown(ctx); err != nil {
		return fmt.Errorf("graphql server shutdown: %w", err)
	}
	return nil
}

// AddTransport adds t after the transports already added. A request goes
// to the first transport whose Supports accepts it, so add the specific
// ones (SSE, multipart/mixed) before the general ones (POST).
//
// A transport with a Validate() error method (transport.Websocket has one)
// is checked here, and AddTransport panics with the error, as
// http.ServeMux does for conflicting patterns: a configuration that sets
// one thing two ways stops the server at start-up instead of being served
// with one of them silently chosen.
func (s *Server) AddTransport(t graphql.Transport) {
	if v, ok := t.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			panic(fmt.Errorf("handler.Server.AddTransport: %w", err))
		}
	}
	s.transports = append(s.transports, t)
}

// SetErrorPresenter sets the function every error passes through before it
// reaches a response.
func (s *Server) SetErrorPresenter(f graphql.ErrorPresenterFunc) { s.exec.SetErrorPresenter(f) }

// SetRecoverFunc sets the function that turns a panic into an error.
func (s *Server) SetRecoverFunc(f graphql.RecoverFunc) { s.exec.SetRecoverFunc(f) }

// SetQueryCache sets the cache of parsed and validated documents.
func (s *Server) SetQueryCache(cache graphql.Cache[*ast.QueryDocument]) {
	s.exec.SetQueryCache(cache)
}

// SetParserTokenLimit caps the number of tokens in a query; 0 removes the
// cap.
func (s *Server) SetParserTokenLimit(limit int) { s.exec.SetParserTokenLimit(limit) }

// SetGoroutineLimit caps the goroutines one operation may have resolving
// fields at once (concurrent fields, list elements, federation _entities),
// besides the goroutine running the operation. Past the cap a field
// resolves on the goroutine that reached it, so that nested lists never
// wait for each other; the response is the same. Zero (the default, as in
// upstream gqlgen) means no cap, and costs nothing.
func (s *Server) SetGoroutineLimit(limit int) { s.exec.SetGoroutineLimit(limit) }

// SetDisableSuggestion stops validation errors from suggesting similar
// names from the schema.
func (s *Server) SetDisableSuggestion(value bool) { s.exec.SetDisableSuggestion(value) }

// SetValidationRulesFn replaces the default validation rules with the
// result of f, which is called for every query that is not in the cache.
func (s *Server) SetValidationRulesFn(f func() *rules.Rules) { s.exec.SetDefaultRulesFn(f) }

// Use adds an extension; see executor.Executor.Use. Extensions run in the
// order they were added. An extension that is a graphql.RequestChecker
// also vets every request in ServeHTTP before a transport reads it.
func (s *Server) Use(extension graphql.HandlerExtension) {
	s.exec.Use(extension)
	if c, ok := extension.(graphql.RequestChecker); ok {
		s.checkers = append(s.checkers, c)
	}
}

// AroundOperations adds middleware around the start of every operation.
func (s *Server) AroundOperations(f graphql.OperationMiddleware) { s.exec.AroundOperations(f) }

// AroundResponses adds middleware around every response.
func (s *Server) AroundResponses(f graphql.ResponseMiddleware) { s.exec.AroundResponses(f) }

// AroundRootFields adds middleware around every root field.
func (s *Server) AroundRootFields(f graphql.RootFieldMiddleware) { s.exec.AroundRootFields(f) }

// AroundFields adds middleware around every field resolver.
func (s *Server) AroundFields(f graphql.FieldMiddleware) { s.exec.AroundFields(f) }

// ServeHTTP answers 503 once Shutdown has been called, and 400 when a
// RequestChecker extension refuses the request. Otherwise it records the
// start of the operation in the request's context and passes the request
// to the first transport that supports it; without one it answers 400. A
// panic while serving becomes a 500 response holding the error the recover
// function and error presenter make of it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.drain.Begin() {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Connection", "close")
		writeErrors(w, http.StatusServiceUnavailable, &gqlerror.Error{Message: "server is shutting down"})
		return
	}
	defer s.drain.End()
	defer func() {
		if v := recover(); v != nil {
			presented, _ := s.exec.PresentRecoveredError(r.Context(), v).(*gqlerror.Error)
			body, _ := codec.Marshal(&graphql.Response{Errors: gqlerror.List{presented}})
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write(body)
		}
	}()

	for _, c := range s.checkers {
		if err := c.CheckRequest(r); err != nil {
			w.Header().Set("Content-Type", "application/json")
			writeErrors(w, http.StatusBadRequest, err)
			return
		}
	}
	r = r.WithContext(graphql.StartOperationTrace(r.Context()))
	for _, t := range s.transports {
		if t.Supports(r) {
			t.Do(w, r, s.run)
			return
		}
	}
	writeErrors(w, http.StatusBadRequest, &gqlerror.Error{Message: "transport not supported"})
}

// writeErrors answers with status and a response holding errs and no data.
func writeErrors(w http.ResponseWriter, status int, errs ...*gqlerror.Error) {
	body, err := codec.Marshal(&graphql.Response{Errors: errs})
	if err != nil {
		panic(fmt.Errorf("encoding an error response: %w", err))
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

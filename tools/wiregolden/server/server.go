// Package server is the GraphQL server of the wire-golden suite. It uses
// only API that upstream gqlgen v0.17.98 has with the same shape, so the
// capture program compiles this very source against upstream to record the
// golden responses, and the test runs it against this module to compare.
//
// It imports no package of this module outside gqlgen's public API, and
// encodes no JSON itself: response data is written by hand (render.go).
package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// ComplexityLimit is the limit of the /query endpoint.
const ComplexityLimit = 30

// New returns the suite's endpoints, each a handler.Server over the same
// schema with a different configuration:
//
//	/query    every transport, introspection, APQ, complexity limit, websocket init func
//	/strict   POST and GET answering application/graphql-response+json by default; no introspection
//	/headers  transports with explicit ResponseHeaders
//	/small    tiny upload and websocket read limits, a websocket init timeout,
//	          multipart/mixed with the default delivery tick, custom Allow
//	/tuned    an error presenter, a response extension, no suggestions, a parser token limit
//	/ws-extra a websocket implementation that also accepts the "foo" subprotocol
//	/big      POST and introspection without a complexity limit, for large answers
//	/keepalive websocket keep-alive (graphql-ws), ping/pong (graphql-transport-ws)
//	/pongonly websocket unsolicited pongs (graphql-transport-ws)
//
// Each call returns fresh servers, with empty caches.
func New() http.Handler { return build(newSchema(), nil) }

// NewWithFieldMiddleware is New with mw installed around every field of
// every server. A no-op mw must not change a byte of any answer: it takes
// the runtime off its fast paths onto the general ResolveField path.
func NewWithFieldMiddleware(mw graphql.FieldMiddleware) http.Handler { return build(newSchema(), mw) }

// NewFor returns the endpoints of New over es instead of the suite's own
// schema: es must be the suite's schema (SDL) with the same resolver
// behaviour, such as the one this module's generator builds from it. The
// caches are fresh; es is shared by every endpoint.
func NewFor(es graphql.ExecutableSchema) http.Handler { return build(es, nil) }

// build serves es at each endpoint, with mw, when set, around every field.
func build(es graphql.ExecutableSchema, mw graphql.FieldMiddleware) http.Handler {
	newServer := func() *handler.Server {
		srv := handler.New(es)
		if mw != nil {
			srv.AroundFields(mw)
		}
		srv.SetQueryCache(lru.New[*ast.QueryDocument](100))
		srv.SetRecoverFunc(func(_ context.Context, p any) error {
			return fmt.Errorf("recovered: %v", p)
		})
		return srv
	}
	mux := http.NewServeMux()
	mux.Handle("/query", mainServer(newServer()))
	mux.Handle("/strict", strictServer(newServer()))
	mux.Handle("/headers", headersServer(newServer()))
	mux.Handle("/small", smallServer(newServer()))
	mux.Handle("/tuned", tunedServer(newServer()))
	mux.Handle("/ws-extra", wsExtraServer(newServer()))
	mux.Handle("/big", bigServer(newServer()))
	mux.Handle("/keepalive", keepAliveServer(newServer()))
	mux.Handle("/pongonly", pongOnlyServer(newServer()))
	return mux
}

func mainServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.Websocket{InitFunc: initFunc})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.SSE{})
	// An hour-long delivery tick: every part is flushed when the operation
	// ends, so the batching is the same on every run.
	srv.AddTransport(transport.MultipartMixed{Boundary: "wire-golden", DeliveryTimeout: time.Hour})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.MultipartForm{})
	srv.AddTransport(transport.UrlEncodedForm{})
	srv.AddTransport(transport.GRAPHQL{})
	srv.Use(extension.Introspection{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](100)})
	srv.Use(extension.FixedComplexityLimit(ComplexityLimit))
	return srv
}

// initFunc rejects a connection_init payload with a "reject" key and
// acknowledges one with an "ack" key with a payload of its own.
func initFunc(ctx context.Context, p transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	if reason, ok := p["reject"].(string); ok {
		ctx = transport.WithWebsocketCloseCode(ctx, 4403)
		ctx = transport.AppendCloseReason(ctx, "rejected: "+reason)
		return ctx, nil, fmt.Errorf("not allowed <%s> & \u2028", reason)
	}
	if ack, ok := p["ack"]; ok {
		return ctx, &transport.InitPayload{"echo": ack, "html": "<&>"}, nil
	}
	return ctx, nil, nil
}

func strictServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.GET{UseGrapQLResponseJsonByDefault: true})
	srv.AddTransport(transport.POST{UseGrapQLResponseJsonByDefault: true})
	return srv
}

func headersServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.GET{ResponseHeaders: map[string][]string{"Content-Type": {"text/plain; charset=utf-8"}}})
	srv.AddTransport(transport.POST{ResponseHeaders: map[string][]string{"X-Wire": {"golden"}}})
	srv.AddTransport(transport.MultipartForm{ResponseHeaders: map[string][]string{"X-Upload": {"yes"}}})
	srv.AddTransport(transport.UrlEncodedForm{ResponseHeaders: map[string][]string{"X-Form": {"a", "b"}}})
	srv.AddTransport(transport.GRAPHQL{ResponseHeaders: map[string][]string{"Content-Type": {"application/graphql-response+json"}}})
	return srv
}

func smallServer(srv *handler.Server) *handler.Server {
	limit := int64(64)
	srv.AddTransport(transport.Websocket{PayloadReadLimit: &limit, InitTimeout: 100 * time.Millisecond})
	srv.AddTransport(transport.Options{AllowedMethods: []string{"GET", "QUERY"}})
	srv.AddTransport(transport.MultipartMixed{})
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: 1000, MaxMemory: 10})
	srv.AddTransport(transport.POST{})
	return srv
}

func tunedServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.POST{})
	srv.AddTransport(transport.Websocket{})
	srv.SetDisableSuggestion(true)
	srv.SetParserTokenLimit(40)
	srv.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		var gerr *gqlerror.Error
		if !errors.As(err, &gerr) {
			gerr = gqlerror.WrapPath(graphql.GetPath(ctx), err)
		}
		if gerr.Extensions == nil {
			gerr.Extensions = map[string]any{}
		}
		gerr.Extensions["presented"] = "by <tuned>"
		return gerr
	})
	srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		graphql.RegisterExtension(ctx, "wire", map[string]any{"z": "<&>", "a": 1.5, "list": []any{"\u2028", nil}})
		return next(ctx)
	})
	return srv
}

func wsExtraServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.Websocket{Implementation: transport.CoderWebsocketImplementation{
		AcceptOptions: websocket.AcceptOptions{Subprotocols: []string{"foo"}},
	}})
	return srv
}

func bigServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	return srv
}

// The read deadline for a pong is twice PingPongInterval from the init, and
// the first ping goes out after one interval: the server must write it
// within the second interval, or it drops a client that had no chance to
// answer. With 200 ms that failed on a loaded machine (closed right after
// the ack, no ping); one second leaves a whole second for the write.
func keepAliveServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.Websocket{KeepAlivePingInterval: 200 * time.Millisecond, PingPongInterval: time.Second})
	return srv
}

func pongOnlyServer(srv *handler.Server) *handler.Server {
	srv.AddTransport(transport.Websocket{PongOnlyInterval: 100 * time.Millisecond})
	return srv
}

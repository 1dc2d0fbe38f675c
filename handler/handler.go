// Package handler is the HTTP API of gqlgen before v0.11, kept so that old
// servers build unchanged. Each option maps onto graphql/handler, where new
// code should start.
//
// Deprecated: use graphql/handler.New and its AddTransport/Use methods.
package handler

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	gqlhandler "github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/99designs/gqlgen/graphql/playground"
)

// Config collects the options given to GraphQL.
//
// Deprecated: use graphql/handler.New.
type Config struct {
	cacheSize            int
	websocket            transport.Websocket
	recover              graphql.RecoverFunc
	errorPresenter       graphql.ErrorPresenterFunc
	fieldHooks           []graphql.FieldMiddleware
	requestHooks         []graphql.ResponseMiddleware
	complexityLimit      int
	complexityLimitFunc  func(ctx context.Context) int
	disableIntrospection bool
	upload               transport.MultipartForm
	apqCache             PersistedQueryCache
}

// Option configures GraphQL.
//
// Deprecated: use graphql/handler.New.
type Option func(cfg *Config)

// InitPayload is the payload of a websocket connection_init message.
//
// Deprecated: use transport.InitPayload.
type InitPayload = transport.InitPayload

// GetInitPayload returns the connection_init payload of the websocket
// connection ctx belongs to, or nil.
func GetInitPayload(ctx context.Context) transport.InitPayload {
	return transport.GetInitPayload(ctx)
}

// PersistedQueryCache stores the query texts of automatic persisted queries
// by their SHA-256 hash.
type PersistedQueryCache interface {
	Add(ctx context.Context, hash string, query string)
	Get(ctx context.Context, hash string) (string, bool)
}

// GraphQL returns a handler serving exec over websocket, GET, POST and
// multipart uploads, with a 1000-entry query cache and introspection on
// unless options say otherwise.
//
// Deprecated: use graphql/handler.New.
func GraphQL(exec graphql.ExecutableSchema, options ...Option) http.HandlerFunc {
	cfg := Config{cacheSize: 1000}
	for _, option := range options {
		option(&cfg)
	}

	srv := gqlhandler.New(exec)
	srv.AddTransport(cfg.websocket)
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.AddTransport(cfg.upload)

	if cfg.cacheSize > 0 {
		srv.SetQueryCache(lru.New[*ast.QueryDocument](cfg.cacheSize))
	} else {
		srv.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{})
	}
	if cfg.recover != nil {
		srv.SetRecoverFunc(cfg.recover)
	}
	if cfg.errorPresenter != nil {
		srv.SetErrorPresenter(cfg.errorPresenter)
	}
	for _, hook := range cfg.fieldHooks {
		srv.AroundFields(hook)
	}
	for _, hook := range cfg.requestHooks {
		srv.AroundResponses(hook)
	}
	switch {
	case cfg.complexityLimitFunc != nil:
		srv.Use(&extension.ComplexityLimit{Func: func(ctx context.Context, _ *graphql.OperationContext) int {
			return cfg.complexityLimitFunc(ctx)
		}})
	case cfg.complexityLimit != 0:
		srv.Use(extension.FixedComplexityLimit(cfg.complexityLimit))
	}
	if !cfg.disableIntrospection {
		srv.Use(extension.Introspection{})
	}
	if cfg.apqCache != nil {
		srv.Use(extension.AutomaticPersistedQuery{Cache: apqAdapter{cfg.apqCache}})
	}
	return srv.ServeHTTP
}

// apqAdapter gives a PersistedQueryCache the graphql.Cache[string] shape.
type apqAdapter struct{ PersistedQueryCache }

func (a apqAdapter) Get(ctx context.Context, key string) (string, bool) {
	return a.PersistedQueryCache.Get(ctx, key)
}

func (a apqAdapter) Add(ctx context.Context, key string, value string) {
	a.PersistedQueryCache.Add(ctx, key, value)
}

// Playground serves the GraphiQL page for endpoint.
//
// Deprecated: use playground.Handler.
func Playground(title string, endpoint string) http.HandlerFunc {
	return playground.Handler(title, endpoint)
}

// WebsocketUpgrader configures the websocket handshake with a
// gorilla/websocket Upgrader, as it always has; see
// transport.Websocket.Upgrader for which of its settings apply.
//
// Deprecated: set transport.Websocket.Upgrader.
func WebsocketUpgrader(upgrader websocket.Upgrader) Option {
	return func(cfg *Config) { cfg.websocket.Upgrader = upgrader }
}

// RecoverFunc turns a panic in a resolver into an error.
//
// Deprecated: use Server.SetRecoverFunc.
func RecoverFunc(recover graphql.RecoverFunc) Option {
	return func(cfg *Config) { cfg.recover = recover }
}

// ErrorPresenter shapes each error before it is sent to the client.
//
// Deprecated: use Server.SetErrorPresenter.
func ErrorPresenter(f graphql.ErrorPresenterFunc) Option {
	return func(cfg *Config) { cfg.errorPresenter = f }
}

// IntrospectionEnabled(false) refuses introspection queries.
//
// Deprecated: add extension.Introspection with Server.Use, or leave it out.
func IntrospectionEnabled(enabled bool) Option {
	return func(cfg *Config) { cfg.disableIntrospection = !enabled }
}

// ComplexityLimit refuses operations more complex than limit.
//
// Deprecated: use extension.FixedComplexityLimit.
func ComplexityLimit(limit int) Option {
	return func(cfg *Config) { cfg.complexityLimit = limit }
}

// ComplexityLimitFunc decides the complexity limit per request.
//
// Deprecated: use extension.ComplexityLimit.
func ComplexityLimitFunc(complexityLimitFunc func(ctx context.Context) int) Option {
	return func(cfg *Config) { cfg.complexityLimitFunc = complexityLimitFunc }
}

// ResolverMiddleware runs around every field resolver, in the order given.
//
// Deprecated: use Server.AroundFields.
func ResolverMiddleware(middleware graphql.FieldMiddleware) Option {
	return func(cfg *Config) { cfg.fieldHooks = append(cfg.fieldHooks, middleware) }
}

// RequestMiddleware runs around the production of every response, in the
// order given.
//
// Deprecated: use Server.AroundResponses.
func RequestMiddleware(middleware graphql.ResponseMiddleware) Option {
	return func(cfg *Config) { cfg.requestHooks = append(cfg.requestHooks, middleware) }
}

// WebsocketInitFunc checks (and may change the context of) each websocket
// connection_init.
//
// Deprecated: set transport.Websocket.InitFunc.
func WebsocketInitFunc(websocketInitFunc transport.WebsocketInitFunc) Option {
	return func(cfg *Config) { cfg.websocket.InitFunc = websocketInitFunc }
}

// CacheSize sets how many parsed queries are kept; 0 or less turns the cache
// off.
//
// Deprecated: use Server.SetQueryCache.
func CacheSize(size int) Option {
	return func(cfg *Config) { cfg.cacheSize = size }
}

// UploadMaxSize limits the size of multipart upload requests, in bytes.
//
// Deprecated: set transport.MultipartForm.MaxUploadSize.
func UploadMaxSize(size int64) Option {
	return func(cfg *Config) { cfg.upload.MaxUploadSize = size }
}

// UploadMaxMemory sets how much of an upload is held in memory before the
// rest goes to temporary files, in bytes.
//
// Deprecated: set transport.MultipartForm.MaxMemory.
func UploadMaxMemory(size int64) Option {
	return func(cfg *Config) { cfg.upload.MaxMemory = size }
}

// WebsocketKeepAliveDuration sets the interval of websocket keep-alive
// messages; 0 turns them off.
//
// Deprecated: set transport.Websocket.KeepAlivePingInterval.
func WebsocketKeepAliveDuration(duration time.Duration) Option {
	return func(cfg *Config) { cfg.websocket.KeepAlivePingInterval = duration }
}

// WebsocketPingPongDuration sets the interval of websocket ping/pong
// messages (graphql-transport-ws).
//
// Deprecated: set transport.Websocket.PingPongInterval.
func WebsocketPingPongDuration(duration time.Duration) Option {
	return func(cfg *Config) { cfg.websocket.PingPongInterval = duration }
}

// EnablePersistedQueryCache turns on automatic persisted queries, stored in
// cache.
//
// Deprecated: use extension.AutomaticPersistedQuery.
func EnablePersistedQueryCache(cache PersistedQueryCache) Option {
	return func(cfg *Config) { cfg.apqCache = cache }
}

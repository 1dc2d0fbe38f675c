package handler

import (
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewDefaultServer returns a Server for es set up for examples: websockets
// (pinging every 10 seconds), OPTIONS, GET, POST and multipart uploads,
// a 1000-document query cache, introspection, and automatic persisted
// queries cached 100 at a time. It offers no SSE.
//
// Deprecated: a production server should choose its transports, caches and
// whether to allow introspection; start from New, adding what this function
// adds where it fits. SSE over HTTP/1.1 is limited to six connections per
// browser, see
// https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events/Using_server-sent_events#sect1.
func NewDefaultServer(es graphql.ExecutableSchema) *Server {
	srv := New(es)
	for _, t := range []graphql.Transport{
		transport.Websocket{KeepAlivePingInterval: 10 * time.Second},
		transport.Options{},
		transport.GET{},
		transport.POST{},
		transport.MultipartForm{},
	} {
		srv.AddTransport(t)
	}
	srv.SetQueryCache(lru.New[*ast.QueryDocument](queryCacheSize))
	srv.Use(extension.Introspection{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](100)})
	return srv
}

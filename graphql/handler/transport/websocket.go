package transport

import (
	"log"
	"net/http"
	"time"

	"github.com/gorilla/websocket"

	"github.com/99designs/gqlgen/graphql"
)

// Websocket serves GraphQL over websockets, in either subprotocol:
// graphql-transport-ws (the graphql-ws library) or the legacy graphql-ws
// (subscriptions-transport-ws), which is also used when the client names
// none. Each operation runs concurrently; subscriptions stream until they
// end or the client stops them.
//
// An OperationInterceptor that answers without calling next must return
// graphql.OneShot(...), or the transport keeps asking it for responses.
type Websocket struct {
	// Implementation accepts the connections; nil means a
	// CoderWebsocketImplementation with default options.
	Implementation WebsocketImplementation

	// Upgrader is how servers written for gqlgen before v0.17.92 configured
	// the handshake, kept so that they build and behave unchanged. Only its
	// settings are read: connections still run on coder/websocket, through
	// CoderWebsocketImplementation. CheckOrigin decides the origin check (nil
	// keeps CoderWebsocketImplementation's); Subprotocols are offered before
	// the GraphQL ones; EnableCompression negotiates permessage-deflate
	// without context takeover; HandshakeTimeout bounds the writing of the
	// 101 response; Error answers every refused handshake. ReadBufferSize,
	// WriteBufferSize and WriteBufferPool are ignored: coder/websocket sizes
	// its own buffers. Setting a thing both here and in Implementation is a
	// configuration error (see Validate).
	Upgrader websocket.Upgrader

	// PayloadReadLimit is the largest message accepted from a client, in
	// bytes; a larger one ends the connection with status 1009. nil means
	// 1 MiB; zero or less means no limit. (Upstream gqlgen falls back to the
	// websocket library's own 32 KiB limit there instead.) It needs a
	// connection implementing WebsocketReadLimiter.
	PayloadReadLimit *int64

	// InitTimeout, when positive, is how long a client has to send
	// connection_init; after that the connection is closed with 1002.
	InitTimeout time.Duration
	// InitFunc, when set, vets the connection_init payload and may replace
	// the connection's context; see WebsocketInitFunc.
	InitFunc WebsocketInitFunc
	// ErrorFunc, when set, hears about read and write failures.
	ErrorFunc WebsocketErrorFunc
	// CloseFunc, when set, is called once the transport has closed the
	// connection.
	CloseFunc WebsocketCloseFunc

	// KeepAlivePingInterval, when positive, sends a "ka" message this often
	// (graphql-ws only).
	KeepAlivePingInterval time.Duration
	// PingPongInterval, when positive, sends a "ping" this often
	// (graphql-transport-ws only). Unless MissingPongOk is set, a client
	// that then sends no "pong" within twice the interval is dropped
	// without a closing handshake (it sees status 1006); this needs a
	// connection implementing WebsocketReadDeadliner.
	PingPongInterval time.Duration
	// MissingPongOk keeps connections whose clients do not answer pings.
	MissingPongOk bool
	// PongOnlyInterval, when positive, sends an unsolicited "pong" this
	// often, a heartbeat that asks nothing of the client
	// (graphql-transport-ws only).
	PongOnlyInterval time.Duration
}

var _ graphql.Transport = Websocket{}

// Supports accepts every request that asks for a protocol upgrade.
func (t Websocket) Supports(r *http.Request) bool {
	return requestHeader(r, "Upgrade") != ""
}

// defaultPayloadReadLimit applies when PayloadReadLimit is nil.
const defaultPayloadReadLimit = 1 << 20

// Do upgrades the request and serves the connection until it closes. A
// failed upgrade is answered with 400.
// A configuration that Validate refuses is answered with 500 (and logged)
// instead.
func (t Websocket) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	impl, err := t.implementation()
	if err != nil {
		log.Printf("websocket transport: %v", err)
		SendErrorf(w, http.StatusInternalServerError, "websocket transport misconfigured")
		return
	}
	conn, err := impl.Accept(w, r, WebsocketAcceptOptions{
		Subprotocols:   []string{graphqlWS.name, graphqlTransportWS.name},
		ResponseHeader: http.Header{},
	})
	if err != nil {
		log.Printf("unable to upgrade %T to websocket %s: ", w, err.Error())
		SendErrorf(w, http.StatusBadRequest, "unable to upgrade")
		return
	}
	proto := protocolFor(conn.Subprotocol())
	if proto == nil {
		_ = conn.WriteClose(WebsocketCloseProtocolError, "unsupported negotiated subprotocol "+conn.Subprotocol())
		_ = conn.Close()
		if s, ok := conn.(settler); ok {
			s.settle()
		}
		return
	}
	if limiter, ok := conn.(WebsocketReadLimiter); ok {
		limit := int64(defaultPayloadReadLimit)
		if t.PayloadReadLimit != nil {
			limit = max(*t.PayloadReadLimit, -1)
		}
		if limit == 0 {
			limit = -1
		}
		limiter.SetReadLimit(limit)
	}
	s := &wsSession{
		cfg:     t,
		conn:    conn,
		proto:   proto,
		exec:    exec,
		headers: r.Header,
		ctx:     r.Context(),
		ops:     map[string]*wsOperation{},
	}
	s.serve()
}

package transport

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Status codes the websocket transport closes connections with.
const (
	// WebsocketCloseNormalClosure (1000) ends a connection that did its job.
	WebsocketCloseNormalClosure = 1000
	// WebsocketCloseProtocolError (1002) ends a connection whose client broke
	// the subprotocol.
	WebsocketCloseProtocolError = 1002
	// WebsocketCloseNoStatusReceived (1005) is what a peer reports when a
	// close frame carried no code; it is never sent.
	WebsocketCloseNoStatusReceived = 1005
)

// ErrWebsocketClosed is what a WebsocketConn's NextReader returns once the
// peer has closed the connection normally. The transport does not report it
// to ErrorFunc.
var ErrWebsocketClosed = errors.New("websocket connection closed")

// WebsocketImplementation upgrades HTTP requests to websocket connections,
// so that the transport can run over any websocket library.
// CoderWebsocketImplementation is the default.
type WebsocketImplementation interface {
	// Accept completes the handshake, offering options.Subprotocols, and
	// returns the connection. On failure it has already answered the request.
	Accept(w http.ResponseWriter, r *http.Request, options WebsocketAcceptOptions) (WebsocketConn, error)
}

// WebsocketAcceptOptions is what the transport asks of an Accept call.
type WebsocketAcceptOptions struct {
	// ResponseHeader holds headers for the 101 Switching Protocols response.
	ResponseHeader http.Header
	// Subprotocols lists the GraphQL subprotocols the transport speaks; an
	// implementation offers them alongside any it was configured with.
	Subprotocols []string
}

// WebsocketConn is an accepted websocket connection as the transport uses
// it. Messages are read by one goroutine; WriteJSON is never called
// concurrently, and not after WriteClose.
type WebsocketConn interface {
	// Subprotocol is the subprotocol negotiated during the handshake.
	Subprotocol() string
	// NextReader returns the next message. It returns ErrWebsocketClosed
	// once the peer has closed the connection normally.
	NextReader() (messageType int, r io.Reader, err error)
	// WriteJSON sends v, encoded as JSON, as a text message. The transport
	// passes frames it has already encoded, as json.RawMessage values.
	WriteJSON(v any) error
	// WriteClose starts the closing handshake with the given code and
	// reason.
	WriteClose(closeCode int, message string) error
	// Close releases the connection.
	io.Closer
}

// WebsocketReadLimiter is implemented by connections that can refuse
// messages over a size; the transport uses it for PayloadReadLimit.
type WebsocketReadLimiter interface {
	// SetReadLimit sets the largest message accepted, in bytes; -1 means
	// no limit.
	SetReadLimit(limit int64)
}

// WebsocketReadDeadliner is implemented by connections that can give up
// reading at a deadline; the transport uses it to drop clients that stop
// answering pings (see Websocket.PingPongInterval).
type WebsocketReadDeadliner interface {
	// SetReadDeadline makes reads fail, and the connection end, at t; the
	// zero time removes the deadline.
	SetReadDeadline(t time.Time) error
}

// WebsocketError is the error ErrorFunc receives: a failure to read from or
// write to the connection.
type WebsocketError struct {
	// Err is the underlying failure.
	Err error
	// IsReadError tells a failed read (true) from a failed write (false).
	IsReadError bool
}

func (e WebsocketError) Error() string {
	if e.IsReadError {
		return "websocket read: " + e.Err.Error()
	}
	return "websocket write: " + e.Err.Error()
}

func (e WebsocketError) Unwrap() error { return e.Err }

var _ error = WebsocketError{}

// WebsocketInitFunc is called with the payload of the client's
// connection_init message. The context it returns becomes the connection's
// (cancelling it closes the connection); a non-nil *InitPayload is sent back
// in connection_ack; an error refuses the connection (see
// WithWebsocketCloseCode and AppendCloseReason).
type WebsocketInitFunc func(ctx context.Context, initPayload InitPayload) (context.Context, *InitPayload, error)

// WebsocketErrorFunc is told about failures to read or write a connection
// (as WebsocketError values), but not about normal closes.
type WebsocketErrorFunc func(ctx context.Context, err error)

// WebsocketCloseFunc is called once when the transport closes a
// connection, with the status code it closed it with.
type WebsocketCloseFunc func(ctx context.Context, closeCode int)

package transport

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/99designs/gqlgen/codec"
)

// CoderWebsocketImplementation accepts websocket connections with
// github.com/coder/websocket. It is the default WebsocketImplementation.
type CoderWebsocketImplementation struct {
	// AcceptOptions configure the handshake (origins, compression, ...).
	// Its Subprotocols are offered before the GraphQL ones.
	AcceptOptions websocket.AcceptOptions
}

var _ WebsocketImplementation = CoderWebsocketImplementation{}

// Accept completes the websocket handshake.
func (u CoderWebsocketImplementation) Accept(w http.ResponseWriter, r *http.Request, options WebsocketAcceptOptions) (WebsocketConn, error) {
	for name, values := range options.ResponseHeader {
		for _, v := range values {
			w.Header().Add(name, v)
		}
	}
	opts := u.AcceptOptions
	opts.Subprotocols = slices.Clone(opts.Subprotocols) // never append into the caller's array
	for _, p := range options.Subprotocols {
		if !slices.Contains(opts.Subprotocols, p) {
			opts.Subprotocols = append(opts.Subprotocols, p)
		}
	}
	conn, err := websocket.Accept(w, r, &opts)
	if err != nil {
		return nil, err
	}
	return &coderConn{conn: conn}, nil
}

// frameReader and frameWriter are the fast paths the transport uses when
// the connection is its own: frames go in and out as bytes, without an
// io.Reader per message or a second JSON encoding.
type frameReader interface {
	// readFrame returns the next message; the slice is valid until the
	// next call.
	readFrame() ([]byte, error)
}

type frameWriter interface {
	writeFrame(frame []byte) error
}

// settler is implemented by connections whose closing handshake runs in the
// background; settle waits for it, so that nothing outlives the transport.
type settler interface {
	settle()
}

type coderConn struct {
	conn *websocket.Conn
	buf  bytes.Buffer // reused by readFrame; only the reading goroutine touches it

	mu       sync.Mutex
	deadline *time.Timer   // closes the connection when it fires
	closing  chan struct{} // closed when the closing handshake ends; nil before WriteClose
}

var (
	_ WebsocketConn          = (*coderConn)(nil)
	_ WebsocketReadLimiter   = (*coderConn)(nil)
	_ WebsocketReadDeadliner = (*coderConn)(nil)
	_ frameReader            = (*coderConn)(nil)
	_ frameWriter            = (*coderConn)(nil)
	_ settler                = (*coderConn)(nil)
)

func (c *coderConn) Subprotocol() string { return c.conn.Subprotocol() }

func (c *coderConn) SetReadLimit(limit int64) { c.conn.SetReadLimit(limit) }

// peerClosed maps a normal close by the peer to ErrWebsocketClosed.
func peerClosed(err error) error {
	switch websocket.CloseStatus(err) {
	case websocket.StatusNormalClosure, websocket.StatusNoStatusRcvd:
		return ErrWebsocketClosed
	}
	return err
}

func (c *coderConn) NextReader() (int, io.Reader, error) {
	typ, data, err := c.conn.Read(context.Background())
	if err != nil {
		return int(typ), nil, peerClosed(err)
	}
	return int(typ), bytes.NewReader(data), nil
}

func (c *coderConn) readFrame() ([]byte, error) {
	_, r, err := c.conn.Reader(context.Background())
	if err != nil {
		return nil, peerClosed(err)
	}
	c.buf.Reset()
	if _, err := c.buf.ReadFrom(r); err != nil {
		return nil, peerClosed(err)
	}
	return c.buf.Bytes(), nil
}

func (c *coderConn) WriteJSON(v any) error {
	b, err := codec.Marshal(v)
	if err != nil {
		return err
	}
	return c.writeFrame(b)
}

func (c *coderConn) writeFrame(frame []byte) error {
	return c.conn.Write(context.Background(), websocket.MessageText, frame)
}

// WriteClose starts the closing handshake in the background: it waits up to
// five seconds for the peer's answer, which must not hold up the
// transport's own shutdown (CloseFunc, cancelling operations).
func (c *coderConn) WriteClose(code int, reason string) error {
	c.mu.Lock()
	c.stopDeadlineLocked()
	if c.closing != nil {
		c.mu.Unlock()
		return nil
	}
	done := make(chan struct{})
	c.closing = done
	c.mu.Unlock()
	go func() {
		defer close(done)
		_ = c.conn.Close(websocket.StatusCode(code), reason)
	}()
	return nil
}

// Close drops the connection, unless a closing handshake owns it.
func (c *coderConn) Close() error {
	c.mu.Lock()
	c.stopDeadlineLocked()
	handshake := c.closing != nil
	c.mu.Unlock()
	if handshake {
		return nil
	}
	return c.conn.CloseNow()
}

func (c *coderConn) settle() {
	c.mu.Lock()
	done := c.closing
	c.mu.Unlock()
	if done != nil {
		<-done
	}
}

// SetReadDeadline drops the connection (the peer sees status 1006) if it is
// still open at t. coder/websocket has no read deadline of its own.
func (c *coderConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	c.stopDeadlineLocked()
	var now bool
	if !t.IsZero() {
		if d := time.Until(t); d > 0 {
			c.deadline = time.AfterFunc(d, func() { _ = c.conn.CloseNow() })
		} else {
			now = true
		}
	}
	c.mu.Unlock()
	if now {
		return c.conn.CloseNow()
	}
	return nil
}

func (c *coderConn) stopDeadlineLocked() {
	if c.deadline != nil {
		c.deadline.Stop()
		c.deadline = nil
	}
}

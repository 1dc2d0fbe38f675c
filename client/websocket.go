package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"reflect"

	"github.com/coder/websocket"

	"github.com/99designs/gqlgen/codec"
)

// Subscription is an operation running over a websocket. Next blocks until
// the server sends the next result and copies its data into response, as
// Post does; Close ends the connection and stops the test server behind it.
type Subscription struct {
	Close func() error
	Next  func(response any) error
}

// Frame types of the graphql-ws protocol (Apollo's
// subscriptions-transport-ws) that the client sends or expects.
const (
	wsConnectionInit = "connection_init" // client → server
	wsStart          = "start"           // client → server
	wsConnectionAck  = "connection_ack"  // server → client
	wsKeepAlive      = "ka"              // server → client
	wsData           = "data"            // server → client
	wsError          = "error"           // server → client
)

// wsMessage is one frame of the graphql-ws protocol.
type wsMessage struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Websocket starts query as a subscription over a websocket, with no
// connection_init payload.
func (p *Client) Websocket(query string, options ...Option) *Subscription {
	return p.WebsocketWithPayload(query, nil, options...)
}

// WebsocketOnce runs query over a websocket, copies the first result into
// resp and closes the connection.
func (p *Client) WebsocketOnce(query string, resp any, options ...Option) error {
	sub := p.Websocket(query, options...)
	defer func() { _ = sub.Close() }()
	if reflect.ValueOf(resp).Kind() != reflect.Pointer {
		// Not something Next can fill; decode into the local copy so that
		// the server's errors are still reported.
		return sub.Next(&resp)
	}
	return sub.Next(resp)
}

// WebsocketWithPayload starts a test server around the client's handler,
// connects to it with the request's path and headers, and starts query as
// operation "1" of the graphql-ws protocol. The subprotocol is not
// negotiated: the server is expected to default to graphql-ws. initPayload,
// when not nil, is sent with connection_init. The server must answer with
// connection_ack followed by a keep-alive. Errors while setting up are
// returned by the first call to Next.
func (p *Client) WebsocketWithPayload(
	query string,
	initPayload map[string]any,
	options ...Option,
) *Subscription {
	req, err := p.newRequest(query, options...)
	if err != nil {
		return failure{fmt.Errorf("request: %w", err)}.subscription()
	}
	operation, err := io.ReadAll(req.Body)
	if err != nil {
		return failure{fmt.Errorf("parse body: %w", err)}.subscription()
	}

	ws := &wsSession{server: httptest.NewServer(p.h)}
	target := url.URL{Scheme: "ws", Host: ws.server.Listener.Addr().String(), Path: req.URL.Path}
	conn, res, err := websocket.Dial(ws.ctx(), target.String(), &websocket.DialOptions{HTTPHeader: req.Header})
	if res != nil && res.Body != nil {
		_ = res.Body.Close()
	}
	if err != nil {
		ws.server.Close()
		return failure{fmt.Errorf("dial: %w", err)}.subscription()
	}
	ws.conn = conn
	// Results can be larger than the library's default limit of 32 KiB.
	conn.SetReadLimit(-1)

	if err := ws.start(initPayload, operation); err != nil {
		_ = ws.close()
		return failure{err}.subscription()
	}
	return &Subscription{
		Close: ws.close,
		Next:  func(response any) error { return ws.next(p, response) },
	}
}

// wsSession is a graphql-ws connection to a test server.
type wsSession struct {
	server *httptest.Server
	conn   *websocket.Conn
}

// ctx is the context of every read and write: none of them time out, as
// the client's API has no way to pass a deadline. Close unblocks them.
func (*wsSession) ctx() context.Context { return context.Background() }

func (s *wsSession) close() error {
	err := s.conn.CloseNow()
	s.server.Close()
	return err
}

// start runs the connection handshake and starts the operation whose
// request body is operation.
func (s *wsSession) start(initPayload map[string]any, operation []byte) error {
	hello := wsMessage{Type: wsConnectionInit}
	if initPayload != nil {
		payload, err := codec.Marshal(initPayload)
		if err != nil {
			return fmt.Errorf("parse payload: %w", err)
		}
		hello.Payload = payload
	}
	if err := s.send(hello); err != nil {
		return fmt.Errorf("init: %w", err)
	}

	// The server acknowledges, then sends its first keep-alive at once.
	for _, want := range []string{wsConnectionAck, wsKeepAlive} {
		got, err := s.receive()
		if err != nil {
			return fmt.Errorf("ack: %w", err)
		}
		if got.Type != want {
			return fmt.Errorf("expected ack message, got %#v", got)
		}
	}

	if err := s.send(wsMessage{Type: wsStart, ID: "1", Payload: operation}); err != nil {
		return fmt.Errorf("start: %w", err)
	}
	return nil
}

// next waits for the operation's next result, skipping keep-alives.
func (s *wsSession) next(p *Client, response any) error {
	for {
		msg, err := s.receive()
		switch {
		case err != nil:
			return err
		case msg.Type == wsKeepAlive:
			continue
		case msg.Type == wsError:
			return errors.New(string(msg.Payload))
		case msg.Type != wsData:
			return fmt.Errorf("expected data message, got %#v", msg)
		}

		var result Response
		if err := decodeJSON(msg.Payload, &result); err != nil {
			return fmt.Errorf("decode: %w", err)
		}
		if err := result.useFloats(); err != nil {
			return fmt.Errorf("decode: %w", err)
		}
		return p.deliver(result.Data, result.Errors, response)
	}
}

func (s *wsSession) send(msg wsMessage) error {
	frame, err := codec.Marshal(msg)
	if err != nil {
		return err
	}
	return s.conn.Write(s.ctx(), websocket.MessageText, frame)
}

func (s *wsSession) receive() (wsMessage, error) {
	kind, frame, err := s.conn.Read(s.ctx())
	if err != nil {
		return wsMessage{}, err
	}
	if kind != websocket.MessageText {
		return wsMessage{}, fmt.Errorf("expected text message, got %v", kind)
	}
	var msg wsMessage
	err = decodeJSON(frame, &msg)
	return msg, err
}

package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"reflect"
	"strings"

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

// wsMessage is one frame of the graphql-ws protocol (the Apollo
// subscriptions-transport-ws protocol, without a subprotocol header).
type wsMessage struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Frame types of the graphql-ws protocol the client uses.
const (
	wsConnectionInit = "connection_init" // client → server
	wsStart          = "start"           // client → server
	wsConnectionAck  = "connection_ack"  // server → client
	wsKeepAlive      = "ka"              // server → client
	wsData           = "data"            // server → client
	wsError          = "error"           // server → client
)

// failedSubscription reports err from every call to Next.
func failedSubscription(err error) *Subscription {
	return &Subscription{
		Close: func() error { return nil },
		Next:  func(any) error { return err },
	}
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
// operation "1" of the graphql-ws protocol. initPayload, when not nil, is
// sent with connection_init. The server must answer with connection_ack
// followed by a keep-alive. Errors while setting up are returned by the
// first call to Next.
func (p *Client) WebsocketWithPayload(
	query string,
	initPayload map[string]any,
	options ...Option,
) *Subscription {
	r, err := p.newRequest(query, options...)
	if err != nil {
		return failedSubscription(fmt.Errorf("request: %w", err))
	}
	start, err := io.ReadAll(r.Body)
	if err != nil {
		return failedSubscription(fmt.Errorf("parse body: %w", err))
	}

	ctx := context.Background()
	srv := httptest.NewServer(p.h)
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + r.URL.Path
	c, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: r.Header})
	if err != nil {
		if resp != nil && resp.Body != nil {
			_ = resp.Body.Close()
		}
		srv.Close()
		return failedSubscription(fmt.Errorf("dial: %w", err))
	}
	// Results can be larger than the library's default limit of 32 KiB.
	c.SetReadLimit(-1)

	closeAll := func() error {
		err := c.CloseNow()
		srv.Close()
		return err
	}
	fail := func(err error) *Subscription {
		_ = closeAll()
		return failedSubscription(err)
	}

	init := wsMessage{Type: wsConnectionInit}
	if initPayload != nil {
		if init.Payload, err = codec.Marshal(initPayload); err != nil {
			return fail(fmt.Errorf("parse payload: %w", err))
		}
	}
	if err := writeWS(ctx, c, init); err != nil {
		return fail(fmt.Errorf("init: %w", err))
	}

	ack, err := readWS(ctx, c)
	if err != nil {
		return fail(fmt.Errorf("ack: %w", err))
	}
	if ack.Type != wsConnectionAck {
		return fail(fmt.Errorf("expected ack message, got %#v", ack))
	}
	ka, err := readWS(ctx, c)
	if err != nil {
		return fail(fmt.Errorf("ack: %w", err))
	}
	if ka.Type != wsKeepAlive {
		return fail(fmt.Errorf("expected ack message, got %#v", ka))
	}

	if err := writeWS(ctx, c, wsMessage{Type: wsStart, ID: "1", Payload: start}); err != nil {
		return fail(fmt.Errorf("start: %w", err))
	}

	return &Subscription{
		Close: closeAll,
		Next: func(response any) error {
			for {
				msg, err := readWS(ctx, c)
				if err != nil {
					return err
				}
				switch msg.Type {
				case wsKeepAlive:
					continue
				case wsError:
					return errors.New(string(msg.Payload))
				case wsData:
					return p.deliverPayload(msg.Payload, response)
				default:
					return fmt.Errorf("expected data message, got %#v", msg)
				}
			}
		},
	}
}

// deliverPayload decodes a GraphQL response carried in a frame and copies it
// into response as Post does.
func (p *Client) deliverPayload(payload []byte, response any) error {
	var raw Response
	if err := decodeJSON(payload, &raw); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	if err := raw.useFloats(); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return p.deliver(raw.Data, raw.Errors, response)
}

func writeWS(ctx context.Context, c *websocket.Conn, msg wsMessage) error {
	b, err := codec.Marshal(msg)
	if err != nil {
		return err
	}
	return c.Write(ctx, websocket.MessageText, b)
}

func readWS(ctx context.Context, c *websocket.Conn) (wsMessage, error) {
	typ, b, err := c.Read(ctx)
	if err != nil {
		return wsMessage{}, err
	}
	if typ != websocket.MessageText {
		return wsMessage{}, fmt.Errorf("expected text message, got %v", typ)
	}
	var msg wsMessage
	if err := decodeJSON(b, &msg); err != nil {
		return wsMessage{}, err
	}
	return msg, nil
}

package transport

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"go.uber.org/goleak"
)

// plainImplementation hands the transport connections that offer only the
// WebsocketConn interface, as a third-party adapter would: frames then go
// through NextReader and WriteJSON.
type plainImplementation struct{ written chan any }

type plainConn struct {
	WebsocketConn
	written chan any
}

func (p plainImplementation) Accept(w http.ResponseWriter, r *http.Request, o WebsocketAcceptOptions) (WebsocketConn, error) {
	conn, err := CoderWebsocketImplementation{}.Accept(w, r, o)
	if err != nil {
		return nil, err
	}
	return plainConn{conn, p.written}, nil
}

func (c plainConn) WriteJSON(v any) error {
	select {
	case c.written <- v:
	default:
	}
	return c.WebsocketConn.WriteJSON(v)
}

func TestWebsocketWithOtherImplementation(t *testing.T) {
	written := make(chan any, 100)
	s := startWS(t, Websocket{Implementation: plainImplementation{written}})
	c := s.dial(t, "graphql-transport-ws")
	c.send(`{"type":"connection_init","payload":{"a":1}}`)
	c.expect(ack)
	c.send(`{"type":"subscribe","id":"1","payload":{"query":"{ html }"}}`)
	c.expect(`{"payload":` + htmlData + `,"id":"1","type":"next"}`)
	c.expect(`{"id":"1","type":"complete"}`)
	c.send(`{"type":"ping","payload":{"p":"<"}}`)
	c.expect(`{"payload":{"p":"\u003c"},"type":"pong"}`)
	c.hangUp(websocket.StatusNormalClosure)
	if got := s.finish(t); len(got) != 1 || got[0] != "close 1000" {
		t.Errorf("callbacks %q", got)
	}
	// What a WriteJSON receives is the encoded frame, as json.RawMessage.
	if v := <-written; string(v.(json.RawMessage)) != ack {
		t.Errorf("first WriteJSON got %#v", v)
	}
}

func TestWebsocketSubprotocols(t *testing.T) {
	t.Run("unsupported negotiated subprotocol", func(t *testing.T) {
		s := startWS(t, Websocket{Implementation: CoderWebsocketImplementation{
			AcceptOptions: websocket.AcceptOptions{Subprotocols: []string{"foo"}},
		}})
		c := s.dial(t, "foo")
		if c.conn.Subprotocol() != "foo" {
			t.Fatalf("negotiated %q", c.conn.Subprotocol())
		}
		c.expectClose(1002, "unsupported negotiated subprotocol foo")
		if got := s.finish(t); len(got) != 0 {
			t.Errorf("callbacks %q", got)
		}
	})
	t.Run("unknown subprotocol falls back to graphql-ws", func(t *testing.T) {
		s := startWS(t, Websocket{})
		c := s.dial(t, "foo")
		c.send(initMsg)
		c.expect(ack)
		c.expect(ka)
		c.hangUp(websocket.StatusNormalClosure)
		s.finish(t)
	})
	t.Run("configured subprotocols come first and are not modified", func(t *testing.T) {
		mine := make([]string, 1, 8)
		mine[0] = "graphql-transport-ws"
		s := startWS(t, Websocket{Implementation: CoderWebsocketImplementation{
			AcceptOptions: websocket.AcceptOptions{Subprotocols: mine},
		}})
		c := s.dial(t, "graphql-ws", "graphql-transport-ws")
		if c.conn.Subprotocol() != "graphql-transport-ws" {
			t.Errorf("negotiated %q", c.conn.Subprotocol())
		}
		if got := mine[:cap(mine)][1]; got != "" {
			t.Errorf("the configured slice was appended to: %q", got)
		}
		c.hangUp(websocket.StatusNormalClosure)
		s.finish(t)
	})
}

func TestWebsocketUpgradeFailure(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Upgrade", "websocket")
	w := httptest.NewRecorder()
	Websocket{}.Do(w, r, testExec{})
	want := "WebSocket protocol violation: Connection header \"\" does not contain Upgrade\n" +
		`{"errors":[{"message":"unable to upgrade"}],"data":null}`
	if w.Code != http.StatusUpgradeRequired || w.Body.String() != want {
		t.Errorf("got %d %q", w.Code, w.Body)
	}
}

// Whatever the client does, the transport returns, and leaves no goroutine
// behind: neither its own nor the operations'.
func TestWebsocketLeavesNothingRunning(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, c := range []struct {
		name  string
		proto string
		tr    Websocket
		leave func(c *wsClient)
	}{
		{"vanishes mid subscription", "graphql-ws", Websocket{KeepAlivePingInterval: 5 * time.Millisecond}, func(c *wsClient) { _ = c.conn.CloseNow() }},
		{"closes mid subscription", "graphql-transport-ws", Websocket{PingPongInterval: 5 * time.Millisecond, MissingPongOk: true}, func(c *wsClient) {
			c.hangUp(websocket.StatusGoingAway)
		}},
		{"terminates mid subscription", "graphql-ws", Websocket{}, func(c *wsClient) {
			c.send(`{"type":"connection_terminate"}`)
			skipUntilClose(1000, "terminated")(c)
		}},
		{"breaks the protocol mid subscription", "graphql-transport-ws", Websocket{PongOnlyInterval: 5 * time.Millisecond}, func(c *wsClient) {
			c.send(`{"type":"connection_init"}`)
			skipUntilClose(1002, "unexpected message")(c)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := startWS(t, c.tr)
			client := s.dial(t, c.proto)
			client.send(initMsg)
			client.expect(ack)
			ids := []string{"a", "b", "c", "a", "a"} // reused ids too, where the subprotocol allows them
			if c.proto == "graphql-transport-ws" {
				ids = []string{"a", "b", "c", "d", "e"}
			}
			for _, id := range ids {
				client.send(`{"type":"` + map[string]string{"graphql-ws": "start", "graphql-transport-ws": "subscribe"}[c.proto] +
					`","id":"` + id + `","payload":{"query":"subscription { forever }"}}`)
			}
			time.Sleep(30 * time.Millisecond)
			c.leave(client)
			s.finish(t)
			s.Close()
		})
	}
}

func TestInitPayload(t *testing.T) {
	p := InitPayload{"Authorization": "upper", "authorization": "lower", "n": 1.0, "s": "str"}
	for _, c := range []struct {
		got, want string
	}{
		{p.GetString("s"), "str"},
		{p.GetString("n"), ""},
		{p.GetString("missing"), ""},
		{p.Authorization(), "upper"},
		{InitPayload{"authorization": "lower"}.Authorization(), "lower"},
		{InitPayload(nil).Authorization(), ""},
		{InitPayload(nil).GetString("x"), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if GetInitPayload(context.Background()) != nil {
		t.Error("payload without a websocket")
	}
	if got := GetInitPayload(withInitPayload(context.Background(), p)); got["s"] != "str" {
		t.Errorf("got %v", got)
	}
}

func TestDecodeInitPayload(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a":1,"b":[2,{"c":3.5}],"d":"x","e":null,"f":true}`, "InitPayload{a:float64(1),b:[float64(2),{c:float64(3.5)}],d:string(x),e:nil,f:bool(true)}"},
		{`null`, "InitPayload{}"},
		{`{}`, "InitPayload{}"},
		{`"x"`, "error"},
		{`{"a":1e400}`, "error"},
	} {
		p, err := decodeInitPayload([]byte(c.in))
		got := describe(p)
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.in, got, c.want)
		}
	}
}

func TestWebsocketContextHelpers(t *testing.T) {
	ctx := context.Background()
	if closeCodeOf(ctx) != WebsocketCloseNormalClosure || closeReasonOf(ctx) != "" {
		t.Error("defaults")
	}
	ctx = AppendCloseReason(WithWebsocketCloseCode(ctx, 4001), "why")
	if closeCodeOf(ctx) != 4001 || closeReasonOf(ctx) != "why" {
		t.Error("set values")
	}

	AddSubscriptionError(context.Background(), gqlerror.Errorf("ignored")) // no websocket: nothing happens
	ctx, errs := withSubscriptionErrors(context.Background())
	AddSubscriptionError(ctx, gqlerror.Errorf("one"))
	AddSubscriptionError(ctx, gqlerror.Errorf("two"))
	if got := errs.list(); len(got) != 2 || got[1].Message != "two" {
		t.Errorf("got %v", got)
	}
}

func TestWebsocketError(t *testing.T) {
	inner := errors.New("unexpected EOF")
	for _, c := range []struct {
		err  WebsocketError
		want string
	}{
		{WebsocketError{Err: inner, IsReadError: true}, "websocket read: unexpected EOF"},
		{WebsocketError{Err: inner}, "websocket write: unexpected EOF"},
	} {
		if c.err.Error() != c.want || !errors.Is(c.err, inner) {
			t.Errorf("%v", c.err)
		}
	}
}

func TestWebsocketSupports(t *testing.T) {
	cases := []struct {
		header string
		want   bool
	}{{"websocket", true}, {"h2c", true}, {"", false}}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		if c.header != "" {
			r.Header.Set("Upgrade", c.header)
		}
		if (Websocket{}).Supports(r) != c.want {
			t.Errorf("Upgrade %q", c.header)
		}
	}
}

func TestProtocolTables(t *testing.T) {
	for _, p := range []*wsProtocol{graphqlWS, graphqlTransportWS} {
		if protocolFor(p.name) != p {
			t.Errorf("%s not found", p.name)
		}
		names := map[string]bool{}
		for kind, name := range p.outgoing {
			if name == "" {
				continue
			}
			if names[name] {
				t.Errorf("%s: %q sent for two kinds", p.name, name)
			}
			names[name] = true
			if _, known := p.incoming[name]; !known {
				t.Errorf("%s: sends %q (%v), which it would not recognise", p.name, name, wsKind(kind))
			}
		}
	}
	if protocolFor("") != graphqlWS || protocolFor("graphql-sse") != nil {
		t.Error("fallbacks")
	}
	if wsKind(200).String() != "unknown" || kindStop.String() != "stop subscription" {
		t.Error("kind words")
	}
	if !strings.Contains(wrongDirection("next").Error(), "next") {
		t.Error("wrongDirection")
	}
}

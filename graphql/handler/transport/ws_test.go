package transport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/99designs/gqlgen/graphql"
)

// wsServer runs a Websocket transport behind an httptest server and
// records its callbacks.
type wsServer struct {
	*httptest.Server
	handlers sync.WaitGroup // Do calls still running; httptest forgets hijacked connections

	mu     sync.Mutex
	events []string
}

func (s *wsServer) record(format string, args ...any) {
	s.mu.Lock()
	s.events = append(s.events, fmt.Sprintf(format, args...))
	s.mu.Unlock()
}

// startWS serves tr, with ErrorFunc and CloseFunc recording into the server
// unless already set. The server and every Do call end before the test does.
func startWS(t *testing.T, tr Websocket) *wsServer {
	t.Helper()
	s := &wsServer{}
	if tr.ErrorFunc == nil {
		tr.ErrorFunc = func(_ context.Context, err error) {
			var wsErr WebsocketError
			s.record("error read=%v %v", errors.As(err, &wsErr) && wsErr.IsReadError, err)
		}
	}
	if tr.CloseFunc == nil {
		tr.CloseFunc = func(_ context.Context, code int) { s.record("close %d", code) }
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.handlers.Add(1)
		defer s.handlers.Done()
		tr.Do(w, r.WithContext(graphql.StartOperationTrace(r.Context())), testExec{})
	}))
	t.Cleanup(s.Close)
	return s
}

// finish waits for the transport to let go of every connection and returns
// the callbacks it made.
func (s *wsServer) finish(t *testing.T) []string {
	t.Helper()
	done := make(chan struct{})
	go func() {
		s.handlers.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the transport did not return")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.events
}

// wsClient is the test's end of a connection; a goroutine reads frames.
type wsClient struct {
	t      *testing.T
	conn   *websocket.Conn
	frames chan wsFrame
	closed bool
}

type wsFrame struct {
	data string
	err  error
}

func (s *wsServer) dial(t *testing.T, subprotocols ...string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http"), &websocket.DialOptions{
		Subprotocols: subprotocols,
		HTTPHeader:   http.Header{"X-Test": {"wsh"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(-1)
	c := &wsClient{t: t, conn: conn, frames: make(chan wsFrame, 64)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			c.frames <- wsFrame{string(data), err}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { _ = conn.CloseNow() })
	return c
}

func (c *wsClient) send(text string) {
	c.t.Helper()
	if err := c.conn.Write(context.Background(), websocket.MessageText, []byte(text)); err != nil {
		c.t.Fatalf("send %s: %v", text, err)
	}
}

func (c *wsClient) read(timeout time.Duration) (wsFrame, bool) {
	select {
	case f := <-c.frames:
		if f.err != nil {
			c.closed = true
		}
		return f, true
	case <-time.After(timeout):
		return wsFrame{}, false
	}
}

// wsWait bounds the wait for an expected frame: generous, since a loaded
// machine (CI runs the four codec builds side by side) can be slow.
const wsWait = 20 * time.Second

func (c *wsClient) expect(want string) {
	c.t.Helper()
	f, ok := c.read(wsWait)
	switch {
	case !ok:
		c.t.Fatalf("waited for %s", want)
	case f.err != nil:
		c.t.Fatalf("waited for %s, got %v", want, f.err)
	case f.data != want:
		c.t.Fatalf("got  %s\nwant %s", f.data, want)
	}
}

// expectClose wants the server to close with code and reason; code -1
// means without a closing handshake.
func (c *wsClient) expectClose(code int, reason string) {
	c.t.Helper()
	f, ok := c.read(wsWait)
	switch {
	case !ok:
		c.t.Fatalf("waited for close %d", code)
	case f.err == nil:
		c.t.Fatalf("waited for close %d, got %s", code, f.data)
	}
	var ce websocket.CloseError
	if errors.As(f.err, &ce) {
		if int(ce.Code) != code || ce.Reason != reason {
			c.t.Fatalf("closed %d %q, want %d %q", ce.Code, ce.Reason, code, reason)
		}
		return
	}
	if code != -1 {
		c.t.Fatalf("closed without handshake (%v), want %d %q", f.err, code, reason)
	}
}

func (c *wsClient) expectQuiet(d time.Duration) {
	c.t.Helper()
	if f, ok := c.read(d); ok {
		c.t.Fatalf("unexpected %q %v", f.data, f.err)
	}
}

// hangUp closes the connection from the client's side.
func (c *wsClient) hangUp(code websocket.StatusCode) {
	_ = c.conn.Close(code, "client bye")
	c.closed = true
}

// Steps of a scripted conversation.
type wsStep func(c *wsClient)

func send(text string) wsStep  { return func(c *wsClient) { c.send(text) } }
func recv(frame string) wsStep { return func(c *wsClient) { c.expect(frame) } }
func closed(code int, r string) wsStep {
	return func(c *wsClient) { c.expectClose(code, r) }
}
func quiet(ms int) wsStep {
	return func(c *wsClient) { c.expectQuiet(time.Duration(ms) * time.Millisecond) }
}
func hangUp(code websocket.StatusCode) wsStep {
	return func(c *wsClient) { c.hangUp(code) }
}

const (
	initMsg = `{"type":"connection_init"}`
	ack     = `{"type":"connection_ack"}`
	ka      = `{"type":"ka"}`
)

type wsCase struct {
	name   string
	proto  string // "" asks for no subprotocol
	tr     Websocket
	steps  []wsStep
	events []string // callbacks, once the transport has returned
}

func runWSCases(t *testing.T, cases []wsCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := startWS(t, c.tr)
			var protos []string
			if c.proto != "" {
				protos = []string{c.proto}
			}
			client := s.dial(t, protos...)
			for _, step := range c.steps {
				step(client)
			}
			if !client.closed {
				client.hangUp(websocket.StatusNormalClosure)
			}
			if got := s.finish(t); strings.Join(got, "\n") != strings.Join(c.events, "\n") {
				t.Errorf("callbacks\n got %q\nwant %q", got, c.events)
			}
		})
	}
}

// The legacy subprotocol of subscriptions-transport-ws.
func TestWebsocketGraphqlWS(t *testing.T) {
	start := func(id, query string) wsStep {
		return send(`{"type":"start","id":"` + id + `","payload":{"query":"` + query + `"}}`)
	}
	normal := []string{"close 1000"}
	runWSCases(t, []wsCase{
		{name: "query", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
			send(`{"type":"connection_terminate"}`), closed(1000, "terminated"),
		}, events: normal},
		{name: "no subprotocol means graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("1", "{ html }"), recv(`{"payload":` + htmlData + `,"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "subscription", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("t", "subscription { ticks(n: 3) }"),
			recv(`{"payload":{"data":{"ticks":0}},"id":"t","type":"data"}`),
			recv(`{"payload":{"data":{"ticks":1}},"id":"t","type":"data"}`),
			recv(`{"payload":{"data":{"ticks":2}},"id":"t","type":"data"}`),
			recv(`{"id":"t","type":"complete"}`),
		}, events: normal},
		{name: "stop", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("f", "subscription { forever }"), recv(`{"payload":{"data":{"forever":1}},"id":"f","type":"data"}`),
			send(`{"type":"stop","id":"f"}`), skipUntil(`{"id":"f","type":"complete"}`),
			send(`{"type":"stop","id":"unknown"}`), quiet(50),
		}, events: normal},
		{name: "init payload", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_init","payload":{"Authorization":"tok","n":1,"big":12345678901234567890,"l":[1,"a"]}}`), recv(ack), recv(ka),
			send(`{"type":"start","id":"e","payload":{"query":"{ echo }","variables":{"v":1}}}`),
			recv(`{"payload":{"data":{"vars":"{v:json.Number(1)}","ext":"{}","op":"","hdr":"wsh","init":"InitPayload{Authorization:string(tok),big:float64(1.2345678901234567e+19),l:[float64(1),string(a)],n:float64(1)}"}},"id":"e","type":"data"}`),
			recv(`{"id":"e","type":"complete"}`),
		}, events: normal},
		{name: "null init payload", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_init","payload":null}`), recv(ack), recv(ka),
			start("e", "{ echo }"),
			recv(`{"payload":{"data":{"vars":"{}","ext":"{}","op":"","hdr":"wsh","init":"InitPayload{}"}},"id":"e","type":"data"}`),
			recv(`{"id":"e","type":"complete"}`),
		}, events: normal},
		{name: "frames are read up to their first JSON value", proto: "graphql-ws", steps: []wsStep{
			send(initMsg + ` garbage`), recv(ack), recv(ka),
			send(`{"type":"start","id":"1","payload":{"query":"{ hello }"}} {`),
			recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "parse error", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), start("1", "{"),
			recv(`{"payload":[{"message":"Expected Name, found \u003cEOF\u003e","locations":[{"line":1,"column":2}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}],"id":"1","type":"error"}`),
			recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "user error", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), start("1", "#user"),
			recv(`{"payload":` + notFoundPQ + `,"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "missing payload", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"start","id":"1"}`),
			recv(`{"payload":[{"message":"invalid json"}],"id":"1","type":"error"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "payload not an object", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"start","id":"1","payload":"x"}`),
			recv(`{"payload":[{"message":"invalid json"}],"id":"1","type":"error"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "null payload", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"start","id":"1","payload":null}`),
			recv(`{"payload":[{"message":"no operation provided","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"id":"1","type":"error"}`),
			recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
		{name: "panic", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), start("p", "{ panic }"),
			recv(`{"payload":[{"message":"internal system error"}],"id":"p","type":"error"}`), recv(`{"id":"p","type":"complete"}`),
		}, events: normal},
		{name: "unencodable data", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), start("p", "subscription { nan }"),
			recv(`{"payload":[{"message":"internal system error"}],"id":"p","type":"error"}`), recv(`{"id":"p","type":"complete"}`),
		}, events: normal},
		{name: "subscription error", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), start("s", "subscription { suberr }"),
			recv(`{"payload":[{"message":"sub failed"}],"id":"s","type":"error"}`), quiet(50),
		}, events: normal},
		{name: "no id", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"start","payload":{"query":"{ hello }"}}`),
			recv(`{"payload":{"data":{"hello":"world"}},"type":"data"}`), recv(`{"type":"complete"}`),
		}, events: normal},
		{name: "id escaped", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"start","id":"<1>","payload":{"query":"{ hello }"}}`),
			recv(`{"payload":{"data":{"hello":"world"}},"id":"\u003c1\u003e","type":"data"}`), recv(`{"id":"\u003c1\u003e","type":"complete"}`),
		}, events: normal},
		{name: "duplicate ids run both", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
			start("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},

		// Before connection_init.
		{name: "invalid json first", proto: "graphql-ws", steps: []wsStep{
			send(`notjson`), recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "unknown type first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"nope"}`), recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "empty type first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":""}`), recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "numeric id first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_init","id":5}`), recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "empty frame first", proto: "graphql-ws", steps: []wsStep{
			send(``), recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "missing type first", proto: "graphql-ws", steps: []wsStep{send(`{"id":"1"}`), closed(1002, "decoding error")}, events: []string{"close 1002"}},
		{name: "null type first", proto: "graphql-ws", steps: []wsStep{send(`{"type":null}`), closed(1002, "decoding error")}, events: []string{"close 1002"}},
		{name: "null frame first", proto: "graphql-ws", steps: []wsStep{send(`null`), closed(1002, "decoding error")}, events: []string{"close 1002"}},
		{name: "start first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"start","id":"1","payload":{"query":"{ hello }"}}`),
			recv(`{"payload":{"message":"unexpected message start"},"type":"connection_error"}`), closed(1002, "unexpected message"),
		}, events: []string{"close 1002"}},
		{name: "ka first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"ka"}`), recv(`{"payload":{"message":"unexpected message keep alive"},"type":"connection_error"}`), closed(1002, "unexpected message"),
		}, events: []string{"close 1002"}},
		{name: "terminate first", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_terminate"}`), closed(1000, "terminated"),
		}, events: normal},
		{name: "client leaves before init", proto: "graphql-ws", steps: []wsStep{hangUp(websocket.StatusNormalClosure)},
			events: []string{"close 1002"}},
		{name: "init payload not an object", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_init","payload":"str"}`),
			recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},
		{name: "init payload number out of range", proto: "graphql-ws", steps: []wsStep{
			send(`{"type":"connection_init","payload":{"a":[1e999]}}`),
			recv(`{"payload":{"message":"invalid json"},"type":"connection_error"}`), closed(1002, "decoding error"),
		}, events: []string{"close 1002"}},

		// After the handshake.
		{name: "unknown type", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"bogus"}`), closed(1000, "terminated"),
		}, events: []string{"error read=true websocket read: invalid message received", "close 1000"}},
		{name: "invalid json", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{`), closed(1000, "terminated"),
		}, events: []string{"error read=true websocket read: invalid message received", "close 1000"}},
		{name: "missing type", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{}`), closed(1000, "terminated"),
		}, events: []string{"error read=true websocket read: invalid client->server message type ", "close 1000"}},
		{name: "ping is not graphql-ws", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"ping"}`), closed(1000, "terminated"),
		}, events: []string{"error read=true websocket read: invalid message received", "close 1000"}},
		{name: "server message from client", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(`{"type":"connection_ack"}`),
			recv(`{"payload":{"message":"unexpected message connection ack"},"type":"connection_error"}`), closed(1002, "unexpected message"),
		}, events: []string{"close 1002"}},
		{name: "second init", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), send(initMsg),
			recv(`{"payload":{"message":"unexpected message init"},"type":"connection_error"}`), closed(1002, "unexpected message"),
		}, events: []string{"close 1002"}},
		{name: "client goes away mid subscription", proto: "graphql-ws", steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			start("f", "subscription { forever }"), recv(`{"payload":{"data":{"forever":1}},"id":"f","type":"data"}`),
			hangUp(4000),
		}, events: []string{`error read=true websocket read: failed to get reader: received close frame: status = StatusCode(4000) and reason = "client bye"`, "close 1000"}},
		{name: "message over the read limit", proto: "graphql-ws", tr: Websocket{PayloadReadLimit: ptrTo(int64(64))}, steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			send(`{"type":"start","id":"1","payload":{"query":"{ hello }","variables":{"pad":"` + strings.Repeat("x", 100) + `"}}}`),
			closed(1009, "read limited at 65 bytes"),
		}, events: []string{"error read=true websocket read: failed to read: websocket: message too big: read limited at 65 bytes", "close 1000"}},
		{name: "no read limit", proto: "graphql-ws", tr: Websocket{PayloadReadLimit: ptrTo(int64(-1))}, steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			send(`{"type":"start","id":"1","payload":{"query":"{ hello }","variables":{"pad":"` + strings.Repeat("x", 2<<20) + `"}}}`),
			recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: normal},
	})
}

// skipUntil reads frames until want arrives; others are data frames of a
// subscription still running.
func skipUntil(want string) wsStep {
	return func(c *wsClient) {
		c.t.Helper()
		for {
			f, ok := c.read(wsWait)
			if !ok || f.err != nil {
				c.t.Fatalf("waited for %s: %v", want, f.err)
			}
			if f.data == want {
				return
			}
			if !strings.Contains(f.data, `"type":"data"`) && !strings.Contains(f.data, `"type":"next"`) {
				c.t.Fatalf("waiting for %s, got %s", want, f.data)
			}
		}
	}
}

// The subprotocol of the graphql-ws library.
func TestWebsocketGraphqlTransportWS(t *testing.T) {
	const proto = "graphql-transport-ws"
	subscribe := func(id, query string) wsStep {
		return send(`{"type":"subscribe","id":"` + id + `","payload":{"query":"` + query + `"}}`)
	}
	normal := []string{"close 1000"}
	runWSCases(t, []wsCase{
		{name: "operations", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			subscribe("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"next"}`), recv(`{"id":"1","type":"complete"}`),
			// An error ends its operation: no complete follows (upstream sends one).
			subscribe("2", "{"), recv(`{"payload":[{"message":"Expected Name, found \u003cEOF\u003e","locations":[{"line":1,"column":2}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}],"id":"2","type":"error"}`),
			subscribe("3", "#user"), recv(`{"payload":` + notFoundPQ + `,"id":"3","type":"next"}`), recv(`{"id":"3","type":"complete"}`),
			quiet(50),
		}, events: normal},
		{name: "ping and pong", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			send(`{"type":"ping"}`), recv(`{"type":"pong"}`),
			send(`{"type":"ping","payload":{ "a" : "<x>" }}`), recv(`{"payload":{"a":"\u003cx\u003e"},"type":"pong"}`),
			send(`{"type":"ping","payload":null}`), recv(`{"payload":null,"type":"pong"}`),
			send(`{"type":"pong","payload":{"x":1}}`), quiet(50),
		}, events: normal},
		{name: "complete stops a subscription", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			subscribe("f", "subscription { forever }"), recv(`{"payload":{"data":{"forever":1}},"id":"f","type":"next"}`),
			send(`{"type":"complete","id":"f"}`), skipUntil(`{"id":"f","type":"complete"}`), quiet(50),
		}, events: normal},
		{name: "subscription error", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack), subscribe("s", "subscription { suberr }"),
			recv(`{"payload":[{"message":"sub failed"}],"id":"s","type":"error"}`), quiet(50),
		}, events: normal},
		{name: "an error ends the operation", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			send(`{"type":"subscribe","id":"j","payload":"x"}`), recv(`{"payload":[{"message":"invalid json"}],"id":"j","type":"error"}`),
			subscribe("p", "{ panic }"), recv(`{"payload":[{"message":"internal system error"}],"id":"p","type":"error"}`),
			subscribe("n", "subscription { nan }"), recv(`{"payload":[{"message":"internal system error"}],"id":"n","type":"error"}`),
			// The ids are free again.
			subscribe("p", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"p","type":"next"}`), recv(`{"id":"p","type":"complete"}`),
			quiet(50),
		}, events: normal},
		{name: "an id is free again once its operation completed", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			subscribe("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"next"}`), recv(`{"id":"1","type":"complete"}`),
			subscribe("1", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"1","type":"next"}`), recv(`{"id":"1","type":"complete"}`),
			subscribe("f", "subscription { forever }"), recv(`{"payload":{"data":{"forever":1}},"id":"f","type":"next"}`),
			send(`{"type":"complete","id":"f"}`), skipUntil(`{"id":"f","type":"complete"}`),
			subscribe("f", "{ hello }"), recv(`{"payload":{"data":{"hello":"world"}},"id":"f","type":"next"}`), recv(`{"id":"f","type":"complete"}`),
		}, events: normal},
		// Upstream runs both and the first can no longer be stopped.
		{name: "an id in use closes the connection", proto: proto, steps: []wsStep{
			send(initMsg), recv(ack),
			// The first operation stays idle after its first response.
			subscribe("<f>", "subscription { ticks(n: 2, gapms: 600000) }"), recv(`{"payload":{"data":{"ticks":0}},"id":"\u003cf\u003e","type":"next"}`),
			subscribe("<f>", "{ hello }"), skipUntilClose(4409, "Subscriber for <f> already exists"),
		}, events: []string{"close 4409"}},
		{name: "no keep-alive messages", proto: proto, tr: Websocket{KeepAlivePingInterval: 20 * time.Millisecond}, steps: []wsStep{
			send(initMsg), recv(ack), quiet(100),
		}, events: normal},
		{name: "ping before init", proto: proto, steps: []wsStep{send(`{"type":"ping"}`), closed(1002, "unexpected message")},
			events: []string{"close 1002"}},
		{name: "subscribe before init", proto: proto, steps: []wsStep{subscribe("1", "{ hello }"), closed(1002, "unexpected message")},
			events: []string{"close 1002"}},
		{name: "invalid json first", proto: proto, steps: []wsStep{send(`{`), closed(1002, "decoding error")}, events: []string{"close 1002"}},
		{name: "server message first", proto: proto, steps: []wsStep{send(`{"type":"next"}`), closed(1002, "decoding error")}, events: []string{"close 1002"}},
		{name: "graphql-ws message first", proto: proto, steps: []wsStep{send(`{"type":"connection_terminate"}`), closed(1002, "decoding error")},
			events: []string{"close 1002"}},
		{name: "unknown type", proto: proto, steps: []wsStep{send(initMsg), recv(ack), send(`{"type":"ka"}`), closed(1000, "terminated")},
			events: []string{"error read=true websocket read: invalid message received", "close 1000"}},
		{name: "server message", proto: proto, steps: []wsStep{send(initMsg), recv(ack), send(`{"type":"next","id":"1"}`), closed(1000, "terminated")},
			events: []string{"error read=true websocket read: invalid client->server message type next", "close 1000"}},
		{name: "second init", proto: proto, steps: []wsStep{send(initMsg), recv(ack), send(initMsg), closed(1002, "unexpected message")},
			events: []string{"close 1002"}},
	})
}

func TestWebsocketInitFunc(t *testing.T) {
	withAck := func(ctx context.Context, p InitPayload) (context.Context, *InitPayload, error) {
		ack := InitPayload{"z": 1, "a": "<b>", "auth": p.Authorization()}
		return ctx, &ack, nil
	}
	refuse := func(code int, reason string) WebsocketInitFunc {
		return func(ctx context.Context, _ InitPayload) (context.Context, *InitPayload, error) {
			if code != 0 {
				ctx = WithWebsocketCloseCode(ctx, code)
			}
			if reason != "" {
				ctx = AppendCloseReason(ctx, reason)
			}
			return ctx, nil, errors.New("denied <x>")
		}
	}
	expiring := func(ctx context.Context, _ InitPayload) (context.Context, *InitPayload, error) {
		ctx = AppendCloseReason(ctx, "session expired")
		ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		go func() { // released when the deadline passes
			<-ctx.Done()
			cancel()
		}()
		return ctx, nil, nil
	}
	withValue := func(ctx context.Context, _ InitPayload) (context.Context, *InitPayload, error) {
		return context.WithValue(ctx, testCtxKey{}, "from InitFunc"), nil, nil
	}
	runWSCases(t, []wsCase{
		{name: "ack payload", proto: "graphql-ws", tr: Websocket{InitFunc: withAck}, steps: []wsStep{
			send(`{"type":"connection_init","payload":{"authorization":"low"}}`),
			recv(`{"payload":{"a":"\u003cb\u003e","auth":"low","z":1},"type":"connection_ack"}`), recv(ka),
		}, events: []string{"close 1000"}},
		{name: "ack payload, graphql-transport-ws", proto: "graphql-transport-ws", tr: Websocket{InitFunc: withAck}, steps: []wsStep{
			send(`{"type":"connection_init","payload":{"Authorization":"up"}}`),
			recv(`{"payload":{"a":"\u003cb\u003e","auth":"up","z":1},"type":"connection_ack"}`), quiet(50),
		}, events: []string{"close 1000"}},
		{name: "nil ack map", proto: "graphql-ws", tr: Websocket{InitFunc: func(ctx context.Context, _ InitPayload) (context.Context, *InitPayload, error) {
			var ack InitPayload
			return ctx, &ack, nil
		}}, steps: []wsStep{send(initMsg), recv(`{"payload":null,"type":"connection_ack"}`), recv(ka)}, events: []string{"close 1000"}},
		{name: "ack payload without a JSON form", proto: "graphql-ws", tr: Websocket{InitFunc: func(ctx context.Context, _ InitPayload) (context.Context, *InitPayload, error) {
			ack := InitPayload{"c": make(chan int)}
			return ctx, &ack, nil
		}}, steps: []wsStep{send(initMsg), closed(1011, "internal error")}, events: []string{"close 1011"}},
		{name: "refused", proto: "graphql-ws", tr: Websocket{InitFunc: refuse(0, "")}, steps: []wsStep{
			send(initMsg), recv(`{"payload":{"message":"denied \u003cx\u003e"},"type":"connection_error"}`), closed(1000, "terminated"),
		}, events: []string{"close 1000"}},
		{name: "refused with code and reason", proto: "graphql-ws", tr: Websocket{InitFunc: refuse(4403, "forbidden")}, steps: []wsStep{
			send(initMsg), recv(`{"payload":{"message":"denied \u003cx\u003e"},"type":"connection_error"}`), closed(4403, "forbidden"),
		}, events: []string{"close 4403"}},
		{name: "refused, graphql-transport-ws", proto: "graphql-transport-ws", tr: Websocket{InitFunc: refuse(4403, "")}, steps: []wsStep{
			send(initMsg), closed(4403, "terminated"),
		}, events: []string{"close 4403"}},
		{name: "operations see the returned context", proto: "graphql-ws", tr: Websocket{InitFunc: withValue}, steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			send(`{"type":"start","id":"1","payload":{"query":"{ ctxvalue }"}}`),
			recv(`{"payload":{"data":{"v":"from InitFunc"}},"id":"1","type":"data"}`), recv(`{"id":"1","type":"complete"}`),
		}, events: []string{"close 1000"}},
		{name: "context expires", proto: "graphql-ws", tr: Websocket{InitFunc: expiring}, steps: []wsStep{
			send(initMsg), recv(ack), recv(ka),
			send(`{"type":"start","id":"f","payload":{"query":"subscription { forever }"}}`),
			skipUntil(`{"payload":{"message":"session expired"},"type":"connection_error"}`), closed(1000, "terminated"),
		}, events: []string{"close 1000"}},
		{name: "context expires, graphql-transport-ws", proto: "graphql-transport-ws", tr: Websocket{InitFunc: expiring}, steps: []wsStep{
			send(initMsg), recv(ack),
			send(`{"type":"subscribe","id":"f","payload":{"query":"subscription { forever }"}}`),
			skipUntilClose(1000, "terminated"),
		}, events: []string{"close 1000"}},
	})

}

// skipUntilClose reads frames until the server closes.
func skipUntilClose(code int, reason string) wsStep {
	return func(c *wsClient) {
		c.t.Helper()
		for {
			f, ok := c.read(wsWait)
			if !ok {
				c.t.Fatalf("waited for close")
			}
			if f.err == nil {
				continue
			}
			var ce websocket.CloseError
			if !errors.As(f.err, &ce) || int(ce.Code) != code || ce.Reason != reason {
				c.t.Fatalf("closed with %v, want %d %q", f.err, code, reason)
			}
			return
		}
	}
}

func TestWebsocketInitTimeout(t *testing.T) {
	runWSCases(t, []wsCase{
		{name: "expires", proto: "graphql-ws", tr: Websocket{InitTimeout: 50 * time.Millisecond}, steps: []wsStep{
			closed(1002, "connection initialisation timeout"),
		}, events: []string{"close 1002"}},
		// The init must reach the server within the timeout even on a loaded
		// machine, and the quiet wait outlasts the timeout, so that a timer
		// left running would be seen.
		{name: "met", proto: "graphql-ws", tr: Websocket{InitTimeout: time.Second}, steps: []wsStep{
			send(initMsg), recv(ack), recv(ka), quiet(1200),
		}, events: []string{"close 1000"}},
		{name: "none", proto: "graphql-transport-ws", steps: []wsStep{quiet(100), send(initMsg), recv(ack)}, events: []string{"close 1000"}},
	})
}

// countFrames reads frames for d and counts each distinct one.
func countFrames(c *wsClient, d time.Duration) map[string]int {
	return countFramesUntil(c, d, "", 0)
}

// countFramesUntil is countFrames, stopping early once frame has been seen
// n times (never when n is 0). Tests of periodic frames wait for a number
// of them rather than for a fixed time, so a loaded machine delays them
// without failing them.
func countFramesUntil(c *wsClient, d time.Duration, frame string, n int) map[string]int {
	counts := map[string]int{}
	deadline := time.Now().Add(d)
	for n == 0 || counts[frame] < n {
		f, ok := c.read(time.Until(deadline))
		if !ok {
			return counts
		}
		if f.err != nil {
			counts["closed"]++
			return counts
		}
		counts[f.data]++
	}
	return counts
}

func TestWebsocketHeartbeats(t *testing.T) {
	for _, c := range []struct {
		name  string
		proto string
		tr    Websocket
		frame string // sent periodically; "" for none
	}{
		{"keep-alive", "graphql-ws", Websocket{KeepAlivePingInterval: 20 * time.Millisecond}, ka},
		{"no ping on graphql-ws", "graphql-ws", Websocket{PingPongInterval: 20 * time.Millisecond, PongOnlyInterval: 20 * time.Millisecond}, ""},
		{"pong only", "graphql-transport-ws", Websocket{PongOnlyInterval: 20 * time.Millisecond}, `{"type":"pong"}`},
		{"pings tolerated when missing", "graphql-transport-ws", Websocket{PingPongInterval: 20 * time.Millisecond, MissingPongOk: true}, `{"type":"ping"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := startWS(t, c.tr)
			client := s.dial(t, c.proto)
			client.send(initMsg)
			client.expect(ack)
			var counts map[string]int
			if c.frame == "" {
				counts = countFrames(client, 150*time.Millisecond)
			} else {
				extra := 0
				if c.proto == "graphql-ws" {
					extra = 1
				}
				counts = countFramesUntil(client, 10*time.Second, c.frame, 3+extra)
			}
			if c.proto == "graphql-ws" {
				counts[ka]-- // the one right after the ack
			}
			if c.frame == "" {
				if counts[ka] != 0 || len(counts) > 1 {
					t.Errorf("frames %v", counts)
				}
			} else if counts[c.frame] < 3 || len(counts) > 2 || counts["closed"] != 0 {
				t.Errorf("frames %v", counts)
			}
			client.hangUp(websocket.StatusNormalClosure)
			s.finish(t)
		})
	}

	t.Run("missing pongs drop the connection", func(t *testing.T) {
		s := startWS(t, Websocket{PingPongInterval: 30 * time.Millisecond})
		client := s.dial(t, "graphql-transport-ws")
		client.send(initMsg)
		client.expect(ack)
		// The client never answers, so the server drops the connection. How
		// many pings it wrote first depends on the scheduler (the read
		// deadline of two intervals can pass before a late ticker writes
		// the first one), so only the drop itself is asserted.
		counts := countFrames(client, 10*time.Second)
		if counts["closed"] != 1 {
			t.Errorf("frames %v", counts)
		}
		// A ping may race with the drop and fail to be written.
		got := s.finish(t)
		if len(got) == 2 && strings.HasPrefix(got[0], "error read=false ") {
			got = got[1:]
		}
		if len(got) != 1 || got[0] != "close 1000" {
			t.Errorf("callbacks %q", got)
		}
	})

	t.Run("answered pings keep the connection", func(t *testing.T) {
		// Whether a real pong beats a real deadline is up to the
		// scheduler (a loaded machine can miss any interval), so the
		// connection here records the read deadlines the transport sets
		// rather than enforcing them, and the test asserts that
		// bookkeeping: armed first, cleared by a pong, re-armed only
		// after a pong. That an armed deadline
		// drops the connection is the subtest above, on a real one.
		deadlines := &deadlineLog{}
		s := startWS(t, Websocket{PingPongInterval: 20 * time.Millisecond, Implementation: deadlineRecorder{deadlines}})
		client := s.dial(t, "graphql-transport-ws")
		client.send(initMsg)
		client.expect(ack)
		const rounds = 4
		for range rounds {
			client.expect(`{"type":"ping"}`)
			client.send(`{"type":"pong"}`)
		}
		client.hangUp(websocket.StatusNormalClosure)
		if got := s.finish(t); len(got) != 1 || got[0] != "close 1000" {
			t.Errorf("callbacks %q", got)
		}
		calls := deadlines.get()
		if len(calls) == 0 || calls[0] != "arm" {
			t.Fatalf("deadline calls %q: the first must arm the deadline", calls)
		}
		// Arms and clears alternate, starting with an arm: a tick arms only
		// when no ping is unanswered and a pong clears only an armed
		// deadline (both under one lock). How many rounds each pong closes
		// is up to the scheduler: when the ticks outrun the client, several
		// pings go out under one deadline and the later pongs find nothing
		// to clear. The first pong always clears, since it answers a ping
		// sent after the first arm. (The exact sequence for a given order
		// of pings and pongs is TestPongDeadlineFollowsPings, on a fake
		// clock.)
		clears := 0
		for i, c := range calls {
			want := "arm"
			if i%2 == 1 {
				want = "clear"
			}
			if c != want {
				t.Fatalf("deadline calls %q: call %d is %s, want %s (arms and clears alternate)", calls, i, c, want)
			}
			if c == "clear" {
				clears++
			}
		}
		if clears < 1 || clears > rounds {
			t.Errorf("deadline calls %q: %d clears for %d pongs, want 1 to %d", calls, clears, rounds, rounds)
		}
	})
}

// deadlineRecorder accepts connections like the default implementation,
// whose read deadlines are written to log: a zero deadline (a pong came
// back) is applied, an armed one is only recorded, never enforced.
type deadlineRecorder struct{ log *deadlineLog }

func (r deadlineRecorder) Accept(w http.ResponseWriter, req *http.Request, options WebsocketAcceptOptions) (WebsocketConn, error) {
	conn, err := CoderWebsocketImplementation{}.Accept(w, req, options)
	if err != nil {
		return nil, err
	}
	return &deadlineRecordingConn{coderConn: conn.(*coderConn), log: r.log}, nil
}

// deadlineRecordingConn is a coderConn (fast paths included) whose
// SetReadDeadline records.
type deadlineRecordingConn struct {
	*coderConn
	log *deadlineLog
}

func (c *deadlineRecordingConn) SetReadDeadline(t time.Time) error {
	if t.IsZero() {
		c.log.add("clear")
		return c.coderConn.SetReadDeadline(t)
	}
	c.log.add("arm")
	return nil
}

// deadlineLog is the SetReadDeadline calls of a deadlineRecordingConn, in
// order: "arm" or "clear".
type deadlineLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *deadlineLog) add(call string) {
	l.mu.Lock()
	l.calls = append(l.calls, call)
	l.mu.Unlock()
}

func (l *deadlineLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.calls...)
}

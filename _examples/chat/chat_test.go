package chat

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"

	"github.com/99designs/gqlgen/client"
)

const watchGo = `subscription { messageAdded(room: "go") { id room author text createdAt } }`

type message struct {
	ID, Room, Author, Text, CreatedAt string
}

// waitFor polls cond until it holds, failing the test after 5s. It is
// synchronisation (subscribers register asynchronously), not a timing
// assertion: the bound only stops a broken build from hanging.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func fixedResolver() *Resolver {
	r := NewResolver()
	r.Now = func() time.Time { return time.Date(2026, 12, 1, 3, 30, 0, 0, time.UTC) }
	return r
}

func post(t *testing.T, c *client.Client, text string) {
	t.Helper()
	var resp struct{ Post struct{ ID string } }
	c.MustPost(`mutation($t: String!) { post(room: "go", author: "gopher", text: $t) { id } }`, &resp, client.Var("t", text))
}

func TestHistoryAndValidation(t *testing.T) {
	c := client.New(NewServer(fixedResolver()))
	post(t, c, "first")
	post(t, c, "second")
	var resp struct{ Messages []message }
	c.MustPost(`{ messages(room: "go") { id room author text createdAt } }`, &resp)
	if len(resp.Messages) != 2 || resp.Messages[1] != (message{"2", "go", "gopher", "second", "2026-12-01T03:30:00Z"}) {
		t.Errorf("history: %+v", resp.Messages)
	}
	var empty map[string]any
	if err := c.Post(`mutation { post(room: "go", author: "x", text: "  ") { id } }`, &empty); err == nil ||
		!strings.Contains(err.Error(), "must not be empty") {
		t.Errorf("blank text: want an error, got %v", err)
	}
}

// TestLegacyGraphQLWS subscribes with the client package, which speaks the
// legacy graphql-ws subprotocol.
func TestLegacyGraphQLWS(t *testing.T) {
	defer goleak.VerifyNone(t)
	r := fixedResolver()
	c := client.New(NewServer(r))

	sub := c.Websocket(watchGo)
	waitFor(t, "the subscriber to register", func() bool { return r.Hub.Subscribers("go") == 1 })
	post(t, c, "hello")
	var got struct{ MessageAdded message }
	if err := sub.Next(&got); err != nil {
		t.Fatal(err)
	}
	if got.MessageAdded != (message{"1", "go", "gopher", "hello", "2026-12-01T03:30:00Z"}) {
		t.Errorf("got %+v", got.MessageAdded)
	}
	if err := sub.Close(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the subscriber to be removed", func() bool { return r.Hub.Subscribers("go") == 0 })
}

// wsConn is a minimal graphql-transport-ws client (the protocol graphql-ws,
// the JS library, speaks), written out so the example shows the messages.
type wsConn struct {
	t    *testing.T
	conn *websocket.Conn
}

type wsMessage struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

func dialTransportWS(t *testing.T, url string) *wsConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http"), &websocket.DialOptions{
		Subprotocols: []string{"graphql-transport-ws"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := conn.Subprotocol(); p != "graphql-transport-ws" {
		t.Fatalf("server chose subprotocol %q", p)
	}
	c := &wsConn{t: t, conn: conn}
	c.send(wsMessage{Type: "connection_init"})
	if m := c.read(); m.Type != "connection_ack" {
		t.Fatalf("want connection_ack, got %+v", m)
	}
	return c
}

func (c *wsConn) send(m wsMessage) {
	c.t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

// read returns the next message other than a ping (which it answers).
func (c *wsConn) read() wsMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		_, b, err := c.conn.Read(ctx)
		if err != nil {
			c.t.Fatal(err)
		}
		var m wsMessage
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatal(err)
		}
		if m.Type == "ping" {
			c.send(wsMessage{Type: "pong"})
			continue
		}
		return m
	}
}

func (c *wsConn) subscribe(id, query string) {
	c.t.Helper()
	payload, _ := json.Marshal(map[string]string{"query": query})
	c.send(wsMessage{Type: "subscribe", ID: id, Payload: payload})
}

// nextMessage reads a "next" message for id and returns its messageAdded.
func (c *wsConn) nextMessage(id string) message {
	c.t.Helper()
	m := c.read()
	if m.Type != "next" || m.ID != id {
		c.t.Fatalf("want next for %s, got %+v", id, m)
	}
	var p struct {
		Data struct{ MessageAdded message }
	}
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		c.t.Fatal(err)
	}
	return p.Data.MessageAdded
}

func TestGraphQLTransportWS(t *testing.T) {
	defer goleak.VerifyNone(t)
	r := fixedResolver()
	srv := httptest.NewServer(NewServer(r))
	defer srv.Close()
	c := client.New(NewServer(r))

	ws := dialTransportWS(t, srv.URL)
	ws.subscribe("a", watchGo)
	ws.subscribe("b", `subscription { messageAdded(room: "go") { text } }`)
	waitFor(t, "two subscribers", func() bool { return r.Hub.Subscribers("go") == 2 })

	post(t, c, "one")
	// Both operations share the connection; their results may interleave.
	seen := map[string]string{}
	for range 2 {
		m := ws.read()
		seen[m.ID] = m.Type
	}
	if seen["a"] != "next" || seen["b"] != "next" {
		t.Fatalf("both operations should get the message: %v", seen)
	}

	// complete ends one operation; its subscriber leaves the hub.
	ws.send(wsMessage{Type: "complete", ID: "b"})
	waitFor(t, "operation b to end", func() bool { return r.Hub.Subscribers("go") == 1 })
	post(t, c, "two")
	// The server confirms the end of b with a complete of its own, which may
	// be written before or after a's next message.
	var texts []string
	for range 2 {
		m := ws.read()
		switch {
		case m.Type == "complete" && m.ID == "b":
			texts = append(texts, "b done")
		case m.Type == "next" && m.ID == "a":
			var p struct {
				Data struct{ MessageAdded message }
			}
			if err := json.Unmarshal(m.Payload, &p); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, "a:"+p.Data.MessageAdded.Text)
		default:
			t.Fatalf("unexpected %+v", m)
		}
	}
	slices.Sort(texts)
	if strings.Join(texts, ",") != "a:two,b done" {
		t.Errorf("after completing b: %v", texts)
	}

	// Dropping the connection ends the rest.
	if err := ws.conn.Close(websocket.StatusNormalClosure, ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the connection's subscribers to leave", func() bool { return r.Hub.Subscribers("go") == 0 })
}

// sseStream is a subscription answered as text/event-stream.
type sseStream struct {
	cancel context.CancelFunc
	resp   *http.Response
	lines  *bufio.Reader
}

func openSSE(t *testing.T, url, query string) *sseStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	body, _ := json.Marshal(map[string]string{"query": query})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		cancel()
		t.Fatalf("content type %q", ct)
	}
	return &sseStream{cancel: cancel, resp: resp, lines: bufio.NewReader(resp.Body)}
}

// next returns the data of the next "next" event. The server writes as the
// hub delivers; a timer closes the body if nothing comes, so a broken build
// fails instead of hanging.
func (s *sseStream) next(t *testing.T) message {
	t.Helper()
	stop := time.AfterFunc(5*time.Second, s.cancel)
	defer stop.Stop()
	event := ""
	for {
		line, err := s.lines.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the event stream: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && event == "next":
			var p struct {
				Data struct{ MessageAdded message }
			}
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &p); err != nil {
				t.Fatal(err)
			}
			return p.Data.MessageAdded
		}
	}
}

func (s *sseStream) close() {
	s.cancel()
	s.resp.Body.Close()
}

func TestSSE(t *testing.T) {
	defer goleak.VerifyNone(t)
	r := fixedResolver()
	srv := httptest.NewServer(NewServer(r))
	defer srv.Close()
	defer http.DefaultClient.CloseIdleConnections()
	c := client.New(NewServer(r))

	s := openSSE(t, srv.URL, watchGo)
	waitFor(t, "the SSE subscriber", func() bool { return r.Hub.Subscribers("go") == 1 })
	post(t, c, "over sse")
	if got := s.next(t); got.Text != "over sse" || got.Author != "gopher" {
		t.Errorf("got %+v", got)
	}
	s.close()
	waitFor(t, "the SSE subscriber to leave", func() bool { return r.Hub.Subscribers("go") == 0 })
}

// TestFanOut puts a client of each transport on one room and checks that one
// post reaches all of them and that nothing is left behind when they go.
func TestFanOut(t *testing.T) {
	defer goleak.VerifyNone(t)
	r := fixedResolver()
	srv := httptest.NewServer(NewServer(r))
	defer srv.Close()
	defer http.DefaultClient.CloseIdleConnections()
	c := client.New(NewServer(r))

	legacy := c.Websocket(watchGo)
	modern := dialTransportWS(t, srv.URL)
	modern.subscribe("1", watchGo)
	events := openSSE(t, srv.URL, watchGo)
	waitFor(t, "three subscribers", func() bool { return r.Hub.Subscribers("go") == 3 })

	for i, text := range []string{"to everyone", "again"} {
		post(t, c, text)
		var l struct{ MessageAdded message }
		if err := legacy.Next(&l); err != nil {
			t.Fatal(err)
		}
		m, s := modern.nextMessage("1"), events.next(t)
		for name, got := range map[string]message{"graphql-ws": l.MessageAdded, "graphql-transport-ws": m, "sse": s} {
			if got.Text != text || got.ID != string(rune('1'+i)) {
				t.Errorf("%s got %+v, want %q", name, got, text)
			}
		}
	}

	legacy.Close()
	modern.conn.Close(websocket.StatusNormalClosure, "")
	events.close()
	waitFor(t, "every subscriber to leave", func() bool { return r.Hub.Subscribers("go") == 0 })
}

func TestHubDropsSlowSubscribers(t *testing.T) {
	defer goleak.VerifyNone(t)
	h := NewHub()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow := h.Subscribe(ctx, "r")
	for i := range subscriberBuffer + 1 {
		h.Publish(&Message{ID: string(rune('a' + i)), Room: "r"})
	}
	if n := h.Subscribers("r"); n != 0 {
		t.Fatalf("a subscriber that fell %d behind should be dropped, %d left", subscriberBuffer+1, n)
	}
	got := 0
	for range slow {
		got++
	}
	if got != subscriberBuffer {
		t.Errorf("the dropped subscriber should still get its %d buffered messages, got %d", subscriberBuffer, got)
	}
	cancel()
}

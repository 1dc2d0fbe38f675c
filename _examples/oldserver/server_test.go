package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"

	"github.com/99designs/gqlgen/_examples/chat"
	"github.com/99designs/gqlgen/client"
)

const allowedOrigin = "https://app.example"

// syncBuffer is a log destination the server and the test share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type testServer struct {
	*httptest.Server
	resolver *chat.Resolver
	log      *syncBuffer
	client   *client.Client
}

func start(t *testing.T) *testServer {
	t.Helper()
	r := chat.NewResolver()
	logs := &syncBuffer{}
	h := newServer(r, []string{allowedOrigin}, log.New(logs, "", 0))
	s := &testServer{Server: httptest.NewServer(h), resolver: r, log: logs, client: client.New(h, client.Path("/query"))}
	t.Cleanup(s.Close)
	return s
}

// dial opens a websocket from origin asking for one subprotocol, and
// returns the handshake's response either way.
func (s *testServer) dial(t *testing.T, origin, subprotocol string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"/query", &websocket.DialOptions{
		Subprotocols: []string{subprotocol},
		HTTPHeader:   http.Header{"Origin": {origin}},
	})
	if err == nil {
		t.Cleanup(func() { _ = conn.CloseNow() })
	}
	return conn, resp, err
}

type frame struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

func send(t *testing.T, c *websocket.Conn, f frame) {
	t.Helper()
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatalf("sending %s: %v", b, err)
	}
}

// next reads frames until one that is not a keep-alive.
func next(t *testing.T, c *websocket.Conn) frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("reading: %v", err)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("frame %s: %v", b, err)
		}
		if f.Type != "ka" && f.Type != "ping" && f.Type != "pong" {
			return f
		}
	}
}

// waitFor polls cond: synchronisation with the hub, which registers
// subscribers asynchronously; the bound only stops a broken build hanging.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// A browser application from the allowed origin subscribes over either
// subprotocol and receives what is posted.
func TestSubscribeFromAllowedOrigin(t *testing.T) {
	defer goleak.VerifyNone(t)
	cases := []struct {
		subprotocol, subscribe, event string
	}{
		{"graphql-transport-ws", "subscribe", "next"},
		{"graphql-ws", "start", "data"},
	}
	for _, c := range cases {
		t.Run(c.subprotocol, func(t *testing.T) {
			s := start(t)
			conn, resp, err := s.dial(t, allowedOrigin, c.subprotocol)
			if err != nil {
				t.Fatalf("handshake: %v", err)
			}
			if resp.StatusCode != http.StatusSwitchingProtocols || conn.Subprotocol() != c.subprotocol {
				t.Fatalf("status %d, subprotocol %q", resp.StatusCode, conn.Subprotocol())
			}
			send(t, conn, frame{Type: "connection_init"})
			if f := next(t, conn); f.Type != "connection_ack" {
				t.Fatalf("want connection_ack, got %+v", f)
			}
			send(t, conn, frame{Type: c.subscribe, ID: "1",
				Payload: json.RawMessage(`{"query":"subscription { messageAdded(room: \"go\") { author text } }"}`)})
			waitFor(t, "the subscriber", func() bool { return s.resolver.Hub.Subscribers("go") == 1 })

			var posted map[string]any
			s.client.MustPost(`mutation { post(room: "go", author: "gopher", text: "hello") { id } }`, &posted)
			f := next(t, conn)
			if want := `{"data":{"messageAdded":{"author":"gopher","text":"hello"}}}`; f.Type != c.event || f.ID != "1" || string(f.Payload) != want {
				t.Fatalf("got %+v %s, want %s %s", f, f.Payload, c.event, want)
			}
			if err := conn.Close(websocket.StatusNormalClosure, ""); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the subscriber to leave", func() bool { return s.resolver.Hub.Subscribers("go") == 0 })
			if logs := s.log.String(); logs != "" {
				t.Errorf("unexpected log: %s", logs)
			}
		})
	}
}

// Any other origin gets the handshake refused, and the server logs it
// through Upgrader.Error.
func TestRefusedOrigin(t *testing.T) {
	s := start(t)
	for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		_, resp, err := s.dial(t, "https://evil.example", proto)
		if err == nil {
			t.Fatalf("%s: the handshake from a refused origin succeeded", proto)
		}
		if resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Fatalf("%s: want 403, got %v (%v)", proto, resp, err)
		}
	}
	want := `websocket handshake from "https://evil.example" refused with 403: websocket: request origin not allowed by Upgrader.CheckOrigin` + "\n"
	if got := s.log.String(); got != strings.Repeat(want, 2) {
		t.Errorf("log\n%s\nwant twice\n%s", got, want)
	}
}

// A malformed handshake from an allowed origin goes to Upgrader.Error too.
func TestBadHandshake(t *testing.T) {
	s := start(t)
	req, err := http.NewRequest(http.MethodGet, s.URL+"/query", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", allowedOrigin)
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13") // and no Sec-WebSocket-Key
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d", resp.StatusCode)
	}
	got := s.log.String()
	if !strings.HasPrefix(got, `websocket handshake from "https://app.example" refused with 400: `) || !strings.Contains(got, "missing Sec-WebSocket-Key") {
		t.Errorf("log %q", got)
	}
}

// HTTP requests from the allowed origin get the CORS headers.
func TestCORSOverHTTP(t *testing.T) {
	s := start(t)
	req, err := http.NewRequest(http.MethodPost, s.URL+"/query", strings.NewReader(`{"query":"{ messages(room: \"go\") { id } }"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", allowedOrigin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != allowedOrigin {
		t.Errorf("status %d, headers %v", resp.StatusCode, resp.Header)
	}
}

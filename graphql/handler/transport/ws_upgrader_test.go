package transport

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	gorilla "github.com/gorilla/websocket"
)

// dialFrom opens a connection with an Origin header and returns the
// handshake's HTTP response whether or not it succeeded.
func (s *wsServer) dialFrom(t *testing.T, origin string, opts websocket.DialOptions) (*wsClient, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if opts.HTTPHeader == nil {
		opts.HTTPHeader = http.Header{}
	}
	if origin != "" {
		opts.HTTPHeader.Set("Origin", origin)
	}
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http"), &opts)
	if err != nil {
		return nil, resp, err
	}
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
	return c, resp, nil
}

// subscribeTicks runs a two-event subscription over c in its subprotocol.
func subscribeTicks(c *wsClient) {
	c.t.Helper()
	c.send(initMsg)
	c.expect(ack)
	switch c.conn.Subprotocol() {
	case "graphql-transport-ws":
		c.send(`{"type":"subscribe","id":"s","payload":{"query":"subscription { ticks(n: 2) }"}}`)
		c.expect(`{"payload":{"data":{"ticks":0}},"id":"s","type":"next"}`)
		c.expect(`{"payload":{"data":{"ticks":1}},"id":"s","type":"next"}`)
		c.expect(`{"id":"s","type":"complete"}`)
	case "graphql-ws":
		c.send(`{"type":"start","id":"s","payload":{"query":"subscription { ticks(n: 2) }"}}`)
		c.expect(ka)
		c.expect(`{"payload":{"data":{"ticks":0}},"id":"s","type":"data"}`)
		c.expect(`{"payload":{"data":{"ticks":1}},"id":"s","type":"data"}`)
		c.expect(`{"id":"s","type":"complete"}`)
	default:
		c.t.Fatalf("negotiated %q", c.conn.Subprotocol())
	}
}

// handshakeErrors records the calls of an Upgrader.Error.
type handshakeErrors struct {
	mu    sync.Mutex
	calls []string
}

func (h *handshakeErrors) handle(w http.ResponseWriter, _ *http.Request, status int, reason error) {
	h.mu.Lock()
	h.calls = append(h.calls, http.StatusText(status)+": "+reason.Error())
	h.mu.Unlock()
	http.Error(w, "refused by the application", status)
}

func (h *handshakeErrors) get() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.calls...)
}

func TestWebsocketUpgraderCheckOrigin(t *testing.T) {
	const allowed = "https://app.example"
	var errs handshakeErrors
	var seen sync.Map
	s := startWS(t, Websocket{Upgrader: gorilla.Upgrader{
		CheckOrigin: func(r *http.Request) bool {
			seen.Store(r.Header.Get("Origin"), true)
			return r.Header.Get("Origin") == allowed
		},
		Error: errs.handle,
	}})
	for _, proto := range []string{"graphql-transport-ws", "graphql-ws"} {
		c, resp, err := s.dialFrom(t, allowed, websocket.DialOptions{Subprotocols: []string{proto}})
		if err != nil {
			t.Fatalf("%s from %s: %v", proto, allowed, err)
		}
		if resp.StatusCode != http.StatusSwitchingProtocols {
			t.Fatalf("status %d", resp.StatusCode)
		}
		subscribeTicks(c)
		c.hangUp(websocket.StatusNormalClosure)
	}
	// A cross-origin request that coder/websocket's own check would refuse
	// went through: CheckOrigin decided.
	if _, ok := seen.Load(allowed); !ok {
		t.Error("CheckOrigin was not asked")
	}

	_, resp, err := s.dialFrom(t, "https://evil.example", websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}})
	if err == nil {
		t.Fatal("a refused origin was accepted")
	}
	if resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("refused origin: response %v, %v", resp, err)
	}
	want := []string{"Forbidden: websocket: request origin not allowed by Upgrader.CheckOrigin"}
	if got := errs.get(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Error calls %q, want %q", got, want)
	}
	s.finish(t)
}

// Without Error, a refused origin gets gorilla's answer.
func TestWebsocketUpgraderCheckOriginDefaultAnswer(t *testing.T) {
	r := wsRequest("GET")
	r.Header.Set("Origin", "https://evil.example")
	w := httptest.NewRecorder()
	Websocket{Upgrader: gorilla.Upgrader{CheckOrigin: func(*http.Request) bool { return false }}}.Do(w, r, testExec{})
	want := "Forbidden\n" + `{"errors":[{"message":"unable to upgrade"}],"data":null}`
	if w.Code != http.StatusForbidden || w.Body.String() != want || w.Header().Get("Sec-Websocket-Version") != "13" {
		t.Errorf("got %d %q %v", w.Code, w.Body, w.Header())
	}
}

// A nil CheckOrigin keeps CoderWebsocketImplementation's check: the same
// host, or AcceptOptions.OriginPatterns.
func TestWebsocketUpgraderDefaultOriginCheck(t *testing.T) {
	var errs handshakeErrors
	s := startWS(t, Websocket{Upgrader: gorilla.Upgrader{Error: errs.handle, Subprotocols: []string{"graphql-ws"}}})
	c, _, err := s.dialFrom(t, s.URL, websocket.DialOptions{})
	if err != nil {
		t.Fatalf("same origin: %v", err)
	}
	c.hangUp(websocket.StatusNormalClosure)
	_, resp, err := s.dialFrom(t, "https://evil.example", websocket.DialOptions{})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross origin: %v %v", resp, err)
	}
	got := errs.get()
	if len(got) != 1 || !strings.HasPrefix(got[0], "Forbidden: ") || !strings.Contains(got[0], "not authorized") {
		t.Errorf("Error calls %q", got)
	}

	patterns := startWS(t, Websocket{
		Upgrader:       gorilla.Upgrader{Subprotocols: []string{"graphql-ws"}},
		Implementation: CoderWebsocketImplementation{AcceptOptions: websocket.AcceptOptions{OriginPatterns: []string{"app.example"}}},
	})
	c, _, err = patterns.dialFrom(t, "https://app.example", websocket.DialOptions{})
	if err != nil {
		t.Fatalf("origin pattern: %v", err)
	}
	c.hangUp(websocket.StatusNormalClosure)
	s.finish(t)
	patterns.finish(t)
}

func TestWebsocketUpgraderSubprotocols(t *testing.T) {
	// Without an Upgrader, graphql-ws is preferred; the Upgrader's list
	// comes first, as gorilla's preference order did.
	mine := make([]string, 2, 8)
	mine[0], mine[1] = "chat-v1", "graphql-transport-ws"
	s := startWS(t, Websocket{Upgrader: gorilla.Upgrader{Subprotocols: mine}})
	both := []string{"graphql-ws", "graphql-transport-ws"}
	c, _, err := s.dialFrom(t, "", websocket.DialOptions{Subprotocols: both})
	if err != nil {
		t.Fatal(err)
	}
	if c.conn.Subprotocol() != "graphql-transport-ws" {
		t.Errorf("negotiated %q", c.conn.Subprotocol())
	}
	subscribeTicks(c)
	c.hangUp(websocket.StatusNormalClosure)
	// The GraphQL subprotocols are still offered after it.
	c, _, err = s.dialFrom(t, "", websocket.DialOptions{Subprotocols: []string{"graphql-ws"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.conn.Subprotocol() != "graphql-ws" {
		t.Errorf("negotiated %q", c.conn.Subprotocol())
	}
	subscribeTicks(c)
	c.hangUp(websocket.StatusNormalClosure)
	// One of the Upgrader's own is negotiated, and then refused by the
	// transport, as upstream refused it.
	c, _, err = s.dialFrom(t, "", websocket.DialOptions{Subprotocols: []string{"chat-v1"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.conn.Subprotocol() != "chat-v1" {
		t.Errorf("negotiated %q", c.conn.Subprotocol())
	}
	c.expectClose(1002, "unsupported negotiated subprotocol chat-v1")
	if got := mine[:cap(mine)][2]; got != "" {
		t.Errorf("the Upgrader's slice was appended to: %q", got)
	}
	s.finish(t)

	// Without an Upgrader, for comparison.
	d := startWS(t, Websocket{})
	c, _, err = d.dialFrom(t, "", websocket.DialOptions{Subprotocols: both})
	if err != nil {
		t.Fatal(err)
	}
	if c.conn.Subprotocol() != "graphql-ws" {
		t.Errorf("default: negotiated %q", c.conn.Subprotocol())
	}
	c.hangUp(websocket.StatusNormalClosure)
	d.finish(t)
}

func TestWebsocketUpgraderCompression(t *testing.T) {
	for _, enable := range []bool{false, true} {
		s := startWS(t, Websocket{Upgrader: gorilla.Upgrader{EnableCompression: enable, Subprotocols: []string{"graphql-transport-ws"}}})
		c, resp, err := s.dialFrom(t, "", websocket.DialOptions{
			Subprotocols:    []string{"graphql-transport-ws"},
			CompressionMode: websocket.CompressionContextTakeover,
		})
		if err != nil {
			t.Fatal(err)
		}
		ext := resp.Header.Get("Sec-WebSocket-Extensions")
		want := ""
		if enable {
			want = "permessage-deflate; client_no_context_takeover; server_no_context_takeover"
		}
		if ext != want {
			t.Errorf("EnableCompression %v: extensions %q, want %q", enable, ext, want)
		}
		subscribeTicks(c)
		c.hangUp(websocket.StatusNormalClosure)
		s.finish(t)
	}
}

// wsRequest is a valid websocket handshake request, for a recorder.
func wsRequest(method string) *http.Request {
	r := httptest.NewRequest(method, "/", nil)
	r.Header.Set("Upgrade", "websocket")
	r.Header.Set("Connection", "Upgrade")
	r.Header.Set("Sec-WebSocket-Version", "13")
	r.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	return r
}

// Error answers the handshakes coder/websocket refuses, in place of the
// library's own answer.
func TestWebsocketUpgraderErrorOnBadHandshake(t *testing.T) {
	cases := []struct {
		name   string
		req    func() *http.Request
		status int
		reason string
	}{
		{"version", func() *http.Request {
			r := wsRequest("GET")
			r.Header.Set("Sec-WebSocket-Version", "8")
			return r
		}, http.StatusBadRequest, "only 13 is supported"},
		{"method", func() *http.Request { return wsRequest("POST") }, http.StatusMethodNotAllowed, "method is not GET"},
		{"key", func() *http.Request {
			r := wsRequest("GET")
			r.Header.Set("Sec-WebSocket-Key", "short")
			return r
		}, http.StatusBadRequest, "invalid Sec-WebSocket-Key"},
		// httptest's recorder cannot be hijacked.
		{"no hijacker", func() *http.Request { return wsRequest("GET") }, http.StatusNotImplemented, "does not implement http.Hijacker"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var errs handshakeErrors
			w := httptest.NewRecorder()
			Websocket{Upgrader: gorilla.Upgrader{Error: errs.handle}}.Do(w, c.req(), testExec{})
			got := errs.get()
			if len(got) != 1 || !strings.HasPrefix(got[0], http.StatusText(c.status)+": ") || !strings.Contains(got[0], c.reason) {
				t.Fatalf("Error calls %q, want one with %d and %q", got, c.status, c.reason)
			}
			want := "refused by the application\n" + `{"errors":[{"message":"unable to upgrade"}],"data":null}`
			if w.Code != c.status || w.Body.String() != want {
				t.Errorf("answered %d %q", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "text/plain; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

// deadlineWriter records the write deadlines a handler sets through
// http.ResponseController, and passes everything on.
type deadlineWriter struct {
	http.ResponseWriter
	mu        sync.Mutex
	deadlines []time.Time
}

func (d *deadlineWriter) SetWriteDeadline(t time.Time) error {
	d.mu.Lock()
	d.deadlines = append(d.deadlines, t)
	d.mu.Unlock()
	return http.NewResponseController(d.ResponseWriter).SetWriteDeadline(t)
}

func (d *deadlineWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// HandshakeTimeout puts a write deadline on the 101 response, which the
// connection does not keep.
func TestWebsocketUpgraderHandshakeTimeout(t *testing.T) {
	const timeout = 50 * time.Millisecond
	tr := Websocket{Upgrader: gorilla.Upgrader{HandshakeTimeout: timeout}, ErrorFunc: func(context.Context, error) {}}
	type record struct {
		before    time.Time
		deadlines []time.Time
	}
	recorded := make(chan record, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dw := &deadlineWriter{ResponseWriter: w}
		before := time.Now()
		tr.Do(dw, r, testExec{})
		dw.mu.Lock()
		recorded <- record{before, dw.deadlines}
		dw.mu.Unlock()
	}))
	defer srv.Close()
	s := &wsServer{Server: srv}
	c, _, err := s.dialFrom(t, "", websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}})
	if err != nil {
		t.Fatal(err)
	}
	// Past the deadline, the connection still writes.
	time.Sleep(3 * timeout)
	subscribeTicks(c)
	c.hangUp(websocket.StatusNormalClosure)
	select {
	case got := <-recorded:
		if len(got.deadlines) != 1 || got.deadlines[0].Before(got.before.Add(timeout)) {
			t.Errorf("write deadlines set during the handshake: %v, want one at least %v after %v", got.deadlines, timeout, got.before)
		}
	case <-time.After(wsWait):
		t.Fatal("the transport did not return")
	}
}

// The buffer settings are ignored, whatever the Implementation.
func TestWebsocketUpgraderBufferSizesIgnored(t *testing.T) {
	written := make(chan any, 100)
	tr := Websocket{
		Implementation: plainImplementation{written},
		Upgrader:       gorilla.Upgrader{ReadBufferSize: 1, WriteBufferSize: 1},
	}
	if err := tr.Validate(); err != nil {
		t.Fatal(err)
	}
	s := startWS(t, tr)
	c := s.dial(t, "graphql-transport-ws")
	subscribeTicks(c)
	c.hangUp(websocket.StatusNormalClosure)
	s.finish(t)
}

func TestWebsocketValidate(t *testing.T) {
	allow := func(*http.Request) bool { return true }
	coder := func(o websocket.AcceptOptions) CoderWebsocketImplementation {
		return CoderWebsocketImplementation{AcceptOptions: o}
	}
	cases := []struct {
		name string
		tr   Websocket
		want []string // substrings of the error; none: valid
	}{
		{"zero", Websocket{}, nil},
		{"today's options", Websocket{Implementation: coder(websocket.AcceptOptions{OriginPatterns: []string{"x"}, Subprotocols: []string{"a"}})}, nil},
		{"upgrader alone", Websocket{Upgrader: gorilla.Upgrader{CheckOrigin: allow, Subprotocols: []string{"a"}, EnableCompression: true}}, nil},
		{"disjoint settings", Websocket{
			Upgrader:       gorilla.Upgrader{CheckOrigin: allow},
			Implementation: coder(websocket.AcceptOptions{Subprotocols: []string{"a"}, CompressionMode: websocket.CompressionContextTakeover}),
		}, nil},
		{"pointer implementation", Websocket{
			Upgrader:       gorilla.Upgrader{Subprotocols: []string{"a"}},
			Implementation: &CoderWebsocketImplementation{AcceptOptions: websocket.AcceptOptions{OriginPatterns: []string{"x"}}},
		}, nil},
		{"origin twice", Websocket{
			Upgrader:       gorilla.Upgrader{CheckOrigin: allow},
			Implementation: coder(websocket.AcceptOptions{OriginPatterns: []string{"x"}}),
		}, []string{"origin check is set twice"}},
		{"origin twice, skip verify", Websocket{
			Upgrader:       gorilla.Upgrader{CheckOrigin: allow},
			Implementation: &CoderWebsocketImplementation{AcceptOptions: websocket.AcceptOptions{InsecureSkipVerify: true}},
		}, []string{"origin check is set twice"}},
		{"subprotocols twice", Websocket{
			Upgrader:       gorilla.Upgrader{Subprotocols: []string{"a"}},
			Implementation: coder(websocket.AcceptOptions{Subprotocols: []string{"b"}}),
		}, []string{"subprotocols are set twice"}},
		{"compression twice, all three", Websocket{
			Upgrader:       gorilla.Upgrader{EnableCompression: true, CheckOrigin: allow, Subprotocols: []string{"a"}},
			Implementation: coder(websocket.AcceptOptions{CompressionMode: websocket.CompressionNoContextTakeover, OriginPatterns: []string{"x"}, Subprotocols: []string{"b"}}),
		}, []string{"compression is set twice", "origin check is set twice", "subprotocols are set twice"}},
		{"other implementation", Websocket{
			Upgrader:       gorilla.Upgrader{HandshakeTimeout: time.Second},
			Implementation: plainImplementation{},
		}, []string{"Implementation is a transport.plainImplementation"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.tr.Validate()
			if len(c.want) == 0 {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			// Do refuses to serve it.
			w := httptest.NewRecorder()
			c.tr.Do(w, wsRequest("GET"), testExec{})
			if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), "websocket transport misconfigured") {
				t.Errorf("Do answered %d %q", w.Code, w.Body)
			}
		})
	}
}

// GorillaWebsocketImplementation (upstream v0.17.91) configures the same
// handshake as the Upgrader field.
func TestGorillaWebsocketImplementation(t *testing.T) {
	const allowed = "https://app.example"
	s := startWS(t, Websocket{Implementation: GorillaWebsocketImplementation{Upgrader: gorilla.Upgrader{
		CheckOrigin:  func(r *http.Request) bool { return r.Header.Get("Origin") == allowed },
		Subprotocols: []string{"graphql-ws"},
	}}})
	c, _, err := s.dialFrom(t, allowed, websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws", "graphql-ws"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.conn.Subprotocol() != "graphql-ws" {
		t.Errorf("negotiated %q", c.conn.Subprotocol())
	}
	subscribeTicks(c)
	c.hangUp(websocket.StatusNormalClosure)
	if _, resp, err := s.dialFrom(t, "https://evil.example", websocket.DialOptions{}); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("refused origin: %v %v", resp, err)
	}
	s.finish(t)
	// With the Upgrader field as well, the configuration is made twice.
	err = Websocket{Upgrader: gorilla.Upgrader{Subprotocols: []string{"a"}}, Implementation: GorillaWebsocketImplementation{}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "Implementation is a transport.GorillaWebsocketImplementation") {
		t.Errorf("Validate: %v", err)
	}
}

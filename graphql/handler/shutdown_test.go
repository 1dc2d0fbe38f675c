package handler_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// hangGuard bounds every wait of these tests; none is expected to come near
// it.
const hangGuard = 10 * time.Second

// shutdownRig is a test server whose operations named Slow wait in the
// field middleware until released (or until their context ends).
type shutdownRig struct {
	*testserver.TestServer
	url         string
	slowStarted chan struct{}
	release     chan struct{}
	slowEnded   chan error // the context's error when a slow field returned
}

func newShutdownRig(t *testing.T) *shutdownRig {
	t.Helper()
	rig := &shutdownRig{
		TestServer:  testserver.New(),
		slowStarted: make(chan struct{}, 4),
		release:     make(chan struct{}),
		slowEnded:   make(chan error, 4),
	}
	rig.AddTransport(transport.Websocket{})
	rig.AddTransport(transport.SSE{})
	rig.AddTransport(transport.POST{})
	rig.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
		if graphql.GetOperationContext(ctx).Operation.Name == "Slow" {
			rig.slowStarted <- struct{}{}
			select {
			case <-rig.release:
			case <-ctx.Done():
			}
			rig.slowEnded <- ctx.Err()
		}
		return next(ctx)
	})
	srv := httptest.NewServer(rig)
	t.Cleanup(srv.Close)
	rig.url = srv.URL
	return rig
}

// post sends a query and returns the status and body.
func (rig *shutdownRig) post(t *testing.T, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(rig.url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// awaitRefusal posts until the server answers 503: Shutdown has begun.
func (rig *shutdownRig) awaitRefusal(t *testing.T) string {
	t.Helper()
	deadline := time.Now().Add(hangGuard)
	for time.Now().Before(deadline) {
		if status, body := rig.post(t, `{"query":"{ name }"}`); status == http.StatusServiceUnavailable {
			return body
		}
	}
	t.Fatal("the server never refused a request")
	return ""
}

func (rig *shutdownRig) awaitSlow(t *testing.T) {
	t.Helper()
	select {
	case <-rig.slowStarted:
	case <-time.After(hangGuard):
		t.Fatal("the slow operation never started")
	}
}

// shutdownAsync calls Shutdown on its own goroutine.
func (rig *shutdownRig) shutdownAsync(ctx context.Context) <-chan error {
	done := make(chan error, 1)
	go func() { done <- rig.Shutdown(ctx) }()
	return done
}

func receive[T any](t *testing.T, c <-chan T) T {
	t.Helper()
	select {
	case v := <-c:
		return v
	case <-time.After(hangGuard):
		t.Fatal("nothing received")
		var zero T
		return zero
	}
}

// wsClient is a raw websocket client of one subprotocol.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
}

func dialWS(t *testing.T, url, subprotocol string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http"), &websocket.DialOptions{
		Subprotocols: []string{subprotocol},
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.CloseNow() })
	c := &wsClient{t: t, conn: conn}
	c.send(`{"type":"connection_init"}`)
	assert.Equal(t, `{"type":"connection_ack"}`, c.read())
	if subprotocol == "graphql-ws" {
		assert.Equal(t, `{"type":"ka"}`, c.read())
	}
	return c
}

func (c *wsClient) send(msg string) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	require.NoError(c.t, c.conn.Write(ctx, websocket.MessageText, []byte(msg)))
}

func (c *wsClient) read() string {
	c.t.Helper()
	msg, err := c.readErr()
	require.NoError(c.t, err)
	return msg
}

func (c *wsClient) readErr() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	_, b, err := c.conn.Read(ctx)
	return string(b), err
}

// wsNames are the message names of the two subprotocols.
var wsNames = []struct {
	subprotocol, start, data string
}{
	{"graphql-transport-ws", "subscribe", "next"},
	{"graphql-ws", "start", "data"},
}

// A shutdown lets a websocket query in flight finish, ends the
// subscription beside it without a complete message, closes the connection
// with 1012 and returns once the connection is gone.
func TestShutdownWebsocket(t *testing.T) {
	for _, names := range wsNames {
		t.Run(names.subprotocol, func(t *testing.T) {
			rig := newShutdownRig(t)
			ws := dialWS(t, rig.url, names.subprotocol)
			ws.send(`{"id":"sub","type":"` + names.start + `","payload":{"query":"subscription { name }"}}`)
			rig.SendNextSubscriptionMessage()
			assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"sub","type":"`+names.data+`"}`, ws.read())
			ws.send(`{"id":"slow","type":"` + names.start + `","payload":{"query":"query Slow { name }"}}`)
			rig.awaitSlow(t)

			done := rig.shutdownAsync(context.Background())
			assert.JSONEq(t, `{"errors":[{"message":"server is shutting down"}],"data":null}`, rig.awaitRefusal(t))
			close(rig.release)
			assert.NoError(t, receive(t, rig.slowEnded))

			assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"slow","type":"`+names.data+`"}`, ws.read())
			assert.Equal(t, `{"id":"slow","type":"complete"}`, ws.read())
			msg, err := ws.readErr()
			assert.Empty(t, msg, "no complete for the subscription")
			assert.Equal(t, websocket.StatusCode(1012), websocket.CloseStatus(err), "%v", err)
			var closeErr websocket.CloseError
			if assert.True(t, errors.As(err, &closeErr)) {
				assert.Equal(t, "service restart", closeErr.Reason)
			}
			assert.NoError(t, receive(t, done))
		})
	}
}

// Operations arriving on a draining connection are neither run nor
// answered: the client sends them again after reconnecting.
func TestShutdownWebsocketIgnoresNewOperations(t *testing.T) {
	rig := newShutdownRig(t)
	subEnded := make(chan struct{}, 1)
	rig.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		if graphql.GetOperationContext(ctx).Operation.Operation == "subscription" {
			go func() {
				<-ctx.Done()
				subEnded <- struct{}{}
			}()
		}
		return next(ctx)
	})
	ws := dialWS(t, rig.url, "graphql-transport-ws")
	ws.send(`{"id":"sub","type":"subscribe","payload":{"query":"subscription { name }"}}`)
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"sub","type":"next"}`, ws.read())
	ws.send(`{"id":"slow","type":"subscribe","payload":{"query":"query Slow { name }"}}`)
	rig.awaitSlow(t)
	done := rig.shutdownAsync(context.Background())
	// The subscription is stopped once the connection is draining.
	receive(t, subEnded)
	ws.send(`{"id":"late","type":"subscribe","payload":{"query":"{ name }"}}`)
	ws.send(`{"type":"ping"}`)
	assert.Equal(t, `{"type":"pong"}`, ws.read(), "the late query was read before the ping")
	close(rig.release)
	assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"slow","type":"next"}`, ws.read())
	assert.Equal(t, `{"id":"slow","type":"complete"}`, ws.read())
	msg, err := ws.readErr()
	assert.Empty(t, msg, "nothing for the late query, nor a complete for the subscription")
	assert.Equal(t, websocket.StatusCode(1012), websocket.CloseStatus(err), "%v", err)
	assert.NoError(t, receive(t, done))
}

// sseClient reads the events of one SSE response.
type sseClient struct {
	resp  *http.Response
	lines *bufio.Scanner
}

func openSSE(t *testing.T, url, query string) *sseClient {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"query":"`+query+`"}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { _ = resp.Body.Close() })
	require.Equal(t, http.StatusOK, resp.StatusCode)
	return &sseClient{resp: resp, lines: bufio.NewScanner(resp.Body)}
}

// event returns the next event ("event: x\ndata: y"), "" at the end of
// the stream. Comments are skipped.
func (c *sseClient) event() string {
	var ev []string
	for c.lines.Scan() {
		line := c.lines.Text()
		switch {
		case line == "" && len(ev) > 0:
			return strings.Join(ev, "\n")
		case line == "" || strings.HasPrefix(line, ":"):
		default:
			ev = append(ev, line)
		}
	}
	return strings.Join(ev, "\n")
}

// A shutdown ends a subscription's event stream without its complete
// event, and a query's stream in flight with it.
func TestShutdownSSE(t *testing.T) {
	rig := newShutdownRig(t)
	sub := openSSE(t, rig.url, "subscription { name }")
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, "event: next\ndata: {\"data\":{\"name\":\"test\"}}", sub.event())
	slow := openSSE(t, rig.url, "query Slow { name }")
	rig.awaitSlow(t)

	done := rig.shutdownAsync(context.Background())
	rig.awaitRefusal(t)
	assert.Equal(t, "", sub.event(), "the subscription's stream ends without complete")
	close(rig.release)
	assert.Equal(t, "event: next\ndata: {\"data\":{\"name\":\"test\"}}", slow.event())
	assert.Equal(t, "event: complete", slow.event())
	assert.Equal(t, "", slow.event())
	assert.NoError(t, receive(t, done))
}

// A POST query in flight completes; Shutdown waits for it.
func TestShutdownPOST(t *testing.T) {
	rig := newShutdownRig(t)
	answered := make(chan string, 1)
	go func() {
		resp, err := http.Post(rig.url, "application/json", strings.NewReader(`{"query":"query Slow { name }"}`))
		if err != nil {
			answered <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answered <- string(b)
	}()
	rig.awaitSlow(t)
	done := rig.shutdownAsync(context.Background())
	rig.awaitRefusal(t)
	select {
	case err := <-done:
		t.Fatalf("Shutdown returned %v with a query in flight", err)
	default:
	}
	close(rig.release)
	assert.Equal(t, `{"data":{"name":"test"}}`, receive(t, answered))
	assert.NoError(t, receive(t, done))
}

// When the grace period ends first, Shutdown closes the connections,
// cancels what still runs and returns the context's error.
func TestShutdownGracePeriodEnds(t *testing.T) {
	rig := newShutdownRig(t)
	ws := dialWS(t, rig.url, "graphql-transport-ws")
	ws.send(`{"id":"slow","type":"subscribe","payload":{"query":"query Slow { name }"}}`)
	rig.awaitSlow(t)
	ctx, endGrace := context.WithCancel(context.Background())
	done := rig.shutdownAsync(ctx)
	rig.awaitRefusal(t)
	endGrace()
	err := receive(t, done)
	assert.ErrorIs(t, err, context.Canceled)
	assert.ErrorIs(t, receive(t, rig.slowEnded), context.Canceled, "the slow query's context is cancelled")
	_, readErr := ws.readErr()
	assert.Equal(t, websocket.StatusCode(1012), websocket.CloseStatus(readErr), "%v", readErr)
}

// Without Server.Shutdown the server behaves as upstream gqlgen's under
// http.Server.Shutdown: a websocket subscription lives on after Shutdown
// has returned, and an SSE stream keeps Shutdown waiting until its context
// ends.
func TestWithoutShutdownUpstreamBehaviour(t *testing.T) {
	rig := newShutdownRig(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	httpSrv := &http.Server{Handler: rig, ReadHeaderTimeout: hangGuard}
	go func() { _ = httpSrv.Serve(ln) }()
	url := "http://" + ln.Addr().String()

	ws := dialWS(t, url, "graphql-transport-ws")
	ws.send(`{"id":"sub","type":"subscribe","payload":{"query":"subscription { name }"}}`)
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"sub","type":"next"}`, ws.read())
	require.NoError(t, httpSrv.Shutdown(context.Background()))
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, `{"payload":{"data":{"name":"test"}},"id":"sub","type":"next"}`, ws.read(),
		"the hijacked connection outlives http.Server.Shutdown")
	rig.SendCompleteSubscriptionMessage()
	assert.Equal(t, `{"id":"sub","type":"complete"}`, ws.read())

	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	httpSrv2 := &http.Server{Handler: rig, ReadHeaderTimeout: hangGuard}
	go func() { _ = httpSrv2.Serve(ln2) }()
	sse := openSSE(t, "http://"+ln2.Addr().String(), "subscription { name }")
	ctx, endWait := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httpSrv2.Shutdown(ctx) }()
	// The listener closes at once; the stream keeps being served.
	deadline := time.Now().Add(hangGuard)
	for time.Now().Before(deadline) {
		c, err := net.Dial("tcp", ln2.Addr().String())
		if err != nil {
			break
		}
		_ = c.Close()
	}
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, "event: next\ndata: {\"data\":{\"name\":\"test\"}}", sse.event())
	select {
	case err := <-done:
		t.Fatalf("http.Server.Shutdown returned %v with an SSE stream open", err)
	default:
	}
	endWait()
	assert.ErrorIs(t, receive(t, done), context.Canceled)
	rig.SendCompleteSubscriptionMessage()
	assert.Equal(t, "event: complete", sse.event())
}

// In the SSE single connection mode the reserved stream loses its
// subscription without a complete event, carries the query in flight to
// its end, and then ends.
func TestShutdownSSESingleConnection(t *testing.T) {
	rig := newShutdownRig(t)
	put, err := http.NewRequest(http.MethodPut, rig.url, nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(put)
	require.NoError(t, err)
	tokenBytes, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	token := string(tokenBytes)

	get, err := http.NewRequest(http.MethodGet, rig.url, nil)
	require.NoError(t, err)
	get.Header.Set("X-GraphQL-Event-Stream-Token", token)
	get.Header.Set("Accept", "text/event-stream")
	streamResp, err := http.DefaultClient.Do(get)
	require.NoError(t, err)
	t.Cleanup(func() { _ = streamResp.Body.Close() })
	stream := &sseClient{resp: streamResp, lines: bufio.NewScanner(streamResp.Body)}

	submit := func(id, query string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, rig.url,
			strings.NewReader(`{"query":"`+query+`","extensions":{"operationId":"`+id+`"}}`))
		require.NoError(t, err)
		req.Header.Set("X-GraphQL-Event-Stream-Token", token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusAccepted, resp.StatusCode)
	}
	submit("sub", "subscription { name }")
	rig.SendNextSubscriptionMessage()
	assert.Equal(t, `event: next`+"\n"+`data: {"id":"sub","payload":{"data":{"name":"test"}}}`, stream.event())
	submit("slow", "query Slow { name }")
	rig.awaitSlow(t)

	done := rig.shutdownAsync(context.Background())
	rig.awaitRefusal(t)
	close(rig.release)
	assert.Equal(t, `event: next`+"\n"+`data: {"id":"slow","payload":{"data":{"name":"test"}}}`, stream.event())
	assert.Equal(t, `event: complete`+"\n"+`data: {"id":"slow"}`, stream.event())
	assert.Equal(t, "", stream.event(), "the stream ends, with no complete for the subscription")
	assert.NoError(t, receive(t, done))
}

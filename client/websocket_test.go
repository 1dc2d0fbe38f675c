package client_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/codec"
)

// frame is a graphql-ws message as the fake server sees it.
type frame struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// wsLog is what a fake websocket server received.
type wsLog struct {
	mu     sync.Mutex
	path   string
	header http.Header
	frames []frame
	raw    []string
	done   chan struct{}
}

func (l *wsLog) snapshot() ([]frame, []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]frame(nil), l.frames...), append([]string(nil), l.raw...)
}

// wsServer accepts a websocket, reads connection_init and start, and then
// writes the given frames (raw JSON text). It keeps the connection open
// until the client goes away.
func wsServer(t *testing.T, afterInit []string, afterStart []string) (http.Handler, *wsLog) {
	t.Helper()
	log := &wsLog{done: make(chan struct{})}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(log.done)
		log.mu.Lock()
		log.path, log.header = r.URL.Path, r.Header.Clone()
		log.mu.Unlock()
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer func() { _ = c.CloseNow() }()
		ctx := r.Context()
		read := func() bool {
			typ, b, err := c.Read(ctx)
			if err != nil {
				return false
			}
			assert.Equal(t, websocket.MessageText, typ)
			var f frame
			assert.NoError(t, codec.Unmarshal(b, &f))
			log.mu.Lock()
			log.frames, log.raw = append(log.frames, f), append(log.raw, string(b))
			log.mu.Unlock()
			return true
		}
		write := func(msgs []string) bool {
			for _, m := range msgs {
				if c.Write(ctx, websocket.MessageText, []byte(m)) != nil {
					return false
				}
			}
			return true
		}
		if !read() || !write(afterInit) || !read() || !write(afterStart) {
			return
		}
		for read() {
		}
	}), log
}

var handshake = []string{`{"type":"connection_ack"}`, `{"type":"ka"}`}

func TestWebsocketSubscription(t *testing.T) {
	h, log := wsServer(t, handshake, []string{
		`{"type":"data","id":"1","payload":{"data":{"counter":1}}}`,
		`{"type":"ka"}`,
		`{"type":"data","id":"1","payload":{"data":{"counter":2},"extensions":{"x":1}}}`,
		`{"type":"data","id":"1","payload":{"data":{"counter":null},"errors":[{"message":"oops"}]}}`,
		`{"type":"error","id":"1","payload":[{"message":"bad"}]}`,
		`{"type":"complete","id":"1"}`,
	})
	c := client.New(h, client.AddHeader("Authorization", "Bearer t"))
	sub := c.Websocket(`subscription { counter }`, client.Var("n", 2), client.Path("/ws"))

	var resp struct{ Counter *int }
	require.NoError(t, sub.Next(&resp))
	assert.Equal(t, 1, *resp.Counter)
	require.NoError(t, sub.Next(&resp), "keep-alives are skipped")
	assert.Equal(t, 2, *resp.Counter)

	err := sub.Next(&resp)
	var raw client.RawJsonError
	require.ErrorAs(t, err, &raw)
	assert.Equal(t, `[{"message":"oops"}]`, err.Error())
	assert.Nil(t, resp.Counter)

	err = sub.Next(&resp)
	require.Error(t, err)
	assert.NotErrorAs(t, err, &raw)
	assert.Equal(t, `[{"message":"bad"}]`, err.Error())

	err = sub.Next(&resp)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "expected data message, got "), err.Error())
	assert.Contains(t, err.Error(), `"complete"`)

	require.NoError(t, sub.Close())
	<-log.done

	frames, raw2 := log.snapshot()
	require.Len(t, frames, 2)
	assert.Equal(t, `{"type":"connection_init"}`, raw2[0])
	assert.Equal(t, "start", frames[1].Type)
	assert.Equal(t, "1", frames[1].ID)
	assert.JSONEq(t, `{"query":"subscription { counter }","variables":{"n":2}}`, string(frames[1].Payload))
	assert.Equal(t, "/ws", log.path)
	assert.Equal(t, "Bearer t", log.header.Get("Authorization"))
	assert.Equal(t, "application/json", log.header.Get("Content-Type"))
	assert.Empty(t, log.header.Get("Sec-WebSocket-Protocol"), "graphql-ws is spoken without asking for it")
}

func TestWebsocketWithPayload(t *testing.T) {
	h, log := wsServer(t, handshake, []string{`{"type":"data","id":"1","payload":{"data":{"a":"b"}}}`})
	sub := client.New(h).WebsocketWithPayload(`subscription { a }`, map[string]any{"token": "x", "n": 1})
	var resp struct{ A string }
	require.NoError(t, sub.Next(&resp))
	assert.Equal(t, "b", resp.A)
	require.NoError(t, sub.Close())
	<-log.done
	frames, _ := log.snapshot()
	require.NotEmpty(t, frames)
	assert.Equal(t, "connection_init", frames[0].Type)
	assert.JSONEq(t, `{"token":"x","n":1}`, string(frames[0].Payload))
}

func TestWebsocketOnce(t *testing.T) {
	h, log := wsServer(t, handshake, []string{`{"type":"data","id":"1","payload":{"data":{"a":"b"}}}`})
	var resp struct{ A string }
	require.NoError(t, client.New(h).WebsocketOnce(`subscription { a }`, &resp))
	assert.Equal(t, "b", resp.A)
	select {
	case <-log.done:
	case <-time.After(5 * time.Second):
		t.Fatal("connection was not closed")
	}
}

func TestWebsocketOnceWithoutPointer(t *testing.T) {
	h, _ := wsServer(t, handshake, []string{`{"type":"data","id":"1","payload":{"data":null,"errors":[{"message":"e"}]}}`})
	var resp map[string]any
	err := client.New(h).WebsocketOnce(`subscription { a }`, resp)
	assert.EqualError(t, err, `[{"message":"e"}]`)
}

func TestWebsocketHandshakeFailures(t *testing.T) {
	tests := []struct {
		name      string
		afterInit []string
		want      string
	}{
		{"no ack", []string{`{"type":"connection_error","payload":{"message":"no"}}`}, "expected ack message, got "},
		{"no keep-alive", []string{`{"type":"connection_ack"}`, `{"type":"data","id":"1"}`}, "expected ack message, got "},
		{"bad json", []string{`{"type":`}, "ack: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := wsServer(t, tt.afterInit, nil)
			sub := client.New(h).Websocket(`subscription { a }`)
			var resp any
			err := sub.Next(&resp)
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), err.Error())
			assert.Equal(t, err, sub.Next(&resp), "the setup error is sticky")
			assert.NoError(t, sub.Close())
		})
	}
}

func TestWebsocketBinaryFrame(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer func() { _ = c.CloseNow() }()
		_, _, _ = c.Read(r.Context())
		_ = c.Write(r.Context(), websocket.MessageBinary, []byte(`{"type":"connection_ack"}`))
		_, _, _ = c.Read(r.Context())
	})
	err := client.New(h).Websocket(`subscription { a }`).Next(new(any))
	assert.EqualError(t, err, "ack: expected text message, got MessageBinary")
}

func TestWebsocketDialFailure(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{}}`)
	sub := client.New(h).Websocket(`subscription { a }`)
	err := sub.Next(new(any))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "dial: "), err.Error())
	assert.NoError(t, sub.Close())
}

func TestWebsocketRequestFailure(t *testing.T) {
	h, _ := fakeServer(http.StatusOK, `{"data":{}}`)
	err := client.New(h).Websocket(`subscription { a }`, client.Var("ch", make(chan int))).Next(new(any))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "request: encode: "), err.Error())
}

func TestWebsocketLargeMessage(t *testing.T) {
	big := strings.Repeat("x", 100_000)
	h, _ := wsServer(t, handshake, []string{`{"type":"data","id":"1","payload":{"data":{"s":"` + big + `"}}}`})
	sub := client.New(h).Websocket(`subscription { s }`)
	defer func() { _ = sub.Close() }()
	var resp struct{ S string }
	require.NoError(t, sub.Next(&resp))
	assert.Len(t, resp.S, len(big))
}

func TestWebsocketServerGoesAway(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		ctx := r.Context()
		_, _, _ = c.Read(ctx)
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"connection_ack"}`))
		_ = c.Write(ctx, websocket.MessageText, []byte(`{"type":"ka"}`))
		_, _, _ = c.Read(ctx)
		_ = c.Close(websocket.StatusNormalClosure, "bye")
	})
	sub := client.New(h).Websocket(`subscription { a }`)
	defer func() { _ = sub.Close() }()
	err := sub.Next(new(any))
	require.Error(t, err)
	assert.Equal(t, websocket.StatusNormalClosure, websocket.CloseStatus(err))
}

func TestWebsocketCloseUnblocksNext(t *testing.T) {
	// Next takes no context; Close is the way out of a silent server.
	h, _ := wsServer(t, handshake, nil)
	sub := client.New(h).Websocket(`subscription { a }`)
	errc := make(chan error, 1)
	go func() { errc <- sub.Next(new(any)) }()
	time.Sleep(20 * time.Millisecond)
	require.NoError(t, sub.Close())
	select {
	case err := <-errc:
		assert.Error(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("Next did not return after Close")
	}
}

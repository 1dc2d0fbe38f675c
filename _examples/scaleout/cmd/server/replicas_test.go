package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/scaleout/graph"
	"github.com/99designs/gqlgen/_examples/scaleout/internal/redistest"
	"github.com/99designs/gqlgen/_examples/scaleout/redispubsub"
	"github.com/99designs/gqlgen/codec"
)

// buildServer compiles this command with the test's codec tag.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "server")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", codecTag, "-o", bin, ".")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build -tags %q:\n%s", codecTag, out)
	return bin
}

// startReplica runs the server binary and returns its /query URL once it
// listens. The replica stops when the test ends (its stdin closes).
func startReplica(t *testing.T, bin, name, redisAddr string) string {
	t.Helper()
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-redis", redisAddr, "-name", name, "-stdin-eof")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = stdin.Close()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("replica %s stderr:\n%s", name, stderr.String())
		}
	})

	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- s
		_, _ = io.Copy(io.Discard, stdout)
	}()
	var first string
	select {
	case first = <-line:
	case <-time.After(30 * time.Second):
		t.Fatalf("replica %s printed nothing within 30s", name)
	}
	var url, codecName string
	_, err = fmt.Sscanf(first, "listening on %s (codec: ", &url)
	require.NoError(t, err, "first line %q", first)
	codecName = strings.TrimSuffix(strings.TrimSpace(first[strings.Index(first, "(codec: ")+len("(codec: "):]), ")")
	require.Equal(t, codec.Name(), codecName, "replica %s runs another codec than the test", name)
	return url
}

type gqlResponse struct {
	Data   map[string]any   `json:"data"`
	Errors []map[string]any `json:"errors"`
}

func post(t *testing.T, url string, body map[string]any) gqlResponse {
	t.Helper()
	payload, err := codec.Marshal(body)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(payload))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, "%s", raw)
	var out gqlResponse
	require.NoError(t, codec.Unmarshal(raw, &out), "%s", raw)
	return out
}

// wsClient speaks graphql-transport-ws with codec-encoded messages.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
}

type wsMessage struct {
	ID      string         `json:"id,omitempty"`
	Type    string         `json:"type"`
	Payload map[string]any `json:"payload,omitempty"`
}

func dial(t *testing.T, url string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http"), &websocket.DialOptions{
		Subprotocols: []string{"graphql-transport-ws"},
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.CloseNow() })
	require.Equal(t, "graphql-transport-ws", conn.Subprotocol())
	c := &wsClient{t: t, conn: conn}
	c.send(wsMessage{Type: "connection_init", Payload: map[string]any{}})
	require.Equal(t, "connection_ack", c.next().Type)
	return c
}

func (c *wsClient) send(m wsMessage) {
	c.t.Helper()
	data, err := codec.Marshal(m)
	require.NoError(c.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(c.t, c.conn.Write(ctx, websocket.MessageText, data))
}

// next returns the next message that is not a keep-alive ping or pong.
func (c *wsClient) next() wsMessage {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := c.conn.Read(ctx)
		require.NoError(c.t, err)
		var m wsMessage
		require.NoError(c.t, codec.Unmarshal(data, &m), "%s", data)
		if m.Type != "ping" && m.Type != "pong" {
			return m
		}
	}
}

func waitSubscribers(t *testing.T, rdb *redis.Client, channel string, want int64) {
	t.Helper()
	var got int64
	require.Eventually(t, func() bool {
		n, err := redistest.NumSub(context.Background(), rdb, channel)
		got = n
		return err == nil && n == want
	}, 15*time.Second, 10*time.Millisecond, "PUBSUB NUMSUB %s stayed at %d, want %d", channel, got, want)
}

// Two replica processes, built with the codec under test, share one real
// redis-server: a subscriber on B gets the posts mutated on A, and its
// Redis subscription goes away with it. Persisted queries taught to A are
// served by B.
func TestTwoReplicas(t *testing.T) {
	rs := redistest.Start(t)
	rdb := rs.Client(t)
	bin := buildServer(t)
	a := startReplica(t, bin, "A", rs.Addr)
	b := startReplica(t, bin, "B", rs.Addr)
	channel := redispubsub.New(rdb).Channel(graph.PostedTopic)

	t.Run("subscription on B sees the mutation on A", func(t *testing.T) {
		const sub = "subscription { posted { id author text via } }"
		wsB := dial(t, b)
		wsB.send(wsMessage{ID: "b1", Type: "subscribe", Payload: map[string]any{"query": sub}})
		wsB.send(wsMessage{ID: "b2", Type: "subscribe", Payload: map[string]any{"query": sub}})
		wsA := dial(t, a)
		wsA.send(wsMessage{ID: "a1", Type: "subscribe", Payload: map[string]any{"query": sub}})
		// Each replica holds one Redis subscription for all its
		// subscribers; NUMSUB says when both are in place.
		waitSubscribers(t, rdb, channel, 2)

		text := "héllo <&> \u2028 from A"
		r := post(t, a, map[string]any{
			"query":     "mutation($t: String!) { post(author: \"ann\", text: $t) { id via } }",
			"variables": map[string]any{"t": text},
		})
		require.Empty(t, r.Errors)
		require.Equal(t, map[string]any{"id": "A-1", "via": "A"}, r.Data["post"])
		want := map[string]any{"data": map[string]any{"posted": map[string]any{"id": "A-1", "author": "ann", "text": text, "via": "A"}}}

		got := map[string]wsMessage{}
		for range 2 {
			m := wsB.next()
			got[m.ID] = m
		}
		got["a1"] = wsA.next()
		for _, id := range []string{"b1", "b2", "a1"} {
			require.Equal(t, "next", got[id].Type, "%s: %+v", id, got[id])
			require.Equal(t, want, got[id].Payload, id)
		}

		// A's only subscription completed by the client: A unsubscribes.
		wsA.send(wsMessage{ID: "a1", Type: "complete"})
		waitSubscribers(t, rdb, channel, 1)

		// b1 completed, then the client of B goes away without a word
		// (b2 still running): no subscription left.
		wsB.send(wsMessage{ID: "b1", Type: "complete"})
		require.NoError(t, wsB.conn.CloseNow())
		waitSubscribers(t, rdb, channel, 0)
		channels, err := rdb.PubSubChannels(context.Background(), channel).Result()
		require.NoError(t, err)
		require.Empty(t, channels)
	})

	t.Run("persisted query taught to A is served by B", func(t *testing.T) {
		const q = "{ replica }"
		sum := sha256.Sum256([]byte(q))
		ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}

		r := post(t, b, map[string]any{"extensions": ext})
		require.Len(t, r.Errors, 1)
		require.Equal(t, "PersistedQueryNotFound", r.Errors[0]["message"])

		r = post(t, a, map[string]any{"query": q, "extensions": ext})
		require.Empty(t, r.Errors)
		require.Equal(t, map[string]any{"replica": "A"}, r.Data)

		r = post(t, b, map[string]any{"extensions": ext})
		require.Empty(t, r.Errors)
		require.Equal(t, map[string]any{"replica": "B"}, r.Data)
	})
}

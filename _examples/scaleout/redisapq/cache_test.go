package redisapq_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/scaleout/graph"
	"github.com/99designs/gqlgen/_examples/scaleout/internal/redistest"
	"github.com/99designs/gqlgen/_examples/scaleout/redisapq"
	"github.com/99designs/gqlgen/_examples/scaleout/redispubsub"
	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// hookLog collects what a cache reports to its error hook.
type hookLog struct {
	mu   sync.Mutex
	errs []error
	ops  []redisapq.Op
}

func (h *hookLog) hook(_ context.Context, op redisapq.Op, _ string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ops = append(h.ops, op)
	h.errs = append(h.errs, err)
}

func (h *hookLog) snapshot() ([]redisapq.Op, []error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]redisapq.Op(nil), h.ops...), append([]error(nil), h.errs...)
}

// replica is one server instance: handler.New over the example schema,
// with the APQ extension on a Redis cache of its own client.
func replica(t *testing.T, name string, client *redis.Client, opts ...redisapq.Option) string {
	t.Helper()
	broker := redispubsub.New(client)
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver(name, broker)}))
	srv.AddTransport(transport.POST{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: redisapq.New(client, opts...)})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return ts.URL
}

type gqlError struct {
	Message    string         `json:"message"`
	Extensions map[string]any `json:"extensions"`
}

type response struct {
	Data   map[string]any `json:"data"`
	Errors []gqlError     `json:"errors"`
}

func hashOf(query string) string {
	sum := sha256.Sum256([]byte(query))
	return hex.EncodeToString(sum[:])
}

// send POSTs a request naming hash, with query when it is not empty, and
// decodes the answer, which must be an HTTP 200.
func send(t *testing.T, url, query, hash string) response {
	t.Helper()
	body := map[string]any{
		"extensions": map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}},
	}
	if query != "" {
		body["query"] = query
	}
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
	require.Equal(t, http.StatusOK, res.StatusCode, "body: %s", raw)
	var out response
	require.NoError(t, codec.Unmarshal(raw, &out), "body: %s", raw)
	return out
}

func requireNotFound(t *testing.T, r response) {
	t.Helper()
	require.Nil(t, r.Data)
	require.Len(t, r.Errors, 1)
	require.Equal(t, "PersistedQueryNotFound", r.Errors[0].Message)
	require.Equal(t, "PERSISTED_QUERY_NOT_FOUND", r.Errors[0].Extensions["code"])
}

const query = "query WhoAnswers { replica }"

// The APQ handshake across two server instances that share only Redis:
// the query one of them was taught is served by the other.
func TestPersistedQueryAcrossReplicas(t *testing.T) {
	srv := redistest.Start(t)
	var hooks hookLog
	a := replica(t, "a", srv.Client(t), redisapq.WithErrorHook(hooks.hook))
	b := replica(t, "b", srv.Client(t), redisapq.WithErrorHook(hooks.hook))
	hash := hashOf(query)

	requireNotFound(t, send(t, a, "", hash))

	r := send(t, a, query, hash)
	require.Empty(t, r.Errors)
	require.Equal(t, map[string]any{"replica": "a"}, r.Data)

	check := srv.Client(t)
	ctx := context.Background()
	stored, err := check.Get(ctx, redisapq.DefaultPrefix+hash).Result()
	require.NoError(t, err)
	require.Equal(t, query, stored)
	ttl, err := check.TTL(ctx, redisapq.DefaultPrefix+hash).Result()
	require.NoError(t, err)
	require.True(t, ttl > redisapq.DefaultTTL-time.Minute && ttl <= redisapq.DefaultTTL, "TTL %v", ttl)

	r = send(t, b, "", hash)
	require.Empty(t, r.Errors)
	require.Equal(t, map[string]any{"replica": "b"}, r.Data)

	ops, errs := hooks.snapshot()
	require.Empty(t, errs, "ops %v", ops)
}

// With Redis unreachable every request is still answered: a stored query
// is served, a lookup is a miss, and the errors go to the hook.
func TestRedisDownIsACacheMiss(t *testing.T) {
	srv := redistest.Start(t)
	client := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialTimeout: time.Second})
	t.Cleanup(func() { _ = client.Close() })
	var hooks hookLog
	url := replica(t, "down", client, redisapq.WithErrorHook(hooks.hook))
	hash := hashOf(query)
	require.Equal(t, map[string]any{"replica": "down"}, send(t, url, query, hash).Data, "Redis still up")

	srv.Stop()

	r := send(t, url, query, hash)
	require.Empty(t, r.Errors)
	require.Equal(t, map[string]any{"replica": "down"}, r.Data)
	requireNotFound(t, send(t, url, "", hash))

	ops, errs := hooks.snapshot()
	require.Equal(t, []redisapq.Op{redisapq.OpAdd, redisapq.OpGet}, ops)
	for _, err := range errs {
		require.ErrorContains(t, err, "redisapq: ")
		require.ErrorContains(t, err, redisapq.DefaultPrefix+hash)
	}
}

// A Redis that does not answer in time is a miss after the cache's
// timeout, not after the client's: the client's read timeout is a minute,
// far beyond the ten seconds this test waits.
func TestSlowRedisBoundedByTimeout(t *testing.T) {
	// A listener that accepts and never answers stands for a hung Redis.
	client := redis.NewClient(&redis.Options{
		Addr:                  hungServer(t),
		MaxRetries:            -1,
		ReadTimeout:           time.Minute,
		WriteTimeout:          time.Minute,
		ContextTimeoutEnabled: true,
	})
	t.Cleanup(func() { _ = client.Close() })
	var hooks hookLog
	cache := redisapq.New(client, redisapq.WithTimeout(50*time.Millisecond), redisapq.WithErrorHook(hooks.hook))

	done := make(chan bool)
	go func() {
		_, ok := cache.Get(context.Background(), hashOf(query))
		done <- ok
	}()
	select {
	case ok := <-done:
		require.False(t, ok)
	case <-time.After(10 * time.Second):
		t.Fatal("Get still blocked after 10s with a 50ms timeout")
	}
	_, errs := hooks.snapshot()
	require.Len(t, errs, 1)
	var netErr net.Error
	if !errors.Is(errs[0], context.DeadlineExceeded) && !(errors.As(errs[0], &netErr) && netErr.Timeout()) {
		t.Fatalf("want a timeout, got %v", errs[0])
	}
}

// Queries above the size limit are served but not stored; the hook says so.
func TestQueryAboveLimitNotStored(t *testing.T) {
	srv := redistest.Start(t)
	var hooks hookLog
	url := replica(t, "small", srv.Client(t), redisapq.WithMaxQueryBytes(len(query)-1), redisapq.WithErrorHook(hooks.hook))
	hash := hashOf(query)

	require.Equal(t, map[string]any{"replica": "small"}, send(t, url, query, hash).Data)
	n, err := srv.Client(t).Exists(context.Background(), redisapq.DefaultPrefix+hash).Result()
	require.NoError(t, err)
	require.Zero(t, n)
	requireNotFound(t, send(t, url, "", hash))

	ops, errs := hooks.snapshot()
	require.Equal(t, []redisapq.Op{redisapq.OpAdd}, ops)
	require.ErrorIs(t, errs[0], redisapq.ErrQueryTooLarge)
}

// A hit pushes the expiry back to the full TTL; TTL zero stores for good.
func TestTTL(t *testing.T) {
	srv := redistest.Start(t)
	client := srv.Client(t)
	ctx := context.Background()

	sliding := redisapq.New(client, redisapq.WithPrefix("slide:"), redisapq.WithTTL(time.Hour))
	sliding.Add(ctx, "h", "{ a }")
	require.NoError(t, client.Expire(ctx, "slide:h", 5*time.Second).Err())
	got, ok := sliding.Get(ctx, "h")
	require.True(t, ok)
	require.Equal(t, "{ a }", got)
	ttl, err := client.TTL(ctx, "slide:h").Result()
	require.NoError(t, err)
	require.Greater(t, ttl, 59*time.Minute)

	forever := redisapq.New(client, redisapq.WithPrefix("keep:"), redisapq.WithTTL(0))
	forever.Add(ctx, "h", "{ b }")
	got, ok = forever.Get(ctx, "h")
	require.True(t, ok)
	require.Equal(t, "{ b }", got)
	ttl, err = client.TTL(ctx, "keep:h").Result()
	require.NoError(t, err)
	require.Equal(t, time.Duration(-1), ttl, "no expiry")
}

// Keys far longer than a SHA-256 in hex are misses without a round trip,
// and are never stored.
func TestOversizedKey(t *testing.T) {
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { _ = client.Close() })
	var hooks hookLog
	cache := redisapq.New(client, redisapq.WithErrorHook(hooks.hook))
	long := strings.Repeat("f", 1000)
	cache.Add(context.Background(), long, "{ a }")
	_, ok := cache.Get(context.Background(), long)
	require.False(t, ok)
	require.Empty(t, mr.Keys())
	_, errs := hooks.snapshot()
	require.Empty(t, errs)
}

// A quick round trip on miniredis, the unit-level check next to the
// redis-server tests above.
func TestMiniredisRoundTrip(t *testing.T) {
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { _ = client.Close() })
	cache := redisapq.New(client, redisapq.WithPrefix("p:"))
	ctx := context.Background()
	_, ok := cache.Get(ctx, "k")
	require.False(t, ok)
	cache.Add(ctx, "k", "{ v }")
	got, ok := cache.Get(ctx, "k")
	require.True(t, ok)
	require.Equal(t, "{ v }", got)
	require.True(t, mr.Exists("p:k"))
	require.Equal(t, redisapq.DefaultTTL, mr.TTL("p:k"))

	mr.SetError("LOADING Redis is loading")
	var hooks hookLog
	failing := redisapq.New(client, redisapq.WithPrefix("p:"), redisapq.WithErrorHook(hooks.hook))
	_, ok = failing.Get(ctx, "k")
	require.False(t, ok)
	_, errs := hooks.snapshot()
	require.Len(t, errs, 1)
	require.False(t, errors.Is(errs[0], redis.Nil))
}

// hungServer accepts connections and never answers on them; it returns its
// address.
func hungServer(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return ln.Addr().String()
}

package client_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
)

// sseServer answers with a text/event-stream body and records the request.
func sseServer(stream string) (http.Handler, *http.Request) {
	seen := new(http.Request)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		*seen = *r.Clone(r.Context())
		seen.Body = io.NopCloser(strings.NewReader(string(body)))
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, stream)
	}), seen
}

type event struct {
	Data struct {
		Name *string
		N    int
	}
	Label      string
	Path       []any
	HasNext    bool
	Errors     any
	Extensions map[string]any
}

func TestSSEStream(t *testing.T) {
	h, seen := sseServer(":\n\n" +
		"event: next\ndata: {\"data\":{\"name\":\"a\",\"n\":1},\"hasNext\":true}\n\n" +
		": ping\n\n" +
		"event: next\r\ndata: {\"data\":{\"name\":\"b\",\"n\":2},\"label\":\"l\",\"path\":[\"x\",0],\"extensions\":{\"k\":3}}\r\n\r\n" +
		"event: next\ndata: {\"data\":{\"name\":null,\"n\":3},\"errors\":[{\"message\":\"bad\"}]}\n\n" +
		"event: complete\n\n")
	type ctxKey struct{}
	ctx := context.WithValue(t.Context(), ctxKey{}, "v")
	sse := client.New(h).SSE(ctx, `subscription { name }`, client.Var("a", 1))

	assert.Equal(t, "text/event-stream", seen.Header.Get("Accept"))
	assert.Equal(t, "no-cache", seen.Header.Get("Cache-Control"))
	assert.Equal(t, "keep-alive", seen.Header.Get("Connection"))
	assert.Equal(t, "application/json", seen.Header.Get("Content-Type"))
	assert.Equal(t, "v", seen.Context().Value(ctxKey{}), "the request runs under ctx")
	body, _ := io.ReadAll(seen.Body)
	assert.JSONEq(t, `{"query":"subscription { name }","variables":{"a":1}}`, string(body))

	var ev event
	require.NoError(t, sse.Next(&ev))
	assert.Equal(t, "a", *ev.Data.Name)
	assert.Equal(t, 1, ev.Data.N)
	assert.True(t, ev.HasNext)

	require.NoError(t, sse.Next(&ev))
	assert.Equal(t, "b", *ev.Data.Name)
	assert.Equal(t, "l", ev.Label)
	assert.Equal(t, []any{"x", float64(0)}, ev.Path)
	assert.Equal(t, map[string]any{"k": float64(3)}, ev.Extensions)
	assert.False(t, ev.HasNext)

	err := sse.Next(&ev)
	var raw client.RawJsonError
	require.ErrorAs(t, err, &raw)
	assert.Equal(t, `[{"message":"bad"}]`, err.Error())
	assert.Nil(t, ev.Data.Name)
	assert.Equal(t, 3, ev.Data.N)
	assert.NotNil(t, ev.Errors, "the whole event is decoded, errors included")

	require.NoError(t, sse.Next(&ev), "complete")
	assert.Equal(t, io.EOF, sse.Next(&ev))
	assert.NoError(t, sse.Close())
}

func TestSSEDecodesWholeEvent(t *testing.T) {
	h, _ := sseServer(":\n\nevent: next\ndata: {\"data\":{\"a\":1}}\n\n")
	var onlyData struct{ A int }
	err := client.New(h).SSE(t.Context(), `{ a }`).Next(&onlyData)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid keys")

	var all map[string]any
	require.NoError(t, client.New(h).SSE(t.Context(), `{ a }`).Next(&all))
	assert.Equal(t, map[string]any{"a": float64(1)}, all["data"])
	assert.Contains(t, all, "hasNext")
	assert.Contains(t, all, "extensions")
}

func TestSSEFailures(t *testing.T) {
	tests := []struct {
		name, stream, want string
	}{
		{"empty body", "", "response: EOF"},
		{"no comment first", "event: next\n", "expected :, got event: next"},
		{"json error body", `{"errors":[{"message":"x"}]}`, `expected :, got {"errors":[{"message":"x"}]}`},
		{"unknown event", ":\n\nevent: other\n", `expected event type: "other"`},
		{"event without value", ":\n\nevent\n", `expected event type: ""`},
		{"unknown field", ":\n\nid: 4\n", "unexpected sse field id"},
		{"bare comment", ":\n\n:\n", "unexpected sse field :"},
		{"bad data", ":\n\nevent: next\ndata: {nope}\n", "decode: invalid character 'n' looking for beginning of object key string"},
		{"truncated", ":\n\nevent: next\n", "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := sseServer(tt.stream)
			sse := client.New(h).SSE(t.Context(), `{ a }`)
			var resp map[string]any
			assert.EqualError(t, sse.Next(&resp), tt.want)
			assert.NoError(t, sse.Close())
		})
	}
}

func TestSSERequestFailure(t *testing.T) {
	h, _ := sseServer(":\n\n")
	err := client.New(h).SSE(t.Context(), `{ a }`, client.Var("ch", make(chan int))).Next(new(any))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "request: encode: "), err.Error())
}

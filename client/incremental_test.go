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

// mixedServer writes parts as a multipart/mixed incremental response, the
// way an @defer-capable server frames them.
func mixedServer(contentType string, parts ...string) (http.Handler, *http.Header) {
	seen := new(http.Header)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*seen = r.Header.Clone()
		w.Header().Set("Content-Type", contentType)
		var b strings.Builder
		for _, p := range parts {
			b.WriteString("\r\n---\r\nContent-Type: application/json\r\n\r\n")
			b.WriteString(p)
		}
		b.WriteString("\r\n-----\r\n")
		_, _ = io.WriteString(w, b.String())
	}), seen
}

const deferCT = `multipart/mixed;boundary="-";deferSpec=20220824`

type initialPart struct {
	Data struct {
		Name string
		Slow *string
	}
	HasNext bool
}

type laterPart struct {
	Incremental []struct {
		Data   map[string]any
		Label  string
		Path   []any
		Errors []map[string]any
	}
	HasNext bool
}

func TestIncrementalHTTP(t *testing.T) {
	h, seen := mixedServer(deferCT,
		`{"data":{"name":"n","slow":null},"hasNext":true}`,
		`{"incremental":[{"data":{"slow":"s"},"label":"l","path":["user",1]}],"hasNext":true}`,
		`{"incremental":[{"data":null,"path":[],"errors":[{"message":"late"}]}],"hasNext":false}`+"\n",
	)
	inc := client.New(h).IncrementalHTTP(t.Context(), `{ name ... @defer { slow } }`)
	assert.Equal(t, "multipart/mixed", seen.Get("Accept"))

	var first initialPart
	require.NoError(t, inc.Next(&first))
	assert.Equal(t, "n", first.Data.Name)
	assert.Nil(t, first.Data.Slow)
	assert.True(t, first.HasNext)

	var second laterPart
	require.NoError(t, inc.Next(&second))
	require.Len(t, second.Incremental, 1)
	assert.Equal(t, map[string]any{"slow": "s"}, second.Incremental[0].Data)
	assert.Equal(t, "l", second.Incremental[0].Label)
	assert.Equal(t, []any{"user", float64(1)}, second.Incremental[0].Path)
	assert.True(t, second.HasNext)

	var third laterPart
	require.NoError(t, inc.Next(&third), "errors are decoded into the part, not returned")
	require.Len(t, third.Incremental, 1)
	assert.Equal(t, []map[string]any{{"message": "late"}}, third.Incremental[0].Errors)
	assert.False(t, third.HasNext)

	var end laterPart
	require.NoError(t, inc.Next(&end))
	assert.Empty(t, end.Incremental)
	assert.ErrorIs(t, inc.Next(&end), context.Canceled)
	assert.NoError(t, inc.Close())
}

func TestIncrementalHTTPIntoTypes(t *testing.T) {
	h, _ := mixedServer(deferCT,
		`{"data":{"a":1},"hasNext":true}`,
		`{"incremental":[{"data":{"b":2},"path":["a"]}],"hasNext":false}`,
	)
	inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
	var first client.IncrementalInitialResponse
	require.NoError(t, inc.Next(&first))
	assert.Equal(t, map[string]any{"a": float64(1)}, first.Data)
	assert.True(t, first.HasNext)
	var next client.IncrementalResponse
	require.NoError(t, inc.Next(&next))
	require.Len(t, next.Incremental, 1)
	assert.Equal(t, map[string]any{"b": float64(2)}, next.Incremental[0].Data)
	assert.Equal(t, []any{"a"}, next.Incremental[0].Path)
}

func TestIncrementalHTTPSetupFailures(t *testing.T) {
	tests := []struct {
		name   string
		status int
		ct     string
		want   string
	}{
		{"status", http.StatusUnprocessableEntity, "application/json", `http 422: {"errors":[]}`},
		{"bad content type", http.StatusOK, "multipart/mixed; boundary", "parse content-type: mime: invalid media parameter"},
		{"not multipart", http.StatusOK, "application/json", "expected content-type multipart/mixed, got application/json"},
		{"no deferSpec", http.StatusOK, `multipart/mixed; boundary="-"`, "expected deferSpec in content-type"},
		{"empty deferSpec", http.StatusOK, `multipart/mixed; boundary="-"; deferSpec=""`, "expected deferSpec in content-type"},
		{"no boundary", http.StatusOK, `multipart/mixed; deferSpec=20220824`, "expected boundary in content-type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.ct)
				w.WriteHeader(tt.status)
				_, _ = io.WriteString(w, `{"errors":[]}`)
			})
			inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
			var resp any
			assert.EqualError(t, inc.Next(&resp), tt.want)
			assert.EqualError(t, inc.Next(&resp), tt.want)
			assert.NoError(t, inc.Close())
		})
	}
}

func TestIncrementalHTTPPartFailures(t *testing.T) {
	t.Run("part content type", func(t *testing.T) {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", deferCT)
			_, _ = io.WriteString(w, "\r\n---\r\nContent-Type: text/plain\r\n\r\nhi\r\n-----\r\n")
		})
		inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
		var resp any
		assert.EqualError(t, inc.Next(&resp), `expected content-type "application/json", got "text/plain"`)
		assert.ErrorIs(t, inc.Next(&resp), context.Canceled, "a failure ends the walk")
	})
	t.Run("bad json", func(t *testing.T) {
		h, _ := mixedServer(deferCT, `{"data":`)
		var resp any
		assert.Error(t, client.New(h).IncrementalHTTP(t.Context(), `{ a }`).Next(&resp))
	})
	t.Run("unknown keys", func(t *testing.T) {
		h, _ := mixedServer(deferCT, `{"data":{},"hasNext":false,"extra":1}`)
		var resp initialPart
		inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
		err := inc.Next(&resp)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "invalid keys: extra")
		assert.ErrorIs(t, inc.Next(&resp), context.Canceled)
	})
	t.Run("broken framing", func(t *testing.T) {
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", deferCT)
			_, _ = io.WriteString(w, "\r\n---\r\nContent-Type: application/json\r\n\r\n{}")
		})
		var resp any
		inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
		require.NoError(t, inc.Next(&resp))
		assert.Error(t, inc.Next(&resp))
	})
	t.Run("request", func(t *testing.T) {
		h, _ := mixedServer(deferCT)
		err := client.New(h).IncrementalHTTP(t.Context(), `{ a }`, client.Var("ch", make(chan int))).Next(new(any))
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "request: encode: "), err.Error())
	})
}

func TestIncrementalHTTPCloseAndCancel(t *testing.T) {
	h, _ := mixedServer(deferCT, `{"data":{},"hasNext":true}`, `{"incremental":[],"hasNext":false}`)

	inc := client.New(h).IncrementalHTTP(t.Context(), `{ a }`)
	require.NoError(t, inc.Close())
	assert.ErrorIs(t, inc.Next(new(any)), context.Canceled)

	ctx, cancel := context.WithCancel(t.Context())
	inc = client.New(h).IncrementalHTTP(ctx, `{ a }`)
	require.NoError(t, inc.Next(new(any)))
	cancel()
	assert.ErrorIs(t, inc.Next(new(any)), context.Canceled)
}

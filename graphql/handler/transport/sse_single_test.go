package transport

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// singleClient speaks the single connection mode to a test server.
type singleClient struct {
	t     *testing.T
	url   string
	token string
}

func (c singleClient) do(method, target, body string, header ...string) (int, string, http.Header) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+target, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("X-GraphQL-Event-Stream-Token", c.token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func (c singleClient) operation(body string) (int, string) {
	c.t.Helper()
	code, text, _ := c.do("POST", "/", body, "Content-Type", "application/json")
	return code, text
}

// readEvent reads one event (up to its blank line) from the stream.
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	var b strings.Builder
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended: %v after %q", err, b.String())
		}
		b.WriteString(line)
		if line == "\n" {
			return b.String()
		}
	}
}

func TestSSESingleConnection(t *testing.T) {
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tr := SSE{}
		if !tr.Supports(r) {
			http.Error(w, "unsupported", http.StatusBadRequest)
			return
		}
		tr.Do(w, r.WithContext(graphql.StartOperationTrace(r.Context())), testExec{})
	})
	srv := httptest.NewServer(handler)
	defer srv.Close()
	c := singleClient{t: t, url: srv.URL}

	code, token, h := c.do("PUT", "/", "")
	if code != http.StatusCreated || token == "" || h.Get("Content-Type") != "text/plain; charset=utf-8" {
		t.Fatalf("PUT: %d %q %v", code, token, h)
	}
	c.token = token

	// An operation before the stream connects: its events wait for it.
	if code, body := c.operation(`{"query":"{ hello }","extensions":{"operationId":"early"}}`); code != http.StatusAccepted || body != "" {
		t.Fatalf("early operation: %d %q", code, body)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/?token="+token, nil)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %v", resp.StatusCode, resp.Header)
	}
	stream := bufio.NewReader(resp.Body)
	for _, want := range []string{
		":\n\n",
		"event: next\ndata: {\"id\":\"early\",\"payload\":{\"data\":{\"hello\":\"world\"}}}\n\n",
		"event: complete\ndata: {\"id\":\"early\"}\n\n",
	} {
		if got := readEvent(t, stream); got != want {
			t.Fatalf("event %q, want %q", got, want)
		}
	}

	if code, body, _ := c.do("GET", "/", "", "Accept", "text/event-stream"); code != http.StatusConflict || !strings.Contains(body, "Stream already open") {
		t.Errorf("second stream: %d %s", code, body)
	}

	// A subscription runs until DELETE stops it; complete follows.
	if code, body := c.operation(`{"query":"subscription { forever }","extensions":{"operationId":"<f>"}}`); code != http.StatusAccepted {
		t.Fatalf("subscription: %d %q", code, body)
	}
	if got, want := readEvent(t, stream), "event: next\ndata: {\"id\":\"\\u003cf\\u003e\",\"payload\":{\"data\":{\"forever\":1}}}\n\n"; got != want {
		t.Fatalf("event %q, want %q", got, want)
	}
	if code, body := c.operation(`{"query":"{ hello }","extensions":{"operationId":"<f>"}}`); code != http.StatusConflict || !strings.Contains(body, "Operation with ID already exists") {
		t.Errorf("reused operation id: %d %s", code, body)
	}
	if code, body, _ := c.do("DELETE", "/?operationId=%3Cf%3E", ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	for {
		ev := readEvent(t, stream)
		if ev == "event: complete\ndata: {\"id\":\"\\u003cf\\u003e\"}\n\n" {
			break
		}
		if !strings.HasPrefix(ev, "event: next\ndata: {\"id\":\"\\u003cf\\u003e\"") {
			t.Fatalf("waiting for complete: %q", ev)
		}
	}

	for _, bad := range []struct {
		name, body string
		code       int
		want       string
	}{
		{"no operation id", `{"query":"{ hello }"}`, http.StatusBadRequest, `{"errors":[{"message":"Operation ID is missing"}],"data":null}`},
		{"validation error", `{"query":"#validation","extensions":{"operationId":"v"}}`, http.StatusUnprocessableEntity, invalidField},
		{"not JSON", `x`, http.StatusBadRequest, `{"errors":[{"message":"json request body could not be decoded: invalid character 'x' looking for beginning of value body:x"}],"data":null}`},
	} {
		if code, body := c.operation(bad.body); code != bad.code || body != bad.want {
			t.Errorf("%s: %d %s, want %d %s", bad.name, code, body, bad.code, bad.want)
		}
	}
	if code, _, _ := c.do("DELETE", "/", ""); code != http.StatusBadRequest {
		t.Errorf("DELETE without operationId: %d", code)
	}

	// The stream ends: the reservation goes, and its token with it.
	cancel()
	deadline := time.Now().Add(20 * time.Second)
	for {
		code, body := c.operation(`{"query":"{ hello }","extensions":{"operationId":"late"}}`)
		if code == http.StatusNotFound && strings.Contains(body, "Stream not found") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reservation outlived its stream: %d %s", code, body)
		}
		time.Sleep(5 * time.Millisecond)
	}
	unknown := singleClient{t: t, url: srv.URL, token: "nope"}
	if code, body, _ := unknown.do("GET", "/", "", "Accept", "text/event-stream"); code != http.StatusNotFound {
		t.Errorf("unknown token: %d %s", code, body)
	}
}

package transport

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

var (
	sseHeader   = map[string]string{"Content-Type": "application/json", "Accept": "text/event-stream"}
	mixedHeader = map[string]string{"Content-Type": "application/json", "Accept": "multipart/mixed; deferSpec=20220824"}
)

func next(envelope string) string { return "event: next\ndata: " + envelope + "\n\n" }

const complete = "event: complete\n\n"

func TestSSE(t *testing.T) {
	for _, c := range []struct {
		name, body  string
		status      int
		contentType string
		want        string
	}{
		{"subscription", `{"query":"subscription { ticks(n: 3) }"}`, 200, "text/event-stream",
			":\n\n" + next(`{"data":{"ticks":0}}`) + next(`{"data":{"ticks":1}}`) + next(`{"data":{"ticks":2}}`) + complete},
		{"data escaped", `{"query":"{ html }"}`, 200, "text/event-stream", ":\n\n" + next(htmlData) + complete},
		{"decode error", `notjson`, 400, "application/json",
			`{"errors":[{"message":"json request body could not be decoded: invalid character 'o' in literal null (expecting 'u') body:notjson"}],"data":null}`},
		{"null body", `null`, 200, "text/event-stream", ":\n\n" + next(noOperation) + complete},
		{"parse error", `{"query":"{"}`, 200, "text/event-stream", ":\n\n" + next(parseFailed) + complete},
		{"user error", `{"query":"#user"}`, 200, "text/event-stream", ":\n\n" + next(notFoundPQ) + complete},
		// Upstream deadlocks here; the encoding failure becomes an error event.
		{"unencodable data", `{"query":"subscription { nan }"}`, 200, "text/event-stream", ":\n\n" + next(internal) + complete},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := serveHTTP(t, SSE{}, testExec{}, httpCase{header: sseHeader, body: c.body}.request())
			if w.Code != c.status || w.Body.String() != c.want {
				t.Errorf("got %d %q\nwant %d %q", w.Code, w.Body, c.status, c.want)
			}
			h := w.Header()
			if h.Get("Content-Type") != c.contentType || h.Get("Cache-Control") != "no-cache" || h.Get("Connection") != "keep-alive" {
				t.Errorf("headers %v", h)
			}
		})
	}
}

// noFlush is a ResponseWriter that cannot stream.
type noFlush struct{ http.ResponseWriter }

func TestStreamingUnsupported(t *testing.T) {
	for _, c := range []struct {
		name   string
		do     func(http.ResponseWriter, *http.Request)
		header map[string]string
	}{
		{"SSE", func(w http.ResponseWriter, r *http.Request) { SSE{}.Do(w, r, testExec{}) }, sseHeader},
		{"MultipartMixed", func(w http.ResponseWriter, r *http.Request) { MultipartMixed{}.Do(w, r, testExec{}) }, mixedHeader},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			c.do(noFlush{rec}, httpCase{header: c.header, body: `{"query":"{ hello }"}`}.request())
			if rec.Code != 500 || rec.Body.String() != `{"errors":[{"message":"streaming unsupported"}],"data":null}` {
				t.Errorf("got %d %s", rec.Code, rec.Body)
			}
		})
	}
}

func TestSSEKeepAlive(t *testing.T) {
	tr := SSE{KeepAlivePingInterval: 40 * time.Millisecond}
	w := serveHTTP(t, tr, testExec{}, httpCase{header: sseHeader, body: `{"query":"subscription { ticks(n: 2, gapms: 150) }"}`}.request())
	body := w.Body.String()
	first, second := next(`{"data":{"ticks":0}}`), next(`{"data":{"ticks":1}}`)
	if !strings.HasPrefix(body, ":\n\n"+first) || !strings.HasSuffix(body, second+complete) {
		t.Fatalf("body %q", body)
	}
	between := strings.TrimSuffix(strings.TrimPrefix(body, ":\n\n"+first), second+complete)
	if pings := strings.Count(between, ": ping\n\n"); pings < 2 || between != strings.Repeat(": ping\n\n", pings) {
		t.Errorf("between the events: %q", between)
	}
}

func TestSSEMinEventInterval(t *testing.T) {
	tr := SSE{MinEventInterval: 50 * time.Millisecond}
	start := time.Now()
	w := serveHTTP(t, tr, testExec{}, httpCase{header: sseHeader, body: `{"query":"subscription { ticks(n: 3) }"}`}.request())
	// Three events and complete: three gaps of at least 50ms.
	if elapsed := time.Since(start); elapsed < 150*time.Millisecond {
		t.Errorf("took %v", elapsed)
	}
	if !strings.HasSuffix(w.Body.String(), next(`{"data":{"ticks":2}}`)+complete) {
		t.Errorf("body %q", w.Body)
	}

	t.Run("context ends while pacing", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond) // well before the second event, even on a loaded machine
		defer cancel()
		r := httpCase{header: sseHeader, body: `{"query":"subscription { ticks(n: 3) }"}`}.request().WithContext(ctx)
		w := serveHTTP(t, SSE{MinEventInterval: time.Second}, testExec{}, r)
		if want := ":\n\n" + next(`{"data":{"ticks":0}}`); w.Body.String() != want {
			t.Errorf("body %q", w.Body)
		}
	})
}

func TestMultipartMixed(t *testing.T) {
	initial := "---\r\nContent-Type: application/json\r\n\r\n" + `{"data":{"a":{"id":1}},"hasNext":true}`
	one := `{"data":{"name":"x"},"label":"one","path":["a"],"hasNext":true}`
	two := `{"errors":[{"message":"deferred failed","path":["a",1,"b"]}],"data":null,"label":"two","path":["a",1],"hasNext":false}`
	part := "Content-Type: application/json\r\n\r\n"
	for _, c := range []struct {
		name, body  string
		tr          MultipartMixed
		status      int
		contentType string
		want        string
	}{
		{
			name: "deferred payloads batched", body: `{"query":"{ defer }"}`, tr: MultipartMixed{DeliveryTimeout: 50 * time.Millisecond},
			status: 200, contentType: `multipart/mixed;boundary="-";deferSpec=20220824`,
			want: initial + "\r\n---\r\n" + part + `{"incremental":[` + one + "," + two + `],"hasNext":false}` + "\r\n-----\r\n",
		},
		{
			name: "deferred payloads apart", body: `{"query":"{ defer(gapms: 150) }"}`, tr: MultipartMixed{DeliveryTimeout: 10 * time.Millisecond},
			status: 200, contentType: `multipart/mixed;boundary="-";deferSpec=20220824`,
			want: initial + "\r\n---\r\n" +
				part + `{"incremental":[` + one + `],"hasNext":true}` + "\r\n---\r\n" +
				part + `{"incremental":[` + two + `],"hasNext":false}` + "\r\n-----\r\n",
		},
		{
			name: "nothing deferred", body: `{"query":"{ hello }"}`, status: 200,
			want: "---\r\n" + part + helloWorld + "\r\n-----\r\n",
		},
		{
			name: "boundary", body: `{"query":"{ hello }"}`, tr: MultipartMixed{Boundary: "graphql"},
			status: 200, contentType: `multipart/mixed;boundary="graphql";deferSpec=20220824`,
			want: "--graphql\r\n" + part + helloWorld + "\r\n--graphql--\r\n",
		},
		{
			name: "decode error", body: `nope`, status: 400, contentType: "application/json",
			want: `{"errors":[{"message":"json request body could not be decoded: invalid character 'o' in literal null (expecting 'u') body:nope"}],"data":null}`,
		},
		{name: "parse error", body: `{"query":"{"}`, status: 422, contentType: "application/json", want: parseFailed},
		{name: "user error", body: `{"query":"#user"}`, status: 200, contentType: "application/json", want: notFoundPQ},
		{
			// Upstream panicked; its panic guard wrote the error where the JSON would go.
			name: "unencodable data", body: `{"query":"{ nan }"}`, status: 200,
			want: "---\r\n" + part + internal,
		},
		{
			name: "unencodable deferred data", body: `{"query":"{ deferbad }"}`, status: 200,
			want: "---\r\n" + part + `{"data":{"a":1},"hasNext":true}` + "\r\n---\r\n" + part + internal,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := serveHTTP(t, c.tr, testExec{}, httpCase{header: mixedHeader, body: c.body}.request())
			if w.Code != c.status || w.Body.String() != c.want {
				t.Errorf("got %d %q\nwant %d %q", w.Code, w.Body, c.status, c.want)
			}
			if c.contentType != "" && w.Header().Get("Content-Type") != c.contentType {
				t.Errorf("Content-Type %q", w.Header().Get("Content-Type"))
			}
		})
	}
}

// The RecoverFunc sees what upstream panicked with: the initial part's error
// wrapped as its single-response writer did, a deferred part's bare.
func TestMultipartMixedFailureCause(t *testing.T) {
	for query, want := range map[string]string{
		"{ nan }":      `unable to marshal {"x":NaN}: json: error calling MarshalJSON for type json.RawMessage: invalid character 'N' looking for beginning of value`,
		"{ deferbad }": `json: error calling MarshalJSON for type json.RawMessage: invalid character 'N' looking for beginning of value`,
	} {
		exec := &presenterExec{}
		serveHTTP(t, MultipartMixed{}, exec, httpCase{header: mixedHeader, body: `{"query":"` + query + `"}`}.request())
		if err, _ := exec.got.(error); err == nil || err.Error() != want {
			t.Errorf("%s: presenter got %v", query, exec.got)
		}
	}
}

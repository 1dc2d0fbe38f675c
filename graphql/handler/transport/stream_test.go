package transport

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
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

// streamRecorder is a ResponseWriter and Flusher that the handler may write
// to from several goroutines while the test reads it; every write wakes the
// test's waitFor.
type streamRecorder struct {
	header http.Header
	mu     sync.Mutex
	body   strings.Builder
	status int
	wrote  chan struct{} // one pending wake-up at most
}

func newStreamRecorder() *streamRecorder {
	return &streamRecorder{header: http.Header{}, wrote: make(chan struct{}, 1)}
}

func (s *streamRecorder) Header() http.Header { return s.header }

func (s *streamRecorder) WriteHeader(code int) {
	s.mu.Lock()
	if s.status == 0 {
		s.status = code
	}
	s.mu.Unlock()
}

func (s *streamRecorder) Write(b []byte) (int, error) {
	s.mu.Lock()
	if s.status == 0 {
		s.status = http.StatusOK
	}
	s.body.Write(b)
	s.mu.Unlock()
	select {
	case s.wrote <- struct{}{}:
	default:
	}
	return len(b), nil
}

func (s *streamRecorder) Flush() {}

func (s *streamRecorder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.body.String()
}

// waitFor waits until the body satisfies ok, failing the test after a
// generous bound (the condition does not depend on timing, only on the
// handler running at all).
func (s *streamRecorder) waitFor(t *testing.T, what string, ok func(body string) bool) {
	t.Helper()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for !ok(s.String()) {
		select {
		case <-s.wrote:
		case <-deadline.C:
			t.Fatalf("never saw %s; body %q", what, s.String())
		}
	}
}

// feedExec is testExec whose operations answer with the responses the test
// sends on feed, one per call of the response handler; closing feed ends
// the stream.
type feedExec struct {
	testExec
	feed chan *graphql.Response
}

func (e feedExec) DispatchOperation(ctx context.Context, _ *graphql.OperationContext) (graphql.ResponseHandler, context.Context) {
	return func(ctx context.Context) *graphql.Response {
		select {
		case resp := <-e.feed:
			return resp
		case <-ctx.Done():
			return nil
		}
	}, ctx
}

// Keep-alive comments go out while the stream is idle, never after
// complete. When they go out depends on the scheduler, so the test fixes
// the order of events by synchronising with the handler and accepts every
// interleaving the protocol allows: comments before, between and after the
// events, up to complete.
func TestSSEKeepAlive(t *testing.T) {
	exec := feedExec{feed: make(chan *graphql.Response)}
	w := newStreamRecorder()
	r := httpCase{header: sseHeader, body: `{"query":"subscription { ticks }"}`}.request()
	done := make(chan struct{})
	go func() {
		defer close(done)
		SSE{KeepAlivePingInterval: time.Millisecond}.Do(w, r.WithContext(graphql.StartOperationTrace(r.Context())), exec)
	}()
	end := sync.OnceFunc(func() { close(exec.feed); <-done })
	defer end() // also when the test fails half-way
	const ping = ": ping\n\n"
	first, second := next(`{"data":{"ticks":0}}`), next(`{"data":{"ticks":1}}`)
	exec.feed <- &graphql.Response{Data: json.RawMessage(`{"ticks":0}`)}
	// The stream stays idle after the first event until a comment shows.
	w.waitFor(t, "a comment after the first event", func(body string) bool {
		_, after, found := strings.Cut(body, first)
		return found && strings.Contains(after, ping)
	})
	exec.feed <- &graphql.Response{Data: json.RawMessage(`{"ticks":1}`)}
	end()

	body := w.String()
	rest, ok := strings.CutPrefix(body, ":\n\n")
	for _, part := range []string{first, second, complete} {
		for ok && strings.HasPrefix(rest, ping) {
			rest = rest[len(ping):]
		}
		rest, ok = strings.CutPrefix(rest, part)
	}
	if !ok || rest != "" {
		t.Errorf("body %q: want \":\\n\\n\", the two events and complete, with only comments between them", body)
	}
	if between := body[strings.Index(body, first)+len(first) : strings.Index(body, second)]; !strings.Contains(between, ping) {
		t.Errorf("no comment between the events: %q", body)
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
		// gateOn, when set, holds the last response back until the
		// body written so far contains it.
		gateOn string
	}{
		{
			// No tick within the test: what is pending when the operation
			// ends is written as one batch.
			name: "deferred payloads batched", body: `{"query":"{ defer }"}`, tr: MultipartMixed{DeliveryTimeout: time.Hour},
			status: 200, contentType: `multipart/mixed;boundary="-";deferSpec=20220824`,
			want: initial + "\r\n---\r\n" + part + `{"incremental":[` + one + "," + two + `],"hasNext":false}` + "\r\n-----\r\n",
		},
		{
			// The second payload is produced only once a tick has written
			// the first (flushGate), so each goes out in a part of its own.
			name: "deferred payloads apart", body: `{"query":"{ defer }"}`, tr: MultipartMixed{DeliveryTimeout: time.Millisecond},
			gateOn: `"label":"one"`,
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
			r := httpCase{header: mixedHeader, body: c.body}.request()
			w := httptest.NewRecorder()
			var rw http.ResponseWriter = w
			if c.gateOn != "" {
				gate := &flushGate{ResponseRecorder: w, want: c.gateOn, open: make(chan struct{})}
				r = r.WithContext(context.WithValue(r.Context(), lastResponseGate{}, gate.open))
				rw = gate
			}
			c.tr.Do(rw, r.WithContext(graphql.StartOperationTrace(r.Context())), testExec{})
			if w.Code != c.status || w.Body.String() != c.want {
				t.Errorf("got %d %q\nwant %d %q", w.Code, w.Body, c.status, c.want)
			}
			if c.contentType != "" && w.Header().Get("Content-Type") != c.contentType {
				t.Errorf("Content-Type %q", w.Header().Get("Content-Type"))
			}
		})
	}
}

// flushGate opens, once a flush has written want, the gate that testExec
// waits on before the last response of the operation (lastResponseGate).
type flushGate struct {
	*httptest.ResponseRecorder
	want string
	open chan struct{}
	once sync.Once
}

func (g *flushGate) Flush() {
	g.ResponseRecorder.Flush()
	if strings.Contains(g.Body.String(), g.want) {
		g.once.Do(func() { close(g.open) })
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

// A GET query with @defer streams every response when the client accepts a
// stream, in the format the SSE and MultipartMixed transports use for POST;
// other clients get the initial response alone, as upstream answers all.
func TestGETDefer(t *testing.T) {
	initial := `{"data":{"a":{"id":1}},"hasNext":true}`
	one := `{"data":{"name":"x"},"label":"one","path":["a"],"hasNext":true}`
	two := `{"errors":[{"message":"deferred failed","path":["a",1,"b"]}],"data":null,"label":"two","path":["a",1],"hasNext":false}`
	part := "Content-Type: application/json\r\n\r\n"
	for _, c := range []struct {
		name, accept, target string
		contentType, want    string
	}{
		{"event stream", "text/event-stream", "/?query=%7B+defer+%7D", "text/event-stream",
			":\n\n" + next(initial) + next(one) + next(two) + complete},
		{"event stream listed after JSON, as urql sends it", "application/graphql-response+json, application/json, text/event-stream, multipart/mixed",
			"/?query=%7B+defer(gapms%3A+20)+%7D", "text/event-stream", ":\n\n" + next(initial) + next(one) + next(two) + complete},
		{"no streaming format accepted", "application/json", "/?query=%7B+defer+%7D", "application/json", initial},
		{"nothing deferred", "text/event-stream", "/?query=%7B+hello+%7D", "application/graphql-response+json", helloWorld},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httpCase{method: "GET", target: c.target, header: map[string]string{"Accept": c.accept}}.request()
			w := serveHTTP(t, GET{}, testExec{}, r)
			if w.Code != 200 || w.Header().Get("Content-Type") != c.contentType || w.Body.String() != c.want {
				t.Errorf("got %d %q %q\nwant 200 %q %q", w.Code, w.Header().Get("Content-Type"), w.Body, c.contentType, c.want)
			}
		})
	}

	// Which payloads share a multipart part depends on when the delivery
	// ticks: the test hands the transport one response at a time and waits
	// for each to be written.
	t.Run("multipart", func(t *testing.T) {
		exec := feedExec{feed: make(chan *graphql.Response)}
		w := newStreamRecorder()
		r := httpCase{method: "GET", target: "/?query=%7B+defer+%7D", header: map[string]string{"Accept": "multipart/mixed;deferSpec=20220824, application/json"}}.request()
		done := make(chan struct{})
		go func() {
			defer close(done)
			GET{}.Do(w, r.WithContext(graphql.StartOperationTrace(r.Context())), exec)
		}()
		end := sync.OnceFunc(func() { close(exec.feed); <-done })
		defer end()
		responses := testExec{}.deferResponses()
		for i, resp := range responses {
			exec.feed <- resp
			if i < len(responses)-1 {
				w.waitFor(t, "part "+strconv.Itoa(i+1), func(body string) bool { return strings.Count(body, part) == i+1 })
			}
		}
		end()
		want := "---\r\n" + part + initial + "\r\n---\r\n" + part + `{"incremental":[` + one + `],"hasNext":true}` +
			"\r\n---\r\n" + part + `{"incremental":[` + two + `],"hasNext":false}` + "\r\n-----\r\n"
		if ct := w.Header().Get("Content-Type"); ct != `multipart/mixed;boundary="-";deferSpec=20220824` || w.String() != want {
			t.Errorf("got %q %q\nwant %q", ct, w.String(), want)
		}
	})
}

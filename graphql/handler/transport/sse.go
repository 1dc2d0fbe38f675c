package transport

import (
	"context"
	"log"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/internal/drain"
)

// SSE streams the responses of an operation, typically a subscription, as
// Server-Sent Events over the response of a POST request
// (the "distinct connections" mode of the GraphQL over SSE protocol): an
// "event: next" per response, then "event: complete". It also serves the
// protocol's "single connection" mode, where one reserved stream carries
// the results of operations sent by separate requests (sse_single.go).
type SSE struct {
	// KeepAlivePingInterval, when positive, sends a ": ping" comment after
	// this long without an event, so that proxies keep the stream open.
	KeepAlivePingInterval time.Duration

	// MinEventInterval, when positive, spaces events at least this far
	// apart, to pace high-throughput streams.
	MinEventInterval time.Duration

	// MaxBodySize limits the request body, in bytes; a longer body is
	// answered with 413 and a GraphQL error. Zero means 32 MiB, a negative
	// value means no limit. (Not in upstream gqlgen, which reads any size.)
	MaxBodySize int64
}

var _ graphql.Transport = SSE{}

// Supports accepts POST requests with Content-Type application/json whose
// Accept header mentions text/event-stream (the distinct connections
// mode), and the requests of the single connection mode (see
// sse_single.go): PUT, and GET, POST and DELETE carrying a reservation
// token. Add SSE before GET and POST, which would otherwise take the
// latter.
func (t SSE) Supports(r *http.Request) bool {
	return strings.Contains(requestHeader(r, "Accept"), "text/event-stream") &&
		r.Method == http.MethodPost && hasMediaType(requestHeader(r, "Content-Type"), mediaJSON) && sseToken(r) == "" ||
		supportsSingle(r)
}

// Do decodes the request and streams the operation's responses. Errors
// found before the stream starts are answered as plain JSON; errors of the
// operation travel as a "next" event.
func (t SSE) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	if r.Method != http.MethodPost || sseToken(r) != "" {
		t.doSingle(w, r, exec)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		SendErrorf(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	defer flusher.Flush()
	header := w.Header()
	header.Set("Cache-Control", "no-cache")
	header.Set("Connection", "keep-alive")
	header.Set("Content-Type", mediaJSON)

	params := getParams()
	defer putParams(params)
	if !readStreamRequest(w, r, exec, t.MaxBodySize, params) {
		return
	}
	ctx := r.Context()
	opCtx, opErrs := exec.CreateOperationContext(ctx, params)
	var drained *atomic.Bool
	if c := drain.Of(exec); c != nil && opErrs == nil {
		var st *drain.Stream
		ctx, drained, st = drainStream(ctx, c, opCtx)
		defer st.Unregister()
	}
	ctx = graphql.WithOperationContext(ctx, opCtx)

	header.Set("Content-Type", "text/event-stream")
	s := &sseStream{w: w, flusher: flusher, exec: exec, reqCtx: r.Context(), minGap: t.MinEventInterval}
	s.emit([]byte(":\n\n"))
	stopPings := func() {}
	if t.KeepAlivePingInterval > 0 {
		stopPings = s.keepAlive(t.KeepAlivePingInterval)
		defer stopPings()
	}

	last, sent := ctx, false
	if opErrs != nil {
		sent = s.next(ctx, exec.DispatchError(ctx, opErrs))
	} else {
		responses, opCtxCtx := exec.DispatchOperation(ctx, opCtx)
		last = opCtxCtx
		sent = s.relay(opCtxCtx, responses(opCtxCtx), responses)
	}
	if sent && (drained == nil || !drained.Load()) && s.pace(last) {
		stopPings() // no comment after the end
		s.emit([]byte("event: complete\n\n"))
	}
}

// readStreamRequest reads and decodes the JSON body of an SSE or
// multipart/mixed request into params, answering failures itself. Headers
// and read times are filled in on success.
func readStreamRequest(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, limit int64, params *graphql.RawParams) bool {
	start := graphql.Now()
	buf := getBuffer()
	defer putBuffer(buf)
	body, err := readBody(r, bodyLimit(limit), *buf)
	*buf = body
	if err != nil {
		if _, tooLarge := err.(errBodyTooLarge); !tooLarge {
			log.Printf("could not get json request body: %+v", err.Error())
		}
		answerBodyError(w, r, exec, err, 0, "could not get json request body: %+v")
		return false
	}
	if err := decodeJSON(body, params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		log.Printf("decoding error: %+v body:%s", err.Error(), body)
		dispatchError(r.Context(), w, exec,
			gqlerror.Errorf("json request body could not be decoded: %+v body:%s", err, body))
		return false
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	return true
}

// sseStream writes events; the keep-alive goroutine shares it, so every
// write (and flush) holds mu.
type sseStream struct {
	w       http.ResponseWriter
	flusher http.Flusher
	exec    graphql.GraphExecutor
	reqCtx  context.Context

	minGap   time.Duration
	lastSent time.Time // when the last event (not comment) went out
	// broken is set once a response could not be encoded; the stream then
	// ends after the error event that replaced it.
	broken bool

	mu        sync.Mutex
	idleReset chan struct{} // nil without keep-alive
}

// emit writes b and flushes.
func (s *sseStream) emit(b []byte) {
	s.mu.Lock()
	_, _ = s.w.Write(b)
	s.flusher.Flush()
	s.mu.Unlock()
}

// pace waits until MinEventInterval has passed since the last event. It
// returns false if ctx ends first.
func (s *sseStream) pace(ctx context.Context) bool {
	if s.minGap <= 0 || s.lastSent.IsZero() {
		return true
	}
	return sleepCtx(ctx, time.Until(s.lastSent.Add(s.minGap)))
}

// sleepCtx waits for d to pass, or reports false if ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// next sends resp as a "next" event, after pacing; false means ctx ended
// while pacing. A response that cannot be encoded is replaced by the
// presented encoding error, and the stream is marked broken.
func (s *sseStream) next(ctx context.Context, resp *graphql.Response) bool {
	if !s.pace(ctx) {
		return false
	}
	buf := getBuffer()
	b := append(*buf, "event: next\ndata: "...)
	mark := len(b)
	b, err := appendResponse(b, resp)
	if err != nil {
		s.broken = true
		b, _ = appendResponse(b[:mark], failureResponse(s.reqCtx, s.exec, marshalError(resp)))
	}
	b = append(b, "\n\n"...)
	s.emit(b)
	*buf = b
	putBuffer(buf)
	s.lastSent = time.Now()
	if s.idleReset != nil {
		select {
		case s.idleReset <- struct{}{}:
		default:
		}
	}
	return true
}

// relay sends resp, then every later response of responses, as next
// events, until there are no more or one could not be encoded. It returns
// false if ctx ended while pacing.
func (s *sseStream) relay(ctx context.Context, resp *graphql.Response, responses graphql.ResponseHandler) bool {
	for resp != nil {
		if !s.next(ctx, resp) {
			return false
		}
		if s.broken {
			break
		}
		resp = responses(ctx)
	}
	return true
}

// keepAlive starts writing ": ping" comments after every interval without
// an event; the returned function stops it and waits for it to end, and
// may be called again.
func (s *sseStream) keepAlive(interval time.Duration) (stop func()) {
	s.idleReset = make(chan struct{}, 1)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		ticker := time.NewTicker(interval)
		defer ticker.Stop()
		for {
			select {
			case <-quit:
				return
			case <-s.idleReset:
				ticker.Reset(interval)
			case <-ticker.C:
				s.emit([]byte(": ping\n\n"))
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			<-done
		})
	}
}

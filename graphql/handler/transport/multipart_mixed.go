package transport

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// MultipartMixed delivers the incremental responses of @defer as a
// multipart/mixed body, in the format Apollo Client reads
// (deferSpec=20220824): the first part is the initial response, each later
// part batches the deferred payloads that arrived since the previous one as
// {"incremental":[...],"hasNext":...}.
type MultipartMixed struct {
	// Boundary separates the parts; "-" when empty.
	Boundary string

	// DeliveryTimeout is how often pending payloads are written out, so that
	// payloads completing close together share a part. Values under a
	// millisecond mean one millisecond.
	DeliveryTimeout time.Duration

	// MaxBodySize limits the request body, in bytes; a longer body is
	// answered with 413 and a GraphQL error. Zero means 32 MiB, a negative
	// value means no limit. (Not in upstream gqlgen, which reads any size.)
	MaxBodySize int64
}

var _ graphql.Transport = MultipartMixed{}

// Supports accepts POST requests with Content-Type application/json whose
// Accept header mentions multipart/mixed. The deferSpec parameter is not
// checked, as Apollo Client does not always send the one it means.
func (t MultipartMixed) Supports(r *http.Request) bool {
	return strings.Contains(requestHeader(r, "Accept"), "multipart/mixed") &&
		r.Method == http.MethodPost && hasMediaType(requestHeader(r, "Content-Type"), mediaJSON)
}

// Do decodes the request, runs the operation and streams its responses.
// Errors found before execution are answered as plain JSON (422 for
// malformed requests).
func (t MultipartMixed) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
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

	boundary := t.Boundary
	if boundary == "" {
		boundary = "-"
	}
	tick := t.DeliveryTimeout
	if tick.Milliseconds() < 1 {
		tick = time.Millisecond
	}

	params := getParams()
	defer putParams(params)
	if !readStreamRequest(w, r, exec, t.MaxBodySize, params) {
		return
	}
	ctx := r.Context()
	opCtx, opErrs := exec.CreateOperationContext(ctx, params)
	ctx = graphql.WithOperationContext(ctx, opCtx)
	if opErrs != nil {
		w.WriteHeader(statusFor(opErrs))
		writeResponse(r.Context(), w, exec, exec.DispatchError(ctx, opErrs))
		return
	}

	header.Set("Content-Type", `multipart/mixed;boundary="`+boundary+`";deferSpec=20220824`)
	parts := &mixedParts{w: w, flusher: flusher, exec: exec, reqCtx: r.Context(), boundary: boundary}
	stop := parts.deliverEvery(tick)
	defer stop()

	responses, opCtxCtx := exec.DispatchOperation(ctx, opCtx)
	parts.relay(opCtxCtx, responses(opCtxCtx), responses)
}

// relay queues initial, the operation's first response, then every later
// response of responses, until there are no more or the stream broke.
func (m *mixedParts) relay(ctx context.Context, initial *graphql.Response, responses graphql.ResponseHandler) {
	for resp, first := initial, true; resp != nil && m.add(resp, first); first = false {
		resp = responses(ctx)
	}
}

// mixedParts collects responses and writes them out as parts; the delivery
// goroutine and the operation share it under mu.
type mixedParts struct {
	w        http.ResponseWriter
	flusher  http.Flusher
	exec     graphql.GraphExecutor
	reqCtx   context.Context
	boundary string

	mu       sync.Mutex
	initial  *graphql.Response
	deferred []*graphql.Response
	// broken is set once a response could not be encoded; the body was
	// closed after the error that replaced it, and nothing more is written.
	broken bool
}

// add queues resp, the initial response when first is set. It reports
// false once the stream is broken.
func (m *mixedParts) add(resp *graphql.Response, first bool) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if first {
		m.initial = resp
	} else {
		m.deferred = append(m.deferred, resp)
	}
	return !m.broken
}

// deliverEvery writes pending responses every tick until the returned
// function is called; that function stops the goroutine, waits for it and
// writes whatever is still pending.
func (m *mixedParts) deliverEvery(tick time.Duration) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		ticker := time.NewTicker(tick)
		defer ticker.Stop()
		for {
			select {
			case <-quit:
				return
			case <-ticker.C:
				m.deliver()
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		m.deliver()
	}
}

// deliver writes the pending responses as one chunk: the initial part if it
// is pending, a part with all pending deferred payloads, and after them the
// next boundary, or the closing one when the last payload says hasNext is
// false.
//
// A response that cannot be encoded ends the body where its JSON would have
// started, with the presented error instead of it and no closing boundary:
// the bytes upstream's panic guard left on the wire.
func (m *mixedParts) deliver() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.broken || (m.initial == nil && len(m.deferred) == 0) {
		return
	}
	buf := getBuffer()
	defer putBuffer(buf)
	b := *buf
	var failure error
	mark := 0
	hasNext := false
	if m.initial != nil {
		b = append(b, "--"+m.boundary+"\r\nContent-Type: application/json\r\n\r\n"...)
		mark = len(b)
		var err error
		if b, err = appendResponse(b, m.initial); err != nil {
			failure = encodeFailure(m.initial)
		}
		hasNext = m.initial.HasNext != nil && *m.initial.HasNext
		if failure == nil && len(m.deferred) > 0 {
			b = append(b, "\r\n--"+m.boundary+"\r\n"...)
		}
		m.initial = nil
	}
	if failure == nil && len(m.deferred) > 0 {
		b = append(b, "Content-Type: application/json\r\n\r\n"...)
		mark = len(b)
		b = append(b, `{"incremental":[`...)
		for i, resp := range m.deferred {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendResponse(b, resp); err != nil {
				failure = marshalError(resp)
				break
			}
		}
		last := m.deferred[len(m.deferred)-1]
		hasNext = last.HasNext != nil && *last.HasNext
		b = append(b, `],"hasNext":`...)
		b = strconv.AppendBool(b, hasNext)
		b = append(b, '}')
		m.deferred = nil
	}
	if failure != nil {
		m.broken = true
		b, _ = appendResponse(b[:mark], failureResponse(m.reqCtx, m.exec, failure))
	} else {
		b = append(b, "\r\n--"+m.boundary...)
		if !hasNext {
			b = append(b, "--"...)
		}
		b = append(b, "\r\n"...)
	}
	_, _ = m.w.Write(b)
	m.flusher.Flush()
	*buf = b
}

package transport

import (
	"context"
	"crypto/rand"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/internal/drain"
)

// The single connection mode of the GraphQL over SSE protocol (PROTOCOL.md
// of graphql-sse): one event stream carries the results of every operation
// a client runs, so that a browser on HTTP/1 needs one connection only.
//
//	PUT                         reserves a stream: 201 and a token (text/plain)
//	GET or POST, the token,     connects the stream: 200 text/event-stream
//	  Accept: text/event-stream
//	POST, the token, a JSON     runs an operation whose id is
//	  request                   extensions.operationId: 202, and its results
//	                            arrive on the stream as next events
//	                            {"id":...,"payload":...}, then complete {"id":...}
//	DELETE, the token,          stops an operation: 200
//	  ?operationId=ID
//
// The token travels in the X-GraphQL-Event-Stream-Token header, or in the
// token query parameter (for EventSource, which cannot set headers).
// Results of operations that start before the stream connects wait for it.
// A reservation whose stream does not connect within a minute lapses; the
// operations of a stream stop when it disconnects. Requests without a token
// are the distinct connections mode, unchanged.

// sseTokenHeader carries a reservation's token (canonical form).
const sseTokenHeader = "X-Graphql-Event-Stream-Token"

// sseReservationTimeout is how long a reservation waits for its stream.
const sseReservationTimeout = time.Minute

// sseReservations holds the live reservations of every SSE transport of the
// process, by token. Tokens are random (128 bits), so transports need not
// keep apart.
var sseReservations sync.Map // string -> *sseReservation

// sseToken returns the reservation token a request carries, or "".
func sseToken(r *http.Request) string {
	if t := requestHeader(r, sseTokenHeader); t != "" {
		return t
	}
	if r.URL != nil && strings.Contains(r.URL.RawQuery, "token=") {
		return r.URL.Query().Get("token")
	}
	return ""
}

// supportsSingle reports whether r belongs to the single connection mode.
func supportsSingle(r *http.Request) bool {
	if requestHeader(r, "Upgrade") != "" {
		return false
	}
	switch r.Method {
	case http.MethodPut:
		return true
	case http.MethodGet, http.MethodDelete:
		return sseToken(r) != ""
	case http.MethodPost:
		return sseToken(r) != "" && (strings.Contains(requestHeader(r, "Accept"), "text/event-stream") ||
			hasMediaType(requestHeader(r, "Content-Type"), mediaJSON))
	}
	return false
}

// sseReservation is a reserved stream and the operations that write to it.
type sseReservation struct {
	token string
	// ctx ends when the stream disconnects or the reservation lapses; the
	// operations run under it.
	ctx    context.Context
	cancel context.CancelFunc

	mu        sync.Mutex
	w         http.ResponseWriter // nil until the stream connects
	flusher   http.Flusher
	pending   []byte // events written before the stream connected
	connected bool
	closed    bool
	ops       map[string]*sseSingleOp
	opsWG     sync.WaitGroup
	// draining is set once the server shuts down (sse_drain.go): the
	// stream ends when its last operation has.
	draining bool
}

// sseSingleOp is a running operation of a reservation; drained is set when
// a shutdown stopped it, and its end is then not announced.
type sseSingleOp struct {
	cancel       context.CancelFunc
	subscription bool
	drained      bool
}

// doSingle serves a request of the single connection mode.
func (t SSE) doSingle(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	token := sseToken(r)
	if r.Method == http.MethodPut {
		reserve(w)
		return
	}
	v, ok := sseReservations.Load(token)
	if !ok {
		SendErrorf(w, http.StatusNotFound, "Stream not found")
		return
	}
	res := v.(*sseReservation)
	switch {
	case r.Method == http.MethodDelete:
		id := r.URL.Query().Get("operationId")
		if id == "" {
			SendErrorf(w, http.StatusBadRequest, "Operation ID is missing")
			return
		}
		res.stop(id)
		w.WriteHeader(http.StatusOK)
	case strings.Contains(requestHeader(r, "Accept"), "text/event-stream"):
		t.connect(w, r, exec, res)
	default:
		t.submit(w, r, exec, res)
	}
}

// reserve answers a PUT with a new reservation's token.
func reserve(w http.ResponseWriter) {
	ctx, cancel := context.WithCancel(context.Background())
	res := &sseReservation{token: rand.Text(), ctx: ctx, cancel: cancel, ops: map[string]*sseSingleOp{}}
	sseReservations.Store(res.token, res)
	time.AfterFunc(sseReservationTimeout, func() {
		res.mu.Lock()
		lapsed := !res.connected && !res.closed
		res.mu.Unlock()
		if lapsed {
			res.end()
		}
	})
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write([]byte(res.token))
}

// connect serves the reservation's event stream until the client leaves.
func (t SSE) connect(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, res *sseReservation) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		SendErrorf(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	res.mu.Lock()
	switch {
	case res.closed:
		res.mu.Unlock()
		SendErrorf(w, http.StatusNotFound, "Stream not found")
		return
	case res.connected:
		res.mu.Unlock()
		SendErrorf(w, http.StatusConflict, "Stream already open")
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("Content-Type", "text/event-stream")
	res.connected, res.w, res.flusher = true, w, flusher
	_, _ = w.Write(append([]byte(":\n\n"), res.pending...))
	res.pending = nil
	flusher.Flush()
	res.mu.Unlock()
	if c := drain.Of(exec); c != nil {
		defer c.Register(res.drain, res.cancel).Unregister()
	}

	var ping <-chan time.Time
	if t.KeepAlivePingInterval > 0 {
		ticker := time.NewTicker(t.KeepAlivePingInterval)
		defer ticker.Stop()
		ping = ticker.C
	}
	for {
		select {
		case <-r.Context().Done():
			res.end()
			return
		case <-res.ctx.Done():
			res.end()
			return
		case <-ping:
			res.write([]byte(": ping\n\n"))
		}
	}
}

// submit starts the operation a POST carries; its results go to the
// stream. Errors found before execution are answered here, as POST answers
// them.
func (t SSE) submit(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, res *sseReservation) {
	params := getParams()
	defer putParams(params)
	if !readStreamRequest(w, r, exec, t.MaxBodySize, params) {
		return
	}
	id, _ := params.Extensions["operationId"].(string)
	if id == "" {
		SendErrorf(w, http.StatusBadRequest, "Operation ID is missing")
		return
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	stopWithStream := context.AfterFunc(res.ctx, cancel)
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		cancel()
		contentType := responseContentType(nil, r, false)
		addContentType(w.Header(), contentType)
		w.WriteHeader(statusChooser(contentType)(errs))
		writeResponse(ctx, w, exec, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	switch res.add(id, cancel, opCtx.Operation != nil && opCtx.Operation.Operation == ast.Subscription) {
	case addTaken:
		cancel()
		SendErrorf(w, http.StatusConflict, "Operation with ID already exists")
		return
	case addDraining:
		cancel()
		SendErrorf(w, http.StatusServiceUnavailable, "server is shutting down")
		return
	}
	ctx = graphql.WithOperationContext(ctx, opCtx)
	go func() {
		defer res.opsWG.Done()
		defer stopWithStream()
		defer res.remove(id)
		responses, ctx := exec.DispatchOperation(ctx, opCtx)
		for resp := responses(ctx); resp != nil; resp = responses(ctx) {
			if !res.next(ctx, exec, id, resp) {
				break
			}
		}
		res.complete(id)
	}()
	w.WriteHeader(http.StatusAccepted)
}

// addResult is what add made of an operation.
type addResult uint8

const (
	added       addResult = iota
	addTaken              // the id is taken, or the stream has ended
	addDraining           // the server is shutting down
)

// add registers a running operation.
func (res *sseReservation) add(id string, cancel context.CancelFunc, subscription bool) addResult {
	res.mu.Lock()
	defer res.mu.Unlock()
	if _, taken := res.ops[id]; taken || res.closed {
		return addTaken
	}
	if res.draining {
		return addDraining
	}
	res.ops[id] = &sseSingleOp{cancel: cancel, subscription: subscription}
	res.opsWG.Add(1)
	return added
}

// remove forgets the operation id; the stream ends with it when it was the
// last of a shutdown.
func (res *sseReservation) remove(id string) {
	res.mu.Lock()
	if op := res.ops[id]; op != nil {
		op.cancel()
		delete(res.ops, id)
	}
	lastOfDrain := res.draining && len(res.ops) == 0
	res.mu.Unlock()
	if lastOfDrain {
		res.cancel()
	}
}

// stop cancels the operation id, if it runs.
func (res *sseReservation) stop(id string) {
	res.mu.Lock()
	op := res.ops[id]
	res.mu.Unlock()
	if op != nil {
		op.cancel()
	}
}

// next writes resp as a next event of operation id. A response that
// cannot be encoded is replaced by the presented encoding error, and false
// says the operation should end.
func (res *sseReservation) next(ctx context.Context, exec graphql.GraphExecutor, id string, resp *graphql.Response) bool {
	buf := getBuffer()
	defer putBuffer(buf)
	b := append((*buf)[:0], "event: next\ndata: {\"id\":"...)
	b = codec.AppendQuote(b, id)
	b = append(b, `,"payload":`...)
	mark := len(b)
	b, err := appendResponse(b, resp)
	if err != nil {
		b, _ = appendResponse(b[:mark], failureResponse(ctx, exec, marshalError(resp)))
	}
	b = append(b, "}\n\n"...)
	res.write(b)
	*buf = b
	return err == nil
}

// complete writes the complete event of operation id, unless a shutdown
// stopped it.
func (res *sseReservation) complete(id string) {
	res.mu.Lock()
	drained := res.ops[id] != nil && res.ops[id].drained
	res.mu.Unlock()
	if drained {
		return
	}
	b := append([]byte("event: complete\ndata: {\"id\":"), codec.AppendQuote(nil, id)...)
	res.write(append(b, "}\n\n"...))
}

// write sends b on the stream, or keeps it until the stream connects; once
// the stream has ended it is dropped.
func (res *sseReservation) write(b []byte) {
	res.mu.Lock()
	defer res.mu.Unlock()
	switch {
	case res.closed:
	case res.w == nil:
		res.pending = append(res.pending, b...)
	default:
		_, _ = res.w.Write(b)
		res.flusher.Flush()
	}
}

// end closes the reservation: no more writes, its operations stopped and
// awaited, its token forgotten.
func (res *sseReservation) end() {
	res.mu.Lock()
	res.closed = true
	res.mu.Unlock()
	res.cancel()
	res.opsWG.Wait()
	sseReservations.CompareAndDelete(res.token, res)
}

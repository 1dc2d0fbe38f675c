package transport

import (
	"net/http"
	"strings"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// A GET query with @defer has more than one response. Upstream gqlgen's GET
// writes the first and drops the others. Here, when the first announces
// more (hasNext) and the client accepts a streaming format, the rest
// follows in that format, exactly as the SSE and MultipartMixed transports
// stream a POST: text/event-stream as next events then complete,
// multipart/mixed as the initial part then batches of incremental payloads.
// A client that accepts neither gets the first response alone, as before.

// Streaming media types a GET client may accept.
const (
	mediaEventStream = "text/event-stream"
	mediaMixed       = "multipart/mixed"
)

// getMixedBoundary and getMixedTick are the MultipartMixed defaults, which
// the GET transport, having no settings of its own for them, uses.
const (
	getMixedBoundary = "-"
	getMixedTick     = time.Millisecond
)

// runQuery is runSingle for GET: only queries are allowed, and a deferred
// query streams its later responses when the client accepts a stream.
func runQuery(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, params *graphql.RawParams, status func(gqlerror.List) int) {
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		w.WriteHeader(status(errs))
		writeResponse(ctx, w, exec, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	if !onlyQueries(w, opCtx) {
		return
	}
	responses, opCtxCtx := exec.DispatchOperation(ctx, opCtx)
	first := responses(opCtxCtx)
	flusher, canFlush := w.(http.Flusher)
	format := acceptedStream(requestHeader(r, "Accept"))
	if first == nil || first.HasNext == nil || !*first.HasNext || !canFlush || format == "" {
		writeResponse(ctx, w, exec, first)
		return
	}
	defer flusher.Flush()
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	switch format {
	case mediaEventStream:
		h.Set("Content-Type", mediaEventStream)
		s := &sseStream{w: w, flusher: flusher, exec: exec, reqCtx: ctx}
		s.emit([]byte(":\n\n"))
		if s.relay(opCtxCtx, first, responses) {
			s.emit([]byte("event: complete\n\n"))
		}
	case mediaMixed:
		h.Set("Content-Type", `multipart/mixed;boundary="`+getMixedBoundary+`";deferSpec=20220824`)
		parts := &mixedParts{w: w, flusher: flusher, exec: exec, reqCtx: ctx, boundary: getMixedBoundary}
		stop := parts.deliverEvery(getMixedTick)
		parts.relay(opCtxCtx, first, responses)
		stop()
	}
}

// acceptedStream returns the first streaming media type the Accept header
// lists (text/event-stream or multipart/mixed, parameters ignored), or "".
func acceptedStream(accept string) string {
	for entry := range strings.SplitSeq(accept, ",") {
		base, _, _ := strings.Cut(entry, ";")
		base = strings.TrimSpace(base)
		switch {
		case equalFoldASCII(base, mediaEventStream):
			return mediaEventStream
		case equalFoldASCII(base, mediaMixed):
			return mediaMixed
		}
	}
	return ""
}

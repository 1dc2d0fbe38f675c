package transport

import (
	"context"
	"fmt"
	"net/http"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
)

// SendError writes status code and a response holding only errs. It is
// for answering requests that never reach the executor; the body is the
// standard JSON envelope whatever the request asked for.
func SendError(w http.ResponseWriter, code int, errs ...*gqlerror.Error) {
	w.WriteHeader(code)
	buf := getBuffer()
	b, err := appendResponse(*buf, &graphql.Response{Errors: errs})
	if err != nil {
		// An extension value with no JSON form: keep the messages at least.
		plain := make(gqlerror.List, len(errs))
		for i, e := range errs {
			if e != nil {
				plain[i] = &gqlerror.Error{Message: e.Message, Path: e.Path, Locations: e.Locations}
			}
		}
		b, _ = appendResponse(b, &graphql.Response{Errors: plain})
	}
	_, _ = w.Write(b)
	*buf = b
	putBuffer(buf)
}

// SendErrorf is SendError with one error whose message is formatted from
// format and args.
func SendErrorf(w http.ResponseWriter, code int, format string, args ...any) {
	SendError(w, code, &gqlerror.Error{Message: fmt.Sprintf(format, args...)})
}

// recoveredErrorPresenter is the part of executor.Executor that turns a
// panic value into the error a client sees (RecoverFunc, then the error
// presenter). Transports find it by type assertion, as GraphExecutor does
// not include it.
type recoveredErrorPresenter interface {
	PresentRecoveredError(ctx context.Context, err any) error
}

// failureResponse is what a client gets when a response cannot be encoded.
// Upstream gqlgen panicked there and its server's panic guard answered with
// the recovered, presented error; this builds the same answer without the
// panic. cause is the value the RecoverFunc sees.
func failureResponse(ctx context.Context, exec graphql.GraphExecutor, cause error) *graphql.Response {
	p, ok := exec.(recoveredErrorPresenter)
	if !ok {
		return &graphql.Response{Errors: gqlerror.List{{Message: "internal system error"}}}
	}
	presented, _ := p.PresentRecoveredError(ctx, cause).(*gqlerror.Error)
	return &graphql.Response{Errors: gqlerror.List{presented}}
}

// writeResponse encodes resp and writes it as the whole body of a
// single-response transport. A response that cannot be encoded turns into
// status 500 with the presented error, as upstream's panic guard answered.
func writeResponse(ctx context.Context, w http.ResponseWriter, exec graphql.GraphExecutor, resp *graphql.Response) {
	if onlyTrustedData(resp) {
		_, _ = w.Write(dataOpen)
		_, _ = w.Write(resp.Data)
		_, _ = w.Write(dataClose)
		return
	}
	buf := getBuffer()
	b, err := appendResponse(*buf, resp)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		b, _ = appendResponse(b, failureResponse(ctx, exec, encodeFailure(resp)))
	}
	_, _ = w.Write(b)
	*buf = b
	putBuffer(buf)
}

// directData is the size from which trusted data is written from the
// Response itself, between the two ends of its envelope (three writes),
// instead of being copied into the envelope's buffer first. Below it the
// copy costs less than the two extra writes.
const directData = 32 << 10

// dataOpen and dataClose are the two ends of a data-only envelope, as
// slices so that writing them allocates nothing.
var dataOpen, dataClose = []byte(`{"data":`), []byte("}")

// onlyTrustedData reports whether resp holds nothing but data of at least
// directData bytes that the runtime vouches for (Response.TrustedData):
// its envelope is then {"data":DATA} with DATA as it is, which is what
// appendResponse writes for it.
func onlyTrustedData(resp *graphql.Response) bool {
	return resp != nil && len(resp.Data) >= directData && len(resp.Errors) == 0 && resp.Label == "" &&
		len(resp.Path) == 0 && resp.HasNext == nil && len(resp.Extensions) == 0 && resp.TrustedData()
}

// dispatchError writes the response the executor builds for errs, found
// before execution. Call WriteHeader first when the status is not 200.
func dispatchError(ctx context.Context, w http.ResponseWriter, exec graphql.GraphExecutor, errs ...*gqlerror.Error) {
	writeResponse(ctx, w, exec, exec.DispatchError(ctx, errs))
}

// writeMessage writes a body holding one error with message msg, without
// involving the executor.
func writeMessage(w http.ResponseWriter, msg string) {
	buf := getBuffer()
	b := appendMessage(*buf, msg)
	_, _ = w.Write(b)
	*buf = b
	putBuffer(buf)
}

// appendMessage appends the envelope of a response with one error whose
// message is msg, and no data.
func appendMessage(dst []byte, msg string) []byte {
	dst = append(dst, `{"errors":[{"message":`...)
	dst = codec.AppendQuote(dst, msg)
	return append(dst, `}],"data":null}`...)
}

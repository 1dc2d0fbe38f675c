package apollofederatedtracingv1_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollofederatedtracingv1"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// jsonTransport reads a JSON request body and writes the first response:
// the least a test needs to go through the real executor.
type jsonTransport struct{}

func (jsonTransport) Supports(r *http.Request) bool { return r.Method == http.MethodPost }

func (jsonTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	params := &graphql.RawParams{Headers: r.Header}
	if err := decodeBody(r, params); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		writeJSON(w, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, opCtx)
	writeJSON(w, responses(ctx))
}

// slowOperations delays every operation by a millisecond, so that the trace
// has a measurable duration.
type slowOperations struct{}

func (slowOperations) ExtensionName() string                   { return "slow" }
func (slowOperations) Validate(graphql.ExecutableSchema) error { return nil }
func (slowOperations) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	time.Sleep(time.Millisecond)
	return next(ctx)
}

func post(h http.Handler, body string, header http.Header) []byte {
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
	for k, v := range header {
		r.Header[k] = v
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Body.Bytes()
}

func TestThroughServer(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(jsonTransport{})
	srv.Use(&apollofederatedtracingv1.Tracer{})
	srv.Use(slowOperations{})

	body := post(srv, `{"query":"{ name }"}`, traced())
	trace := decodeTrace(t, body)
	if trace == nil {
		t.Fatalf("no trace in %s", body)
	}
	start, end := trace.GetStartTime().AsTime(), trace.GetEndTime().AsTime()
	if start.IsZero() || end.Sub(start) < time.Millisecond || trace.GetDurationNs() < uint64(time.Millisecond) {
		t.Errorf("trace from %v to %v, %d ns", start, end, trace.GetDurationNs())
	}
	kids := trace.GetRoot().GetChild()
	if len(kids) != 1 || kids[0].GetResponseName() != "name" || kids[0].GetParentType() != "Query" ||
		kids[0].GetType() != "String!" || kids[0].GetEndTime() < kids[0].GetStartTime() {
		t.Errorf("root children %v", kids)
	}

	if body := post(srv, `{"query":"{ name }"}`, nil); strings.Contains(string(body), "ftv1") {
		t.Errorf("traced without the header: %s", body)
	}
}

func TestServerErrors(t *testing.T) {
	srv := testserver.NewError()
	srv.AddTransport(jsonTransport{})
	srv.Use(&apollofederatedtracingv1.Tracer{
		ErrorOptions: &apollofederatedtracingv1.ErrorOptions{ErrorOption: apollofederatedtracingv1.ERROR_UNMODIFIED},
	})

	body := post(srv, `{"query":"{ name }"}`, traced())
	errs := decodeTrace(t, body).GetRoot().GetError()
	if len(errs) != 1 || errs[0].GetMessage() != "resolver error" || errs[0].GetJson() != `{"message":"resolver error"}` {
		t.Errorf("root errors %v in %s", errs, body)
	}

	// A request that fails before there is an operation has no trace.
	body = post(srv, `{}`, traced())
	if strings.Contains(string(body), "ftv1") || !strings.Contains(string(body), "errors") {
		t.Errorf("response %s", body)
	}
}

// decodeBody decodes the request body into v with the codec.
func decodeBody(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return codec.Unmarshal(body, v)
}

// writeJSON writes v with the codec, and a newline, as an Encoder would.
func writeJSON(w io.Writer, v any) {
	b, _ := codec.Marshal(v)
	_, _ = w.Write(append(b, '\n'))
}

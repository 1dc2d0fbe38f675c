package debug

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// postBody serves JSON POST requests with one response each, through the
// real executor.
type postBody struct{}

func (postBody) Supports(r *http.Request) bool { return r.Method == http.MethodPost }

func (postBody) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	var params graphql.RawParams
	if err := decodeBody(r, &params); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, &params)
	if errs != nil {
		writeJSON(w, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	next, ctx := exec.DispatchOperation(ctx, opCtx)
	writeJSON(w, next(ctx))
}

func TestThroughServer(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(postBody{})
	tr := &Tracer{DisableColor: true}
	srv.Use(tr)
	var out bytes.Buffer
	tr.out = &out

	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/graphql",
		strings.NewReader(`{"query":"query Q($n: Int!) {\n find(id: $n)\n}","variables":{"n":7}}`)))

	want := `GraphQL Request {
  query Q($n: Int!) {
   find(id: $n)
  }
  var n = 7
  resp: {
    "data": {
      "name": "test"
    }
  }
}

`
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
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

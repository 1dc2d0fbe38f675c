package extension_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// jsonPOST is a small stand-in for the POST transport: it decodes the body
// with the codec (numbers become json.Number, as with the real transports)
// and writes the first response.
type jsonPOST struct{}

func (jsonPOST) Supports(r *http.Request) bool { return r.Method == http.MethodPost }

func (jsonPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	var params graphql.RawParams
	if err := decodeBody(r, &params); err != nil {
		panic(err)
	}
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, &params)
	var resp *graphql.Response
	if errs != nil {
		resp = exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
	} else {
		next, rctx := exec.DispatchOperation(ctx, opCtx)
		resp = next(rctx)
	}
	body, err := codec.Marshal(resp)
	if err != nil {
		panic(err)
	}
	_, _ = w.Write(body)
}

func post(h http.Handler, body string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(w, r)
	return w
}

// opContext returns a context holding a fresh operation context, as the
// executor gives extensions.
func opContext() (context.Context, *graphql.OperationContext) {
	oc := &graphql.OperationContext{}
	return graphql.WithOperationContext(context.Background(), oc), oc
}

func TestIntrospection(t *testing.T) {
	oc := &graphql.OperationContext{DisableIntrospection: true}
	ext := extension.Introspection{}
	assert.Nil(t, ext.MutateOperationContext(context.Background(), oc))
	assert.False(t, oc.DisableIntrospection)
	assert.Equal(t, "Introspection", ext.ExtensionName())
	assert.NoError(t, ext.Validate(nil))

	srv := testserver.New()
	srv.AddTransport(jsonPOST{})
	var disabled []bool
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		disabled = append(disabled, graphql.GetOperationContext(ctx).DisableIntrospection)
		return next(ctx)
	})
	post(srv, `{"query":"{ name }"}`)
	srv.Use(extension.Introspection{})
	post(srv, `{"query":"{ name }"}`)
	require.Equal(t, []bool{true, false}, disabled)
}

// decodeBody decodes the request body into v with the codec.
func decodeBody(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return codec.Unmarshal(body, v)
}

package testserver_test

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// lines is a transport that writes every response of an operation as one
// line of JSON, until the operation yields nil.
type lines struct{}

func (lines) Supports(*http.Request) bool { return true }

func (lines) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: r.URL.Query().Get("query")})
	write := func(resp *graphql.Response) {
		b, err := codec.Marshal(resp)
		if err != nil {
			panic(err)
		}
		_, _ = w.Write(append(b, '\n'))
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	if errs != nil {
		write(exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	next, ctx := exec.DispatchOperation(ctx, opCtx)
	for resp := next(ctx); resp != nil; resp = next(ctx) {
		write(resp)
	}
}

// stream serves query on srv in the background and returns the lines it
// writes, as they arrive.
func stream(t *testing.T, srv http.Handler, query string) <-chan string {
	t.Helper()
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	out := make(chan string)
	go func() {
		defer close(out)
		resp, err := http.Get(ts.URL + "?query=" + url.QueryEscape(query))
		if err != nil {
			t.Error(err)
			return
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			out <- sc.Text()
		}
	}()
	return out
}

func once(t *testing.T, srv http.Handler, query string) string {
	t.Helper()
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/?query="+url.QueryEscape(query), http.NoBody))
	return w.Body.String()
}

func TestOperations(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(lines{})
	assert.JSONEq(t, `{"data":{"name":"test"}}`, once(t, srv, "{ name }"))
	assert.JSONEq(t, `{"errors":[{"message":"mutations are not supported"}],"data":null}`, once(t, srv, "mutation { name }"))
	assert.Contains(t, once(t, srv, "{ find(id: 1) }"), `{"name":"test"}`, "every query answers the same")
}

func TestFieldMiddlewareSeesTheNameField(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(lines{})
	var field *graphql.FieldContext
	srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
		field = graphql.GetFieldContext(ctx)
		return next(ctx)
	})
	once(t, srv, "{ name }")
	require.NotNil(t, field)
	assert.Equal(t, "Query", field.Object)
	assert.Equal(t, "name", field.Field.Name)
	assert.Equal(t, "String!", field.Field.Definition.Type.String())
}

func TestSubscription(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(lines{})
	out := stream(t, srv, "subscription { name }")
	for range 2 {
		srv.SendNextSubscriptionMessage()
		assert.JSONEq(t, `{"data":{"name":"test"}}`, <-out)
	}
	srv.SendCompleteSubscriptionMessage()
	_, open := <-out
	assert.False(t, open, "the subscription ended")
}

func TestDeferredQuery(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(lines{})
	out := stream(t, srv, "{ ... @defer { name } }")
	srv.SendNextSubscriptionMessage()
	assert.JSONEq(t, `{"data":{"name":null},"hasNext":true}`, <-out)
	srv.SendNextSubscriptionMessage()
	assert.JSONEq(t, `{"data":{"name":"test"},"hasNext":false}`, <-out)
	srv.SendCompleteSubscriptionMessage()
	_, open := <-out
	assert.False(t, open)
}

func TestErrorServer(t *testing.T) {
	srv := testserver.NewError()
	srv.AddTransport(lines{})
	assert.JSONEq(t, `{"errors":[{"message":"resolver error"}],"data":null}`, once(t, srv, "{ name }"))
	assert.Contains(t, once(t, srv, "{ find(id: 1) }"), "GRAPHQL_VALIDATION_FAILED", "the error schema has only name")
}

package handler_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	coderws "github.com/coder/websocket"
	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// queryTransport is a minimal transport for these tests: it accepts
// requests of one method, takes the query from the URL, and writes the first
// response as JSON, with 422 for protocol errors as the real transports do.
type queryTransport struct {
	method string
	// started receives the operation start time each request carried.
	started func(context.Context)
}

func (t queryTransport) Supports(r *http.Request) bool { return r.Method == t.method }

func (t queryTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	if t.started != nil {
		t.started(r.Context())
	}
	params := &graphql.RawParams{
		Query:         r.URL.Query().Get("query"),
		OperationName: r.URL.Query().Get("operationName"),
		Headers:       r.Header,
	}
	ctx := r.Context()
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	var resp *graphql.Response
	if errs != nil {
		if errcode.GetErrorKind(errs) == errcode.KindProtocol {
			w.WriteHeader(http.StatusUnprocessableEntity)
		}
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

type panicking struct{ value any }

func (panicking) Supports(*http.Request) bool { return true }
func (p panicking) Do(http.ResponseWriter, *http.Request, graphql.GraphExecutor) {
	panic(p.value)
}

func get(h http.Handler, query string) *httptest.ResponseRecorder {
	return request(h, http.MethodGet, "/graphql?query="+url.QueryEscape(query))
}

func request(h http.Handler, method, target string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, target, http.NoBody))
	return w
}

func newServer() *testserver.TestServer {
	srv := testserver.New()
	srv.AddTransport(queryTransport{method: http.MethodGet})
	return srv
}

func TestServeHTTP(t *testing.T) {
	srv := newServer()
	resp := get(srv, "{ name }")
	assert.Equal(t, http.StatusOK, resp.Code)
	assert.JSONEq(t, `{"data":{"name":"test"}}`, resp.Body.String())

	resp = get(srv, "mutation { name }")
	assert.JSONEq(t, `{"errors":[{"message":"mutations are not supported"}],"data":null}`, resp.Body.String())

	resp = get(srv, "{ broken")
	assert.Equal(t, http.StatusUnprocessableEntity, resp.Code)
	assert.Contains(t, resp.Body.String(), `"code":"GRAPHQL_PARSE_FAILED"`)
}

func TestNoTransport(t *testing.T) {
	srv := newServer()
	resp := request(srv, http.MethodPost, "/graphql")
	assert.Equal(t, http.StatusBadRequest, resp.Code)
	assert.Equal(t, `{"errors":[{"message":"transport not supported"}],"data":null}`, resp.Body.String())
}

func TestFirstSupportingTransportServes(t *testing.T) {
	srv := testserver.New()
	var order []string
	srv.AddTransport(queryTransport{method: http.MethodPut, started: func(context.Context) { order = append(order, "put") }})
	srv.AddTransport(queryTransport{method: http.MethodGet, started: func(context.Context) { order = append(order, "get1") }})
	srv.AddTransport(queryTransport{method: http.MethodGet, started: func(context.Context) { order = append(order, "get2") }})
	get(srv, "{ name }")
	request(srv, http.MethodPut, "/?query={name}")
	assert.Equal(t, []string{"get1", "put"}, order)
}

func TestRequestsCarryTheirStartTime(t *testing.T) {
	srv := testserver.New()
	var started []time.Time
	srv.AddTransport(queryTransport{method: http.MethodGet, started: func(ctx context.Context) {
		started = append(started, graphql.GetStartTime(ctx))
	}})
	before := time.Now()
	get(srv, "{ name }")
	get(srv, "{ name }")
	require.Len(t, started, 2)
	assert.False(t, started[0].Before(before))
	assert.True(t, started[1].After(started[0]), "each request gets its own start time")
}

func TestPanicsBecome500(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(panicking{value: errors.New("panic in transport")})
	var recovered any
	srv.SetRecoverFunc(func(_ context.Context, v any) error {
		recovered = v
		return errors.New("the server broke")
	})
	resp := get(srv, "{ name }")
	assert.Equal(t, http.StatusInternalServerError, resp.Code)
	assert.Equal(t, `{"errors":[{"message":"the server broke"}],"data":null}`, resp.Body.String())
	assert.EqualError(t, recovered.(error), "panic in transport")

	srv.SetErrorPresenter(func(_ context.Context, err error) *gqlerror.Error {
		return &gqlerror.Error{Message: "presented: " + err.Error(), Extensions: map[string]any{"code": "INTERNAL"}}
	})
	resp = get(srv, "{ name }")
	assert.Equal(t, http.StatusInternalServerError, resp.Code)
	assert.Equal(t, `{"errors":[{"message":"presented: the server broke","extensions":{"code":"INTERNAL"}}],"data":null}`, resp.Body.String())

	srv.SetErrorPresenter(func(context.Context, error) *gqlerror.Error { return nil })
	resp = get(srv, "{ name }")
	assert.Equal(t, http.StatusInternalServerError, resp.Code)
	assert.Equal(t, `{"errors":[null],"data":null}`, resp.Body.String())
}

func TestMiddlewareThroughTheServer(t *testing.T) {
	srv := newServer()
	var trace []string
	for _, n := range []string{"1", "2"} {
		srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
			trace = append(trace, "op"+n)
			return next(ctx)
		})
		srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
			trace = append(trace, "resp"+n)
			return next(ctx)
		})
		srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
			trace = append(trace, "field"+n+":"+graphql.GetFieldContext(ctx).Field.Name)
			return next(ctx)
		})
		srv.AroundRootFields(func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			trace = append(trace, "root"+n)
			return next(ctx)
		})
	}
	resp := get(srv, "{ name }")
	assert.JSONEq(t, `{"data":{"name":"test"}}`, resp.Body.String())
	assert.Equal(t, []string{"op1", "op2", "resp1", "resp2", "field1:name", "field2:name"}, trace,
		"the test schema has no root field resolution")
}

func TestErrorsReachResponseMiddleware(t *testing.T) {
	for name, srv := range map[string]*testserver.TestServer{"resolver": testserver.NewError(), "parse": newServer()} {
		t.Run(name, func(t *testing.T) {
			srv.AddTransport(queryTransport{method: http.MethodGet})
			var fromCtx, fromResp gqlerror.List
			srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
				resp := next(ctx)
				fromCtx, fromResp = graphql.GetErrors(ctx), resp.Errors
				return resp
			})
			query := "{ name }"
			if name == "parse" {
				query = "invalid"
			}
			get(srv, query)
			assert.Len(t, fromCtx, 1)
			assert.Len(t, fromResp, 1)
		})
	}
}

func TestQueryCache(t *testing.T) {
	t.Run("on by default", func(t *testing.T) {
		srv := newServer()
		validations := 0
		srv.SetValidationRulesFn(func() *rules.Rules { validations++; return rules.NewDefaultRules() })
		for range 3 {
			assert.JSONEq(t, `{"data":{"name":"test"}}`, get(srv, "{ name }").Body.String())
		}
		assert.Equal(t, 1, validations)
		get(srv, "query Other { name }")
		assert.Equal(t, 2, validations)
	})
	t.Run("replaced", func(t *testing.T) {
		srv := newServer()
		cache := graphql.MapCache[*ast.QueryDocument]{}
		srv.SetQueryCache(cache)
		get(srv, "query Foo { name }")
		require.Contains(t, cache, "query Foo { name }")
		assert.Equal(t, "Foo", cache["query Foo { name }"].Operations[0].Name)
	})
	t.Run("turned off", func(t *testing.T) {
		srv := newServer()
		srv.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{})
		validations := 0
		srv.SetValidationRulesFn(func() *rules.Rules { validations++; return rules.NewDefaultRules() })
		get(srv, "{ name }")
		get(srv, "{ name }")
		assert.Equal(t, 2, validations)
	})
}

func TestParserAndValidationSettings(t *testing.T) {
	srv := newServer()
	assert.Contains(t, get(srv, "{ nam }").Body.String(), `Did you mean \"name\"?`)
	srv.SetDisableSuggestion(true)
	body := get(srv, "{ namee }").Body.String()
	assert.Contains(t, body, `Cannot query field \"namee\" on type \"Query\".`)
	assert.NotContains(t, body, "Did you mean")

	srv.SetParserTokenLimit(3)
	resp := get(srv, "{ name find(id: 1) }")
	assert.Equal(t, http.StatusUnprocessableEntity, resp.Code)
	assert.Contains(t, resp.Body.String(), "GRAPHQL_PARSE_FAILED")
}

func TestInlineExtensions(t *testing.T) {
	var trace []string
	op := handler.OperationFunc(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		trace = append(trace, "op")
		return next(ctx)
	})
	resp := handler.ResponseFunc(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		trace = append(trace, "resp")
		return next(ctx)
	})
	field := handler.FieldFunc(func(ctx context.Context, next graphql.Resolver) (any, error) {
		trace = append(trace, "field")
		return next(ctx)
	})
	for i, ext := range []graphql.HandlerExtension{op, resp, field} {
		assert.Equal(t, []string{"InlineOperationFunc", "InlineResponseFunc", "InlineFieldFunc"}[i], ext.ExtensionName())
		assert.NoError(t, ext.Validate(nil))
	}
	assert.EqualError(t, handler.OperationFunc(nil).Validate(nil), "OperationFunc can not be nil")
	assert.EqualError(t, handler.ResponseFunc(nil).Validate(nil), "ResponseFunc can not be nil")
	assert.EqualError(t, handler.FieldFunc(nil).Validate(nil), "FieldFunc can not be nil")

	srv := newServer()
	srv.Use(op)
	srv.Use(resp)
	srv.Use(field)
	assert.JSONEq(t, `{"data":{"name":"test"}}`, get(srv, "{ name }").Body.String())
	assert.Equal(t, []string{"op", "resp", "field"}, trace)

	assert.Panics(t, func() { srv.Use(handler.FieldFunc(nil)) })
	assert.Panics(t, func() { srv.AroundFields(nil) })
}

func TestHeadersReachTheOperation(t *testing.T) {
	srv := newServer()
	var got string
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		got = graphql.GetOperationContext(ctx).Headers.Get("X-Request")
		return next(ctx)
	})
	r := httptest.NewRequest(http.MethodGet, "/?query="+url.QueryEscape("{ name }"), strings.NewReader(""))
	r.Header.Set("X-Request", "abc")
	srv.ServeHTTP(httptest.NewRecorder(), r)
	assert.Equal(t, "abc", got)
}

// A transport that sets one thing two ways stops the server at start-up.
func TestAddTransportValidates(t *testing.T) {
	srv := testserver.New()
	allow := func(*http.Request) bool { return true }
	conflicting := transport.Websocket{
		Upgrader:       websocket.Upgrader{CheckOrigin: allow},
		Implementation: transport.CoderWebsocketImplementation{AcceptOptions: coderws.AcceptOptions{OriginPatterns: []string{"app.example"}}},
	}
	for _, tr := range []graphql.Transport{conflicting, &conflicting} {
		func() {
			defer func() {
				err, _ := recover().(error)
				require.Error(t, err)
				assert.Contains(t, err.Error(), "handler.Server.AddTransport: transport.Websocket: the origin check is set twice")
			}()
			srv.AddTransport(tr)
		}()
	}
	assert.NotPanics(t, func() {
		srv.AddTransport(transport.Websocket{Upgrader: websocket.Upgrader{CheckOrigin: allow}})
		srv.AddTransport(&transport.Websocket{})
	})
}

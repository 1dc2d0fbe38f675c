package handler_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	coderws "github.com/coder/websocket"
	"github.com/gorilla/websocket"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/handler"
)

// helloSchema answers { hello } with "world", running the field middleware
// around its one resolver, and prices every field at 10.
type helloSchema struct{ schema *ast.Schema }

func newHelloSchema() *helloSchema {
	return &helloSchema{gqlparser.MustLoadSchema(&ast.Source{Input: `type Query { hello: String! }`})}
}

func (h *helloSchema) Schema() *ast.Schema { return h.schema }

func (h *helloSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 10, true
}

func (h *helloSchema) Exec(ctx context.Context) graphql.ResponseHandler {
	done := false
	return func(ctx context.Context) *graphql.Response {
		if done {
			return nil
		}
		done = true
		return h.run(ctx)
	}
}

func (h *helloSchema) run(ctx context.Context) *graphql.Response {
	oc := graphql.GetOperationContext(ctx)
	fields := graphql.CollectFields(oc, oc.Operation.SelectionSet, []string{"Query"})
	var out strings.Builder
	out.WriteString("{")
	for i, f := range fields {
		if i > 0 {
			out.WriteString(",")
		}
		fc := &graphql.FieldContext{Object: "Query", Field: f}
		fctx := graphql.WithFieldContext(ctx, fc)
		if f.Name == "__schema" {
			if oc.DisableIntrospection {
				graphql.AddErrorf(fctx, "introspection disabled")
				out.WriteString(`"` + f.Alias + `":null`)
			} else {
				out.WriteString(`"` + f.Alias + `":{"queryType":{"name":"Query"}}`)
			}
			continue
		}
		v, err := oc.ResolverMiddleware(fctx, func(context.Context) (any, error) { return "world", nil })
		if err != nil {
			graphql.AddError(fctx, err)
			out.WriteString(`"` + f.Alias + `":null`)
			continue
		}
		out.WriteString(`"` + f.Alias + `":"` + v.(string) + `"`)
	}
	out.WriteString("}")
	return &graphql.Response{Data: []byte(out.String())}
}

func post(t *testing.T, h http.Handler, body string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

func TestGraphQLServesQueries(t *testing.T) {
	h := handler.GraphQL(newHelloSchema())
	code, body := post(t, h, `{"query":"{ hello }"}`)
	if code != http.StatusOK || body != `{"data":{"hello":"world"}}` {
		t.Fatalf("got %d %s", code, body)
	}
	code, body = post(t, h, `{"query":"{ __schema { queryType { name } } }"}`)
	if code != http.StatusOK || !strings.Contains(body, `"queryType":{"name":"Query"}`) {
		t.Fatalf("introspection: %d %s", code, body)
	}
}

func TestGraphQLOptions(t *testing.T) {
	var trail []string
	var mu sync.Mutex
	record := func(s string) {
		mu.Lock()
		trail = append(trail, s)
		mu.Unlock()
	}
	h := handler.GraphQL(newHelloSchema(),
		handler.IntrospectionEnabled(false),
		handler.CacheSize(0),
		handler.ResolverMiddleware(func(ctx context.Context, next graphql.Resolver) (any, error) {
			record("field " + graphql.GetFieldContext(ctx).Field.Name)
			return next(ctx)
		}),
		handler.RequestMiddleware(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
			record("request")
			return next(ctx)
		}),
		handler.ErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
			return gqlerror.Errorf("presented: %v", err)
		}),
	)
	if _, body := post(t, h, `{"query":"{ hello }"}`); body != `{"data":{"hello":"world"}}` {
		t.Fatalf("query: %s", body)
	}
	if got := strings.Join(trail, ","); got != "request,field hello" {
		t.Errorf("middleware order %q", got)
	}
	_, body := post(t, h, `{"query":"{ __schema { queryType { name } } }"}`)
	if !strings.Contains(body, "presented: ") || !strings.Contains(body, "introspection disabled") {
		t.Errorf("introspection still on, or presenter unused: %s", body)
	}
}

func TestGraphQLComplexityLimit(t *testing.T) {
	h := handler.GraphQL(newHelloSchema(), handler.ComplexityLimit(15))
	if _, body := post(t, h, `{"query":"{ hello }"}`); body != `{"data":{"hello":"world"}}` {
		t.Fatalf("under the limit: %s", body)
	}
	code, body := post(t, h, `{"query":"{ a: hello b: hello }"}`)
	// Upstream registers no kind for the complexity error code, so it is a
	// user error answered with 200.
	if code != http.StatusOK || !strings.Contains(body, "operation has complexity 20, which exceeds the limit of 15") {
		t.Fatalf("over the limit: %d %s", code, body)
	}
	dynamic := handler.GraphQL(newHelloSchema(), handler.ComplexityLimitFunc(func(context.Context) int { return 5 }))
	if _, body := post(t, dynamic, `{"query":"{ hello }"}`); !strings.Contains(body, "exceeds the limit of 5") {
		t.Fatalf("limit func: %s", body)
	}
}

type memoryAPQ struct {
	mu sync.Mutex
	m  map[string]string
}

func (c *memoryAPQ) Add(_ context.Context, hash, query string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[hash] = query
}

func (c *memoryAPQ) Get(_ context.Context, hash string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	q, ok := c.m[hash]
	return q, ok
}

func TestGraphQLPersistedQueries(t *testing.T) {
	cache := &memoryAPQ{m: map[string]string{}}
	h := handler.GraphQL(newHelloSchema(), handler.EnablePersistedQueryCache(cache))
	// sha256("{ hello }")
	const hash = "8f9e6a3bbb2c2d6f2e3cc0e1ce5d06b0f8c1b3bbd0b3b6f9c2bba1e7d7c0e0f1"
	ext := `"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + hash + `"}}`
	if _, body := post(t, h, `{`+ext+`}`); !strings.Contains(body, "PersistedQueryNotFound") {
		t.Fatalf("unknown hash: %s", body)
	}
	if _, body := post(t, h, `{"query":"{ hello }",`+ext+`}`); !strings.Contains(body, "provided APQ hash does not match query") {
		t.Fatalf("wrong hash: %s", body)
	}
}

func TestPlayground(t *testing.T) {
	rec := httptest.NewRecorder()
	handler.Playground("My API", "/query").ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "My API") || !strings.Contains(rec.Body.String(), "/query") {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
}

func TestGetInitPayloadOutsideWebsocket(t *testing.T) {
	if p := handler.GetInitPayload(context.Background()); p != nil {
		t.Fatalf("got %v", p)
	}
}

// WebsocketUpgrader takes gorilla's Upgrader, as it did before gqlgen moved
// to coder/websocket; its CheckOrigin decides who may connect.
func TestWebsocketUpgrader(t *testing.T) {
	h := handler.GraphQL(newHelloSchema(), handler.WebsocketUpgrader(websocket.Upgrader{
		CheckOrigin:     func(r *http.Request) bool { return r.Header.Get("Origin") == "https://app.example" },
		ReadBufferSize:  1024,
		WriteBufferSize: 1024,
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	dial := func(origin string) (*coderws.Conn, *http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return coderws.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), &coderws.DialOptions{
			Subprotocols: []string{"graphql-transport-ws"},
			HTTPHeader:   http.Header{"Origin": {origin}},
		})
	}
	conn, _, err := dial("https://app.example")
	if err != nil {
		t.Fatalf("allowed origin: %v", err)
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := conn.Write(ctx, coderws.MessageText, []byte(`{"type":"connection_init"}`)); err != nil {
		t.Fatal(err)
	}
	if _, msg, err := conn.Read(ctx); err != nil || string(msg) != `{"type":"connection_ack"}` {
		t.Fatalf("got %s %v", msg, err)
	}
	_ = conn.Close(coderws.StatusNormalClosure, "")

	if _, resp, err := dial("https://evil.example"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("refused origin: %v %v", resp, err)
	}
}

package exec

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// fieldCalls counts the fields the test middleware saw.
var fieldCalls atomic.Int64

func newServer(withMiddleware bool) *handler.Server {
	cfg := Config{Resolvers: NewResolver()}
	cfg.Directives.Auth = func(ctx context.Context, obj any, next graphql.Resolver, role string) (any, error) {
		if ctx.Value(roleKey{}) != role {
			return nil, errors.New("forbidden: need " + role)
		}
		return next(ctx)
	}
	cfg.Directives.Upper = func(ctx context.Context, obj any, next graphql.Resolver) (any, error) {
		v, err := next(ctx)
		switch v := v.(type) {
		case string:
			return strings.ToUpper(v), err
		case *string:
			if v != nil {
				up := strings.ToUpper(*v)
				return &up, err
			}
		}
		return v, err
	}
	cfg.Directives.Log = func(ctx context.Context, obj any, next graphql.Resolver, tag *string) (any, error) {
		v, err := next(ctx)
		if s, ok := v.(string); ok && tag != nil {
			return s + "#" + *tag, err
		}
		return v, err
	}
	cfg.Complexity.Query.Products = func(child int, first *int, kind *Kind) int { return child * 10 }
	srv := handler.New(NewExecutableSchema(cfg))
	srv.AddTransport(transport.Websocket{KeepAlivePingInterval: time.Second})
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	srv.Use(extension.FixedComplexityLimit(50))
	if withMiddleware {
		srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
			fieldCalls.Add(1)
			return next(ctx)
		})
	}
	return srv
}

type roleKey struct{}

// post runs query and returns the raw response body.
func post(t *testing.T, h http.Handler, query string, vars map[string]any, role string) string {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if role != "" {
		req = req.WithContext(context.WithValue(req.Context(), roleKey{}, role))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return strings.TrimSpace(rec.Body.String())
}

type exchange struct {
	name, query string
	vars        map[string]any
	role        string
	want        string
}

// exchanges are checked with and without field middleware: the fast path
// the generated code takes without it must not change a byte.
var exchanges = []exchange{
	{name: "scalars", query: `{ product(id: "1") { id title price rating stock count32 active kind tags maybeTags custom: __typename } }`,
		want: `{"data":{"product":{"id":"1","title":"Go Book","price":39.5,"rating":4.5,"stock":3,"count32":7,"active":true,"kind":"BOOK","tags":["go","book"],"maybeTags":["x",null],"custom":"Product"}}}`},
	{name: "nullable scalars", query: `{ product(id: "2") { rating count32 maybeTags } }`,
		want: `{"data":{"product":{"rating":null,"count32":null,"maybeTags":null}}}`},
	{name: "aliases and order", query: `{ b: product(id: "2") { t: title id } a: product(id: "1") { id t: title } }`,
		want: `{"data":{"b":{"t":"Puzzle","id":"2"},"a":{"id":"1","t":"Go Book"}}}`},
	{name: "nested objects", query: `{ product(id: "1") { vendor { id name products { id } } cheapest { name } } }`,
		want: `{"data":{"product":{"vendor":{"id":"v1","name":"Acme","products":[{"id":"1"},{"id":"3"}]},"cheapest":{"name":"Acme"}}}}`},
	{name: "null nested object", query: `{ product(id: "2") { vendor { name } cheapest { name } } }`,
		want: `{"data":{"product":{"vendor":{"name":null},"cheapest":null}}}`},
	{name: "list with arguments", query: `{ products(first: 2) { id } all: products { id } books: products(kind: BOOK) { title kind } }`,
		want: `{"data":{"products":[{"id":"1"},{"id":"2"}],"all":[{"id":"1"},{"id":"2"},{"id":"3"}],"books":[{"title":"Go Book","kind":"BOOK"}]}}`},
	{name: "method with argument", query: `{ product(id: "1") { reviews { stars body } two: reviews(limit: 1) { stars } discounted(percent: 10) } }`,
		want: `{"data":{"product":{"reviews":[{"stars":5,"body":"great 1"},{"stars":3,"body":null}],"two":[{"stars":5}],"discounted":35.55}}}`},
	{name: "resolver and context method", query: `{ product(id: "3") { label labelCtx } }`,
		want: `{"data":{"product":{"label":"Hammer (TOOL)","labelCtx":"ctx:Hammer"}}}`},
	{name: "method error", query: `{ products { id fragile } }`,
		want: `{"errors":[{"message":"fragile failed","path":["products",1,"fragile"],"locations":[{"line":1,"column":17}]}],"data":{"products":[{"id":"1","fragile":"solid 1"},{"id":"2","fragile":null},{"id":"3","fragile":"solid 3"}]}}`},
	{name: "method panic", query: `{ products { risky } }`,
		want: `{"errors":[{"message":"internal system error","path":["products",2,"risky"]}],"data":null}`},
	{name: "method list", query: `{ products { initials } }`,
		want: `{"data":{"products":[{"initials":["G","B"]},{"initials":["P"]},{"initials":["H"]}]}}`},
	{name: "union", query: `{ search(text: "x") { __typename ... on Product { id } ... on Vendor { id name } ... on Clip { title seconds } } }`,
		want: `{"data":{"search":[{"__typename":"Product","id":"1"},{"__typename":"Vendor","id":"v2","name":null},{"__typename":"Clip","title":"trailer","seconds":30}]}}`},
	{name: "interface list with null", query: `{ media { __typename title ... on Clip { seconds } } }`,
		want: `{"data":{"media":[{"__typename":"Clip","title":"intro","seconds":5},null,{"__typename":"Product","title":"Hammer"}]}}`},
	{name: "interface fragments", query: `{ search(text: "x") { ... on Node { id } ... on Media { title } } }`,
		want: `{"data":{"search":[{"id":"1","title":"Go Book"},{"id":"v2"},{"title":"trailer"}]}}`},
	{name: "value slice", query: `{ stats { total byKind { kind count } } }`,
		want: `{"data":{"stats":{"total":3,"byKind":[{"kind":"BOOK","count":1},{"kind":"GAME","count":1}]}}}`},
	{name: "resolver error", query: `{ failing { id } product(id: "1") { id } }`,
		want: `{"errors":[{"message":"failing on purpose","path":["failing"],"locations":[{"line":1,"column":3}]}],"data":{"failing":null,"product":{"id":"1"}}}`},
	{name: "non-null root nil", query: `{ broken { id } product(id: "1") { id } }`,
		want: `{"errors":[{"message":"cannot return null for non-null field Query.broken (Product!): the resolver returned nil","path":["broken"]}],"data":null}`},
	{name: "non-null list element nil", query: `{ brokenList { id } }`,
		want: `{"errors":[{"message":"cannot return null for non-null element of field Query.brokenList (Product!): the list element was nil","path":["brokenList",1]}],"data":{"brokenList":null}}`},
	{name: "null propagation", query: `{ nested { level2 { value required } } }`,
		want: `{"errors":[{"message":"cannot return null for non-null field Level2.required (String!): the model struct field was nil and the field has no resolver","path":["nested","level2","required"]}],"data":{"nested":null}}`},
	{name: "null propagation partial", query: `{ nested { level2 { value } } }`,
		want: `{"data":{"nested":{"level2":{"value":"deep"}}}}`},
	{name: "panic", query: `{ panicky product(id: "1") { id } }`,
		want: `{"errors":[{"message":"internal system error","path":["panicky"]}],"data":{"panicky":null,"product":{"id":"1"}}}`},
	{name: "input object", query: `query($in: EchoInput!) { echo(input: $in) { text kinds flag note optionalSet } }`,
		vars: map[string]any{"in": map[string]any{"text": "ab", "times": 2, "kinds": []any{"BOOK", "TOOL"}, "inner": map[string]any{"flag": true, "note": "hi"}, "optional": nil}},
		want: `{"data":{"echo":{"text":"abab","kinds":["BOOK","TOOL"],"flag":true,"note":"HI","optionalSet":true}}}`},
	{name: "input defaults", query: `{ echo(input: {text: "x"}) { text kinds flag note optionalSet } }`,
		want: `{"data":{"echo":{"text":"x","kinds":null,"flag":null,"note":null,"optionalSet":false}}}`},
	{name: "input bad enum", query: `query($in: EchoInput!) { echo(input: $in) { text } }`,
		vars: map[string]any{"in": map[string]any{"text": "x", "kinds": []any{"NOPE"}}},
		want: `{"errors":[{"message":"NOPE is not a valid Kind","path":["variable","in","kinds",0],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"data":null}`},
	{name: "directive denies", query: `{ guarded(role: "bob") }`,
		want: `{"errors":[{"message":"forbidden: need admin","path":["guarded"],"locations":[{"line":1,"column":3}]}],"data":{"guarded":null}}`},
	{name: "directive allows", query: `{ guarded(role: "bob") }`, role: "admin",
		want: `{"data":{"guarded":"welcome BOB"}}`},
	{name: "query directive", query: `{ product(id: "1") { title @log(tag: "t") id @log } }`,
		want: `{"data":{"product":{"title":"Go Book#t","id":"1"}}}`},
	{name: "skip and include", query: `query($no: Boolean!) { product(id: "1") { id @skip(if: true) title @include(if: $no) price } }`, vars: map[string]any{"no": false},
		want: `{"data":{"product":{"price":39.5}}}`},
	{name: "map model", query: `{ mapped { name size } }`,
		want: `{"data":{"mapped":{"name":"mapped","size":3}}}`},
	{name: "custom scalar", query: `{ custom }`,
		want: `{"data":{"custom":"$12.34"}}`},
	{name: "mutation", query: `mutation { addReview(productID: "1", stars: 4, body: "ok") { stars body } }`,
		want: `{"data":{"addReview":{"stars":4,"body":"ok"}}}`},
	{name: "mutation error", query: `mutation { failStep }`,
		want: `{"errors":[{"message":"step failed","path":["failStep"],"locations":[{"line":1,"column":12}]}],"data":null}`},
	{name: "typename on root", query: `{ __typename }`,
		want: `{"data":{"__typename":"Query"}}`},
	{name: "introspection type", query: `{ __type(name: "Kind") { kind name enumValues { name } } }`,
		want: `{"data":{"__type":{"kind":"ENUM","name":"Kind","enumValues":[{"name":"BOOK"},{"name":"GAME"},{"name":"TOOL"}]}}}`},
	{name: "complexity limit", query: `{ products { reviews { body } } a: products { id } b: products { id } c: products { id } d: products { id } e: products { id } }`,
		want: `{"errors":[{"message":"operation has complexity 70, which exceeds the limit of 50","extensions":{"code":"COMPLEXITY_LIMIT_EXCEEDED"}}],"data":null}`},
}

func TestExchanges(t *testing.T) {
	for _, mw := range []bool{false, true} {
		srv := newServer(mw)
		for _, ex := range exchanges {
			name := ex.name
			if mw {
				name += "/middleware"
			}
			t.Run(name, func(t *testing.T) {
				got := post(t, srv, ex.query, ex.vars, ex.role)
				if os.Getenv("DUMP") != "" {
					t.Logf("%s => %s", ex.name, got)
				}
				if got != ex.want {
					t.Errorf("query %s\n got: %s\nwant: %s", ex.query, got, ex.want)
				}
			})
		}
	}
}

func TestMiddlewareSeesStructFields(t *testing.T) {
	srv := newServer(true)
	before := fieldCalls.Load()
	post(t, srv, `{ product(id: "1") { id title price vendor { id } } }`, nil, "")
	if got := fieldCalls.Load() - before; got != 6 {
		t.Errorf("field middleware saw %d fields, want 6", got)
	}
}

// Root fields with resolvers are resolved concurrently: each call of
// together waits until all three are running (see meeting), so the query
// only answers if they run at once.
func TestResolversRunConcurrently(t *testing.T) {
	srv := newServer(false)
	got := post(t, srv, `{ a: together(n: 3) b: together(n: 3) c: together(n: 3) }`, nil, "")
	if want := `{"data":{"a":3,"b":3,"c":3}}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// The elements of a list whose selection includes a resolver are resolved
// concurrently, as upstream resolves them.
func TestListElementsRunConcurrently(t *testing.T) {
	srv := newServer(false)
	got := post(t, srv, `{ products { id together(n: 3) } }`, nil, "")
	if want := `{"data":{"products":[{"id":"1","together":3},{"id":"2","together":3},{"id":"3","together":3}]}}`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestMutationsRunInOrder(t *testing.T) {
	srv := newServer(false)
	got := post(t, srv, `mutation { a: steps b: steps c: steps }`, nil, "")
	if want := `{"data":{"a":[1],"b":[1,2],"c":[1,2,3]}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestSubscription(t *testing.T) {
	c := client.New(newServer(false))
	sub := c.Websocket(`subscription { ticks(count: 3) }`)
	defer sub.Close()
	for want := 1; want <= 3; want++ {
		var resp struct{ Ticks int }
		if err := sub.Next(&resp); err != nil {
			t.Fatal(err)
		}
		if resp.Ticks != want {
			t.Fatalf("tick %d, want %d", resp.Ticks, want)
		}
	}
}

func TestTypedInputUnmarshaler(t *testing.T) {
	srv := newServer(false)
	_ = srv
	if _, err := UnmarshalEchoInput(context.Background(), map[string]any{"text": "x"}); err == nil {
		t.Error("UnmarshalEchoInput outside a request: want an error")
	}
}

// TestInitBeforeGenerated: a query run by an init function in a file that
// sorts before the generated code (aa_warmup.go) gets the answer the same
// query gets once the program runs, with no error: the generated code's
// own wiring is done before any init function of the package.
func TestInitBeforeGenerated(t *testing.T) {
	later := serveWarmup()
	if strings.Contains(later, `"errors"`) || !strings.Contains(later, `"vendor":{"name":`) {
		t.Fatalf("the warm-up query failed after start-up: %s", later)
	}
	if warmupAnswer != later {
		t.Errorf("the warm-up query run from init answered\n%s\nafter start-up it answers\n%s", warmupAnswer, later)
	}
}

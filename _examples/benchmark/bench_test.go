// The side-by-side benchmark: the same schemas, resolvers and requests,
// compiled once against this module's generator and runtime and once
// against upstream gqlgen v0.17.98 (compare.sh builds both and runs them in
// alternating rounds). Each benchmark serves one request in process: one
// *http.Request and one response writer are built before the loop and
// reused, so what is measured is the server, the generated code and the
// resolvers, not the harness.
package benchmark_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	entities "github.com/99designs/gqlgen/_examples/benchmark/entities/graph"
	realistic "github.com/99designs/gqlgen/_examples/benchmark/realistic/graph"
	todo "github.com/99designs/gqlgen/_examples/benchmark/todo/graph"
)

// body is a request body that can be rewound without allocating.
type body struct{ bytes.Reader }

func (*body) Close() error { return nil }

// recorder is a reusable http.ResponseWriter keeping the last response.
type recorder struct {
	header http.Header
	code   int
	buf    []byte
}

func (w *recorder) Header() http.Header { return w.header }
func (w *recorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *recorder) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *recorder) reset() {
	w.code = 0
	w.buf = w.buf[:0]
	clear(w.header)
}

// exchange is one reusable POST request to a handler.
type exchange struct {
	h    http.Handler
	req  *http.Request
	body *body
	w    *recorder
}

func newExchange(h http.Handler) *exchange {
	x := &exchange{h: h, body: &body{}, w: &recorder{header: http.Header{}, buf: make([]byte, 0, 16<<10)}}
	x.req = httptest.NewRequest(http.MethodPost, "/query", nil)
	x.req.Header.Set("Content-Type", "application/json")
	x.req.Body = x.body
	return x
}

// do serves payload and leaves the response in x.w.
func (x *exchange) do(payload []byte) {
	x.body.Reset(payload)
	x.req.ContentLength = int64(len(payload))
	x.w.reset()
	x.h.ServeHTTP(x.w, x.req)
}

// run checks one response against want, then serves payload b.N times.
func (x *exchange) run(b *testing.B, payload []byte, want string) {
	b.Helper()
	x.do(payload)
	if x.w.code != http.StatusOK || string(x.w.buf) != want {
		b.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, want)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU(b)
	for range b.N {
		x.do(payload)
	}
	cpu.stop(b)
}

func newPOSTServer(h *handler.Server) *handler.Server {
	h.AddTransport(transport.POST{})
	return h
}

func todoServer() http.Handler {
	return newPOSTServer(handler.New(todo.NewExecutableSchema(todo.Config{Resolvers: &todo.Resolver{}})))
}

func realisticServer() http.Handler {
	return newPOSTServer(handler.New(realistic.NewExecutableSchema(realistic.Config{Resolvers: realistic.NewResolver()})))
}

// todoJSON is the response text of todo i of schema (b).
func todoJSON(i int) string {
	u := strconv.Itoa(i % realistic.NumUsers)
	return `{"id":"T` + strconv.Itoa(i) + `","text":"todo number ` + strconv.Itoa(i) +
		`","done":` + strconv.FormatBool(i%3 == 0) + `,"user":{"id":"U` + u + `","name":"User ` + u + `"}}`
}

func todosJSON(ids ...int) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = todoJSON(id)
	}
	return `{"data":{"todos":[` + strings.Join(parts, ",") + `]}}`
}

func firstTodos(n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = i
	}
	return ids
}

func entitiesServer() http.Handler {
	return newPOSTServer(handler.New(entities.NewExecutableSchema(entities.Config{Resolvers: entities.NewResolver()})))
}

// entitiesRequest is an _entities request for all NumEntities entities of
// typename, keyed by key with values prefix0, prefix1, ..., in the
// variables as a gateway sends it; entitiesResponse is its response.
func entitiesRequest(typename, key, prefix string) string {
	var b strings.Builder
	b.WriteString(`{"query":"query($r: [_Any!]!) { _entities(representations: $r) { ... on ` + typename +
		` { ` + key + ` name price } } }","variables":{"r":[`)
	for i := range entities.NumEntities {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"__typename":"` + typename + `","` + key + `":"` + prefix + strconv.Itoa(i) + `"}`)
	}
	b.WriteString(`]}}`)
	return b.String()
}

func entitiesResponse(key, prefix, name string) string {
	var b strings.Builder
	b.WriteString(`{"data":{"_entities":[`)
	for i := range entities.NumEntities {
		if i > 0 {
			b.WriteByte(',')
		}
		n := strconv.Itoa(i)
		b.WriteString(`{"` + key + `":"` + prefix + n + `","name":"` + name + ` ` + n + `","price":` + strconv.Itoa(100+i) + `}`)
	}
	b.WriteString(`]}}`)
	return b.String()
}

const todosQuery = `{"query":"{ todos { id text done user { id name } } }"}`

// cases are benchmarks 1 to 5, 7 and 8: one fixed request each.
var cases = []struct {
	name    string
	server  func() http.Handler
	payload string
	want    string
}{{
	// 1. Schema (a), empty result, handler.New with the POST transport only.
	name:    "TodosEmpty_New",
	server:  todoServer,
	payload: todosQuery,
	want:    `{"data":{"todos":[]}}`,
}, {
	// 2. The same through handler.NewDefaultServer (query cache, APQ,
	// introspection, every transport).
	name: "TodosEmpty_DefaultServer",
	server: func() http.Handler {
		return handler.NewDefaultServer(todo.NewExecutableSchema(todo.Config{Resolvers: &todo.Resolver{}}))
	},
	payload: todosQuery,
	want:    `{"data":{"todos":[]}}`,
}, {
	// 3. Schema (b): 100 todos, each with its user (a struct field), ~8 KB.
	name:    "Todos100",
	server:  realisticServer,
	payload: `{"query":"{ todos(first: 100) { id text done user { id name } } }"}`,
	want:    todosJSON(firstTodos(realistic.NumTodos)...),
}, {
	// 4. Schema (b): an operation with three variables (10 todos come back).
	name:   "Variables3",
	server: realisticServer,
	payload: `{"operationName":"Find","query":"query Find($first: Int!, $done: Boolean, $text: String) {` +
		` todos(first: $first, done: $done, text: $text) { id text done user { id name } } }",` +
		`"variables":{"first":10,"done":true,"text":"number"}}`,
	want: todosJSON(0, 3, 6, 9, 12, 15, 18, 21, 24, 27),
}, {
	// 5. Schema (b): a mutation taking an input object as a variable.
	name:   "MutationInput",
	server: realisticServer,
	payload: `{"query":"mutation Add($input: NewTodo!) { createTodo(input: $input) { id text done tags user { id name } } }",` +
		`"variables":{"input":{"text":"buy milk","userId":"U3","done":true,"tags":["home","shopping"]}}}`,
	want: `{"data":{"createTodo":{"id":"T100","text":"buy milk","done":true,"tags":["home","shopping"],"user":{"id":"U3","name":"User 3"}}}}`,
}, {
	// 7. Schema (c): _entities with 100 representations of Product, each
	// resolved by its own call of the single-entity resolver.
	name:    "Entities100_Single",
	server:  entitiesServer,
	payload: entitiesRequest("Product", "upc", "P"),
	want:    entitiesResponse("upc", "P", "Product"),
}, {
	// 8. Schema (c): the same for Item, all 100 resolved by one call of
	// the batch resolver (@entityResolver(multi: true)).
	name:    "Entities100_Batch",
	server:  entitiesServer,
	payload: entitiesRequest("Item", "id", "I"),
	want:    entitiesResponse("id", "I", "Item"),
}}

// TestResponses checks every benchmark's response, twice each (the second
// time through the server's caches).
func TestResponses(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := newExchange(c.server())
			for range 2 {
				x.do([]byte(c.payload))
				if x.w.code != http.StatusOK || string(x.w.buf) != c.want {
					t.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, c.want)
				}
			}
		})
	}
	t.Run("FirstSeenQuery", func(t *testing.T) {
		x := newExchange(realisticServer())
		for i := range 3 {
			x.do(firstSeen(nil, i))
			if want := todosJSON(0, 1, 2); x.w.code != http.StatusOK || string(x.w.buf) != want {
				t.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, want)
			}
		}
	})
}

func BenchmarkTodosEmpty_New(b *testing.B)           { benchCase(b, 0) }
func BenchmarkTodosEmpty_DefaultServer(b *testing.B) { benchCase(b, 1) }
func BenchmarkTodos100(b *testing.B)                 { benchCase(b, 2) }
func BenchmarkVariables3(b *testing.B)               { benchCase(b, 3) }
func BenchmarkMutationInput(b *testing.B)            { benchCase(b, 4) }
func BenchmarkEntities100_Single(b *testing.B)       { benchCase(b, 5) }
func BenchmarkEntities100_Batch(b *testing.B)        { benchCase(b, 6) }

func benchCase(b *testing.B, i int) {
	c := cases[i]
	newExchange(c.server()).run(b, []byte(c.payload), c.want)
}

// firstSeen appends to buf the request of benchmark 6 with operation Q<i>.
func firstSeen(buf []byte, i int) []byte {
	buf = append(buf[:0], `{"query":"query Q`...)
	buf = strconv.AppendInt(buf, int64(i), 10)
	return append(buf, ` { todos(first: 3) { id text done user { id name } } }"}`...)
}

// 6. Schema (b), handler.New: a query whose text the server has never seen
// (a new operation name each iteration), so it is parsed and validated
// every time.
func BenchmarkFirstSeenQuery(b *testing.B) {
	x := newExchange(realisticServer())
	want := todosJSON(0, 1, 2)
	payload := firstSeen(make([]byte, 0, 128), 0)
	x.do(payload)
	if x.w.code != http.StatusOK || string(x.w.buf) != want {
		b.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, want)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU(b)
	for i := range b.N {
		payload = firstSeen(payload, i+1)
		x.do(payload)
	}
	cpu.stop(b)
}

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
	for range b.N {
		x.do(payload)
	}
}

func newPOSTServer(h *handler.Server) *handler.Server {
	h.AddTransport(transport.POST{})
	return h
}

func todoServer() *handler.Server {
	return newPOSTServer(handler.New(todo.NewExecutableSchema(todo.Config{Resolvers: &todo.Resolver{}})))
}

func realisticServer() *handler.Server {
	return newPOSTServer(handler.New(realistic.NewExecutableSchema(realistic.Config{Resolvers: realistic.NewResolver()})))
}

const todosQuery = `{"query":"{ todos { id text done user { id name } } }"}`

// 1. Schema (a), empty result, handler.New with the POST transport only.
func BenchmarkTodosEmpty_New(b *testing.B) {
	newExchange(todoServer()).run(b, []byte(todosQuery), `{"data":{"todos":[]}}`)
}

// 2. The same through handler.NewDefaultServer (query cache, APQ,
// introspection, every transport).
func BenchmarkTodosEmpty_DefaultServer(b *testing.B) {
	h := handler.NewDefaultServer(todo.NewExecutableSchema(todo.Config{Resolvers: &todo.Resolver{}}))
	newExchange(h).run(b, []byte(todosQuery), `{"data":{"todos":[]}}`)
}

// todoJSON is the response text of one todo of schema (b).
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

// 3. Schema (b): 100 todos, each with its user (a struct field), ~8 KB.
func BenchmarkTodos100(b *testing.B) {
	ids := make([]int, realistic.NumTodos)
	for i := range ids {
		ids[i] = i
	}
	newExchange(realisticServer()).run(b,
		[]byte(`{"query":"{ todos(first: 100) { id text done user { id name } } }"}`), todosJSON(ids...))
}

// 4. Schema (b): an operation with three variables (10 todos come back).
func BenchmarkVariables3(b *testing.B) {
	payload := `{"operationName":"Find","query":"query Find($first: Int!, $done: Boolean, $text: String) {` +
		` todos(first: $first, done: $done, text: $text) { id text done user { id name } } }",` +
		`"variables":{"first":10,"done":true,"text":"number"}}`
	newExchange(realisticServer()).run(b, []byte(payload), todosJSON(0, 3, 6, 9, 12, 15, 18, 21, 24, 27))
}

// 5. Schema (b): a mutation taking an input object as a variable.
func BenchmarkMutationInput(b *testing.B) {
	payload := `{"query":"mutation Add($input: NewTodo!) { createTodo(input: $input) { id text done tags user { id name } } }",` +
		`"variables":{"input":{"text":"buy milk","userId":"U3","done":true,"tags":["home","shopping"]}}}`
	want := `{"data":{"createTodo":{"id":"T100","text":"buy milk","done":true,"tags":["home","shopping"],"user":{"id":"U3","name":"User 3"}}}}`
	newExchange(realisticServer()).run(b, []byte(payload), want)
}

// 6. Schema (b), handler.New: a query whose text the server has never seen
// (a new operation name each iteration), so it is parsed and validated
// every time.
func BenchmarkFirstSeenQuery(b *testing.B) {
	x := newExchange(realisticServer())
	const head, tail = `{"query":"query Q`, ` { todos(first: 3) { id text done user { id name } } }"}`
	want := todosJSON(0, 1, 2)
	payload := make([]byte, 0, 128)
	next := func(i int) []byte {
		payload = append(payload[:0], head...)
		payload = strconv.AppendInt(payload, int64(i), 10)
		return append(payload, tail...)
	}
	x.do(next(0))
	if x.w.code != http.StatusOK || string(x.w.buf) != want {
		b.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, want)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		x.do(next(i + 1))
	}
}

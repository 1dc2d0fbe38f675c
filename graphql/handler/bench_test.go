package handler_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// fixedSchema answers every operation with the same data.
type fixedSchema struct{ parsed *ast.Schema }

func (s fixedSchema) Schema() *ast.Schema { return s.parsed }

func (fixedSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 0, false
}

var fixedData = []byte(`{"hero":{"name":"R2-D2"}}`)

func (fixedSchema) Exec(context.Context) graphql.ResponseHandler {
	return graphql.OneShot(&graphql.Response{Data: fixedData})
}

// replayTransport serves every request with the same decoded parameters
// and drops the response, so that a benchmark measures the server and the
// executor rather than request decoding and response encoding.
type replayTransport struct{ params graphql.RawParams }

func (replayTransport) Supports(*http.Request) bool { return true }

func (t *replayTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	params := t.params
	opCtx, errs := exec.CreateOperationContext(r.Context(), &params)
	if errs != nil {
		panic(errs)
	}
	next, ctx := exec.DispatchOperation(r.Context(), opCtx)
	if next(ctx) == nil {
		panic("no response")
	}
}

type discard struct{ h http.Header }

func (d discard) Header() http.Header       { return d.h }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

func newBenchServer(tb testing.TB) *handler.Server {
	schema, err := gqlparser.LoadSchema(&ast.Source{Input: `
		type Character { name: String! }
		type Query { hero(id: ID!): Character }
	`})
	if err != nil {
		tb.Fatal(err)
	}
	srv := handler.New(fixedSchema{schema})
	srv.AddTransport(&replayTransport{params: graphql.RawParams{
		Query:     `query Hero($id: ID!) { hero(id: $id) { name } }`,
		Variables: map[string]any{"id": "2001"},
	}})
	return srv
}

func BenchmarkServeHTTP(b *testing.B) {
	for _, cached := range []bool{true, false} {
		name := "uncached"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			srv := newBenchServer(b)
			if !cached {
				srv.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{})
			}
			r := httptest.NewRequest(http.MethodPost, "/graphql", http.NoBody)
			w := discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				srv.ServeHTTP(w, r)
			}
		})
	}
}

// TestServeHTTPAllocations guards the server's share of a cached request:
// the start-time context and request copy ServeHTTP makes, plus the
// executor's own.
func TestServeHTTPAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race")
	}
	srv := newBenchServer(t)
	r := httptest.NewRequest(http.MethodPost, "/graphql", http.NoBody)
	w := discard{h: http.Header{}}
	srv.ServeHTTP(w, r)
	allocs := testing.AllocsPerRun(200, func() { srv.ServeHTTP(w, r) })
	t.Logf("%v allocations per cached request", allocs)
	if allocs > 16 {
		t.Errorf("%v allocations per cached request, want at most 16", allocs)
	}
}

// rewindBody is a request body that can be read again without allocating.
type rewindBody struct{ *bytes.Reader }

func (rewindBody) Close() error { return nil }

// BenchmarkPOST is a small query end to end through the real POST transport:
// body decoding, the executor, and the response envelope. Only the schema's
// Exec is a stub.
func BenchmarkPOST(b *testing.B) {
	schema, err := gqlparser.LoadSchema(&ast.Source{Input: `
		type Character { name: String! }
		type Query { hero(id: ID!): Character }
	`})
	if err != nil {
		b.Fatal(err)
	}
	payload := []byte(`{"query":"query Hero($id: ID!) { hero(id: $id) { name } }","variables":{"id":"2001"}}`)
	for _, cached := range []bool{true, false} {
		name := "uncached"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			srv := handler.New(fixedSchema{schema})
			if !cached {
				srv.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{})
			}
			srv.AddTransport(transport.POST{})
			body := rewindBody{bytes.NewReader(payload)}
			r := httptest.NewRequest(http.MethodPost, "/graphql", body)
			r.Header.Set("Content-Type", "application/json")
			w := discard{h: http.Header{}}
			b.ReportAllocs()
			for b.Loop() {
				body.Reset(payload)
				srv.ServeHTTP(w, r)
			}
		})
	}
}

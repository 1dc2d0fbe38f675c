package hostile

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// newServer is handler.New over the hostile schema with the POST
// transport, as a user would set it up, but without a query cache: every
// request is parsed and validated, as the first request of a document is
// (and as every request is in upstream's handler.New, which has no cache).
func newServer() *handler.Server {
	srv := handler.New(NewSchema())
	srv.AddTransport(transport.POST{})
	srv.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{})
	return srv
}

// post sends query to h as a JSON POST and returns the recorded answer.
func post(h http.Handler, body []byte) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// requestBody is the POST body for query. The documents are ASCII, for
// which Go's quoting is JSON's.
func requestBody(query string) []byte {
	return []byte(`{"query":` + strconv.Quote(query) + `}`)
}

// BenchmarkHostile times one request per hostile document through
// handler.New with no limits set: parsing, validation and execution.
func BenchmarkHostile(b *testing.B) {
	benchCases(b, newServer())
}

func benchCases(b *testing.B, h http.Handler) {
	for _, c := range Cases() {
		body := requestBody(c.Query)
		b.Run(c.Name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			size := 0
			for b.Loop() {
				size = post(h, body).Body.Len()
			}
			// On a shared machine wall time includes waiting for a core;
			// CPU time is what the request itself costs.
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(size), "response-bytes")
		})
	}
}

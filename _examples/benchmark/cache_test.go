package benchmark_test

// Like-for-like query caching. This module's handler.New keeps an LRU of
// parsed and validated documents by default; upstream's handler.New keeps
// none. The benchmarks of bench_test.go take each side's default; these
// set the cache explicitly, the same way on both sides, so that the
// headline comparison is of equals:
//
//	Cache/LRU/...     SetQueryCache(lru.New(1000)) on both sides
//	Cache/None/...    SetQueryCache(graphql.NoCache{}) on both sides:
//	                  every request is parsed and validated (first seen)

import (
	"net/http"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/lru"

	realistic "github.com/99designs/gqlgen/_examples/benchmark/realistic/graph"
	todo "github.com/99designs/gqlgen/_examples/benchmark/todo/graph"
)

// cacheModes are the two explicit query-cache settings.
var cacheModes = []struct {
	name string
	set  func(*handler.Server)
}{
	{"LRU", func(h *handler.Server) { h.SetQueryCache(lru.New[*ast.QueryDocument](1000)) }},
	{"None", func(h *handler.Server) { h.SetQueryCache(graphql.NoCache[*ast.QueryDocument]{}) }},
}

// cachedServer builds the server of cases[i] with handler.New and the
// POST transport, its query cache set by set.
func cachedServer(i int, set func(*handler.Server)) http.Handler {
	var h *handler.Server
	if cases[i].name == "TodosEmpty_New" {
		h = handler.New(todo.NewExecutableSchema(todo.Config{Resolvers: &todo.Resolver{}}))
	} else {
		h = handler.New(realistic.NewExecutableSchema(realistic.Config{Resolvers: realistic.NewResolver()}))
	}
	set(h)
	return newPOSTServer(h)
}

// cachedCases are the indexes in cases of the benchmarks run with each
// cache mode (the ones served by handler.New over schemas (a) and (b)).
var cachedCases = []int{0, 2, 3, 4}

func BenchmarkCache(b *testing.B) {
	for _, m := range cacheModes {
		b.Run(m.name, func(b *testing.B) {
			for _, i := range cachedCases {
				c := cases[i]
				b.Run(c.name, func(b *testing.B) {
					newExchange(cachedServer(i, m.set)).run(b, []byte(c.payload), c.want)
				})
			}
		})
	}
}

func TestCacheModes(t *testing.T) {
	for _, m := range cacheModes {
		for _, i := range cachedCases {
			c := cases[i]
			t.Run(m.name+"/"+c.name, func(t *testing.T) {
				x := newExchange(cachedServer(i, m.set))
				for range 2 {
					x.do([]byte(c.payload))
					if x.w.code != http.StatusOK || string(x.w.buf) != c.want {
						t.Fatalf("status %d, body\n%s\nwant\n%s", x.w.code, x.w.buf, c.want)
					}
				}
			})
		}
	}
}

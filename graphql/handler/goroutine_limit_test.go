package handler_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/internal/fanout"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// fanOutQuery resolves 100 rows of 100 cells: 10,100 list elements whose
// fields have resolvers, each a goroutine without a goroutine limit.
const fanOutQuery = `{"query":"{ rows(n: 100) { index cells(n: 100) { row column value } } }"}`

func fanOutServer(r *fanout.Resolver, limit int) *handler.Server {
	srv := handler.New(fanout.NewExecutableSchema(fanout.Config{Resolvers: r}))
	srv.AddTransport(transport.POST{})
	srv.SetGoroutineLimit(limit)
	return srv
}

func postFanOut(t testing.TB, srv http.Handler, body string) string {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	return w.Body.String()
}

// maxGauge keeps the largest value it was shown.
type maxGauge struct{ v atomic.Int64 }

func (g *maxGauge) observe(n int64) {
	for {
		old := g.v.Load()
		if n <= old || g.v.CompareAndSwap(old, n) {
			return
		}
	}
}

// With a limit, the query that would start 10,100 goroutines answers the
// same bytes as without one, with at most limit+1 cell resolvers running at
// once (the limit's goroutines and the request's own: a cell resolver is a
// leaf, so a goroutine runs one at a time). How many goroutines exist at
// once is logged, not asserted: runtime.NumGoroutine also counts goroutines
// that have given their slot back and not yet exited, and on a loaded
// machine there is no bound on how many of those wait to be scheduled.
// That a slot is held until its goroutine's work returns is asserted with
// explicit synchronisation in graphql's TestTryGoHoldsASlotUntilReturn.
func TestGoroutineLimitBoundsFanOut(t *testing.T) {
	want := postFanOut(t, fanOutServer(&fanout.Resolver{}, 0), fanOutQuery)
	require.Contains(t, want, `{"row":99,"column":99,"value":99099}`)

	for _, limit := range []int{1, 8, 64} {
		var peakGoroutines, peakActive maxGauge
		var calls, active atomic.Int64
		srv := fanOutServer(&fanout.Resolver{OnValue: func(context.Context) {
			calls.Add(1)
			peakActive.observe(active.Add(1))
			runtime.Gosched() // let the other goroutines of the operation run
			peakGoroutines.observe(int64(runtime.NumGoroutine()))
			active.Add(-1)
		}}, limit)
		baseline := int64(runtime.NumGoroutine())
		got := postFanOut(t, srv, fanOutQuery)
		assert.Equal(t, want, got, "limit %d: same bytes", limit)
		assert.Equal(t, int64(10_000), calls.Load())
		extra := peakGoroutines.v.Load() - baseline
		t.Logf("limit %d: at most %d cell resolvers at once, %d goroutines beside the baseline of %d",
			limit, peakActive.v.Load(), extra, baseline)
		assert.LessOrEqual(t, peakActive.v.Load(), int64(limit+1), "limit %d: resolvers at once", limit)
	}
}

// Without a limit the same query does run far more goroutines at once:
// the cell resolvers wait until 1,000 of them are running together, which
// only happens with at least that many goroutines.
func TestGoroutineLimitOffRunsConcurrently(t *testing.T) {
	const together = 1000
	var arrived atomic.Int64
	all := make(chan struct{})
	srv := fanOutServer(&fanout.Resolver{OnValue: func(ctx context.Context) {
		if arrived.Add(1) == together {
			close(all)
		}
		select {
		case <-all:
		case <-time.After(hangGuard):
		}
	}}, 0)
	postFanOut(t, srv, fanOutQuery)
	select {
	case <-all:
	default:
		t.Fatalf("only %d cell resolvers ever ran together", arrived.Load())
	}
}

// BenchmarkGoroutineLimit serves a smaller fan-out (20 rows of 20 cells,
// 420 would-be goroutines) without a limit and with one. "off" is the
// figure to compare with the code from before the limit: it runs first,
// before any operation of the process has had a limit.
func BenchmarkGoroutineLimit(b *testing.B) {
	const query = `{"query":"{ rows(n: 20) { index cells(n: 20) { value } } }"}`
	for _, c := range []struct {
		name  string
		limit int
	}{{"off", 0}, {"limit=8", 8}} {
		b.Run(c.name, func(b *testing.B) {
			srv := fanOutServer(&fanout.Resolver{}, c.limit)
			postFanOut(b, srv, query)
			b.ReportAllocs()
			for b.Loop() {
				postFanOut(b, srv, query)
			}
		})
	}
}

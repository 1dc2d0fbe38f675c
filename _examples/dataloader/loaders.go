package dataloader

import (
	"context"
	"net/http"
	"time"

	"github.com/vikstrous/dataloadgen"
)

// Loaders batch the lookups one request makes. They cache what they load, so
// they must live no longer than a request: Middleware makes a fresh set for
// each one.
type Loaders struct {
	customer         *dataloadgen.Loader[int, *Customer]
	ordersByCustomer *dataloadgen.Loader[int, []*Order]
}

// NewLoaders returns loaders over db that gather the keys asked for during
// wait into one query; opts tune them further (for example
// dataloadgen.WithBatchCapacity, which queries as soon as that many distinct
// keys are waiting).
func NewLoaders(db *DB, wait time.Duration, opts ...dataloadgen.Option) *Loaders {
	opts = append([]dataloadgen.Option{dataloadgen.WithWait(wait)}, opts...)
	return &Loaders{
		customer:         dataloadgen.NewMappedLoader(db.CustomersByID, opts...),
		ordersByCustomer: dataloadgen.NewMappedLoader(db.OrdersByCustomer, opts...),
	}
}

type loadersKey struct{}

// Middleware gives every request its own Loaders, found again by the
// resolvers through the request context.
func Middleware(db *DB, wait time.Duration, next http.Handler, opts ...dataloadgen.Option) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), loadersKey{}, NewLoaders(db, wait, opts...))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// loadersFrom returns the request's loaders, or nil when the server runs
// without Middleware (the N+1 baseline the tests compare against).
func loadersFrom(ctx context.Context) *Loaders {
	l, _ := ctx.Value(loadersKey{}).(*Loaders)
	return l
}

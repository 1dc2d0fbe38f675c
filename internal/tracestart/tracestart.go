// Package tracestart holds the context key under which graphql records the
// start of an operation (graphql.StartOperationTrace), so that transports
// can read it without the panic of graphql.GetStartTime when it is absent.
package tracestart

import (
	"context"
	"time"
)

// Key is the context key; the value stored under it is a *time.Time.
type Key struct{}

// From returns the start time recorded in ctx, if any.
func From(ctx context.Context) (time.Time, bool) {
	if t, ok := ctx.Value(Key{}).(*time.Time); ok {
		return *t, true
	}
	return time.Time{}, false
}

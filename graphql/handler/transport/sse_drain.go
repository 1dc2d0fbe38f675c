package transport

import (
	"context"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/internal/drain"
)

// A shutdown of the handler.Server reaches an SSE stream through the hooks
// it registers. graphql-sse clients subscribe again when a stream ends
// before its "complete" event, and take that event as the subscription's
// normal end; so a shutdown ends a subscription's stream without it. The
// stream of a query or mutation runs to its end, complete included.

// drainStream registers the stream of the operation opCtx with c. The
// returned context, a child of ctx, is cancelled when the shutdown stops
// the operation; drained is set when the stream must then end without its
// complete event.
func drainStream(ctx context.Context, c *drain.Coordinator, opCtx *graphql.OperationContext) (context.Context, *atomic.Bool, *drain.Stream) {
	ctx, cancel := context.WithCancel(ctx)
	drained := new(atomic.Bool)
	subscription := opCtx.Operation != nil && opCtx.Operation.Operation == ast.Subscription
	st := c.Register(func() {
		if subscription {
			drained.Store(true)
			cancel()
		}
	}, func() {
		drained.Store(true)
		cancel()
	})
	return ctx, drained, st
}

// drain stops the reservation's subscriptions and ends its stream once no
// operation is left.
func (res *sseReservation) drain() {
	res.mu.Lock()
	res.draining = true
	for _, op := range res.ops {
		if op.subscription {
			op.drained = true
			op.cancel()
		}
	}
	idle := len(res.ops) == 0
	res.mu.Unlock()
	if idle {
		res.cancel()
	}
}

package graphql

import (
	"bytes"
	"context"
)

// Event is one value of a subscription stream together with the context it
// was published under. A subscription field marked @subscriptionContext
// returns a channel of Event[T] instead of T, and the executor hands each
// event's Context to response middleware (AroundResponses) while that
// event's response is produced.
//
// Context should derive from the subscription's request context, so that
// request-scoped values (the user, trace ids) stay reachable; nothing
// checks this. A nil Context stands for the context the stream is read
// with.
type Event[T any] struct {
	// Context is the context the event was published under, or nil.
	Context context.Context
	// Value is the payload.
	Value T
}

// StreamWithoutEventContext adapts the reader of a subscription field that
// carries no per-event context to the shape of one that does: every value
// comes with the context it was read with. It lets both kinds of field
// share one Subscription type.
func StreamWithoutEventContext(next func(context.Context) Marshaler) func(context.Context) (context.Context, Marshaler) {
	return func(ctx context.Context) (context.Context, Marshaler) {
		return ctx, next(ctx)
	}
}

// SubscriptionEventResponseHandler turns the reader of a subscription
// stream into a handler that yields one Response per event, along with the
// event's context. It yields a nil Response (and the context it was given)
// once the reader returns a nil Marshaler. The handler reuses one buffer,
// so each Response is only valid until the next call.
func SubscriptionEventResponseHandler(next func(context.Context) (context.Context, Marshaler)) ResponseHandlerWithContext {
	var buf bytes.Buffer
	return func(ctx context.Context) (context.Context, *Response) {
		evCtx, data := next(ctx)
		if data == nil {
			return ctx, nil
		}
		buf.Reset()
		data.MarshalGQL(&buf)
		return evCtx, &Response{Data: buf.Bytes()}
	}
}

// SubscriptionResponseHandler is SubscriptionEventResponseHandler without
// the event contexts.
func SubscriptionResponseHandler(next func(context.Context) (context.Context, Marshaler)) ResponseHandler {
	h := SubscriptionEventResponseHandler(next)
	return func(ctx context.Context) *Response {
		_, resp := h(ctx)
		return resp
	}
}

// NullStream returns a subscription reader that always yields Null, the
// stand-in generated code uses when a subscription field cannot start.
func NullStream() func(context.Context) Marshaler {
	return nullStream
}

func nullStream(context.Context) Marshaler { return Null }

// NullEventStream is NullStream for subscriptions with per-event contexts:
// it yields Null with the context it is given.
func NullEventStream() func(context.Context) (context.Context, Marshaler) {
	return nullEventStream
}

func nullEventStream(ctx context.Context) (context.Context, Marshaler) { return ctx, Null }

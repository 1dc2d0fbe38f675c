package transport

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
)

// InitPayload is the payload of a websocket client's connection_init
// message, which browsers use in place of HTTP headers (they cannot set any
// on a websocket handshake). Numbers in it are float64 values.
type InitPayload map[string]any

// GetString returns the string stored under key, or "" when there is none
// or the value is not a string.
func (p InitPayload) GetString(key string) string {
	s, _ := p[key].(string)
	return s
}

// Authorization returns the "Authorization" entry, or else the
// "authorization" one.
func (p InitPayload) Authorization() string {
	if s := p.GetString("Authorization"); s != "" {
		return s
	}
	return p.GetString("authorization")
}

type initPayloadKey struct{}

func withInitPayload(ctx context.Context, p InitPayload) context.Context {
	return context.WithValue(ctx, initPayloadKey{}, p)
}

// GetInitPayload returns the connection_init payload of the websocket
// connection an operation came in on, or nil.
func GetInitPayload(ctx context.Context) InitPayload {
	p, _ := ctx.Value(initPayloadKey{}).(InitPayload)
	return p
}

type closeReasonKey struct{}

// AppendCloseReason records in ctx the reason a websocket connection gives
// when it is closed because ctx ended, or because an InitFunc returning ctx
// refused it. Returned from an InitFunc, the reason is also sent as a
// connection_error message (graphql-ws only) when the context ends.
func AppendCloseReason(ctx context.Context, reason string) context.Context {
	return context.WithValue(ctx, closeReasonKey{}, reason)
}

func closeReasonOf(ctx context.Context) string {
	s, _ := ctx.Value(closeReasonKey{}).(string)
	return s
}

type closeCodeKey struct{}

// WithWebsocketCloseCode records in ctx the status code to close the
// connection with when an InitFunc returning ctx refuses it (default
// WebsocketCloseNormalClosure).
func WithWebsocketCloseCode(ctx context.Context, code int) context.Context {
	return context.WithValue(ctx, closeCodeKey{}, code)
}

func closeCodeOf(ctx context.Context) int {
	if code, ok := ctx.Value(closeCodeKey{}).(int); ok {
		return code
	}
	return WebsocketCloseNormalClosure
}

// subscriptionErrors collects the errors a subscription resolver reports
// after it has returned its channel.
type subscriptionErrors struct {
	mu   sync.Mutex
	errs []*gqlerror.Error
}

type subscriptionErrorsKey struct{}

func withSubscriptionErrors(ctx context.Context) (context.Context, *subscriptionErrors) {
	s := &subscriptionErrors{}
	return context.WithValue(ctx, subscriptionErrorsKey{}, s), s
}

func (s *subscriptionErrors) list() []*gqlerror.Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.errs
}

// AddSubscriptionError records err for the websocket subscription ctx
// belongs to. A resolver whose stream fails after it returned its channel
// calls it and then closes the channel: the client then gets an error
// message with the recorded errors instead of complete. Outside a websocket
// operation it does nothing.
func AddSubscriptionError(ctx context.Context, err *gqlerror.Error) {
	if s, ok := ctx.Value(subscriptionErrorsKey{}).(*subscriptionErrors); ok {
		s.mu.Lock()
		s.errs = append(s.errs, err)
		s.mu.Unlock()
	}
}

// decodeInitPayload decodes a connection_init payload. Its numbers become
// float64, as upstream gqlgen decoded this one payload without
// json.Number; a number beyond float64's range is an error, as it is for
// encoding/json.
func decodeInitPayload(raw []byte) (InitPayload, error) {
	var p InitPayload
	if err := codec.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	for k, v := range p {
		f, err := numbersToFloat(v)
		if err != nil {
			return nil, err
		}
		p[k] = f
	}
	return p, nil
}

func numbersToFloat(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return nil, fmt.Errorf("init payload number %s: %w", v, err)
		}
		return f, nil
	case map[string]any:
		for k, e := range v {
			f, err := numbersToFloat(e)
			if err != nil {
				return nil, err
			}
			v[k] = f
		}
	case []any:
		for i, e := range v {
			f, err := numbersToFloat(e)
			if err != nil {
				return nil, err
			}
			v[i] = f
		}
	}
	return v, nil
}

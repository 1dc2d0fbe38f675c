package graphql

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// ErrorResponse returns a response with no data and one error whose message
// is formatted from messagef and args.
func ErrorResponse(_ context.Context, messagef string, args ...any) *Response {
	return &Response{Errors: gqlerror.List{{Message: fmt.Sprintf(messagef, args...)}}}
}

// OneShot returns a ResponseHandler that yields resp once and nil after
// that. An interceptor that answers without calling next must return one:
// streaming transports call the handler until it yields nil.
func OneShot(resp *Response) ResponseHandler {
	return func(context.Context) *Response {
		r := resp
		resp = nil
		return r
	}
}

// Response is one GraphQL response, or one incremental payload of a
// deferred or streamed one. Errors come first in the encoding, as the spec
// recommends.
type Response struct {
	Errors gqlerror.List `json:"errors,omitempty"`
	// Data is the already encoded "data" object; nil encodes as null.
	Data json.RawMessage `json:"data"`
	// Label and Path locate an incremental payload.
	Label string   `json:"label,omitempty"`
	Path  ast.Path `json:"path,omitempty"`
	// HasNext, when set, tells whether more payloads follow.
	HasNext *bool `json:"hasNext,omitempty"`
	// Extensions are the entries handler extensions registered.
	Extensions map[string]any `json:"extensions,omitempty"`
}

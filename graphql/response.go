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

	// vouched names the exact slice NewDataResponse wrote into Data and
	// vouches for (its first byte and its length); see TrustedData. It is
	// unexported, so codecs leave it out of the encoding, and zero in any
	// Response built elsewhere.
	vouched dataMark
}

// dataMark names one byte slice by its first byte and its length.
type dataMark struct {
	first *byte
	n     int
}

// vouch records that r.Data, as it is now, is JSON the runtime wrote in
// the form the transport sends. Empty data is never vouched for.
func (r *Response) vouch() {
	if len(r.Data) > 0 {
		r.vouched = dataMark{first: &r.Data[0], n: len(r.Data)}
	}
}

// TrustedData reports whether r.Data is still the slice NewDataResponse
// wrote and vouched for: the same first byte and the same length. Such data
// is one valid JSON value, compacted, with <, >, &, U+2028 and U+2029
// escaped inside strings, so a transport writes it as it is; any other Data
// (one a response middleware replaced, resliced or appended to, or one
// built by other code) is validated, compacted and escaped when written.
// The check is exact and costs two comparisons. Code that rewrites vouched
// bytes in place, keeping the slice, keeps the trust and must keep the data
// in that form.
func (r *Response) TrustedData() bool {
	return r != nil && r.vouched.n > 0 && len(r.Data) == r.vouched.n && &r.Data[0] == r.vouched.first
}

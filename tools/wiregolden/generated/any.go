package generated

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// Any is the Any scalar: a JSON value kept as the variables decoder or the
// parser delivered it, written back through graphql.MarshalAny. Raw, when
// set, is written instead, exactly as it is, valid JSON or not: it puts
// data that is not JSON on the wire (Query.broken, Subscription.brokenEvents)
// through a user's marshaler, the way a buggy scalar would.
type Any struct {
	Value any
	Raw   string
}

// MarshalGQL writes a.Raw when set, a.Value as JSON otherwise.
func (a Any) MarshalGQL(w io.Writer) {
	if a.Raw != "" {
		_, _ = io.WriteString(w, a.Raw)
		return
	}
	graphql.MarshalAny(a.Value).MarshalGQL(w)
}

// UnmarshalGQL keeps v as it is.
func (a *Any) UnmarshalGQL(v any) error {
	a.Value = v
	return nil
}

package transport

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// countingRecorder counts the writes to an httptest.ResponseRecorder.
type countingRecorder struct {
	*httptest.ResponseRecorder
	writes int
}

func (c *countingRecorder) Write(p []byte) (int, error) {
	c.writes++
	return c.ResponseRecorder.Write(p)
}

func (c *countingRecorder) WriteString(s string) (int, error) {
	c.writes++
	return c.ResponseRecorder.WriteString(s)
}

// trustedResponse returns the Response graphql.NewDataResponse writes for
// a list holding s, which the runtime vouches for.
func trustedResponse(t *testing.T, s string) *graphql.Response {
	t.Helper()
	var hint atomic.Int64
	hint.Store(max(int64(len(s))+64, 1<<10))
	resp := graphql.NewDataResponse(graphql.Array{graphql.MarshalString(s)}, &hint)
	if !resp.TrustedData() {
		t.Fatalf("NewDataResponse does not vouch for %.40s", resp.Data)
	}
	return resp
}

// Large trusted data goes out from the Response itself, between the ends
// of its envelope; the body is what appendResponse writes either way.
func TestWriteResponseTrustedData(t *testing.T) {
	s := strings.Repeat("a<b ", directData/8)
	text := trustedResponse(t, s).Data
	with := func(edit func(*graphql.Response)) *graphql.Response {
		resp := trustedResponse(t, s)
		edit(resp)
		return resp
	}
	tests := []struct {
		name   string
		resp   *graphql.Response
		writes int
	}{
		{"trusted", trustedResponse(t, s), 3},
		{"not trusted", &graphql.Response{Data: json.RawMessage(string(text))}, 1},
		{"trusted with errors", with(func(r *graphql.Response) { r.Errors = gqlerror.List{{Message: "e"}} }), 1},
		{"trusted with extensions", with(func(r *graphql.Response) { r.Extensions = map[string]any{"k": 1} }), 1},
		{"trusted with hasNext", with(func(r *graphql.Response) { r.HasNext = ptrTo(false) }), 1},
		{"small trusted", trustedResponse(t, "a"), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := appendResponse(nil, tt.resp)
			if err != nil {
				t.Fatal(err)
			}
			w := &countingRecorder{ResponseRecorder: httptest.NewRecorder()}
			writeResponse(context.Background(), w, nil, tt.resp)
			if got := w.Body.String(); got != string(want) {
				t.Errorf("body %.200s\nwant %.200s", got, want)
			}
			if w.writes != tt.writes {
				t.Errorf("%d writes, want %d", w.writes, tt.writes)
			}
		})
	}
}

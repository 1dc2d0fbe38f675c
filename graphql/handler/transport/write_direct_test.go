package transport

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/selfjson"
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

// Large sealed data goes out from the Response itself, between the ends
// of its envelope; the body is what appendResponse writes either way.
func TestWriteResponseSealedData(t *testing.T) {
	text := `{"s":"` + strings.Repeat(`a\u003cb `, directData/8) + `"}`
	sealed := func() json.RawMessage {
		b := append(make([]byte, 0, len(text)+16), text...)
		return selfjson.Seal(b)
	}
	tests := []struct {
		name   string
		resp   *graphql.Response
		writes int
	}{
		{"sealed", &graphql.Response{Data: sealed()}, 3},
		{"not sealed", &graphql.Response{Data: json.RawMessage(text)}, 1},
		{"sealed with errors", &graphql.Response{Data: sealed(), Errors: gqlerror.List{{Message: "e"}}}, 1},
		{"sealed with extensions", &graphql.Response{Data: sealed(), Extensions: map[string]any{"k": 1}}, 1},
		{"sealed with hasNext", &graphql.Response{Data: sealed(), HasNext: ptrTo(false)}, 1},
		{"small sealed", &graphql.Response{Data: selfjson.Seal(append(make([]byte, 0, 32), `{"a":1}`...))}, 1},
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

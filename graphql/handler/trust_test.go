package handler_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/internal/fanout"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// postWith answers query twice on the fan-out schema with mw as the only
// response middleware, and returns the status and the body of the second
// answer: the executor writes data in wire form, which the runtime vouches
// for, once it knows the size to expect (graphql.NewDataResponse).
func postWith(t *testing.T, query string, mw graphql.ResponseMiddleware) (int, string) {
	t.Helper()
	srv := handler.New(fanout.NewExecutableSchema(fanout.Config{Resolvers: &fanout.Resolver{}}))
	srv.AddTransport(transport.POST{})
	srv.SetRecoverFunc(func(context.Context, any) error { return errors.New("internal system error") })
	srv.AroundResponses(mw)
	var w *httptest.ResponseRecorder
	for range 2 {
		r := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(`{"query":"`+query+`"}`))
		r.Header.Set("Content-Type", "application/json")
		w = httptest.NewRecorder()
		srv.ServeHTTP(w, r)
	}
	return w.Code, w.Body.String()
}

// Data the executor wrote reaches the client byte for byte as it left the
// response middleware, small or large (the large one is written from the
// Response itself); the runtime vouches for it, so it is not read again.
func TestResponseMiddlewareKeepsData(t *testing.T) {
	for name, query := range map[string]string{
		"small": "{ rows(n: 11) { index } }",
		"large": "{ rows(n: 3000) { index } }",
	} {
		t.Run(name, func(t *testing.T) {
			var kept []byte
			var trusted bool
			code, body := postWith(t, query, func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
				resp := next(ctx)
				trusted, kept = resp.TrustedData(), bytes.Clone(resp.Data)
				return resp
			})
			if !trusted {
				t.Errorf("the runtime does not vouch for %.60s", kept)
			}
			if want := `{"data":` + string(kept) + `}`; code != http.StatusOK || body != want {
				t.Errorf("%d %.80s\nwant 200 %.80s", code, body, want)
			}
		})
	}
	// Proof that trusted data is copied, not compacted again: an edit in
	// place (same slice, same length) that leaves a space in it reaches the
	// client with the space. Such an edit keeps the trust, as
	// Response.TrustedData documents.
	code, body := postWith(t, "{ rows(n: 11) { index } }", func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		resp := next(ctx)
		if i := bytes.Index(resp.Data, []byte(`"index":10`)); resp.TrustedData() && i >= 0 {
			copy(resp.Data[i:], `"index": 9`)
		}
		return resp
	})
	if code != http.StatusOK || !strings.Contains(body, `{"index": 9}]}}`) {
		t.Errorf("%d %s: the edit in place was not written as it is", code, body)
	}
}

// Data a response middleware replaces is validated, compacted and escaped
// as encoding/json writes a json.RawMessage, as upstream gqlgen did; even
// the same bytes in another slice, or the runtime's slice cut short.
func TestResponseMiddlewareReplacesData(t *testing.T) {
	tests := []struct {
		name     string
		replace  func(data []byte) []byte
		wantCode int
		want     string
	}{
		{"not compact, with HTML", func([]byte) []byte { return []byte(" { \"rows\" : [ \"<x> & \u2028\" ] }\n") },
			http.StatusOK, `{"data":{"rows":["\u003cx\u003e \u0026 \u2028"]}}`},
		{"a copy with a space", func(d []byte) []byte { return append(append([]byte(nil), d...), ' ') },
			http.StatusOK, `{"data":{"rows":[{"index":0},{"index":1}]}}`},
		{"resliced with a space", func(d []byte) []byte { return append(d[:len(d):len(d)], ' ') },
			http.StatusOK, `{"data":{"rows":[{"index":0},{"index":1}]}}`},
		{"invalid", func([]byte) []byte { return []byte(`{"rows":[`) },
			http.StatusInternalServerError, `{"errors":[{"message":"internal system error"}],"data":null}`},
		{"cut short", func(d []byte) []byte { return d[:len(d)-1] },
			http.StatusInternalServerError, `{"errors":[{"message":"internal system error"}],"data":null}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := postWith(t, "{ rows(n: 2) { index } }", func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
				resp := next(ctx)
				resp.Data = tt.replace(resp.Data)
				if resp.TrustedData() {
					t.Error("replaced data is trusted")
				}
				return resp
			})
			if code != tt.wantCode || body != tt.want {
				t.Errorf("%d %s\nwant %d %s", code, body, tt.wantCode, tt.want)
			}
		})
	}
}

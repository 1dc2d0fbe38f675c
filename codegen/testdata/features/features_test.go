package features

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

func newServer(r *Resolver) *handler.Server {
	cfg := Config{Resolvers: r}
	cfg.Directives.Trim = func(ctx context.Context, obj any, next graphql.Resolver) (any, error) {
		v, err := next(ctx)
		if in, ok := v.(ShoutInput); ok {
			in.Text = strings.TrimSpace(in.Text)
			return in, err
		}
		return v, err
	}
	srv := handler.New(NewExecutableSchema(cfg))
	srv.AddTransport(transport.MultipartMixed{})
	srv.AddTransport(transport.POST{})
	return srv
}

func post(t *testing.T, h http.Handler, query string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query})
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return strings.TrimSpace(rec.Body.String())
}

func TestFeatures(t *testing.T) {
	for _, tc := range []struct{ name, query, want string }{
		{"batch", `{ users { id friends { id friends { id } } } }`,
			`{"data":{"users":[{"id":"1","friends":[{"id":"2","friends":[{"id":"1"}]},{"id":"3","friends":[]}]},{"id":"2","friends":[{"id":"1","friends":[{"id":"2"},{"id":"3"}]}]},{"id":"3","friends":[]}]}}`},
		{"forced resolver", `{ users { nickname } }`,
			`{"data":{"users":[{"nickname":"little ann"},{"nickname":"little bob"},{"nickname":"little cid"}]}}`},
		{"oneOf by id", `{ find(by: {id: "2"}) { name } }`, `{"data":{"find":{"name":"bob"}}}`},
		{"oneOf by name", `{ find(by: {name: "cid"}) { id } }`, `{"data":{"find":{"id":"3"}}}`},
		{"input object directive", `{ shout(in: {text: "  hey  "}) }`, `{"data":{"shout":"HEY!"}}`},
		{"omittable unset", `{ patch(in: {}) }`, `{"data":{"patch":"unset"}}`},
		{"omittable null", `{ patch(in: {name: null}) }`, `{"data":{"patch":"null"}}`},
		{"nil embedded pointer", `{ docs { title created } }`,
			`{"errors":[{"message":"internal system error","path":["docs",1,"created"]}],"data":{"docs":[{"title":"a!","created":"monday"},{"title":"b!","created":null}]}}`},
		{"omittable set", `{ patch(in: {name: "x"}) }`, `{"data":{"patch":"set:x"}}`},
	} {
		// A second time through a no-op field middleware, which takes the
		// generated code off its fast paths onto the general ResolveField
		// path: not a byte may change.
		for _, through := range []bool{false, true} {
			name := tc.name
			if through {
				name += "/field middleware"
			}
			t.Run(name, func(t *testing.T) {
				srv := newServer(NewResolver())
				var seen atomic.Int64
				if through {
					srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
						seen.Add(1)
						return next(ctx)
					})
				}
				if got := post(t, srv, tc.query); got != tc.want {
					t.Errorf("\n got %s\nwant %s", got, tc.want)
				}
				if through && seen.Load() == 0 {
					t.Error("the field middleware saw no field")
				}
			})
		}
	}
}

// The batch resolver gets all the parents of one list at once: one call
// for the users, then one per (non-empty) list of friends.
func TestBatchResolverCalledOncePerList(t *testing.T) {
	for _, tc := range []struct {
		query string
		calls int64
	}{
		{`{ users { friends { id } } }`, 1},
		{`{ users { friends { friends { id } } } }`, 3},
	} {
		r := NewResolver()
		post(t, newServer(r), tc.query)
		if got := r.friendsCalls.Load(); got != tc.calls {
			t.Errorf("%s: friends resolver called %d times, want %d", tc.query, got, tc.calls)
		}
	}
}

func TestDefer(t *testing.T) {
	c := client.New(newServer(NewResolver()))
	h := c.IncrementalHTTP(context.Background(), `{ profile { quick ... @defer(label: "later") { slow } } }`)
	defer h.Close()
	var first struct {
		Data    map[string]any
		HasNext bool
	}
	if err := h.Next(&first); err != nil {
		t.Fatal(err)
	}
	// As upstream, the deferred field stands in the initial part as null.
	if got, _ := json.Marshal(first.Data); string(got) != `{"profile":{"quick":"quick","slow":null}}` || !first.HasNext {
		t.Fatalf("initial part: data %s hasNext %v", got, first.HasNext)
	}
	var next client.IncrementalResponse
	if err := h.Next(&next); err != nil {
		t.Fatal(err)
	}
	if len(next.Incremental) != 1 || next.HasNext {
		t.Fatalf("second part: %+v", next)
	}
	inc := next.Incremental[0]
	if got, _ := json.Marshal(inc.Data); string(got) != `{"slow":"slow"}` || inc.Label != "later" {
		t.Errorf("deferred payload: data %s label %q path %v", got, inc.Label, inc.Path)
	}
}

package entities

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

func post(t *testing.T, h http.Handler, query string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query})
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return strings.TrimSpace(rec.Body.String())
}

func TestEntities(t *testing.T) {
	// The second run goes through a no-op field middleware, off the
	// generated fast paths: the bytes must not change.
	for _, through := range []bool{false, true} {
		srv := handler.New(NewExecutableSchema(Config{Resolvers: Resolver{}}))
		srv.AddTransport(transport.POST{})
		srv.Use(extension.Introspection{})
		if through {
			srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) { return next(ctx) })
		}
		got := post(t, srv, `{ _entities(representations: [{__typename: "User", id: "7"}, {__typename: "Nope"}]) { ... on User { id name } } }`)
		want := `{"errors":[{"message":"bad representation","path":["_entities",1]}],"data":{"_entities":[{"id":"7","name":"user 7"},null]}}`
		if got != want {
			t.Errorf("entities (field middleware: %v):\n got %s\nwant %s", through, got, want)
		}
		got = post(t, srv, `{ _service { sdl } }`)
		if !strings.Contains(got, `type User { id: ID! name: String! }`) {
			t.Errorf("service SDL (field middleware: %v): %s", through, got)
		}
	}
}

package graph_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"example/graph"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

func newClient(r *graph.Resolver, introspection bool) *client.Client {
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: r}))
	srv.AddTransport(transport.POST{})
	if introspection {
		srv.Use(extension.Introspection{})
	}
	return client.New(srv)
}

const entitiesQuery = `query($r: [_Any!]!) { _entities(representations: $r) {
	__typename
	... on Product { upc name }
	... on Account { id email via }
	... on Parcel { id carrier { code } }
	... on Stock { sku count }
	... on Review { id stars summary }
	... on Plan { id price total }
	... on Crate { id label }
	... on Box { id volume }
} }`

type gqlError struct {
	Message string `json:"message"`
	Path    []any  `json:"path"`
}

// post runs the entities query and returns its data and errors.
func post(t *testing.T, c *client.Client, reps ...map[string]any) ([]map[string]any, []gqlError) {
	t.Helper()
	resp, err := c.RawPost(entitiesQuery, client.Var("r", reps))
	require.NoError(t, err)
	var data struct {
		Entities []map[string]any `json:"_entities"`
	}
	if resp.Data != nil {
		require.NoError(t, json.Unmarshal(mustJSON(t, resp.Data), &data))
	}
	var errs []gqlError
	if len(resp.Errors) > 0 {
		require.NoError(t, json.Unmarshal(resp.Errors, &errs))
	}
	return data.Entities, errs
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestService(t *testing.T) {
	schema, err := os.ReadFile("../schema.graphql")
	require.NoError(t, err)
	var resp struct {
		Service struct{ SDL string } `json:"_service"`
	}
	newClient(&graph.Resolver{}, true).MustPost(`{ _service { sdl } }`, &resp)
	assert.Equal(t, string(schema), resp.Service.SDL)

	err = newClient(&graph.Resolver{}, false).Post(`{ _service { sdl } }`, &resp)
	require.ErrorContains(t, err, "federated introspection disabled")
}

func TestEntities(t *testing.T) {
	r := &graph.Resolver{}
	c := newClient(r, true)
	got, errs := post(t, c,
		map[string]any{"__typename": "Product", "upc": "p1"},
		map[string]any{"__typename": "Stock", "sku": "ab"},
		map[string]any{"__typename": "Account", "email": "a@b.c"},
		map[string]any{"__typename": "Account", "id": "7", "email": nil},
		map[string]any{"__typename": "Stock", "sku": "bad"},
		map[string]any{"__typename": "Parcel", "id": "x", "carrier": map[string]any{"code": "DHL"}},
		map[string]any{"__typename": "Stock", "sku": "abc"},
		map[string]any{"__typename": "Review", "id": "r", "stars": 4},
		map[string]any{"__typename": "Plan", "id": "pl", "price": 21},
		map[string]any{"__typename": "Crate", "id": "c1", "weight": 3},
		// Beyond float64's precision: representations keep numbers as json.Number.
		map[string]any{"__typename": "Crate", "id": "c2", "weight": json.Number("9007199254740993")},
		map[string]any{"__typename": "Box", "id": "b", "side": 3},
	)
	assert.Equal(t, []map[string]any{
		{"__typename": "Product", "upc": "p1", "name": "product p1"},
		{"__typename": "Stock", "sku": "ab", "count": float64(2)},
		{"__typename": "Account", "id": "by-email", "email": "a@b.c", "via": "email"},
		{"__typename": "Account", "id": "7", "email": "7@example.com", "via": "id"},
		nil,
		{"__typename": "Parcel", "id": "x", "carrier": map[string]any{"code": "DHL"}},
		{"__typename": "Stock", "sku": "abc", "count": float64(3)},
		{"__typename": "Review", "id": "r", "stars": float64(4), "summary": "review r"},
		{"__typename": "Plan", "id": "pl", "price": nil, "total": float64(42)},
		{"__typename": "Crate", "id": "c1", "label": "c1:3kg"},
		{"__typename": "Crate", "id": "c2", "label": "c2:9007199254740993kg"},
		{"__typename": "Box", "id": "b", "volume": float64(27)},
	}, got)
	assert.Equal(t, int32(1), r.StockCalls.Load(), "one batch call for all Stock representations")
	assert.Equal(t, int32(1), r.CrateCalls.Load())
	assert.Equal(t, []gqlError{{Message: `unknown sku "bad"`, Path: []any{"_entities", float64(4)}}}, errs,
		"a batch item's error names its index")
}

func TestEntityErrors(t *testing.T) {
	r := &graph.Resolver{}
	c := newClient(r, true)
	got, errs := post(t, c,
		map[string]any{"upc": "p1"},
		map[string]any{"__typename": "Nope", "id": "1"},
		map[string]any{"__typename": "Product", "upc": "missing"},
		map[string]any{"__typename": "Product", "name": "no key"},
		map[string]any{"__typename": "Stock", "sku": "boom"},
		map[string]any{"__typename": "Product", "upc": "ok"},
	)
	require.Len(t, got, 6)
	assert.Equal(t, "product ok", got[5]["name"])
	var messages []string
	for _, e := range errs {
		messages = append(messages, e.Message)
		assert.Equal(t, []any{"_entities"}, e.Path)
	}
	assert.ElementsMatch(t, []string{
		"__typename must be an existing string",
		"unknown type: Nope",
		`resolving Entity "Product": no such product`,
		`finding resolver for Entity "Product": type not found for Product due to type not found due to missing Key Field "upc" for Product`,
		"stock service down",
	}, messages)
}

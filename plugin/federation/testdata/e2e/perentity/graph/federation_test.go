package graph_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"example/graph"
	"example/graph/model"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

func TestPerEntity(t *testing.T) {
	r := &graph.Resolver{}
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: r}))
	srv.AddTransport(transport.POST{})
	srv.Use(extension.Introspection{})
	c := client.New(srv)

	var resp struct {
		Entities []struct {
			ID      string `json:"id"`
			Code    string `json:"code"`
			Matched string `json:"matched"`
			Region  struct {
				Name string `json:"name"`
			} `json:"region"`
		} `json:"_entities"`
	}
	err := c.Post(`query($r: [_Any!]!) { _entities(representations: $r) {
		... on Port { id code region { name } matched }
		... on Dock { id matched }
	} }`, &resp, client.Var("r", []map[string]any{
		{"__typename": "Port", "id": "p1"},
		{"__typename": "Dock", "id": "d1"},
		{"__typename": "Port", "code": "HH", "region": map[string]any{"name": "north"}},
		{"__typename": "Dock", "id": "d2"},
	}))
	require.NoError(t, err)
	require.Len(t, resp.Entities, 4)
	assert.Equal(t, string(model.PortMatchedKeyID), resp.Entities[0].Matched)
	assert.Equal(t, "p1", resp.Entities[0].ID)
	assert.Equal(t, "code region { name }", resp.Entities[2].Matched)
	assert.Equal(t, "HH", resp.Entities[2].Code)
	assert.Equal(t, "north", resp.Entities[2].Region.Name)
	assert.Equal(t, "d1", resp.Entities[1].ID)
	assert.Equal(t, "id", resp.Entities[3].Matched)
	assert.Equal(t, int32(1), r.DockCalls.Load())

	err = c.Post(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Port { id } } }`, &resp,
		client.Var("r", []map[string]any{{"__typename": "Port", "code": "HH"}}))
	require.ErrorContains(t, err, `missing Key Field \"region\" for Port`)

	schema, err := os.ReadFile("../schema.graphql")
	require.NoError(t, err)
	var svc struct {
		Service struct{ SDL string } `json:"_service"`
	}
	c.MustPost(`{ _service { sdl } }`, &svc)
	assert.Equal(t, string(schema), svc.Service.SDL)
}

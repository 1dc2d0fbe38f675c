package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraphtest"
	"github.com/99designs/gqlgen/_examples/federation/products/graph"
)

const entitiesQuery = `query($reps: [_Any!]!) {
	_entities(representations: $reps) { ... on Product { upc name price weight } }
}`

func TestService(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	subgraphtest.CheckService(t, h, "schema.graphqls")
}

func TestEntities(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	reps := subgraphtest.Reps("Product", map[string]any{"upc": "2"}, map[string]any{"upc": "nope"}, map[string]any{"upc": "4"})
	data, errs := subgraphtest.Query(t, h, entitiesQuery, map[string]any{"reps": reps})
	assert.JSONEq(t, `{"_entities":[
		{"upc":"2","name":"Couch","price":129900,"weight":40000},
		null,
		{"upc":"4","name":"Lamp","price":2500,"weight":1200}]}`, data)
	var got []struct {
		Message string
		Path    []any
	}
	require.NoError(t, json.Unmarshal([]byte(errs), &got), errs)
	require.Len(t, got, 1, errs)
	assert.Contains(t, got[0].Message, `no product with upc "nope"`)
	// Upstream reports a single-entity resolver's error at the _entities
	// field itself (path ["_entities"]), not at the entity's index.
	require.NotEmpty(t, got[0].Path)
	assert.Equal(t, "_entities", got[0].Path[0])
}

// A representation of a type this subgraph does not own is an error, not
// a panic.
func TestEntitiesUnknownType(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	reps := subgraphtest.Reps("Review", map[string]any{"id": "1"})
	_, errs := subgraphtest.Query(t, h, entitiesQuery, map[string]any{"reps": reps})
	assert.NotEqual(t, "null", errs)
	assert.Contains(t, errs, "Review")
}

func TestQuery(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	data, errs := subgraphtest.Query(t, h, `{ topProducts(first: 2) { upc } product(upc: "3") { name } missing: product(upc: "9") { name } }`, nil)
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"topProducts":[{"upc":"1"},{"upc":"2"}],"product":{"name":"Chair"},"missing":null}`, data)
}

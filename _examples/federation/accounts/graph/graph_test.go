package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/_examples/federation/accounts/graph"
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraphtest"
)

const entitiesQuery = `query($reps: [_Any!]!) {
	_entities(representations: $reps) { __typename ... on User { id name username } }
}`

func TestService(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	subgraphtest.CheckService(t, h, "schema.graphqls")
}

func TestEntitiesBatch(t *testing.T) {
	r := graph.NewResolver()
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: r}))
	reps := subgraphtest.Reps("User", map[string]any{"id": "3"}, map[string]any{"id": "1"}, map[string]any{"id": "2"})
	data, errs := subgraphtest.Query(t, h, entitiesQuery, map[string]any{"reps": reps})
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"_entities":[
		{"__typename":"User","id":"3","name":"Grace Hopper","username":"grace"},
		{"__typename":"User","id":"1","name":"Ada Lovelace","username":"ada"},
		{"__typename":"User","id":"2","name":"Alan Turing","username":"alan"}]}`, data)
	assert.EqualValues(t, 1, r.Batches(), "three users, one call of the batch resolver")
}

// An unknown id fails its own entity only: null at its index, an error
// with its path, the other entities resolved.
func TestEntitiesUnknownID(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	reps := subgraphtest.Reps("User", map[string]any{"id": "2"}, map[string]any{"id": "42"})
	data, errs := subgraphtest.Query(t, h, entitiesQuery, map[string]any{"reps": reps})
	assert.JSONEq(t, `{"_entities":[{"__typename":"User","id":"2","name":"Alan Turing","username":"alan"},null]}`, data)
	var got []struct {
		Message string
		Path    []any
	}
	require.NoError(t, json.Unmarshal([]byte(errs), &got), errs)
	require.Len(t, got, 1, errs)
	assert.Contains(t, got[0].Message, `no user with id "42"`)
	assert.Equal(t, []any{"_entities", float64(1)}, got[0].Path)
}

func TestQuery(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	data, errs := subgraphtest.Query(t, h, `{ me { id username } users { id } }`, nil)
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"me":{"id":"1","username":"ada"},"users":[{"id":"1"},{"id":"2"},{"id":"3"}]}`, data)
}

package graph_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraphtest"
	"github.com/99designs/gqlgen/_examples/federation/reviews/graph"
)

func TestService(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	subgraphtest.CheckService(t, h, "schema.graphqls")
}

// Product's shippingEstimate @requires price and weight: the gateway sends
// them in the representation and the resolver computes from them.
func TestEntitiesRequires(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	reps := subgraphtest.Reps("Product",
		map[string]any{"upc": "1", "price": 89900, "weight": 15000},
		map[string]any{"upc": "2", "price": 129900, "weight": 40000},
		map[string]any{"upc": "7", "price": 100, "weight": 20},
	)
	data, errs := subgraphtest.Query(t, h, `query($reps: [_Any!]!) {
		_entities(representations: $reps) {
			... on Product { upc shippingEstimate reviews { id stars author { id } } }
		}
	}`, map[string]any{"reps": reps})
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"_entities":[
		{"upc":"1","shippingEstimate":2000,"reviews":[
			{"id":"1","stars":5,"author":{"id":"1"}},
			{"id":"4","stars":2,"author":{"id":"3"}},
			{"id":"5","stars":4,"author":{"id":"2"}}]},
		{"upc":"2","shippingEstimate":0,"reviews":[{"id":"2","stars":2,"author":{"id":"1"}}]},
		{"upc":"7","shippingEstimate":502,"reviews":[]}]}`, data)
}

// Mixed types in one request: users and products, each resolved by its
// own resolver, answered in the order of the representations.
func TestEntitiesMixed(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	reps := append(subgraphtest.Reps("User", map[string]any{"id": "2"}),
		subgraphtest.Reps("Product", map[string]any{"upc": "4", "price": 2500, "weight": 1200})...)
	data, errs := subgraphtest.Query(t, h, `query($reps: [_Any!]!) {
		_entities(representations: $reps) {
			__typename
			... on User { id reviews { body product { upc } } }
			... on Product { upc reviews { body } }
		}
	}`, map[string]any{"reps": reps})
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"_entities":[
		{"__typename":"User","id":"2","reviews":[
			{"body":"Could be better.","product":{"upc":"3"}},
			{"body":"Sturdy and plain.","product":{"upc":"1"}}]},
		{"__typename":"Product","upc":"4","reviews":[{"body":"Bright enough to read by."}]}]}`, data)
}

func TestQuery(t *testing.T) {
	h := subgraph.Handler(graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
	data, errs := subgraphtest.Query(t, h, `{ latestReviews { id } two: latestReviews(first: 2) { id } }`, nil)
	assert.Equal(t, "null", errs)
	assert.JSONEq(t, `{"latestReviews":[{"id":"6"},{"id":"5"},{"id":"4"}],"two":[{"id":"6"},{"id":"5"}]}`, data)
}

func TestShippingEstimate(t *testing.T) {
	for _, tc := range []struct{ price, weight, want int }{
		{100000, 99999, 0},
		{99999, 0, 500},
		{5400, 5000, 1000},
	} {
		assert.Equal(t, tc.want, graph.ShippingEstimate(tc.price, tc.weight), "%+v", tc)
	}
}

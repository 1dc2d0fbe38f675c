// Package graph is the products subgraph: its schema, the code gqlgen
// generates for it, and the resolvers below, over a fixed in-memory
// catalogue.
package graph

import (
	"context"
	"fmt"

	"github.com/99designs/gqlgen/_examples/federation/products/graph/model"
)

// Resolver is the products subgraph's root resolver. Its data never
// changes, so one Resolver serves any number of requests.
type Resolver struct {
	catalogue []*model.Product
	byUPC     map[string]*model.Product
}

// NewResolver returns a resolver over the example's four products.
func NewResolver() *Resolver {
	r := &Resolver{
		catalogue: []*model.Product{
			{Upc: "1", Name: "Table", Price: 89900, Weight: 15000},
			{Upc: "2", Name: "Couch", Price: 129900, Weight: 40000},
			{Upc: "3", Name: "Chair", Price: 5400, Weight: 5000},
			{Upc: "4", Name: "Lamp", Price: 2500, Weight: 1200},
		},
		byUPC: map[string]*model.Product{},
	}
	for _, p := range r.catalogue {
		r.byUPC[p.Upc] = p
	}
	return r
}

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryResolver{r} }

// Entity returns the resolvers the generated _entities field calls.
func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }

type queryResolver struct{ *Resolver }

func (q queryResolver) TopProducts(_ context.Context, first *int) ([]*model.Product, error) {
	n := len(q.catalogue)
	if first != nil {
		if *first < 0 {
			return nil, fmt.Errorf("first must not be negative, got %d", *first)
		}
		n = min(n, *first)
	}
	return q.catalogue[:n], nil
}

func (q queryResolver) Product(_ context.Context, upc string) (*model.Product, error) {
	return q.byUPC[upc], nil
}

type entityResolver struct{ *Resolver }

// FindProductByUpc resolves one representation; an unknown UPC is an error
// for that entity alone.
func (e entityResolver) FindProductByUpc(_ context.Context, upc string) (*model.Product, error) {
	if p, ok := e.byUPC[upc]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("no product with upc %q", upc)
}

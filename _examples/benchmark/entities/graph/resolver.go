// Package graph is schema (c) of the benchmark: a federation subgraph whose
// _entities field resolves products one by one and items in a batch, over
// the same in-memory catalogue.
//
// generated.go, federation.go and model/models_gen.go come from the
// generator (../compare.sh or `go generate ./...` in the benchmark module).
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"
	"fmt"
	"strconv"

	"github.com/99designs/gqlgen/_examples/benchmark/entities/graph/model"
)

// NumEntities is how many products, and how many items, exist: P0..P99 and
// I0..I99, entity i costing 100+i.
const NumEntities = 100

// Resolver is the root resolver of schema (c); its data never changes.
type Resolver struct {
	products map[string]*model.Product
	items    map[string]*model.Item
}

// NewResolver builds the catalogue.
func NewResolver() *Resolver {
	r := &Resolver{products: map[string]*model.Product{}, items: map[string]*model.Item{}}
	for i := range NumEntities {
		n := strconv.Itoa(i)
		r.products["P"+n] = &model.Product{Upc: "P" + n, Name: "Product " + n, Price: 100 + i}
		r.items["I"+n] = &model.Item{ID: "I" + n, Name: "Item " + n, Price: 100 + i}
	}
	return r
}

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryResolver{r} }

// Entity returns the entity resolvers the generated _entities field calls.
func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }

type queryResolver struct{ *Resolver }

func (q queryResolver) Count(context.Context) (int, error) { return len(q.products), nil }

type entityResolver struct{ *Resolver }

func (e entityResolver) FindProductByUpc(_ context.Context, upc string) (*model.Product, error) {
	if p, ok := e.products[upc]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("no product %q", upc)
}

func (e entityResolver) FindManyItemByIDs(_ context.Context, reps []*model.ItemByIDsInput) ([]*model.Item, error) {
	items := make([]*model.Item, len(reps))
	for i, rep := range reps {
		item, ok := e.items[rep.ID]
		if !ok {
			return nil, fmt.Errorf("no item %q", rep.ID)
		}
		items[i] = item
	}
	return items, nil
}

// Package graph is the reviews subgraph: its schema, the code gqlgen
// generates for it, and the resolvers below, over a fixed in-memory list
// of reviews.
package graph

import (
	"context"
	"fmt"

	"github.com/99designs/gqlgen/_examples/federation/reviews/graph/model"
)

// Resolver is the reviews subgraph's root resolver. Its data never
// changes, so one Resolver serves any number of requests.
type Resolver struct {
	reviews   []*model.Review // oldest first
	byAuthor  map[string][]*model.Review
	byProduct map[string][]*model.Review
}

// NewResolver returns a resolver over the example's six reviews.
func NewResolver() *Resolver {
	r := &Resolver{byAuthor: map[string][]*model.Review{}, byProduct: map[string][]*model.Review{}}
	for _, rv := range []struct {
		id, author, upc, body string
		stars                 int
	}{
		{"1", "1", "1", "Love it!", 5},
		{"2", "1", "2", "Too expensive.", 2},
		{"3", "2", "3", "Could be better.", 3},
		{"4", "3", "1", "Prefer something else.", 2},
		{"5", "2", "1", "Sturdy and plain.", 4},
		{"6", "3", "4", "Bright enough to read by.", 5},
	} {
		review := &model.Review{
			ID:      rv.id,
			Body:    rv.body,
			Stars:   rv.stars,
			Author:  &model.User{ID: rv.author},
			Product: &model.Product{Upc: rv.upc},
		}
		r.reviews = append(r.reviews, review)
		r.byAuthor[rv.author] = append(r.byAuthor[rv.author], review)
		r.byProduct[rv.upc] = append(r.byProduct[rv.upc], review)
	}
	return r
}

// ShippingEstimate is the shipping cost in cents of a product of the given
// price (cents) and weight (grams): free from 1000.00, otherwise 5.00 plus
// 1 cent per 10 grams.
func ShippingEstimate(price, weight int) int {
	if price >= 100000 {
		return 0
	}
	return 500 + weight/10
}

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryResolver{r} }

// Entity returns the resolvers the generated _entities field calls.
func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }

// User returns the resolvers of the fields reviews adds to User.
func (r *Resolver) User() UserResolver { return userResolver{r} }

// Product returns the resolvers of the fields reviews adds to Product.
func (r *Resolver) Product() ProductResolver { return productResolver{r} }

type queryResolver struct{ *Resolver }

func (q queryResolver) LatestReviews(_ context.Context, first *int) ([]*model.Review, error) {
	n := len(q.reviews)
	if first != nil {
		if *first < 0 {
			return nil, fmt.Errorf("first must not be negative, got %d", *first)
		}
		n = min(n, *first)
	}
	latest := make([]*model.Review, 0, n)
	for i := len(q.reviews) - 1; i >= len(q.reviews)-n; i-- {
		latest = append(latest, q.reviews[i])
	}
	return latest, nil
}

// entityResolver answers for any key: reviews only extends User and
// Product, so every user and product exists here, possibly without reviews.
type entityResolver struct{ *Resolver }

func (entityResolver) FindUserByID(_ context.Context, id string) (*model.User, error) {
	return &model.User{ID: id}, nil
}

// FindProductByUpc returns the product with its key only; the generated
// code then copies the @requires fields (price, weight) from the
// representation into it, before ShippingEstimate reads them.
func (entityResolver) FindProductByUpc(_ context.Context, upc string) (*model.Product, error) {
	return &model.Product{Upc: upc}, nil
}

type userResolver struct{ *Resolver }

func (u userResolver) Reviews(_ context.Context, obj *model.User) ([]*model.Review, error) {
	return u.byAuthor[obj.ID], nil
}

type productResolver struct{ *Resolver }

func (p productResolver) Reviews(_ context.Context, obj *model.Product) ([]*model.Review, error) {
	return p.byProduct[obj.Upc], nil
}

func (productResolver) ShippingEstimate(_ context.Context, obj *model.Product) (int, error) {
	return ShippingEstimate(obj.Price, obj.Weight), nil
}

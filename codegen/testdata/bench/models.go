package bench

import (
	"context"
	"strconv"
)

type Child struct {
	ID   string
	Name *string
}

type Item struct {
	ID    string
	Name  string
	Age   int
	Score float64
	Child *Child
}

type Owner struct{ Name string }

type Resolver struct{ items []*Item }

func (r *Resolver) Query() QueryResolver { return r }

func (r *Resolver) Item() ItemResolver { return itemResolver{} }

type itemResolver struct{}

func (itemResolver) Owner(_ context.Context, obj *Item) (*Owner, error) {
	return &Owner{Name: "owner of " + obj.ID}, nil
}

func (r *Resolver) Items(context.Context) ([]*Item, error) { return r.items, nil }

func NewResolver(n int) *Resolver {
	r := &Resolver{items: make([]*Item, n)}
	for i := range r.items {
		name := "child " + strconv.Itoa(i)
		r.items[i] = &Item{
			ID:    "item-" + strconv.Itoa(i),
			Name:  "Item number " + strconv.Itoa(i),
			Age:   20 + i,
			Score: float64(i) + 0.25,
			Child: &Child{ID: "c" + strconv.Itoa(i), Name: &name},
		}
	}
	return r
}

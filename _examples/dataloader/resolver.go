// Package dataloader is the dataloader example: Order.customer and
// Customer.orders are the fields that turn one list query into N+1 database
// round trips, and github.com/vikstrous/dataloadgen batches them back into
// one query per field per request. The tests count the round trips both ways.
package dataloader

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"
	"errors"
	"fmt"

	"github.com/vikstrous/dataloadgen"
)

// Resolver reads from DB. When the request carries Loaders (see Middleware)
// the per-row fields go through them; otherwise each row costs a query.
type Resolver struct {
	DB *DB
}

// customer fetches one customer, batched when the request has loaders.
func (r *Resolver) customer(ctx context.Context, id int) (*Customer, error) {
	if l := loadersFrom(ctx); l != nil {
		c, err := l.customer.Load(ctx, id)
		if errors.Is(err, dataloadgen.ErrNotFound) {
			return nil, fmt.Errorf("customer %d not found", id)
		}
		return c, err
	}
	rows, err := r.DB.CustomersByID(ctx, []int{id})
	if err != nil {
		return nil, err
	}
	c, ok := rows[id]
	if !ok {
		return nil, fmt.Errorf("customer %d not found", id)
	}
	return c, nil
}

// ordersOf fetches one customer's orders, batched when the request has loaders.
func (r *Resolver) ordersOf(ctx context.Context, id int) ([]*Order, error) {
	if l := loadersFrom(ctx); l != nil {
		return l.ordersByCustomer.Load(ctx, id)
	}
	rows, err := r.DB.OrdersByCustomer(ctx, []int{id})
	return rows[id], err
}

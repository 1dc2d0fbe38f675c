package dataloader

import (
	"context"
	"fmt"
	"sync/atomic"
)

// Customer is a row of the customers table.
type Customer struct {
	ID   int
	Name string
}

// Order is a row of the orders table; the customer is a foreign key the
// GraphQL field Order.customer resolves.
type Order struct {
	ID         int
	Amount     float64
	CustomerID int
}

// DB stands in for a database: every exported method is one round trip, and
// Queries counts them, which is what the tests assert on.
type DB struct {
	customers []*Customer
	orders    []*Order
	queries   atomic.Int64
}

// NewDB returns a database of customers customers with ordersEach orders each.
func NewDB(customers, ordersEach int) *DB {
	db := &DB{}
	for c := 1; c <= customers; c++ {
		db.customers = append(db.customers, &Customer{ID: c, Name: fmt.Sprintf("customer %d", c)})
	}
	// Orders alternate between customers, as they would arrive.
	for o := 1; o <= customers*ordersEach; o++ {
		db.orders = append(db.orders, &Order{ID: o, Amount: float64(o) * 1.5, CustomerID: (o-1)%customers + 1})
	}
	return db
}

// Queries is the number of round trips made so far.
func (db *DB) Queries() int64 { return db.queries.Load() }

// AllOrders is `SELECT * FROM orders`.
func (db *DB) AllOrders(ctx context.Context) ([]*Order, error) {
	db.queries.Add(1)
	return db.orders, ctx.Err()
}

// AllCustomers is `SELECT * FROM customers`.
func (db *DB) AllCustomers(ctx context.Context) ([]*Customer, error) {
	db.queries.Add(1)
	return db.customers, ctx.Err()
}

// CustomersByID is `SELECT * FROM customers WHERE id IN (ids)`. Ids with no
// row are left out of the map.
func (db *DB) CustomersByID(ctx context.Context, ids []int) (map[int]*Customer, error) {
	db.queries.Add(1)
	out := make(map[int]*Customer, len(ids))
	for _, id := range ids {
		for _, c := range db.customers {
			if c.ID == id {
				out[id] = c
			}
		}
	}
	return out, ctx.Err()
}

// OrdersByCustomer is `SELECT * FROM orders WHERE customer_id IN (ids)`,
// grouped by customer.
func (db *DB) OrdersByCustomer(ctx context.Context, ids []int) (map[int][]*Order, error) {
	db.queries.Add(1)
	out := make(map[int][]*Order, len(ids))
	for _, id := range ids {
		out[id] = []*Order{}
	}
	for _, o := range db.orders {
		if _, ok := out[o.CustomerID]; ok {
			out[o.CustomerID] = append(out[o.CustomerID], o)
		}
	}
	return out, ctx.Err()
}

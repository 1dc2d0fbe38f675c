package dataloader

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/99designs/gqlgen/client"
)

// The counts below assert exactly one query per level of the tree, so the
// tests do not rely on a list's keys arriving within a time window: each
// loader queries as soon as it holds as many distinct keys as the level asks
// for (dataloadgen.WithBatchCapacity), and testWait is only a ceiling that a
// correct run never reaches.
const testWait = 30 * time.Second

// batched makes the loaders query once n distinct keys are waiting.
func batched(n int) []dataloadgen.Option {
	return []dataloadgen.Option{dataloadgen.WithBatchCapacity(n)}
}

type orderRow struct {
	ID       int
	Customer struct{ Name string }
}

// run sends query to a fresh server and returns the database queries it cost.
func run(t *testing.T, db *DB, wait time.Duration, query string, resp any) int64 {
	t.Helper()
	// Every level of these queries asks for the keys of all 5 customers.
	c := client.New(NewServer(db, wait, batched(5)...))
	before := db.Queries()
	c.MustPost(query, resp)
	return db.Queries() - before
}

func TestOrdersWithCustomer(t *testing.T) {
	const query = `{ orders { id customer { name } } }`
	for _, tc := range []struct {
		name    string
		wait    time.Duration
		queries int64
	}{
		// 1 for the orders, then 1 per order for its customer.
		{"without loader", 0, 1 + 20},
		// 1 for the orders, 1 for all their (5 distinct) customers.
		{"with loader", testWait, 1 + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var resp struct{ Orders []orderRow }
			got := run(t, NewDB(5, 4), tc.wait, query, &resp)
			if got != tc.queries {
				t.Errorf("database queries = %d, want %d", got, tc.queries)
			}
			if len(resp.Orders) != 20 {
				t.Fatalf("got %d orders", len(resp.Orders))
			}
			for _, o := range resp.Orders {
				if want := fmt.Sprintf("customer %d", (o.ID-1)%5+1); o.Customer.Name != want {
					t.Errorf("order %d: customer %q, want %q", o.ID, o.Customer.Name, want)
				}
			}
		})
	}
}

func TestCustomersWithOrders(t *testing.T) {
	const query = `{ customers { id orders { id customer { id } } } }`
	for _, tc := range []struct {
		name    string
		wait    time.Duration
		queries int64
	}{
		// 1 + 5 customers' orders + 20 orders' customers.
		{"without loader", 0, 1 + 5 + 20},
		// One query per level of the tree.
		{"with loader", testWait, 1 + 1 + 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var resp struct {
				Customers []struct {
					ID     int
					Orders []struct {
						ID       int
						Customer struct{ ID int }
					}
				}
			}
			got := run(t, NewDB(5, 4), tc.wait, query, &resp)
			if got != tc.queries {
				t.Errorf("database queries = %d, want %d", got, tc.queries)
			}
			for _, c := range resp.Customers {
				if len(c.Orders) != 4 {
					t.Errorf("customer %d has %d orders, want 4", c.ID, len(c.Orders))
				}
				for _, o := range c.Orders {
					if o.Customer.ID != c.ID {
						t.Errorf("order %d of customer %d points at %d", o.ID, c.ID, o.Customer.ID)
					}
				}
			}
		})
	}
}

// TestLoadersArePerRequest checks that concurrent requests do not share a
// batch or a cache: each pays its own two queries.
func TestLoadersArePerRequest(t *testing.T) {
	db := NewDB(3, 2)
	c := client.New(NewServer(db, testWait, batched(3)...))
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			var resp struct{ Orders []orderRow }
			errs <- c.Post(`{ orders { id customer { name } } }`, &resp)
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := db.Queries(); got != 4*2 {
		t.Errorf("4 requests made %d queries, want 8", got)
	}
}

func TestMissingCustomer(t *testing.T) {
	for _, wait := range []time.Duration{0, testWait} {
		db := NewDB(2, 1)
		db.orders = append(db.orders, &Order{ID: 99, CustomerID: 42})
		// Customers 1, 2 and the missing 42.
		c := client.New(NewServer(db, wait, batched(3)...))
		var resp map[string]any
		err := c.Post(`{ orders { id customer { name } } }`, &resp)
		if err == nil || !strings.Contains(err.Error(), "customer 42 not found") || !strings.Contains(err.Error(), `"path":["orders",2,"customer"]`) {
			t.Errorf("wait %v: want a not-found error at orders[2].customer, got %v", wait, err)
		}
	}
}

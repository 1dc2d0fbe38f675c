// Package scalars is the custom scalar example: the built-in Time, Map and
// Any scalars, graphql.UUID, and custom scalars written as methods (Point),
// as context-aware methods (Money) and as functions for a type the package
// does not own (Color), plus Omittable inputs for partial updates.
package scalars

//go:generate go run github.com/99designs/gqlgen generate

import (
	"sync"
	"time"

	"github.com/google/uuid"
)

// Resolver keeps items in memory. NewID and Now are replaceable so tests
// get stable ids and times.
type Resolver struct {
	NewID func() uuid.UUID
	Now   func() time.Time

	mu    sync.Mutex
	items []*Item
}

// NewResolver returns an empty inventory with random ids and the real clock.
func NewResolver() *Resolver {
	return &Resolver{NewID: uuid.New, Now: time.Now}
}

func (r *Resolver) find(id uuid.UUID) *Item {
	for _, it := range r.items {
		if it.ID == id {
			return it
		}
	}
	return nil
}

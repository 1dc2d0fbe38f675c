package graphql

import "context"

// Cache stores values by key; the server keeps parsed queries and automatic
// persisted queries in one. Implementations must be safe for concurrent use.
type Cache[T any] interface {
	// Get returns the value stored under key, and whether there is one.
	Get(ctx context.Context, key string) (value T, ok bool)
	// Add stores value under key.
	Add(ctx context.Context, key string, value T)
}

// MapCache is a Cache backed by a plain map. It never evicts and is not safe
// for concurrent writes, so it is meant for tests.
type MapCache[T any] map[string]T

// Get returns the value stored under key, and whether there is one.
func (m MapCache[T]) Get(_ context.Context, key string) (value T, ok bool) {
	value, ok = m[key]
	return value, ok
}

// Add stores value under key.
func (m MapCache[T]) Add(_ context.Context, key string, value T) { m[key] = value }

// NoCache is a Cache that stores nothing.
type NoCache[T any] struct{}

var _ Cache[string] = NoCache[string]{}

// Get always reports a miss.
func (NoCache[T]) Get(context.Context, string) (value T, ok bool) { return value, false }

// Add does nothing.
func (NoCache[T]) Add(context.Context, string, T) {}

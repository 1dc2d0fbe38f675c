// Package lru provides a bounded graphql.Cache that evicts the least
// recently used entry, for parsed queries and automatic persisted queries.
package lru

import (
	"context"
	"fmt"

	golru "github.com/hashicorp/golang-lru/v2"

	"github.com/99designs/gqlgen/graphql"
)

// LRU is a graphql.Cache holding at most a fixed number of entries. It is
// safe for concurrent use. Its zero value is not usable; call New.
type LRU[T any] struct {
	entries *golru.Cache[string, T]
}

var _ graphql.Cache[string] = (*LRU[string])(nil)

// New returns a cache that holds up to size entries. It panics if size is
// not positive.
func New[T any](size int) *LRU[T] {
	entries, err := golru.New[string, T](size)
	if err != nil {
		panic(fmt.Sprintf("lru: cache of size %d: %v", size, err))
	}
	return &LRU[T]{entries: entries}
}

// Get returns the value stored under key and marks it as recently used.
func (l LRU[T]) Get(_ context.Context, key string) (value T, ok bool) {
	return l.entries.Get(key)
}

// Add stores value under key, evicting the least recently used entry when
// the cache is full.
func (l LRU[T]) Add(_ context.Context, key string, value T) {
	l.entries.Add(key, value)
}

// Package shutdown is the graceful-shutdown example: a server whose
// subscriptions and slow queries show what handler.Server.Shutdown does to
// live connections (see server/main.go and docs/production.md).
package shutdown

//go:generate go run github.com/99designs/gqlgen generate

import (
	"sync"
	"sync/atomic"
)

// Resolver is one replica's state. Build it with NewResolver.
type Resolver struct {
	// Replica names the process in answers and events.
	Replica string
	// ShuttingDown is set by the program when its shutdown begins.
	ShuttingDown atomic.Bool

	slowStarted atomic.Int64

	mu          sync.Mutex
	subscribers map[chan *Event]struct{}
}

// NewResolver returns the resolver of the replica called replica.
func NewResolver(replica string) *Resolver {
	return &Resolver{Replica: replica, subscribers: map[chan *Event]struct{}{}}
}

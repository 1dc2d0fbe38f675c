// Package fanout is a schema whose queries fan out over nested lists of
// resolvers: { rows(n: 100) { cells(n: 100) { value } } } would start
// 10,100 goroutines without a goroutine limit. The handler's tests and
// benchmark of Server.SetGoroutineLimit use it.
package fanout

//go:generate go run github.com/99designs/gqlgen generate

import "context"

// Resolver resolves the schema; OnValue, when set, runs at the start of
// every Cell.value resolver.
type Resolver struct {
	OnValue func(ctx context.Context)
}

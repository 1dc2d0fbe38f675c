// Package graph is the demo's GraphQL layer: generated.go and model/ come
// from the generator, the resolvers are written by hand.
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"sync"

	"github.com/99designs/gqlgen/tools/demo/graph/model"
)

// Resolver keeps the todo list in memory.
type Resolver struct {
	mu    sync.Mutex
	todos []*model.Todo
}

// NewResolver returns a Resolver with a few todos to look at.
func NewResolver() *Resolver {
	ada := &model.User{ID: "U1", Name: "Ada"}
	return &Resolver{todos: []*model.Todo{
		{ID: "T1", Text: "Replace gqlgen with this fork", Done: true, User: ada},
		{ID: "T2", Text: "Regenerate", User: ada},
		{ID: "T3", Text: "Build with -tags sonic", User: ada},
	}}
}

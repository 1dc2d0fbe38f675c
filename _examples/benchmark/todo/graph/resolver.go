// Package graph is schema (a) of the side-by-side benchmark: the starter
// schema of `gqlgen init` with resolvers that return empty results, so a
// request measures the server and the generated code alone.
//
// generated.go and model/models_gen.go come from the generator
// (../compare.sh or `go generate ./...` in the benchmark module).
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"

	"github.com/99designs/gqlgen/_examples/benchmark/todo/graph/model"
)

// Resolver is the root resolver; it holds no state.
type Resolver struct{}

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryRes{} }

// Mutation returns the resolvers of the Mutation type.
func (r *Resolver) Mutation() MutationResolver { return mutationRes{} }

type queryRes struct{}

// noTodos is returned by every todos call: an empty, non-nil list.
var noTodos = []*model.Todo{}

func (queryRes) Todos(context.Context) ([]*model.Todo, error) { return noTodos, nil }

type mutationRes struct{}

// emptyTodo is what createTodo answers: zero values, a user included since
// the schema makes it non-null.
var emptyTodo = &model.Todo{User: &model.User{}}

func (mutationRes) CreateTodo(context.Context, model.NewTodo) (*model.Todo, error) {
	return emptyTodo, nil
}

// Package graph is schema (b) of the side-by-side benchmark: a todo API
// over an in-memory store of 100 todos and 10 users.
//
// generated.go and model/models_gen.go come from the generator
// (../compare.sh or `go generate ./...` in the benchmark module).
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/_examples/benchmark/realistic/graph/model"
)

// Store sizes.
const (
	NumTodos = 100
	NumUsers = 10
)

// Resolver is the root resolver over a fixed, read-only store. createTodo
// builds a new todo each time but does not keep it, so every request sees
// the same store.
type Resolver struct {
	todos []*model.Todo
	users []*model.User
	byID  map[string]*model.User
}

// NewResolver fills the store: todo i is "T<i>" owned by user "U<i%10>",
// done when i is a multiple of 3.
func NewResolver() *Resolver {
	r := &Resolver{byID: map[string]*model.User{}}
	for i := range NumUsers {
		u := &model.User{ID: "U" + strconv.Itoa(i), Name: "User " + strconv.Itoa(i)}
		r.users = append(r.users, u)
		r.byID[u.ID] = u
	}
	for i := range NumTodos {
		r.todos = append(r.todos, &model.Todo{
			ID:   "T" + strconv.Itoa(i),
			Text: "todo number " + strconv.Itoa(i),
			Done: i%3 == 0,
			Tags: []string{},
			User: r.users[i%NumUsers],
		})
	}
	return r
}

// Todos returns the store's todos.
func (r *Resolver) Todos() []*model.Todo { return r.todos }

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryRes{r} }

// Mutation returns the resolvers of the Mutation type.
func (r *Resolver) Mutation() MutationResolver { return mutationRes{r} }

type queryRes struct{ *Resolver }

func (q queryRes) Todos(_ context.Context, first int, done *bool, text *string) ([]*model.Todo, error) {
	if first < 0 {
		return nil, fmt.Errorf("first must not be negative, got %d", first)
	}
	if done == nil && text == nil {
		return q.todos[:min(first, len(q.todos))], nil
	}
	var out []*model.Todo
	for _, t := range q.todos {
		if len(out) == first {
			break
		}
		if done != nil && t.Done != *done {
			continue
		}
		if text != nil && !strings.Contains(t.Text, *text) {
			continue
		}
		out = append(out, t)
	}
	return out, nil
}

func (q queryRes) Todo(_ context.Context, id string) (*model.Todo, error) {
	for _, t := range q.todos {
		if t.ID == id {
			return t, nil
		}
	}
	return nil, nil
}

func (q queryRes) Users(context.Context) ([]*model.User, error) { return q.users, nil }

type mutationRes struct{ *Resolver }

func (m mutationRes) CreateTodo(_ context.Context, in model.NewTodo) (*model.Todo, error) {
	u := m.byID[in.UserID]
	if u == nil {
		return nil, fmt.Errorf("no user %q", in.UserID)
	}
	t := &model.Todo{ID: "T" + strconv.Itoa(len(m.todos)), Text: in.Text, Tags: in.Tags, User: u}
	if in.Done != nil {
		t.Done = *in.Done
	}
	if t.Tags == nil {
		t.Tags = []string{}
	}
	return t, nil
}

package graph

import (
	"context"
	"errors"
	"strconv"
)

// Resolver answers from fixed data: every answer is the same whenever it
// is asked, so the cost tool can check each response byte for byte. The
// mutation returns the todo it would create without keeping it.
type Resolver struct {
	me    *User
	users map[string]*User
	todos []*Todo
}

// NewResolver builds the fixed data set: 3 users and 50 todos.
func NewResolver() *Resolver {
	email := "ada@example.com"
	r := &Resolver{users: map[string]*User{}}
	for i, name := range []string{"Ada Lovelace", "Grace <Hopper>", "Alan & Turing"} {
		u := &User{ID: "U" + strconv.Itoa(i+1), Name: name, Role: RoleMember}
		if i == 0 {
			u.Email, u.Role = &email, RoleAdmin
		}
		r.users[u.ID] = u
	}
	r.me = r.users["U1"]
	for i := range 50 {
		n := strconv.Itoa(i + 1)
		r.todos = append(r.todos, &Todo{ID: "T" + n, Text: "todo number " + n, Done: i%3 == 0,
			Tags: []string{"tag" + strconv.Itoa(i%4), "all"}, User: r.users["U"+strconv.Itoa(i%3+1)]})
	}
	return r
}

// Query returns the query resolver.
func (r *Resolver) Query() QueryResolver { return (*queryResolver)(r) }

// Mutation returns the mutation resolver.
func (r *Resolver) Mutation() MutationResolver { return (*mutationResolver)(r) }

type queryResolver Resolver

func (r *queryResolver) Me(context.Context) (*User, error) { return r.me, nil }

func (r *queryResolver) User(_ context.Context, id string) (*User, error) { return r.users[id], nil }

func (r *queryResolver) Todos(_ context.Context, first *int, done *bool) ([]*Todo, error) {
	out := make([]*Todo, 0, 10)
	for _, t := range r.todos {
		if first != nil && len(out) >= *first {
			break
		}
		if done == nil || t.Done == *done {
			out = append(out, t)
		}
	}
	return out, nil
}

type mutationResolver Resolver

func (r *mutationResolver) CreateTodo(_ context.Context, in NewTodo) (*Todo, error) {
	u, ok := r.users[in.UserID]
	if !ok {
		return nil, errors.New("no user " + strconv.Quote(in.UserID))
	}
	tags := in.Tags
	if tags == nil {
		tags = []string{}
	}
	return &Todo{ID: "T51", Text: in.Text, Tags: tags, User: u}, nil
}

// Package graph is the config example's GraphQL layer: the generated
// executable schema and the resolvers, one file per schema file.
package graph

import (
	"sync"

	"github.com/99designs/gqlgen/_examples/config/model"
)

// Resolver keeps users and todos in memory. NewResolver seeds it.
type Resolver struct {
	mu    sync.Mutex
	users []*model.User
	todos []*model.Todo
}

// NewResolver returns a store with an admin and a member and no todos.
func NewResolver() *Resolver {
	return &Resolver{users: []*model.User{
		{ID: 1, Name: "Ada", Role: model.RoleAdmin},
		{ID: 2, Name: "Bob", Role: model.RoleMember},
	}}
}

func (r *Resolver) userByID(id int) *model.User {
	for _, u := range r.users {
		if u.ID == id {
			return u
		}
	}
	return nil
}

func (r *Resolver) todoByID(id int) *model.Todo {
	for _, t := range r.todos {
		if t.ID == id {
			return t
		}
	}
	return nil
}

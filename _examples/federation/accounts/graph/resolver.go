// Package graph is the accounts subgraph: its schema, the code gqlgen
// generates for it, and the resolvers below, over a fixed in-memory list
// of users.
package graph

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"

	"github.com/99designs/gqlgen/_examples/federation/accounts/graph/model"
)

// Resolver is the accounts subgraph's root resolver. Its data never
// changes, so one Resolver serves any number of requests.
type Resolver struct {
	users []*model.User
	byID  map[string]*model.User

	// batches counts calls of FindManyUserByIDs, so tests can see that
	// one _entities request costs one call however many users it names.
	batches atomic.Int64
}

// NewResolver returns a resolver over the example's three users.
func NewResolver() *Resolver {
	r := &Resolver{
		users: []*model.User{
			{ID: "1", Name: "Ada Lovelace", Username: "ada"},
			{ID: "2", Name: "Alan Turing", Username: "alan"},
			{ID: "3", Name: "Grace Hopper", Username: "grace"},
		},
		byID: map[string]*model.User{},
	}
	for _, u := range r.users {
		r.byID[u.ID] = u
	}
	return r
}

// Batches is how many times the batch entity resolver has run.
func (r *Resolver) Batches() int64 { return r.batches.Load() }

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return queryResolver{r} }

// Entity returns the resolvers the generated _entities field calls.
func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }

type queryResolver struct{ *Resolver }

func (q queryResolver) Me(context.Context) (*model.User, error) {
	return q.byID["1"], nil
}

func (q queryResolver) Users(context.Context) ([]*model.User, error) {
	return q.users, nil
}

type entityResolver struct{ *Resolver }

// FindManyUserByIDs looks up every representation at once. An unknown id
// fails only its own entity (a null with an error at its index in
// _entities), through a graphql.BatchErrorList.
func (e entityResolver) FindManyUserByIDs(_ context.Context, reps []*model.UserByIDsInput) ([]*model.User, error) {
	e.batches.Add(1)
	users := make([]*model.User, len(reps))
	var errs graphql.BatchErrorList
	for i, rep := range reps {
		if u, ok := e.byID[rep.ID]; ok {
			users[i] = u
			continue
		}
		if errs == nil {
			errs = make(graphql.BatchErrorList, len(reps))
		}
		errs[i] = fmt.Errorf("no user with id %q", rep.ID)
	}
	if errs != nil {
		return users, errs
	}
	return users, nil
}

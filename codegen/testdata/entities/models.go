package entities

import "context"

type User struct {
	ID   string
	Name string
}

func (*User) IsEntity() {}

type Resolver struct{}

func (Resolver) Query() QueryResolver { return Resolver{} }

func (Resolver) Me(context.Context) (*User, error) { return &User{ID: "1", Name: "me"}, nil }

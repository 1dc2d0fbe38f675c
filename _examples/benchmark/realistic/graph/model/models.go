// Package model holds the Go types of schema (b): Todo and User written by
// hand, NewTodo generated into models_gen.go.
package model

// Todo is a thing to do. User is a plain field: no resolver runs for it.
type Todo struct {
	ID   string
	Text string
	Done bool
	Tags []string
	User *User
}

// User owns todos.
type User struct {
	ID   string
	Name string
}

// Package directives is the directive example: @hasRole checks the caller
// put in the request context by an HTTP middleware, @upper transforms a
// resolved value, @maxLength validates an argument; a field middleware
// counts resolver calls into the response extensions, and a fixed
// complexity limit rejects expensive queries before they run.
package directives

//go:generate go run github.com/99designs/gqlgen generate

import (
	"strconv"
	"sync"
)

// Resolver holds the blog in memory. NewResolver fills it.
type Resolver struct {
	mu    sync.Mutex
	users map[string]*User
	posts []*Post
}

// NewResolver returns a blog with two users and one post.
func NewResolver() *Resolver {
	r := &Resolver{users: map[string]*User{
		"1": {ID: "1", Name: "Ada", Email: "ada@example.com"},
		"2": {ID: "2", Name: "Bob", Email: "bob@example.com"},
	}}
	r.posts = []*Post{{ID: "1", Title: "hello directives", Author: r.users["1"]}}
	return r
}

// commentsFor makes up n comments for a post: the example's stand-in for a
// table that grows with the page size asked for.
func commentsFor(post *Post, n int) []*Comment {
	out := make([]*Comment, n)
	for i := range out {
		out[i] = &Comment{ID: post.ID + "." + strconv.Itoa(i+1), Text: "comment " + strconv.Itoa(i+1)}
	}
	return out
}

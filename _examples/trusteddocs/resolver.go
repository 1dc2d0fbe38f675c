// Package trusteddocs is the trusted documents example: a server that runs
// only the operations its client shipped. The client's .graphql files in
// client/ are extracted by @apollo/generate-persisted-query-manifest into
// client/persisted-query-manifest.json, which the server embeds and
// enforces with extension.TrustedDocuments: a request names an operation by
// its id (extensions.persistedQuery.sha256Hash, as Apollo Client's
// persisted-queries link sends it, or documentId), and any other query is
// refused, or in log mode answered and logged.
package trusteddocs

//go:generate go run github.com/99designs/gqlgen generate

import (
	"strconv"
	"sync"
)

// Resolver holds the books in memory.
type Resolver struct {
	mu    sync.Mutex
	books []*Book
}

// NewResolver returns a shelf with two books.
func NewResolver() *Resolver {
	return &Resolver{books: []*Book{
		{ID: "1", Title: "The Left Hand of Darkness", Author: "Ursula K. Le Guin"},
		{ID: "2", Title: "Kindred", Author: "Octavia E. Butler"},
	}}
}

func (r *Resolver) add(title, author string) *Book {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := &Book{ID: strconv.Itoa(len(r.books) + 1), Title: title, Author: author}
	r.books = append(r.books, b)
	return b
}

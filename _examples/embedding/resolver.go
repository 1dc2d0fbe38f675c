// Package embedding is the embedding example: the schema files are embedded
// with go:embed (by the generated code, and by this package, which serves
// them), Book and Author embed a Base struct whose fields and methods are
// bound, Genre is a GraphQL enum bound to a Go int type, the books resolver
// uses CollectFields to load only the columns a query selects, and
// schema/extensions.graphqls extends the types of schema/library.graphqls.
package embedding

//go:generate go run github.com/99designs/gqlgen generate

import (
	"embed"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// schemaFiles are the schema as built into the binary.
//
//go:embed schema/*.graphqls
var schemaFiles embed.FS

// SDL returns the schema files embedded in the binary, concatenated in name
// order.
func SDL() (string, error) {
	names, err := fs.Glob(schemaFiles, "schema/*.graphqls")
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	var b strings.Builder
	for _, name := range names {
		src, err := schemaFiles.ReadFile(name)
		if err != nil {
			return "", err
		}
		b.Write(src)
	}
	return b.String(), nil
}

// Resolver answers from an in-memory library. NewResolver fills it.
type Resolver struct {
	authors map[string]*Author
	books   []*Book

	mu sync.Mutex
	// columns records, per call to Books, the columns it was asked to
	// load: the example's evidence that CollectFields narrowed the query.
	columns [][]string
}

// Columns returns the columns each books query loaded, in order.
func (r *Resolver) Columns() [][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.columns)
}

// NewResolver returns a library of three books by two authors.
func NewResolver() *Resolver {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	r := &Resolver{authors: map[string]*Author{
		"a1": {Base: Base{ID: "a1", Created: day(1)}, Name: "Ursula K. Le Guin"},
		"a2": {Base: Base{ID: "a2", Created: day(2)}, Name: "Carl Sagan"},
	}}
	r.books = []*Book{
		{Base: Base{ID: "b1", Created: day(3)}, Title: "The Dispossessed", Genre: Fiction, AuthorID: "a1", Shelf: "F-12"},
		{Base: Base{ID: "b2", Created: day(4)}, Title: "Cosmos", Genre: Science, AuthorID: "a2", Shelf: "S-3"},
		{Base: Base{ID: "b3", Created: day(5)}, Title: "Finding My Elegy", Genre: Poetry, AuthorID: "a1", Shelf: "P-1"},
	}
	return r
}

// columnsFor maps the GraphQL fields of Book to the columns that hold them;
// fields without a column (author is a join) need none of their own.
var columnsFor = map[string][]string{
	"id":        {"id"},
	"createdAt": {"created_at"},
	"title":     {"title"},
	"genre":     {"genre"},
	"shelf":     {"shelf"},
	"author":    {"author_id"},
}

// loadBooks stands in for `SELECT <columns> FROM books [WHERE genre = ?]`:
// it copies only the given columns into the returned books.
func (r *Resolver) loadBooks(columns []string, genre *Genre) []*Book {
	r.mu.Lock()
	r.columns = append(r.columns, columns)
	r.mu.Unlock()
	var out []*Book
	for _, b := range r.books {
		if genre != nil && b.Genre != *genre {
			continue
		}
		row := &Book{}
		for _, c := range columns {
			switch c {
			case "id":
				row.ID = b.ID
			case "created_at":
				row.Created = b.Created
			case "title":
				row.Title = b.Title
			case "genre":
				row.Genre = b.Genre
			case "shelf":
				row.Shelf = b.Shelf
			case "author_id":
				row.AuthorID = b.AuthorID
			}
		}
		out = append(out, row)
	}
	return out
}

package embedding

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// Base holds what every stored record has. Book and Author embed it, and
// the generator binds the schema's id and createdAt to the promoted fields
// and method as if they were declared on Book and Author.
type Base struct {
	ID      string
	Created time.Time
}

// CreatedAt answers the createdAt field of every Record.
func (b Base) CreatedAt() string { return b.Created.UTC().Format(time.RFC3339) }

// Author writes books.
type Author struct {
	Base
	Name string
}

// Book is a book of the library. Its columns are loaded on demand: see
// Library.Books, which reads only the columns the query selects.
type Book struct {
	Base
	Title    string
	Genre    Genre
	AuthorID string
	Shelf    string
}

// Genre is an enum kept as an int, as a database column would hold it.
// gqlgen.yml binds each GraphQL value to one of the constants; the methods
// below make it a GraphQL enum on the wire.
type Genre int

// The genres, in the order of the schema. The zero value is no genre.
const (
	Fiction Genre = iota + 1
	Science
	Poetry
)

var genreNames = map[Genre]string{Fiction: "FICTION", Science: "SCIENCE", Poetry: "POETRY"}

// String returns the GraphQL name of g.
func (g Genre) String() string { return genreNames[g] }

// MarshalGQL writes g's GraphQL name.
func (g Genre) MarshalGQL(w io.Writer) { io.WriteString(w, strconv.Quote(g.String())) }

// UnmarshalGQL reads a GraphQL enum value name.
func (g *Genre) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("a Genre must be a string, got %T", v)
	}
	for k, name := range genreNames {
		if name == s {
			*g = k
			return nil
		}
	}
	return fmt.Errorf("%q is not a Genre", s)
}

// Record is the Go side of the GraphQL interface Record. Its one method is
// promoted from Base, so embedding Base is all a type needs to be a Record.
type Record interface {
	isRecord()
}

func (Base) isRecord() {}

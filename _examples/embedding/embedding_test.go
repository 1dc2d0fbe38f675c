package embedding

import (
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/client"
)

type book struct {
	ID, Title, Genre, Shelf, CreatedAt string
	Author                             struct{ Name string }
}

func TestEmbeddedStructsAndBoundEnum(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	var resp struct{ Books []book }
	c.MustPost(`query($g: Genre) { books(genre: $g) { id title genre shelf createdAt author { name } } }`, &resp,
		client.Var("g", "POETRY"))
	want := book{ID: "b3", Title: "Finding My Elegy", Genre: "POETRY", Shelf: "P-1", CreatedAt: "2026-01-05T00:00:00Z"}
	want.Author.Name = "Ursula K. Le Guin"
	if len(resp.Books) != 1 || resp.Books[0] != want {
		t.Errorf("poetry: %+v", resp.Books)
	}

	// Interface fields resolve through Base, promoted into Book and Author.
	var records struct {
		Authors []struct{ ID, CreatedAt string }
	}
	c.MustPost(`{ authors { ...on Record { id createdAt } } }`, &records)
	if len(records.Authors) != 2 || records.Authors[1].ID != "a2" || records.Authors[1].CreatedAt != "2026-01-02T00:00:00Z" {
		t.Errorf("authors: %+v", records.Authors)
	}

	var bad map[string]any
	if err := c.Post(`{ books(genre: DRAMA) { id } }`, &bad); err == nil || !strings.Contains(err.Error(), "DRAMA") {
		t.Errorf("unknown genre: %v", err)
	}
}

func TestCollectFieldsNarrowsTheQuery(t *testing.T) {
	r := NewResolver()
	c := client.New(NewServer(r))
	var resp struct {
		Books []struct {
			Title  string
			Author struct{ Name string }
		}
	}
	c.MustPost(`{ books { title ...withAuthor } } fragment withAuthor on Book { author { name } title }`, &resp)
	if len(resp.Books) != 3 || resp.Books[1].Title != "Cosmos" || resp.Books[1].Author.Name != "Carl Sagan" {
		t.Fatalf("books: %+v", resp.Books)
	}
	var everything struct{ Books []book }
	c.MustPost(`{ books { id title genre shelf createdAt author { name } } }`, &everything)

	got := r.Columns()
	want := [][]string{
		{"title", "author_id"}, // fragment fields counted once
		{"id", "title", "genre", "shelf", "created_at", "author_id"},
	}
	if len(got) != 2 || !slices.Equal(got[0], want[0]) || !slices.Equal(got[1], want[1]) {
		t.Errorf("columns loaded = %v, want %v", got, want)
	}
}

// TestExtensions checks that types extended in schema/extensions.graphqls
// have the fields and values the extension added.
func TestExtensions(t *testing.T) {
	c := client.New(NewServer(NewResolver()))
	var resp struct {
		Genre struct{ EnumValues []struct{ Name string } }
		Book  struct{ Fields []struct{ Name string } }
	}
	c.MustPost(`{
		genre: __type(name: "Genre") { enumValues { name } }
		book: __type(name: "Book") { fields { name } }
	}`, &resp)
	var values, fields []string
	for _, v := range resp.Genre.EnumValues {
		values = append(values, v.Name)
	}
	for _, f := range resp.Book.Fields {
		fields = append(fields, f.Name)
	}
	if strings.Join(values, ",") != "FICTION,SCIENCE,POETRY" {
		t.Errorf("Genre values: %v", values)
	}
	if strings.Join(fields, ",") != "id,createdAt,title,genre,author,shelf" {
		t.Errorf("Book fields: %v", fields)
	}
}

func TestEmbeddedSDL(t *testing.T) {
	var want strings.Builder
	for _, name := range []string{"schema/extensions.graphqls", "schema/library.graphqls"} {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want.Write(src)
	}
	var resp struct{ Sdl string }
	client.New(NewServer(NewResolver())).MustPost(`{ sdl }`, &resp)
	if resp.Sdl != want.String() {
		t.Errorf("sdl field differs from the schema files")
	}
	rec := httptest.NewRecorder()
	SDLHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/schema.graphql", nil))
	if rec.Code != 200 || rec.Body.String() != want.String() || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Errorf("/schema.graphql: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

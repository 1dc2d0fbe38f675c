package config

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/_examples/config/graph"
	"github.com/99designs/gqlgen/_examples/config/model"
	"github.com/99designs/gqlgen/client"
)

func TestBoundTypesServe(t *testing.T) {
	c := client.New(graph.NewServer(graph.NewResolver()))
	var created struct {
		CreateTodo struct {
			ID    string // an IntID: an int in Go, a string on the wire
			Text  string // model.Todo.Description, through fieldName
			Owner struct{ Name, Role string }
		}
	}
	c.MustPost(`mutation { createTodo(input: {text: "write the config example", ownerId: "2"}) { id text owner { name role } } }`, &created)
	if got := created.CreateTodo; got.ID != "1" || got.Text != "write the config example" || got.Owner.Name != "Bob" || got.Owner.Role != "MEMBER" {
		t.Errorf("createTodo: %+v", got)
	}

	var done struct{ MarkDone struct{ Done bool } }
	c.MustPost(`mutation { markDone(id: 1) { done } }`, &done)
	var users struct {
		Users []struct {
			ID    string
			Todos []struct {
				Text string
				Done bool
			}
		}
	}
	c.MustPost(`{ users { id todos { text done } } }`, &users)
	if len(users.Users) != 2 || len(users.Users[0].Todos) != 0 || len(users.Users[1].Todos) != 1 || !users.Users[1].Todos[0].Done {
		t.Errorf("users: %+v", users.Users)
	}

	var resp map[string]any
	if err := c.Post(`{ user(id: "x") { name } }`, &resp); err == nil || !strings.Contains(err.Error(), "x") {
		t.Errorf("a non-numeric IntID: want an error, got %v", err)
	}
	if err := c.Post(`mutation { createTodo(input: {text: "t", ownerId: 9}) { id } }`, &resp); err == nil || !strings.Contains(err.Error(), "no user 9") {
		t.Errorf("unknown owner: %v", err)
	}
}

// TestModelHooks checks what ./generate's hooks put in the generated models.
func TestModelHooks(t *testing.T) {
	typ := reflect.TypeFor[model.NewTodo]()
	for name, want := range map[string]string{"Text": "text", "OwnerID": "owner_id"} {
		f, ok := typ.FieldByName(name)
		if !ok {
			t.Fatalf("NewTodo has no field %s", name)
		}
		if got := f.Tag.Get("db"); got != want {
			t.Errorf("NewTodo.%s db tag = %q, want %q (json %q)", name, got, want, f.Tag.Get("json"))
		}
	}
	src, err := os.ReadFile("model/models_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "// Query is generated from the schema type of the same name.") {
		t.Error("the doc hook did not describe Query")
	}
	if !strings.Contains(string(src), "// A todo to create.\ntype NewTodo struct") {
		t.Error("a schema description should win over the doc hook's")
	}
}

// TestResolverTemplate checks that the resolver files come from resolver.gotpl.
func TestResolverTemplate(t *testing.T) {
	src, err := os.ReadFile("graph/user.resolvers.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"// Users resolves Query.users.\n",
		"// Todos resolves User.todos. The user's todos, in the order they were created.\n",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("graph/user.resolvers.go lacks %q", want)
		}
	}
}

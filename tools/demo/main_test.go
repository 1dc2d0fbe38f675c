package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql/introspection"
)

func TestTodos(t *testing.T) {
	c := client.New(newMux(), client.Path("/query"))
	var resp struct {
		Todos []struct {
			ID, Text string
			Done     bool
			User     struct{ Name string }
		}
	}
	c.MustPost(`{ todos { id text done user { name } } }`, &resp)
	if len(resp.Todos) != 3 || resp.Todos[0].ID != "T1" || !resp.Todos[0].Done || resp.Todos[0].User.Name != "Ada" {
		t.Fatalf("got %+v", resp)
	}
	var created struct {
		CreateTodo struct{ ID, Text string }
	}
	c.MustPost(`mutation($in: NewTodo!) { createTodo(input: $in) { id text } }`, &created,
		client.Var("in", map[string]any{"text": "<ship> & tell", "userId": "U2"}))
	if created.CreateTodo.ID != "T4" || created.CreateTodo.Text != "<ship> & tell" {
		t.Fatalf("created %+v", created)
	}
}

func TestIntrospection(t *testing.T) {
	c := client.New(newMux(), client.Path("/query"))
	var resp map[string]any
	c.MustPost(introspection.Query, &resp)
	schema := resp["__schema"].(map[string]any)
	if name := schema["queryType"].(map[string]any)["name"]; name != "Query" {
		t.Fatalf("query type %v", name)
	}
	found := false
	for _, ty := range schema["types"].([]any) {
		ty := ty.(map[string]any)
		if ty["name"] == "Todo" && len(ty["fields"].([]any)) == 4 && ty["kind"] == "OBJECT" {
			found = true
		}
	}
	if !found {
		t.Fatalf("type Todo with 4 fields missing: %v", schema["types"])
	}
}

func TestPlaygroundAtRoot(t *testing.T) {
	rec := httptest.NewRecorder()
	newMux().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "/query") {
		t.Fatalf("got %d", rec.Code)
	}
}

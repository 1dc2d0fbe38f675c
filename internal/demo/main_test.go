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
		}
	}
	c.MustPost(`{ todos { id text done } }`, &resp)
	if len(resp.Todos) != 3 || resp.Todos[0].ID != "1" || !resp.Todos[0].Done {
		t.Fatalf("got %+v", resp)
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
		if ty["name"] == "Todo" && len(ty["fields"].([]any)) == 3 && ty["kind"] == "OBJECT" {
			found = true
		}
	}
	if !found {
		t.Fatalf("type Todo with 3 fields missing: %v", schema["types"])
	}
}

func TestPlaygroundAtRoot(t *testing.T) {
	rec := httptest.NewRecorder()
	newMux().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "/query") {
		t.Fatalf("got %d", rec.Code)
	}
}

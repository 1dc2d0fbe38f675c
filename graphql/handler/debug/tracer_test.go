package debug

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// operation returns a context holding an operation with query and vars.
func operation(query string, vars map[string]any) context.Context {
	oc := &graphql.OperationContext{RawQuery: query, Variables: vars}
	return graphql.WithOperationContext(context.Background(), oc)
}

func answer(resp *graphql.Response) graphql.ResponseHandler {
	return func(context.Context) *graphql.Response { return resp }
}

const query = "query ($id: ID!, $f: UserFilter) {\n  user(id: $id) { name }\n}"

var vars = map[string]any{
	"id": "42",
	"f":  map[string]any{"roles": []any{"admin"}, "active": true, "since": json.Number("1700000000000")},
}

var response = &graphql.Response{
	Data: json.RawMessage(`{"user":{"name":null}}`),
	Errors: gqlerror.List{{
		Message: "not <allowed>",
		Path:    ast.Path{ast.PathName("user"), ast.PathName("name")},
	}},
}

func TestPlainOutput(t *testing.T) {
	var out bytes.Buffer
	tr := Tracer{out: &out}
	if got := tr.InterceptResponse(operation(query, vars), answer(response)); got != response {
		t.Fatal("response replaced")
	}
	want := `GraphQL Request {
  query ($id: ID!, $f: UserFilter) {
    user(id: $id) { name }
  }
  var f = {
    "active": true,
    "roles": [
      "admin"
    ],
    "since": 1700000000000
  }
  var id = "42"
  resp: {
    "errors": [
      {
        "message": "not \u003callowed\u003e",
        "path": [
          "user",
          "name"
        ]
      }
    ],
    "data": {
      "user": {
        "name": null
      }
    }
  }
  error: user.name: not <allowed>
}

`
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}

func TestColouredOutput(t *testing.T) {
	var out bytes.Buffer
	tr := Tracer{out: &out, color: true}
	tr.InterceptResponse(operation("{ a }", map[string]any{"v": 1}), answer(&graphql.Response{
		Data:   json.RawMessage(`{}`),
		Errors: gqlerror.List{{Message: "bad", Path: ast.Path{ast.PathName("a")}}},
	}))
	want := "GraphQL Request {\n" +
		"  \x1b[36m{ a }\x1b[0m\n" +
		"  var v = \x1b[33m1\x1b[0m\n" +
		"  resp: \x1b[32m{\n    \"errors\": [\n      {\n        \"message\": \"bad\",\n        \"path\": [\n          \"a\"\n        ]\n      }\n    ],\n    \"data\": {}\n  }\x1b[0m\n" +
		"  error: \x1b[1ma:\x1b[0m \x1b[31mbad\x1b[0m\n" +
		"}\n\n"
	if out.String() != want {
		t.Errorf("output\n%q\nwant\n%q", out.String(), want)
	}
}

func TestNilResponseAndUnencodableVariable(t *testing.T) {
	var out bytes.Buffer
	tr := Tracer{out: &out}
	ch := make(chan int)
	tr.InterceptResponse(operation("{ a }", map[string]any{"c": ch}), answer(nil))
	got := out.String()
	for _, want := range []string{"  var c = 0x", "  resp: null\n}\n\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestWritesRequestBeforeResolving(t *testing.T) {
	var out bytes.Buffer
	tr := Tracer{out: &out}
	tr.InterceptResponse(operation("{ a }", nil), func(context.Context) *graphql.Response {
		if out.String() != "GraphQL Request {\n  { a }\n" {
			t.Errorf("before resolving: %q", out.String())
		}
		return &graphql.Response{Data: json.RawMessage(`{"a":1}`)}
	})
	if !strings.HasSuffix(out.String(), "  resp: {\n    \"data\": {\n      \"a\": 1\n    }\n  }\n}\n\n") {
		t.Errorf("output %q", out.String())
	}
}

func TestWithoutOperation(t *testing.T) {
	var out bytes.Buffer
	tr := Tracer{out: &out}
	want := &graphql.Response{}
	if got := tr.InterceptResponse(context.Background(), answer(want)); got != want || out.Len() != 0 {
		t.Errorf("got %v, printed %q", got, out.String())
	}
}

func TestValidate(t *testing.T) {
	for _, disable := range []bool{true, false} {
		tr := &Tracer{DisableColor: disable}
		if err := tr.Validate(nil); err != nil {
			t.Fatal(err)
		}
		if tr.out != os.Stdout {
			t.Error("output is not standard output")
		}
		if disable && tr.color {
			t.Error("colour on despite DisableColor")
		}
	}
	if (Tracer{}).ExtensionName() != "ApolloTracing" {
		t.Error("extension name changed")
	}
}

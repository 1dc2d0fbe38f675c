package main

import (
	"bytes"
	"context"
	"strconv"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/introspection"
)

const sdl = `
type Todo {
  id: ID!
  text: String!
  done: Boolean!
}

type Query {
  todos: [Todo!]!
}
`

type todo struct {
	id, text string
	done     bool
}

// todoSchema is a graphql.ExecutableSchema written by hand: it walks the
// selection set and writes the response itself.
type todoSchema struct {
	schema *ast.Schema
	todos  []todo
}

func newTodoSchema() *todoSchema {
	return &todoSchema{
		schema: gqlparser.MustLoadSchema(&ast.Source{Name: "schema.graphqls", Input: sdl}),
		todos: []todo{
			{"1", "Replace gqlgen with this fork", true},
			{"2", "Regenerate", false},
			{"3", "Build with -tags sonic", false},
		},
	}
}

func (s *todoSchema) Schema() *ast.Schema { return s.schema }

func (s *todoSchema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 0, false
}

func (s *todoSchema) Exec(ctx context.Context) graphql.ResponseHandler {
	sent := false
	return func(ctx context.Context) *graphql.Response {
		if sent {
			return nil
		}
		sent = true
		oc := graphql.GetOperationContext(ctx)
		if oc.Operation.Operation != ast.Query {
			return graphql.ErrorResponse(ctx, "the demo schema has queries only")
		}
		var out bytes.Buffer
		s.query(ctx, oc, &out)
		return &graphql.Response{Data: out.Bytes()}
	}
}

func (s *todoSchema) query(ctx context.Context, oc *graphql.OperationContext, out *bytes.Buffer) {
	out.WriteByte('{')
	for i, f := range graphql.CollectFields(oc, oc.Operation.SelectionSet, []string{"Query"}) {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteString(strconv.Quote(f.Alias) + ":")
		switch f.Name {
		case "__typename":
			out.WriteString(`"Query"`)
		case "todos":
			s.writeTodos(oc, f, out)
		case "__schema":
			writeIntrospection(ctx, oc, f, introspection.WrapSchema(s.schema), out)
		case "__type":
			name, _ := f.ArgumentMap(oc.Variables)["name"].(string)
			writeIntrospection(ctx, oc, f, introspection.WrapTypeFromDef(s.schema, s.schema.Types[name]), out)
		}
	}
	out.WriteByte('}')
}

func (s *todoSchema) writeTodos(oc *graphql.OperationContext, field graphql.CollectedField, out *bytes.Buffer) {
	out.WriteByte('[')
	fields := graphql.CollectFields(oc, field.Selections, []string{"Todo"})
	for i, t := range s.todos {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteByte('{')
		for j, f := range fields {
			if j > 0 {
				out.WriteByte(',')
			}
			out.WriteString(strconv.Quote(f.Alias) + ":")
			switch f.Name {
			case "__typename":
				out.WriteString(`"Todo"`)
			case "id":
				graphql.MarshalID(t.id).MarshalGQL(out)
			case "text":
				graphql.MarshalString(t.text).MarshalGQL(out)
			case "done":
				graphql.MarshalBoolean(t.done).MarshalGQL(out)
			}
		}
		out.WriteByte('}')
	}
	out.WriteByte(']')
}

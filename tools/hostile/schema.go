package hostile

import (
	"bytes"
	"context"
	"strconv"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

// NewSchema returns an executable schema for SDL that answers every query:
// a is the query object again, n is 1 and s(x) is x as a string. It
// collects fields as generated code does, with graphql.CollectFields, so
// that the cost of expanding fragments at execution is measured too.
func NewSchema() graphql.ExecutableSchema {
	return &schema{parsed: gqlparser.MustLoadSchema(&ast.Source{Name: "hostile.graphql", Input: SDL})}
}

type schema struct{ parsed *ast.Schema }

func (s *schema) Schema() *ast.Schema { return s.parsed }

func (s *schema) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 0, false
}

func (s *schema) Exec(ctx context.Context) graphql.ResponseHandler {
	oc := graphql.GetOperationContext(ctx)
	var buf bytes.Buffer
	writeQuery(&buf, oc, oc.Operation.SelectionSet)
	return graphql.OneShot(&graphql.Response{Data: buf.Bytes()})
}

var queryType = []string{"Query"}

// writeQuery writes the Query object selected by set. Response names are
// GraphQL names, which need no escaping in JSON.
func writeQuery(buf *bytes.Buffer, oc *graphql.OperationContext, set ast.SelectionSet) {
	buf.WriteByte('{')
	for i, f := range graphql.CollectFields(oc, set, queryType) {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('"')
		buf.WriteString(f.Alias)
		buf.WriteString(`":`)
		switch f.Name {
		case "a":
			writeQuery(buf, oc, f.Selections)
		case "n":
			buf.WriteByte('1')
		case "s":
			x, _ := f.ArgumentMap(oc.Variables)["x"].(int64)
			buf.WriteString(strconv.Quote(strconv.FormatInt(x, 10)))
		case "__typename":
			buf.WriteString(`"Query"`)
		}
	}
	buf.WriteByte('}')
}

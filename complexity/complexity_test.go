package complexity_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
)

const sdl = `
	interface Node { id: ID!  owner: User }
	type User implements Node { id: ID!  owner: User  name: String  friends(first: Int = 10): [User!]!  mood: Mood }
	type Post implements Node { id: ID!  owner: User  title: String }
	union Result = User | Post
	enum Mood { HAPPY SAD }
	type Query { me: User  node(id: ID!): Node  search: [Result!]!  version: String }
`

// costs is an ExecutableSchema whose Complexity answers from a table keyed
// by "Type.field"; a function entry sees the child cost and the arguments.
type costs struct {
	schema *ast.Schema
	table  map[string]func(child int, args map[string]any) int
	calls  []string
}

func (c *costs) Schema() *ast.Schema                          { return c.schema }
func (c *costs) Exec(context.Context) graphql.ResponseHandler { return nil }
func (c *costs) Complexity(_ context.Context, typeName, field string, child int, args map[string]any) (int, bool) {
	c.calls = append(c.calls, typeName+"."+field)
	fn, ok := c.table[typeName+"."+field]
	if !ok {
		return 0, false
	}
	return fn(child, args), true
}

func calculate(t *testing.T, es *costs, query string, vars map[string]any, opts ...complexity.Option) int {
	t.Helper()
	doc, errs := gqlparser.LoadQueryWithRules(es.schema, query, nil)
	require.Empty(t, errs)
	return complexity.Calculate(context.Background(), es, doc.Operations[0], vars, opts...)
}

func newCosts() *costs {
	return &costs{schema: gqlparser.MustLoadSchema(&ast.Source{Input: sdl})}
}

func TestDefaultCosts(t *testing.T) {
	cases := []struct {
		query string
		want  int
	}{
		{"{ version }", 1},
		{"{ me { name } }", 2},
		{"{ me { name mood friends { id } } }", 5},
		{"{ me { ...F } } fragment F on User { name id }", 3},
		{"{ me { ... on User { name } ... { id } } }", 3},
		{"{ __typename version }", 2},
		{"{ __schema { types { name } } version }", 1},
		{"{ __type(name: \"User\") { name } }", 2},
		{"{ search { ... on User { name } ... on Post { title } } }", 3},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			assert.Equal(t, tc.want, calculate(t, newCosts(), tc.query, nil))
		})
	}
}

func TestCustomCosts(t *testing.T) {
	es := newCosts()
	es.table = map[string]func(int, map[string]any) int{
		"User.friends": func(child int, args map[string]any) int {
			return int(args["first"].(int64)) * child
		},
		"User.name": func(int, map[string]any) int { return 0 }, // below 1: default applies
		"Query.me":  func(child int, _ map[string]any) int { return child + 100 },
	}
	// friends: first(3) * (name 1 + id 1) = 6; me = 100 + 6 + name 1.
	got := calculate(t, es, "query($n: Int) { me { name friends(first: $n) { name id } } }", map[string]any{"n": int64(3)})
	assert.Equal(t, 107, got)
	// The argument's default applies without the variable.
	got = calculate(t, es, "{ me { friends { id } } }", nil)
	assert.Equal(t, 110, got)
}

func TestInterfaceFieldsCostTheDearestImplementation(t *testing.T) {
	es := newCosts()
	es.table = map[string]func(int, map[string]any) int{
		"User.owner": func(child int, _ map[string]any) int { return 5 + child },
		"Post.owner": func(child int, _ map[string]any) int { return 50 + child },
	}
	// node 1 + max(User.owner, Post.owner) with child name 1 = 1 + 51.
	assert.Equal(t, 52, calculate(t, es, `{ node(id: "1") { owner { name } } }`, nil))
	assert.Contains(t, es.calls, "User.owner")
	assert.Contains(t, es.calls, "Post.owner")
	assert.NotContains(t, es.calls, "Node.owner")
}

func TestOptions(t *testing.T) {
	const query = "{ version me { name mood friends { id } } }"
	assert.Equal(t, 6, calculate(t, newCosts(), query, nil))
	assert.Equal(t, 2, calculate(t, newCosts(), query, nil, complexity.WithFixedScalarValue(0)))
	assert.Equal(t, 14, calculate(t, newCosts(), query, nil, complexity.WithFixedScalarValue(3)))
	assert.Equal(t, 3, calculate(t, newCosts(), query, nil,
		complexity.WithIgnoreFields(map[string]struct{}{"User.friends": {}, "Query.version": {}})))
}

func TestSumsCannotOverflowOrGoNegative(t *testing.T) {
	es := newCosts()
	es.table = map[string]func(int, map[string]any) int{
		"Query.version": func(int, map[string]any) int { return math.MaxInt },
		"Query.me":      func(int, map[string]any) int { return math.MaxInt - 1 },
	}
	assert.Equal(t, math.MaxInt, calculate(t, es, "{ version me { id } a: version }", nil))

	es.table = map[string]func(int, map[string]any) int{
		"User.friends": func(child int, _ map[string]any) int { return child * math.MaxInt },
	}
	assert.Equal(t, math.MaxInt, calculate(t, es, "{ me { friends { id name } a: friends { id } } }", nil))
}

package introspection

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// testSDL exercises every kind of type and every place @deprecated may appear.
const testSDL = `
"The test schema."
schema { query: Query mutation: Mutation }

"Anything with an identity."
interface Node { id: ID! }

interface Named implements Node {
	id: ID!
	name: String
}

"""
A human.
"""
type Person implements Node & Named {
	id: ID!
	"Full name."
	name: String
	nick: String @deprecated(reason: "use name")
	age: Int @deprecated
	friends(
		first: Int = 10
		after: String @deprecated(reason: "use cursor")
		cursor: String
		"Sort direction."
		order: Order = ASC
	): [Person!]!
	matrix: [[Int!]]!
}

type Robot implements Node {
	id: ID!
	model: String
}

union Actor = Person | Robot

enum Order {
	"Smallest first."
	ASC
	DESC @deprecated(reason: "flip ASC")
	RANDOM @deprecated
}

scalar Date @specifiedBy(url: "https://example.com/date")
scalar Blob

input Filter {
	name: String = "x"
	minAge: Int @deprecated(reason: "use ages")
	maxAge: Int @deprecated
	ages: [Int!] = [1, 2]
	order: Order = DESC
	nested: Filter
}

input Pick @oneOf {
	id: ID
	name: String
}

"Caches a field."
directive @cached(ttl: Int = 60, legacy: Boolean @deprecated(reason: "ignored")) repeatable on FIELD_DEFINITION | OBJECT

directive @secret on FIELD_DEFINITION

type Query {
	node(id: ID!): Node
	search(filter: Filter, pick: Pick): [Actor]
	today: Date
	blob: Blob
}

type Mutation { noop: Boolean }
`

func loadSchema(t testing.TB, sdl string) *ast.Schema {
	t.Helper()
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "test.graphql", Input: sdl})
	require.NoError(t, err)
	return schema
}

func testSchema(t testing.TB) *Schema {
	t.Helper()
	return WrapSchema(loadSchema(t, testSDL))
}

// namedType returns the type called name from the wrapped schema's type list.
func namedType(t testing.TB, s *Schema, name string) *Type {
	t.Helper()
	for _, typ := range s.Types() {
		if *typ.Name() == name {
			return &typ
		}
	}
	require.FailNow(t, "type not found", name)
	return nil
}

func field(t testing.TB, typ *Type, name string) *Field {
	t.Helper()
	for _, f := range typ.Fields(true) {
		if f.Name == name {
			return &f
		}
	}
	require.FailNow(t, "field not found", name)
	return nil
}

func directive(t testing.TB, s *Schema, name string) *Directive {
	t.Helper()
	for _, d := range s.Directives() {
		if d.Name == name {
			return &d
		}
	}
	require.FailNow(t, "directive not found", name)
	return nil
}

// typeRef renders a type the way SDL writes it by walking Kind, Name and
// OfType, so tests see exactly what an introspection client would rebuild.
func typeRef(typ *Type) string {
	switch typ.Kind() {
	case "NON_NULL":
		return typeRef(typ.OfType()) + "!"
	case "LIST":
		return "[" + typeRef(typ.OfType()) + "]"
	default:
		return *typ.Name()
	}
}

func fieldNames(fields []Field) []string {
	names := []string{}
	for _, f := range fields {
		names = append(names, f.Name)
	}
	return names
}

func inputNames(values []InputValue) []string {
	names := []string{}
	for _, v := range values {
		names = append(names, v.Name)
	}
	return names
}

func enumNames(values []EnumValue) []string {
	names := []string{}
	for _, v := range values {
		names = append(names, v.Name)
	}
	return names
}

func typeNames(types []Type) []string {
	names := []string{}
	for _, typ := range types {
		names = append(names, *typ.Name())
	}
	return names
}

func ptr(s string) *string { return &s }

// str dereferences a possibly nil string pointer for readable comparisons;
// nil becomes "<nil>".
func str(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func joined(names []string) string { return strings.Join(names, " ") }

package main

import (
	"fmt"
	"strings"
)

// The schema shapes (LOOP_SHAPE).
const (
	shapeTypeResolvers = "type-resolvers"
	shapeRootResolvers = "root-resolvers"
)

// ormSchema writes the schema of an ORM-like API with n object types: the
// shape of a schema generated from a database (every table a type with
// scalar columns, an enum column, a to-one and a to-many relation, a
// relation resolved with arguments), with roughly n/2 input types, n/15
// enums and n/50 interfaces besides Node. Query has a lookup for every
// type and a filtered list for every other one; Mutation a create per
// input.
//
// edit is the edit of the current round: a nullable String field named
// after it on one type chosen by it (0 is the unedited schema). Every edit
// adds a model field and its field of the executable schema, so each
// round's generated code differs from the previous round's.
//
// shape says where the arguments are: shapeTypeResolvers gives every type a
// relation with arguments (a resolver per object type, as gqlgen makes for
// any field with arguments on a generated model: n resolver types, each
// embedding *Resolver by default); shapeRootResolvers has that relation
// without arguments (a plain model field), so only Query and Mutation,
// whose lookups and filtered lists take arguments, have resolvers.
func ormSchema(n, edit int, shape string) string {
	enums := max(n/15, 1)
	ifaces := max(n/50, 1)
	inputs := max(n/2, 1)
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }

	p("directive @goField(forceResolver: Boolean, name: String, omittable: Boolean, type: String) on INPUT_FIELD_DEFINITION | FIELD_DEFINITION\n\n")
	p("interface Node {\n  id: ID!\n}\n\n")
	for i := range ifaces {
		p("interface Entity%d {\n  id: ID!\n  name: String!\n  updatedAt: String\n}\n\n", i)
	}
	for i := range enums {
		p("enum Status%d {\n  DRAFT\n  ACTIVE\n  ARCHIVED\n  DELETED\n}\n\n", i)
	}
	for i := range inputs {
		p("input Row%dInput {\n  name: String!\n  count: Int\n  price: Float\n  enabled: Boolean\n  status: Status%d!\n  labels: [String!]\n", i, i%enums)
		if i+1 < inputs {
			p("  child: Row%dInput\n", i+1)
		}
		p("}\n\n")
	}
	edited := -1
	if edit > 0 {
		edited = (edit * 37) % n
	}
	for i := range n {
		p("\"Row type %d, as a table would map to it.\"\n", i)
		p("type Row%d implements Node & Entity%d {\n", i, i%ifaces)
		p("  id: ID!\n  name: String!\n  updatedAt: String\n  count: Int!\n  price: Float\n  enabled: Boolean!\n")
		p("  status: Status%d!\n  labels: [String!]!\n", i%enums)
		p("  owner: Row%d\n  items: [Row%d!]!\n", (i+1)%n, (i+3)%n)
		if shape == shapeRootResolvers {
			p("  related: [Row%d!]!\n", (i+7)%n)
		} else {
			p("  related(first: Int = 10, after: String, status: Status%d): [Row%d!]! @goField(forceResolver: true)\n", i%enums, (i+7)%n)
		}
		if i == edited {
			p("  edit%d: String\n", edit)
		}
		p("}\n\n")
	}
	p("type Query {\n  node(id: ID!): Node\n")
	for i := range n {
		p("  row%d(id: ID!): Row%d\n", i, i)
		if i%2 == 0 {
			p("  rows%d(first: Int = 20, where: Row%dInput): [Row%d!]!\n", i, (i/2)%inputs, i)
		}
	}
	p("}\n\ntype Mutation {\n")
	for i := range inputs {
		p("  createRow%d(input: Row%dInput!): Row%d!\n", i, i, i)
	}
	p("}\n")
	return b.String()
}

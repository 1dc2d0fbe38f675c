// Command gen300 prints a schema of 300 named types for timing `gqlgen
// generate` (compare.sh): an interface, 20 enums, 40 input objects and 237
// object types, plus Query and Mutation. -objects N prints N object types
// instead of 237, for measuring how generated code scales.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

const (
	enums  = 20
	inputs = 40
)

func main() {
	objectCount := flag.Int("objects", 237, "the number of object types")
	flag.Parse()
	objects := max(*objectCount, 1)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	p := func(format string, a ...any) { fmt.Fprintf(w, format, a...) }

	p("interface Node {\n  id: ID!\n}\n\n")
	for i := range enums {
		p("enum Enum%d {\n  ALPHA\n  BETA\n  GAMMA\n  DELTA\n}\n\n", i)
	}
	for i := range inputs {
		p("input Input%d {\n  name: String!\n  count: Int\n  kind: Enum%d!\n  tags: [String!]\n", i, i%enums)
		if i+1 < inputs {
			p("  nested: Input%d\n", i+1)
		}
		p("}\n\n")
	}
	for i := range objects {
		p("\"Object type number %d.\"\ntype Type%d implements Node {\n", i, i)
		p("  id: ID!\n  name: String!\n  count: Int!\n  score: Float\n  flag: Boolean!\n  kind: Enum%d!\n  tags: [String!]!\n", i%enums)
		p("  next: Type%d\n  children: [Type%d!]!\n}\n\n", (i+1)%objects, (i+7)%objects)
	}
	p("type Query {\n  node(id: ID!): Node\n")
	for i := range objects {
		p("  type%d(id: ID!): Type%d\n", i, i)
	}
	p("}\n\ntype Mutation {\n")
	for i := range inputs {
		p("  create%d(input: Input%d!): Type%d!\n", i, i, i%objects)
	}
	p("}\n")
}

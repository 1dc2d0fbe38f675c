// Command products serves the products subgraph of the federation example at
// http://127.0.0.1:4002/query (flags -host and -port; -port 0 picks a free
// port and the first line printed says which).
package main

import (
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
	"github.com/99designs/gqlgen/_examples/federation/products/graph"
)

func main() {
	subgraph.Main("products", 4002, graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
}

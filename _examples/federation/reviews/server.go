// Command reviews serves the reviews subgraph of the federation example at
// http://127.0.0.1:4003/query (flags -host and -port; -port 0 picks a free
// port and the first line printed says which).
package main

import (
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
	"github.com/99designs/gqlgen/_examples/federation/reviews/graph"
)

func main() {
	subgraph.Main("reviews", 4003, graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
}

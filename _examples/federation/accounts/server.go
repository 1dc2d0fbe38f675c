// Command accounts serves the accounts subgraph of the federation example at
// http://127.0.0.1:4001/query (flags -host and -port; -port 0 picks a free
// port and the first line printed says which).
package main

import (
	"github.com/99designs/gqlgen/_examples/federation/accounts/graph"
	"github.com/99designs/gqlgen/_examples/federation/internal/subgraph"
)

func main() {
	subgraph.Main("accounts", 4001, graph.NewExecutableSchema(graph.Config{Resolvers: graph.NewResolver()}))
}

// Package model holds the Go types of the reviews subgraph, all generated
// into models_gen.go. This file keeps the package present before the first
// generate, which runs `go mod tidy` over the whole module.
package model

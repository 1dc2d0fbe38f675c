//go:build tools

// Package federation keeps the gqlgen command in go.mod, so that
// `go run github.com/99designs/gqlgen generate` works in every subgraph.
package federation

import _ "github.com/99designs/gqlgen"

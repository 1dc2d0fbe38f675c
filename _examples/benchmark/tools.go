//go:build tools

// Package benchmark keeps the gqlgen command in go.mod, so that
// `go run github.com/99designs/gqlgen generate` works in this module.
package benchmark

import _ "github.com/99designs/gqlgen"

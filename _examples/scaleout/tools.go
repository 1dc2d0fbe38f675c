//go:build tools

// Package scaleout keeps the gqlgen command in go.mod, so that
// `go run github.com/99designs/gqlgen generate` regenerates graph/ with this
// checkout's generator.
package scaleout

import _ "github.com/99designs/gqlgen"

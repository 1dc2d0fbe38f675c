//go:build tools

// Package examples pins the generator this module's go:generate lines run, so
// `go run github.com/99designs/gqlgen` resolves through the replace directive
// to the checkout one directory up.
package examples

import _ "github.com/99designs/gqlgen"

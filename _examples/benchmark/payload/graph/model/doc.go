// Package model holds the Go types of schema (d), all generated into
// models_gen.go. This file keeps the package present before the first
// generate, which runs `go mod tidy` over the whole module.
package model

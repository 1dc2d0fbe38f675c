// Package config is the configuration example: several schema files with the
// follow-schema resolver layout, autobind, a models map (IDs as ints, a
// field under another Go name), a resolver template of its own, and model
// hooks added by a small generate command built on api.Generate.
package config

//go:generate go run ./generate

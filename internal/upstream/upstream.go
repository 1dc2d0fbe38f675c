// Package upstream names the upstream gqlgen release this module reproduces.
// It imports nothing, so the generator can print the version without linking
// the runtime (package graphql, and through it the codec).
package upstream

// Version is the upstream gqlgen release whose API and behaviour this module
// reproduces.
const Version = "v0.17.98"

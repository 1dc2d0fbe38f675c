package graphql

import "github.com/99designs/gqlgen/internal/upstream"

// Version is the upstream gqlgen release whose API and behaviour this module
// reproduces.
const Version = upstream.Version

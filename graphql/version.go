package graphql

// Version is the upstream gqlgen release whose API and behaviour this module
// reproduces.
const Version = "v0.17.98"

package graphql_test

import "github.com/99designs/gqlgen/graphql"

// noFieldMiddleware is what the executor installs when no extension
// intercepts fields. Upstream's executor installs a closure of its own; the
// copy of the harness run against upstream defines this as such a closure.
var noFieldMiddleware graphql.FieldMiddleware = graphql.PassthroughFieldMiddleware

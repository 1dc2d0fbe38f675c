// Package extension holds the handler extensions gqlgen ships with:
// introspection, automatic persisted queries, complexity and document
// limits, and cross-site request forgery prevention.
package extension

import (
	"context"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// Introspection lets clients query the schema through __schema and __type.
// Without it, operations run with introspection disabled.
type Introspection struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = Introspection{}

// ExtensionName reports "Introspection".
func (Introspection) ExtensionName() string { return "Introspection" }

// Validate accepts every schema.
func (Introspection) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext enables introspection for the operation.
func (Introspection) MutateOperationContext(_ context.Context, opCtx *graphql.OperationContext) *gqlerror.Error {
	opCtx.DisableIntrospection = false
	return nil
}

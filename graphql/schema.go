package graphql

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
)

// ExecutableSchema is a schema with its resolvers: what the generator
// produces and the server runs.
type ExecutableSchema interface {
	// Schema returns the parsed schema.
	Schema() *ast.Schema
	// Complexity returns the complexity of a field given the complexity of
	// its selection, and false when the schema has no rule for it.
	Complexity(ctx context.Context, typeName, fieldName string, childComplexity int, args map[string]any) (int, bool)
	// Exec runs the operation in ctx.
	Exec(ctx context.Context) ResponseHandler
}

// ExecutableSchemaWithEventContext is implemented by generated schemas that
// have subscription fields marked @subscriptionContext. The executor uses
// ExecWithEventContext instead of Exec when it is available. Every context
// the returned handler reports must derive from the subscription's request
// context, so that request-scoped values stay reachable.
type ExecutableSchemaWithEventContext interface {
	ExecutableSchema
	ExecWithEventContext(ctx context.Context) ResponseHandlerWithContext
}

// Config is what a generated NewExecutableSchema takes: the schema (optional;
// the generated one is used when nil), the resolvers, the directive
// implementations and the complexity functions. R, D and C are the generated
// ResolverRoot, DirectiveRoot and ComplexityRoot.
type Config[R any, D any, C any] struct {
	Schema     *ast.Schema
	Resolvers  R
	Directives D
	Complexity C
}

// ExecutableSchemaState is the state of a generated executable schema;
// generated code defines its executableSchema type as this one.
type ExecutableSchemaState[R any, D any, C any] struct {
	SchemaData     *ast.Schema
	Resolvers      R
	Directives     D
	ComplexityRoot C
}

// Query, Mutation and Subscription are placeholder models that the generator
// binds to the root operation types.
type (
	Query        struct{}
	Mutation     struct{}
	Subscription struct{}
)

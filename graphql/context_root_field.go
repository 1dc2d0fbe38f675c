package graphql

import "context"

// RootFieldContext describes the top-level field of the operation being
// resolved; root field interceptors receive a context carrying it.
type RootFieldContext struct {
	// Object is the name of the root type (Query, Mutation, Subscription).
	Object string
	// Field is the root field as selected in the query.
	Field CollectedField

	// node lets WithRootFieldContext attach this context without
	// allocating.
	node valueNode
}

// GetRootFieldContext returns the RootFieldContext in ctx, or nil.
func GetRootFieldContext(ctx context.Context) *RootFieldContext {
	rc, _ := ctx.Value(rootFieldCtxKey).(*RootFieldContext)
	return rc
}

// WithRootFieldContext returns a context carrying rc.
func WithRootFieldContext(ctx context.Context, rc *RootFieldContext) context.Context {
	if rc == nil {
		return context.WithValue(ctx, rootFieldCtxKey, rc)
	}
	return rc.node.bind(ctx, rootFieldCtxKey, rc)
}

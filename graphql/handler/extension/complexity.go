package extension

import (
	"context"
	"errors"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
)

// ComplexityLimit refuses operations whose complexity (see the complexity
// package) is above a limit that Func computes for each operation. The
// refusal is a GraphQL error with the code COMPLEXITY_LIMIT_EXCEEDED; like
// upstream gqlgen, it is sent with HTTP status 200. Add it with Use(&…):
// Validate records the schema.
type ComplexityLimit struct {
	// Func returns the limit for the operation.
	Func func(ctx context.Context, opCtx *graphql.OperationContext) int

	es   graphql.ExecutableSchema
	opts []complexity.Option
}

// ComplexityStats records the complexity check of an operation; see
// GetComplexityStats.
type ComplexityStats struct {
	// Complexity is the operation's calculated complexity.
	Complexity int
	// ComplexityLimit is the limit Func returned for it.
	ComplexityLimit int
}

const (
	complexityLimitExceeded = "COMPLEXITY_LIMIT_EXCEEDED"
	// complexityStatsKey is both the extension's name and where its stats
	// live in graphql.Stats.
	complexityStatsKey = "ComplexityLimit"
)

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = &ComplexityLimit{}

// FixedComplexityLimit returns a ComplexityLimit with the same limit for
// every operation, calculating complexity with opts.
func FixedComplexityLimit(limit int, opts ...complexity.Option) *ComplexityLimit {
	return &ComplexityLimit{
		Func: func(context.Context, *graphql.OperationContext) int { return limit },
		opts: opts,
	}
}

// ExtensionName reports "ComplexityLimit".
func (ComplexityLimit) ExtensionName() string { return complexityStatsKey }

// Validate records schema, and fails when Func is nil.
func (c *ComplexityLimit) Validate(schema graphql.ExecutableSchema) error {
	if c.Func == nil {
		return errors.New("ComplexityLimit func can not be nil")
	}
	c.es = schema
	return nil
}

// MutateOperationContext calculates the operation's complexity, records it
// with the limit, and refuses the operation when it is above the limit.
func (c ComplexityLimit) MutateOperationContext(ctx context.Context, opCtx *graphql.OperationContext) *gqlerror.Error {
	op := opCtx.Doc.Operations.ForName(opCtx.OperationName)
	cost := complexity.Calculate(ctx, c.es, op, opCtx.Variables, c.opts...)
	limit := c.Func(ctx, opCtx)
	opCtx.Stats.SetExtension(complexityStatsKey, &ComplexityStats{Complexity: cost, ComplexityLimit: limit})
	if cost <= limit {
		return nil
	}
	err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", cost, limit)
	errcode.Set(err, complexityLimitExceeded)
	return err
}

// GetComplexityStats returns the complexity check of the operation in ctx,
// or nil if there was none.
func GetComplexityStats(ctx context.Context) *ComplexityStats {
	stats, _ := graphql.GetOperationContext(ctx).Stats.GetExtension(complexityStatsKey).(*ComplexityStats)
	return stats
}

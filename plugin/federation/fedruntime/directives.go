package fedruntime

import (
	"context"
	"fmt"
)

// ResolverFunc produces a field's value; it is what directives wrap.
type ResolverFunc func(context.Context) (any, error)

// DirectiveFunc runs a directive around next, the rest of the chain.
type DirectiveFunc func(context.Context, ResolverFunc) (any, error)

// ChainDirectives runs base inside directives: directives[0] is outermost,
// and each directive's call of its next function enters the one after it,
// the last one calling base.
func ChainDirectives(ctx context.Context, base ResolverFunc, directives []DirectiveFunc) (any, error) {
	return runFrom(ctx, 0, base, directives)
}

func runFrom(ctx context.Context, i int, base ResolverFunc, directives []DirectiveFunc) (any, error) {
	if i == len(directives) {
		return base(ctx)
	}
	return directives[i](ctx, func(ctx context.Context) (any, error) {
		return runFrom(ctx, i+1, base, directives)
	})
}

// WrapEntityResolver calls an entity resolver inside its directives and
// checks that what comes out is still a T. Without directives the resolver
// is called directly.
func WrapEntityResolver[T any](ctx context.Context, typedResolver func(context.Context) (T, error), directives []DirectiveFunc) (T, error) {
	if len(directives) == 0 {
		return typedResolver(ctx)
	}
	var zero T
	out, err := ChainDirectives(ctx, func(ctx context.Context) (any, error) { return typedResolver(ctx) }, directives)
	if err != nil {
		return zero, err
	}
	typed, ok := out.(T)
	if !ok {
		return zero, fmt.Errorf("unexpected type %T from directive chain, expected %T", out, zero)
	}
	return typed, nil
}

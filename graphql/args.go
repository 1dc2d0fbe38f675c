package graphql

import "context"

// ProcessArgField coerces the argument fieldName of rawArgs with
// valueMapperFn, under a path context naming the argument so that errors
// point at it. An argument missing from rawArgs yields the zero T and no
// error, leaving defaults and required-ness to the caller.
func ProcessArgField[T any](
	ctx context.Context,
	rawArgs map[string]any,
	fieldName string,
	valueMapperFn func(ctx context.Context, value any) (T, error),
) (T, error) {
	raw, ok := rawArgs[fieldName]
	if !ok {
		var zero T
		return zero, nil
	}
	return valueMapperFn(WithPathContext(ctx, NewPathWithField(fieldName)), raw)
}

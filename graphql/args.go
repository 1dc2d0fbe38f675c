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

// ParseArg coerces the argument name of rawArgs with unmarshal (the
// generated unmarshaller of its type, as a method expression of ec's type)
// under a path context naming the argument, and stores the value in args:
// the zero T when the argument is absent (defaults and required-ness are
// the caller's). On error args is left unchanged.
func ParseArg[E, T any](ctx context.Context, ec E, rawArgs map[string]any, name string,
	unmarshal func(E, context.Context, any) (T, error), args map[string]any,
) error {
	var value T
	if raw, ok := rawArgs[name]; ok {
		var err error
		if value, err = unmarshal(ec, WithPathContext(ctx, NewPathWithField(name)), raw); err != nil {
			return err
		}
	}
	args[name] = value
	return nil
}

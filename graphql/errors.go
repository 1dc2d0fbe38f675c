package graphql

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// ErrorPresenterFunc turns an error into the form the client sees. Returning
// nil drops the error from the response.
type ErrorPresenterFunc func(ctx context.Context, err error) *gqlerror.Error

// DefaultErrorPresenter returns the first *gqlerror.Error in err's chain
// unchanged, or else wraps err in one located at the current path.
func DefaultErrorPresenter(ctx context.Context, err error) *gqlerror.Error {
	if err == nil {
		return nil
	}
	if gqlErr, ok := errors.AsType[*gqlerror.Error](err); ok {
		return gqlErr
	}
	return gqlerror.WrapPath(GetPath(ctx), err)
}

// ErrorOnPath gives err the current path. If its chain holds a
// *gqlerror.Error, that error's Path is filled in when empty and err itself
// is returned; otherwise err is wrapped in a *gqlerror.Error with the path.
func ErrorOnPath(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if gqlErr, ok := errors.AsType[*gqlerror.Error](err); ok {
		if gqlErr.Path == nil {
			gqlErr.Path = GetPath(ctx)
		}
		return err
	}
	return gqlerror.WrapPath(GetPath(ctx), err)
}

// AddFieldLocationToError gives a resolver's error the query location of the
// field being resolved, as the GraphQL spec asks of field errors. A
// *gqlerror.Error in err's chain gets the location if it has none and err is
// returned; other errors are wrapped in one with the location and the
// current path. Without a field position err is returned unchanged.
func AddFieldLocationToError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	fc := GetFieldContext(ctx)
	if fc == nil || fc.Field.Field == nil || fc.Field.Position == nil || fc.Field.Position.Line == 0 {
		return err
	}
	loc := gqlerror.Location{Line: fc.Field.Position.Line, Column: fc.Field.Position.Column}
	if gqlErr, ok := errors.AsType[*gqlerror.Error](err); ok {
		if gqlErr.Locations == nil {
			gqlErr.Locations = []gqlerror.Location{loc}
		}
		return err
	}
	wrapped := gqlerror.WrapPath(GetPath(ctx), err)
	wrapped.Locations = []gqlerror.Location{loc}
	return wrapped
}

// RecoverFunc turns the value a resolver panicked with into the error the
// client sees.
type RecoverFunc func(ctx context.Context, err any) (userMessage error)

// DefaultRecover prints the panic value and the stack to standard error and
// returns an "internal system error" for the client.
func DefaultRecover(_ context.Context, err any) error {
	fmt.Fprintf(os.Stderr, "%v\n\n", err)
	debug.PrintStack()
	return gqlerror.Errorf("internal system error")
}

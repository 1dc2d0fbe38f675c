package graphql

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// asGQLError returns the first *gqlerror.Error in err's chain and true, or a
// new one wrapping err at the current path and false.
func asGQLError(ctx context.Context, err error) (*gqlerror.Error, bool) {
	if found, ok := errors.AsType[*gqlerror.Error](err); ok {
		return found, true
	}
	return gqlerror.WrapPath(GetPath(ctx), err), false
}

// ErrorPresenterFunc turns an error into the form the client sees. Returning
// nil drops the error from the response.
type ErrorPresenterFunc func(ctx context.Context, err error) *gqlerror.Error

// DefaultErrorPresenter returns the first *gqlerror.Error in err's chain
// unchanged, or else wraps err in one located at the current path.
func DefaultErrorPresenter(ctx context.Context, err error) *gqlerror.Error {
	if err == nil {
		return nil
	}
	presented, _ := asGQLError(ctx, err)
	return presented
}

// ErrorOnPath gives err the current path. If its chain holds a
// *gqlerror.Error, that error's Path is filled in when empty and err itself
// is returned, so that wrappers around it survive; otherwise err is wrapped
// in a *gqlerror.Error with the path.
func ErrorOnPath(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	gqlErr, inChain := asGQLError(ctx, err)
	if !inChain {
		return gqlErr
	}
	if gqlErr.Path == nil {
		gqlErr.Path = GetPath(ctx)
	}
	return err
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
	var pos *ast.Position
	if fc := GetFieldContext(ctx); fc != nil && fc.Field.Field != nil {
		pos = fc.Field.Position
	}
	if pos == nil || pos.Line == 0 {
		return err
	}
	gqlErr, inChain := asGQLError(ctx, err)
	if gqlErr.Locations == nil {
		gqlErr.Locations = []gqlerror.Location{{Line: pos.Line, Column: pos.Column}}
	}
	if inChain {
		return err
	}
	return gqlErr
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

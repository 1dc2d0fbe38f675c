package handler

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
)

// OperationFunc is an extension made of one function that intercepts
// operations: pass one to Server.Use, or use Server.AroundOperations.
type OperationFunc func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler

// ExtensionName reports "InlineOperationFunc".
func (OperationFunc) ExtensionName() string { return "InlineOperationFunc" }

// Validate fails for a nil function.
func (r OperationFunc) Validate(graphql.ExecutableSchema) error {
	if r == nil {
		return errors.New("OperationFunc can not be nil")
	}
	return nil
}

// InterceptOperation calls r.
func (r OperationFunc) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	return r(ctx, next)
}

// ResponseFunc is an extension made of one function that intercepts
// responses: pass one to Server.Use, or use Server.AroundResponses.
type ResponseFunc func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response

// ExtensionName reports "InlineResponseFunc".
func (ResponseFunc) ExtensionName() string { return "InlineResponseFunc" }

// Validate fails for a nil function.
func (r ResponseFunc) Validate(graphql.ExecutableSchema) error {
	if r == nil {
		return errors.New("ResponseFunc can not be nil")
	}
	return nil
}

// InterceptResponse calls r.
func (r ResponseFunc) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	return r(ctx, next)
}

// FieldFunc is an extension made of one function that intercepts field
// resolvers: pass one to Server.Use, or use Server.AroundFields.
type FieldFunc func(ctx context.Context, next graphql.Resolver) (res any, err error)

// ExtensionName reports "InlineFieldFunc".
func (FieldFunc) ExtensionName() string { return "InlineFieldFunc" }

// Validate fails for a nil function.
func (f FieldFunc) Validate(graphql.ExecutableSchema) error {
	if f == nil {
		return errors.New("FieldFunc can not be nil")
	}
	return nil
}

// InterceptField calls f.
func (f FieldFunc) InterceptField(ctx context.Context, next graphql.Resolver) (res any, err error) {
	return f(ctx, next)
}

package server

import (
	"context"
	"fmt"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// executableSchema implements graphql.ExecutableSchema by hand, with only
// API that upstream gqlgen v0.17.98 has too, so the same source runs on both.
type executableSchema struct {
	schema *ast.Schema
}

func newSchema() *executableSchema { return &executableSchema{schema: loadSchema()} }

func (es *executableSchema) Schema() *ast.Schema { return es.schema }

// Complexity makes Query.expensive cost n times its selection, so that a
// small n passes the server's limit and a large one does not.
func (es *executableSchema) Complexity(_ context.Context, typeName, field string, childComplexity int, args map[string]any) (int, bool) {
	if typeName == "Query" && field == "expensive" {
		return toInt(args["n"]) * childComplexity, true
	}
	return 0, false
}

func (es *executableSchema) Exec(ctx context.Context) graphql.ResponseHandler {
	op := graphql.GetOperationContext(ctx)
	switch op.Operation.Operation {
	case ast.Subscription:
		return es.subscribe(op)
	case ast.Mutation:
		return es.execute(op, mutation{})
	default:
		return es.execute(op, query{})
	}
}

// execute answers a query or mutation: the first call renders everything
// not deferred, each later call one pending @defer fragment, then nil.
func (es *executableSchema) execute(op *graphql.OperationContext, root object) graphql.ResponseHandler {
	var pending []*deferred
	started := false
	return func(ctx context.Context) *graphql.Response {
		r := &renderer{ctx: ctx, op: op, schema: es.schema}
		if !started {
			started = true
			data, ok := r.object(root, op.Operation.SelectionSet, nil)
			if !ok {
				data = []byte("null")
			}
			pending = r.deferred
			resp := &graphql.Response{Data: data}
			if len(pending) > 0 {
				resp.HasNext = boolPtr(true)
			}
			return resp
		}
		if len(pending) == 0 {
			return nil
		}
		d := pending[0]
		pending = pending[1:]
		data, ok := r.fields(d.obj, d.fields, d.path)
		if !ok {
			data = []byte("null")
		}
		pending = append(r.deferred, pending...)
		return &graphql.Response{Data: data, Label: d.label, Path: d.path, HasNext: boolPtr(len(pending) > 0)}
	}
}

// subscribe streams the one root field of a subscription; see the
// Subscription type for what each field does.
func (es *executableSchema) subscribe(op *graphql.OperationContext) graphql.ResponseHandler {
	f := graphql.CollectFields(op, op.Operation.SelectionSet, []string{"Subscription"})[0]
	args := f.ArgumentMap(op.Variables)
	n := toInt(args["n"])
	path := ast.Path{ast.PathName(f.Alias)}
	event := 0
	data := func(v any) *graphql.Response {
		return &graphql.Response{Data: append(append(appendString([]byte{'{'}, f.Alias), ':'), append(appendScalar(nil, v), '}')...)}
	}
	fail := func(ctx context.Context, msg string) {
		graphql.AddError(ctx, &gqlerror.Error{
			Message:   msg,
			Path:      path,
			Locations: []gqlerror.Location{{Line: f.Position.Line, Column: f.Position.Column}},
		})
	}
	return func(ctx context.Context) *graphql.Response {
		event++
		switch f.Name {
		case "ticks":
			if event > n {
				return nil
			}
			return data(event)
		case "tickErrors":
			if event > n {
				return nil
			}
			if event%2 == 0 {
				fail(ctx, fmt.Sprintf("tick %d failed <&>", event))
				return data(nil)
			}
			return data(event)
		case "untilCancelled":
			if event == 1 {
				return data(event)
			}
			<-ctx.Done()
			return nil
		case "subscriptionError":
			if event == 1 {
				return data(event)
			}
			transport.AddSubscriptionError(ctx, &gqlerror.Error{Message: "subscription failed <&>", Path: path})
			return nil
		case "brokenEvents":
			if event > 2 {
				return nil
			}
			if event == 2 {
				return data(rawJSON("{NaN}"))
			}
			return data(event)
		case "subscriptionPanic":
			if event == 1 {
				return data(event)
			}
			panic("subscription panicked <&>")
		}
		return nil
	}
}

func boolPtr(b bool) *bool { return &b }

// Package generated is the wire-golden suite's server built the way users
// build theirs: generated.go and models_gen.go come from this module's
// generator (gqlgen.yml), over schema.graphqls, which is the SDL of package
// server; the resolvers here are written by hand and answer as package
// server's resolve.go does. The suite plays upstream's captured corpus
// against it (TestWireGoldenGenerated), so the paths generated code takes
// are held to upstream's bytes too.
package generated

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// NewSchema returns the generated executable schema with the suite's
// resolvers and its complexity function for Query.expensive.
func NewSchema() graphql.ExecutableSchema {
	cfg := Config{Resolvers: resolver{}}
	// Query.expensive costs n times its selection, so that a small n passes
	// the /query endpoint's limit and a large one does not.
	cfg.Complexity.Query.Expensive = func(childComplexity, n int) int { return n * childComplexity }
	// Generated code recovers every resolver's panic into a field error, so
	// the one user code that runs outside a field's recovery, the
	// complexity function, lets Query.panicHard's panic reach the handler
	// (a 500), as package server's resolver does. The endpoint without a
	// complexity limit gets the field error of Query.panicHard's resolver.
	cfg.Complexity.Query.PanicHard = func(int) int { panic(hardPanic) }
	return NewExecutableSchema(cfg)
}

// htmlText holds every character the envelope encoder must escape or keep:
// HTML specials, the two JavaScript line terminators, a quote, a backslash,
// a control character and some plain non-ASCII.
const htmlText = "<script>alert(\"x & y\")</script>\u2028\u2029\\\x01é"

const hardPanic = "handler panicked <&>"

var users = []*User{{ID: "1", Name: "Ada <admin>"}, {ID: "2", Name: "Grace & co"}, {ID: "3", Name: "Linus"}}

func findUser(id string) *User {
	for _, u := range users {
		if u.ID == id {
			return u
		}
	}
	return nil
}

type resolver struct{}

func (resolver) Query() QueryResolver               { return queryResolver{} }
func (resolver) Mutation() MutationResolver         { return mutationResolver{} }
func (resolver) Subscription() SubscriptionResolver { return subscriptionResolver{} }
func (resolver) User() UserResolver                 { return userResolver{} }

type queryResolver struct{}

func (queryResolver) Hello(_ context.Context, name *string) (string, error) {
	return "Hello, " + *name + "!", nil
}

func (queryResolver) Echo(_ context.Context, text string) (string, error) { return text, nil }

func (queryResolver) EchoAny(_ context.Context, value *Any) (*Any, error) { return value, nil }

func (queryResolver) HTML(context.Context) (string, error) { return htmlText, nil }

func (queryResolver) User(_ context.Context, id string) (*User, error) { return findUser(id), nil }

func (queryResolver) Node(_ context.Context, id string) (Node, error) {
	if u := findUser(id); u != nil {
		return u, nil
	}
	return nil, nil
}

func (queryResolver) Users(context.Context) ([]*User, error) { return users[:2], nil }

func (queryResolver) Fail(context.Context) (*string, error) {
	return nil, &gqlerror.Error{
		Message:    "fail always fails",
		Extensions: map[string]any{"code": "FAILED", "detail": map[string]any{"z": 1, "a": []any{true, nil}}},
	}
}

func (queryResolver) FailNonNull(context.Context) (string, error) {
	return "", errors.New("failNonNull failed")
}

func (queryResolver) HTMLError(context.Context) (*string, error) {
	return nil, errors.New("bad <input> & \"quotes\"\u2028line\u2029para")
}

func (queryResolver) FailWith(_ context.Context, message string) (*string, error) {
	return nil, errors.New(message)
}

func (queryResolver) Panic(context.Context) (*string, error) { panic("resolver panicked <&>") }

func (queryResolver) PanicHard(context.Context) (*string, error) { panic(hardPanic) }

func (queryResolver) Expensive(_ context.Context, n int) ([]*User, error) {
	return users[:min(max(n, 0), len(users))], nil
}

func (queryResolver) Slow(_ context.Context, ms int) (string, error) {
	time.Sleep(time.Duration(ms) * time.Millisecond)
	return "slept", nil
}

func (queryResolver) Number(context.Context) (float64, error) { return 1.5e-7, nil }

func (queryResolver) Broken(context.Context) (*Any, error) { return &Any{Raw: "{NaN}"}, nil }

func (queryResolver) List(context.Context) ([]int, error) { return []int{1, 2, 3}, nil }

type mutationResolver struct{}

func (mutationResolver) Rename(_ context.Context, id string, name string) (*User, error) {
	u := findUser(id)
	if u == nil {
		return nil, fmt.Errorf("no user %v", id)
	}
	return &User{ID: u.ID, Name: name}, nil
}

func (mutationResolver) Upload(_ context.Context, file graphql.Upload) (*File, error) {
	return readUpload(&file)
}

func (mutationResolver) UploadMany(_ context.Context, files []*graphql.Upload) ([]*File, error) {
	return readUploads(files)
}

func (mutationResolver) UploadNested(_ context.Context, input UploadInput) ([]*File, error) {
	return readUploads(input.Files)
}

func readUpload(up *graphql.Upload) (*File, error) {
	content, err := io.ReadAll(up.File)
	if err != nil {
		return nil, fmt.Errorf("reading upload %s: %w", up.Filename, err)
	}
	return &File{Name: up.Filename, Size: int(up.Size), ContentType: up.ContentType, Content: string(content)}, nil
}

func readUploads(ups []*graphql.Upload) ([]*File, error) {
	out := make([]*File, len(ups))
	for i, up := range ups {
		f, err := readUpload(up)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

type userResolver struct{}

func (userResolver) Name(_ context.Context, obj *User) (string, error) { return obj.Name, nil }

// Friends lists the other users; user 3 fails to load, which leaves null in
// the list and an error at that element's path.
func (userResolver) Friends(ctx context.Context, obj *User) ([]*User, error) {
	fc := graphql.GetFieldContext(ctx)
	var out []*User
	for _, friend := range users {
		switch {
		case friend.ID == obj.ID:
		case friend.ID == "3":
			graphql.AddError(ctx, &gqlerror.Error{
				Message:   fmt.Sprintf("friend %s is unavailable", friend.ID),
				Path:      append(fc.Path(), ast.PathIndex(len(out))),
				Locations: []gqlerror.Location{{Line: fc.Field.Position.Line, Column: fc.Field.Position.Column}},
			})
			out = append(out, nil)
		default:
			out = append(out, friend)
		}
	}
	return out, nil
}

type subscriptionResolver struct{}

// stream sends each of values on a channel it closes after the last one, or
// as soon as ctx is done; then, after the last value, it runs end when set.
func stream[T any](ctx context.Context, end func(), values ...T) <-chan T {
	ch := make(chan T)
	go func() {
		defer close(ch)
		for _, v := range values {
			select {
			case ch <- v:
			case <-ctx.Done():
				return
			}
		}
		if end != nil {
			end()
		}
	}()
	return ch
}

func (subscriptionResolver) Ticks(ctx context.Context, n int) (<-chan int, error) {
	ticks := make([]int, max(n, 0))
	for i := range ticks {
		ticks[i] = i + 1
	}
	return stream(ctx, nil, ticks...), nil
}

// TickErrors sends null for the even ticks. Package server also adds an
// error to those events; generated code gives a resolver no way to (see
// generatedCannot in the suite's test).
func (subscriptionResolver) TickErrors(ctx context.Context, n int) (<-chan *int, error) {
	ticks := make([]*int, max(n, 0))
	for i := range ticks {
		if (i+1)%2 != 0 {
			ticks[i] = &[]int{i + 1}[0]
		}
	}
	return stream(ctx, nil, ticks...), nil
}

func (subscriptionResolver) UntilCancelled(ctx context.Context) (<-chan int, error) {
	return stream(ctx, func() { <-ctx.Done() }, 1), nil
}

// SubscriptionError sends one event, then records an error and ends the
// stream: over a websocket, the client gets an error message, not complete.
func (subscriptionResolver) SubscriptionError(ctx context.Context) (<-chan int, error) {
	path := graphql.GetFieldContext(ctx).Path()
	return stream(ctx, func() {
		transport.AddSubscriptionError(ctx, &gqlerror.Error{Message: "subscription failed <&>", Path: path})
	}, 1), nil
}

// SubscriptionPanic sends one event and ends. Package server panics while
// producing the second; generated code runs no resolver code between events
// where a panic could be recovered (see generatedCannot in the suite's test).
func (subscriptionResolver) SubscriptionPanic(ctx context.Context) (<-chan int, error) {
	return stream(ctx, nil, 1), nil
}

func (subscriptionResolver) BrokenEvents(ctx context.Context) (<-chan *Any, error) {
	return stream(ctx, nil, &Any{Value: 1}, &Any{Raw: "{NaN}"}), nil
}

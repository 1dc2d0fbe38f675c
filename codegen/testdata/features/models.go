package features

import (
	"context"
	"strings"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

type User struct {
	ID       string
	Name     string
	Nickname *string
	friends  []string
}

// Doc embeds a pointer: reading Created from a Doc without a Base panics.
type Doc struct {
	*Base
	Title string
}

type Base struct{ Created *string }

type UserKey struct {
	ID   *string
	Name *string
}

type ShoutInput struct{ Text string }

type PatchInput struct{ Name graphql.Omittable[*string] }

type Profile struct{ Quick string }

// Resolver serves three users; friendsCalls counts batch resolver calls.
type Resolver struct {
	users        []*User
	friendsCalls atomic.Int64
}

func NewResolver() *Resolver {
	return &Resolver{users: []*User{
		{ID: "1", Name: "ann", friends: []string{"2", "3"}},
		{ID: "2", Name: "bob", friends: []string{"1"}},
		{ID: "3", Name: "cid"},
	}}
}

func (r *Resolver) Query() QueryResolver     { return queryResolver{r} }
func (r *Resolver) User() UserResolver       { return userResolver{r} }
func (r *Resolver) Profile() ProfileResolver { return profileResolver{r} }

type (
	queryResolver   struct{ *Resolver }
	userResolver    struct{ *Resolver }
	profileResolver struct{ *Resolver }
)

func (r *Resolver) byID(id string) *User {
	for _, u := range r.users {
		if u.ID == id {
			return u
		}
	}
	return nil
}

func (r queryResolver) Users(ctx context.Context) ([]*User, error) { return r.users, nil }

func (r queryResolver) Docs(ctx context.Context) ([]*Doc, error) {
	created := "monday"
	return []*Doc{{Base: &Base{Created: &created}, Title: "a"}, {Title: "b"}}, nil
}

func (r queryResolver) Find(ctx context.Context, by UserKey) (*User, error) {
	for _, u := range r.users {
		if (by.ID != nil && u.ID == *by.ID) || (by.Name != nil && u.Name == *by.Name) {
			return u, nil
		}
	}
	return nil, nil
}

func (r queryResolver) Shout(ctx context.Context, in ShoutInput) (string, error) {
	return strings.ToUpper(in.Text) + "!", nil
}

func (r queryResolver) Profile(ctx context.Context) (*Profile, error) {
	return &Profile{Quick: "quick"}, nil
}

func (r queryResolver) Patch(ctx context.Context, in PatchInput) (string, error) {
	v, set := in.Name.ValueOK()
	switch {
	case !set:
		return "unset", nil
	case v == nil:
		return "null", nil
	}
	return "set:" + *v, nil
}

func (r userResolver) Friends(ctx context.Context, objs []*User) ([][]*User, error) {
	r.friendsCalls.Add(1)
	out := make([][]*User, len(objs))
	for i, u := range objs {
		out[i] = []*User{}
		for _, id := range u.friends {
			out[i] = append(out[i], r.byID(id))
		}
	}
	return out, nil
}

func (r userResolver) Nickname(ctx context.Context, obj *User) (*string, error) {
	nick := "little " + obj.Name
	return &nick, nil
}

func (r profileResolver) Slow(ctx context.Context, obj *Profile) (string, error) {
	time.Sleep(20 * time.Millisecond)
	return "slow", nil
}

package shapes

import (
	"context"
	"strings"
)

// Resolver serves two heroes.
type Resolver struct{ heroes []*Hero }

// NewResolver returns the fixture's data.
func NewResolver() *Resolver {
	age := 40
	robin := &Hero{Name: "robin", Tags: []string{"young"}, Motto: "holy"}
	batman := &Hero{Name: "batman", Age: &age, Sidekick: robin, Tags: []string{"dark", "rich"}, Motto: "justice", Mood: MoodGrim}
	return &Resolver{heroes: []*Hero{batman, robin}}
}

func (r *Resolver) Query() QueryResolver { return queryResolver{r} }
func (r *Resolver) Hero() HeroResolver   { return heroResolver{r} }

type queryResolver struct{ *Resolver }

func (q queryResolver) Hero(ctx context.Context) (*Hero, error) {
	trace("Query.hero")
	return q.heroes[0], nil
}

func (q queryResolver) HeroByName(ctx context.Context, name string) (*Hero, error) {
	trace("Query.heroByName")
	for _, h := range q.heroes {
		if h.Name == name {
			return h, nil
		}
	}
	return nil, nil
}

func (q queryResolver) Greeting(ctx context.Context) (string, error) {
	trace("Query.greeting")
	return "hello", nil
}

func (q queryResolver) Heroes(ctx context.Context) ([]*Hero, error) {
	trace("Query.heroes")
	return q.heroes, nil
}

type heroResolver struct{ *Resolver }

func (r heroResolver) Friends(ctx context.Context, obj *Hero) ([]*Hero, error) {
	trace("Hero.friends")
	var out []*Hero
	for _, h := range r.heroes {
		if h != obj {
			out = append(out, h)
		}
	}
	return out, nil
}

func (r heroResolver) Friend(ctx context.Context, obj *Hero, name string) (*Hero, error) {
	trace("Hero.friend")
	for _, h := range r.heroes {
		if h != obj && h.Name == name {
			return h, nil
		}
	}
	return nil, nil
}

func (r heroResolver) Secret(ctx context.Context, obj *Hero) (*string, error) {
	trace("Hero.secret")
	s := strings.Repeat("*", len(obj.Name))
	return &s, nil
}

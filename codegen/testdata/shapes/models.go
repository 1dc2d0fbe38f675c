package shapes

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
)

// Hero is the fixture's object: struct fields, methods and (through
// HeroResolver) resolvers.
type Hero struct {
	Name     string
	Age      *int
	Sidekick *Hero
	Tags     []string
	Motto    string
	Mood     Mood
}

// Mood is an enum bound to Go constants.
type Mood int

// The values of Mood.
const (
	MoodHappy Mood = iota
	MoodGrim
)

// Title is a method without arguments.
func (h *Hero) Title() string { trace("Hero.title"); return "Sir " + h.Name }

// Nickname is a method with arguments.
func (h *Hero) Nickname(prefix string) string { trace("Hero.nickname"); return prefix + h.Name }

// Shout is a method with a directive on its field.
func (h *Hero) Shout() (string, error) {
	trace("Hero.shout")
	if h.Name == "" {
		return "", errors.New("nameless")
	}
	return h.Name + "!", nil
}

// Rank is a method taking a context.
func (h *Hero) Rank(ctx context.Context) (int, error) { trace("Hero.rank"); return len(h.Name), nil }

// The resolvers record the generated functions on their stack, so that a
// test can see which one calls them with and without field middleware.
var (
	traceMu sync.Mutex
	traces  = map[string][]string{}
)

// trace records, for the field coordinate, the generated functions (of
// this package, outside this file) on the caller's stack.
func trace(coord string) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	var names []string
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "example.com/shapes.") && strings.HasSuffix(f.File, "generated.go") {
			names = append(names, strings.TrimPrefix(f.Function, "example.com/shapes."))
		}
		if !more {
			break
		}
	}
	traceMu.Lock()
	traces[coord] = names
	traceMu.Unlock()
}

// takeTraces returns the recorded stacks and forgets them.
func takeTraces() map[string][]string {
	traceMu.Lock()
	defer traceMu.Unlock()
	out := traces
	traces = map[string][]string{}
	return out
}

// Query is the query root's Go type: Hero.root returns an empty one, and
// its fields resolve through the resolvers.
type Query struct{}

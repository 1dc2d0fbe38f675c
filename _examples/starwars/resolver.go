// Package starwars is the Star Wars example: interfaces (Character), a union
// (SearchResult), enums (Episode, LengthUnit), field arguments with defaults,
// Relay-style cursor pagination and @defer. The executable schema is
// generated from schema.graphqls by this repository's generator.
package starwars

//go:generate go run github.com/99designs/gqlgen generate

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/99designs/gqlgen/_examples/starwars/models"
)

// Resolver answers every field of the schema from an in-memory copy of the
// films' cast. It is safe for concurrent use; NewResolver builds one.
type Resolver struct {
	humans    map[string]*models.Human
	droids    map[string]*models.Droid
	starships map[string]*models.Starship

	mu      sync.Mutex // guards reviews
	reviews map[models.Episode][]*models.Review
}

// NewResolver returns a Resolver loaded with the cast of the original trilogy.
func NewResolver() *Resolver {
	r := &Resolver{
		humans:    map[string]*models.Human{},
		droids:    map[string]*models.Droid{},
		starships: map[string]*models.Starship{},
		reviews:   map[models.Episode][]*models.Review{},
	}
	loadCast(r)
	return r
}

// character finds a human or droid by id; nil when there is none.
func (r *Resolver) character(id string) models.Character {
	if h, ok := r.humans[id]; ok {
		return h
	}
	if d, ok := r.droids[id]; ok {
		return d
	}
	return nil
}

// friendsOf resolves a character's friend ids, skipping ids that name nobody.
func (r *Resolver) friendsOf(c models.Character) []models.Character {
	out := make([]models.Character, 0, len(c.FriendIDs()))
	for _, id := range c.FriendIDs() {
		if f := r.character(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// search returns every human, droid and starship whose name contains text,
// ignoring case, humans first, then droids, then starships, each sorted by id.
func (r *Resolver) search(text string) []models.SearchResult {
	needle := strings.ToLower(text)
	var out []models.SearchResult
	for _, id := range slices.Sorted(maps.Keys(r.humans)) {
		if strings.Contains(strings.ToLower(r.humans[id].Name), needle) {
			out = append(out, r.humans[id])
		}
	}
	for _, id := range slices.Sorted(maps.Keys(r.droids)) {
		if strings.Contains(strings.ToLower(r.droids[id].Name), needle) {
			out = append(out, r.droids[id])
		}
	}
	for _, id := range slices.Sorted(maps.Keys(r.starships)) {
		if strings.Contains(strings.ToLower(r.starships[id].Name), needle) {
			out = append(out, r.starships[id])
		}
	}
	return out
}

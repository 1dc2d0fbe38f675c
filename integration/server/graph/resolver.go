// Package graph is the integration server's GraphQL layer: generated.go
// and model/ come from this module's generator, the resolvers are written
// by hand.
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"
	"sync"

	"github.com/99designs/gqlgen/integration/server/graph/model"
)

// Resolver holds the planet catalogue in memory. Every server process
// starts from the same catalogue, so tests that add planets use fresh codes.
type Resolver struct {
	mu      sync.Mutex
	planets []*model.Planet
}

// NewResolver returns a Resolver with the starting catalogue: four planets,
// of which Neptune has no known mass.
func NewResolver() *Resolver {
	mass := func(kg float64) *float64 { return &kg }
	return &Resolver{planets: []*model.Planet{
		{Code: "MERCURY", Name: "Mercury", Kind: model.PlanetKindRocky, MassKg: mass(3.3011e23), Moons: []*model.Moon{}},
		{Code: "EARTH", Name: "Earth", Kind: model.PlanetKindRocky, MassKg: mass(5.9722e24),
			Moons: []*model.Moon{{Name: "Moon", RadiusKm: 1737}}},
		{Code: "JUPITER", Name: "Jupiter", Kind: model.PlanetKindGas, MassKg: mass(1.8982e27),
			Moons: []*model.Moon{{Name: "Io", RadiusKm: 1822}, {Name: "Europa", RadiusKm: 1561}}},
		{Code: "NEPTUNE", Name: "Neptune", Kind: model.PlanetKindIce,
			Moons: []*model.Moon{{Name: "Triton", RadiusKm: 1353}}},
	}}
}

// snapshot returns the catalogue as it is now.
func (r *Resolver) snapshot() []*model.Planet {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*model.Planet(nil), r.planets...)
}

type viewerKey struct{}

// WithViewer returns ctx carrying the user a websocket connection
// announced in its init payload.
func WithViewer(ctx context.Context, user string) context.Context {
	return context.WithValue(ctx, viewerKey{}, user)
}

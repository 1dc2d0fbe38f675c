package graph

import (
	"context"
	"sync/atomic"

	"example/graph/model"
)

// Resolver serves the test subgraph; DockCalls counts batch finder calls.
type Resolver struct {
	DockCalls atomic.Int32
}

func (r *Resolver) Entity() EntityResolver { return entityResolver{r} }
func (r *Resolver) Query() QueryResolver   { return queryResolver{} }

type queryResolver struct{}

func (queryResolver) Hello(context.Context) (*string, error) { return nil, nil }

type entityResolver struct{ r *Resolver }

// FindPort reports which key the representation matched.
func (entityResolver) FindPort(_ context.Context, rep model.PortRepresentation) (*model.Port, error) {
	port := &model.Port{Matched: string(rep.MatchedKey), Region: &model.Region{}}
	if rep.ID != nil {
		port.ID = *rep.ID
	}
	if rep.Code != nil {
		port.Code = *rep.Code
	}
	if rep.Region != nil && rep.Region.Name != nil {
		port.Region.Name = *rep.Region.Name
	}
	return port, nil
}

func (e entityResolver) FindDock(_ context.Context, reps []*model.DockRepresentation) ([]*model.Dock, error) {
	e.r.DockCalls.Add(1)
	out := make([]*model.Dock, len(reps))
	for i, rep := range reps {
		out[i] = &model.Dock{ID: *rep.ID, Matched: string(rep.MatchedKey)}
	}
	return out, nil
}

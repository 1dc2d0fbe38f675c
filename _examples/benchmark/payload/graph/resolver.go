// Package graph is schema (d) of the side-by-side benchmark: payloads where
// the JSON work dominates (long escaped strings, Map scalars, a large
// variables object). The data is built once, deterministically (data.go),
// so that the benchmark can state the exact response it expects.
//
// generated.go and model/models_gen.go come from the generator
// (../compare.sh or `go generate ./...` in the benchmark module).
package graph

//go:generate go run github.com/99designs/gqlgen generate

import (
	"context"

	"github.com/99designs/gqlgen/_examples/benchmark/payload/graph/model"
)

// Resolver serves the fixed documents and maps of data.go.
type Resolver struct {
	docs []*model.Doc
	maps []map[string]any
}

// NewResolver builds the data once.
func NewResolver() *Resolver { return &Resolver{docs: Docs(), maps: Maps()} }

// Query returns the resolvers of the Query type.
func (r *Resolver) Query() QueryResolver { return payloadQuery{r} }

// Mutation returns the resolvers of the Mutation type.
func (r *Resolver) Mutation() MutationResolver { return payloadMutation{} }

type payloadQuery struct{ *Resolver }

func (q payloadQuery) Docs(context.Context) ([]*model.Doc, error)     { return q.docs, nil }
func (q payloadQuery) Maps(context.Context) ([]map[string]any, error) { return q.maps, nil }

type payloadMutation struct{}

// Ingest counts the records, every value inside their attrs (at any depth)
// and the bytes of their names.
func (payloadMutation) Ingest(_ context.Context, records []*model.RecordInput) (*model.IngestResult, error) {
	res := &model.IngestResult{Records: len(records)}
	for _, r := range records {
		res.Names += len(r.Name)
		res.Attrs += CountValues(r.Attrs)
	}
	return res, nil
}

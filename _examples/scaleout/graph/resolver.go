package graph

import (
	"sync/atomic"

	"github.com/99designs/gqlgen/_examples/scaleout/graph/model"
	"github.com/99designs/gqlgen/_examples/scaleout/redispubsub"
)

// PostedTopic is the broker topic that carries every accepted post.
const PostedTopic = "posted"

// Resolver holds what the resolvers of one replica share. Nothing in it is
// per-replica state that others would need: posts travel through Redis.
type Resolver struct {
	// Name identifies the replica in Post.via and Query.replica.
	Name string
	// Posts is the topic mutations publish to and subscriptions read.
	Posts redispubsub.Topic[*model.Post]

	seq atomic.Uint64
}

// NewResolver returns the resolver of the replica called name, publishing
// and subscribing on broker.
func NewResolver(name string, broker *redispubsub.Broker) *Resolver {
	return &Resolver{Name: name, Posts: redispubsub.NewTopic[*model.Post](broker, PostedTopic)}
}

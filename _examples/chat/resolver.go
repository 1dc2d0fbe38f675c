// Package chat is the chat example: a mutation publishes messages, and a
// subscription streams a room's messages to every client watching it, over
// WebSocket (both the graphql-transport-ws and the legacy graphql-ws
// subprotocols) or server-sent events.
package chat

//go:generate go run github.com/99designs/gqlgen generate

import (
	"strconv"
	"sync"
	"time"
)

// Resolver keeps each room's history and fans new messages out through Hub.
// Build it with NewResolver.
type Resolver struct {
	// Hub delivers new messages to subscribers; tests read its counts.
	Hub *Hub
	// Now stamps messages; tests replace it to get fixed times.
	Now func() time.Time

	mu      sync.Mutex
	lastID  int
	history map[string][]*Message
}

// NewResolver returns a Resolver with no rooms and a fresh hub.
func NewResolver() *Resolver {
	return &Resolver{Hub: NewHub(), Now: time.Now, history: map[string][]*Message{}}
}

// add records a message in its room's history and publishes it.
func (r *Resolver) add(room, author, text string) *Message {
	r.mu.Lock()
	r.lastID++
	m := &Message{ID: strconv.Itoa(r.lastID), Room: room, Author: author, Text: text, CreatedAt: r.Now().UTC()}
	r.history[room] = append(r.history[room], m)
	r.mu.Unlock()
	r.Hub.Publish(m)
	return m
}

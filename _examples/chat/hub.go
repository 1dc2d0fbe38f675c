package chat

import (
	"context"
	"sync"
)

// subscriberBuffer is how many messages a subscriber may fall behind before
// the hub gives up on it. A subscriber that cannot keep up is dropped (its
// channel closed, which ends its subscription) so one slow client never
// blocks Publish for everybody else.
const subscriberBuffer = 16

// Hub fans each published message out to every subscriber of its room.
// Subscriptions end, and their goroutines and channels are released, when
// the subscriber's context ends: for a GraphQL subscription that is when the
// client completes the operation or goes away.
type Hub struct {
	mu    sync.Mutex
	rooms map[string]map[chan *Message]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub {
	return &Hub{rooms: map[string]map[chan *Message]struct{}{}}
}

// Subscribe registers a subscriber to room until ctx ends, and returns the
// channel its messages arrive on. The channel is closed when the subscriber
// is removed.
func (h *Hub) Subscribe(ctx context.Context, room string) <-chan *Message {
	ch := make(chan *Message, subscriberBuffer)
	h.mu.Lock()
	if h.rooms[room] == nil {
		h.rooms[room] = map[chan *Message]struct{}{}
	}
	h.rooms[room][ch] = struct{}{}
	h.mu.Unlock()

	go func() {
		<-ctx.Done()
		h.remove(room, ch)
	}()
	return ch
}

// remove unregisters ch and closes it, once: a channel dropped by Publish
// is no longer registered when its context ends.
func (h *Hub) remove(room string, ch chan *Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.rooms[room][ch]; !ok {
		return
	}
	delete(h.rooms[room], ch)
	if len(h.rooms[room]) == 0 {
		delete(h.rooms, room)
	}
	close(ch)
}

// Publish hands m to every subscriber of m.Room without blocking.
func (h *Hub) Publish(m *Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.rooms[m.Room] {
		select {
		case ch <- m:
		default:
			delete(h.rooms[m.Room], ch)
			close(ch)
		}
	}
	if len(h.rooms[m.Room]) == 0 {
		delete(h.rooms, m.Room)
	}
}

// Subscribers reports how many subscribers room has right now.
func (h *Hub) Subscribers(room string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms[room])
}

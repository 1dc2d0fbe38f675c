// Package drain coordinates a graceful shutdown between handler.Server and
// its transports.
//
// The Server counts the requests it is serving and refuses new ones once a
// shutdown has begun. Transports whose connections outlive one response
// (websocket sessions, event streams) register each connection with two
// hooks: Drain asks it to end what can be ended now (subscriptions) and to
// close once the rest (queries and mutations in flight) has finished;
// Abort closes it at once, when the grace period is over. Nothing here runs
// unless Shutdown is called: until then a request costs two atomic
// additions and a load.
package drain

import (
	"context"
	"sync"
	"sync/atomic"
)

// Coordinator is the shutdown state of one Server. Its zero value is not
// ready; use New.
type Coordinator struct {
	closing atomic.Bool
	active  atomic.Int64
	idle    chan struct{} // closed once nothing is active after closing
	idleOne sync.Once

	mu      sync.Mutex
	streams map[*Stream]struct{}
	aborted bool // the grace period is over: new streams are aborted at once
}

// Stream is a registered long-lived connection.
type Stream struct {
	c                  *Coordinator
	drainFn, abortFn   func()
	drainOne, abortOne sync.Once
}

func (s *Stream) drain() { s.drainOne.Do(s.drainFn) }
func (s *Stream) abort() { s.abortOne.Do(s.abortFn) }

// New returns a Coordinator that is not shutting down.
func New() *Coordinator {
	return &Coordinator{idle: make(chan struct{}), streams: map[*Stream]struct{}{}}
}

// Holder is implemented by the executor a Server hands its transports,
// which find the Coordinator through it (a transport used without a Server
// finds none and behaves as upstream gqlgen's).
type Holder interface {
	DrainCoordinator() *Coordinator
}

// Of returns the Coordinator behind exec, or nil.
func Of(exec any) *Coordinator {
	if h, ok := exec.(Holder); ok {
		return h.DrainCoordinator()
	}
	return nil
}

// Begin counts a request in. It returns false, counting nothing, once a
// shutdown has begun: the request must then be refused. Every true is
// paired with an End.
func (c *Coordinator) Begin() bool {
	c.active.Add(1)
	if c.closing.Load() {
		c.End()
		return false
	}
	return true
}

// End counts a request out.
func (c *Coordinator) End() {
	if c.active.Add(-1) == 0 && c.closing.Load() {
		c.idleOne.Do(func() { close(c.idle) })
	}
}

// Closing reports whether a shutdown has begun.
func (c *Coordinator) Closing() bool { return c.closing.Load() }

// Register records a long-lived connection. drain and abort may be called
// from another goroutine, at most once each (abort possibly after drain),
// and must not block; either may
// run before Register returns when a shutdown is already under way.
// Unregister the stream when the connection has ended.
func (c *Coordinator) Register(drain, abort func()) *Stream {
	s := &Stream{c: c, drainFn: drain, abortFn: abort}
	c.mu.Lock()
	c.streams[s] = struct{}{}
	closing, aborted := c.closing.Load(), c.aborted
	c.mu.Unlock()
	switch {
	case aborted:
		s.abort()
	case closing:
		s.drain()
	}
	return s
}

// Unregister forgets the stream.
func (s *Stream) Unregister() {
	s.c.mu.Lock()
	delete(s.c.streams, s)
	s.c.mu.Unlock()
}

// Shutdown refuses new requests, drains every registered stream and waits
// until no request is being served. When ctx ends first, it aborts the
// streams still open and returns ctx's error without waiting for them.
func (c *Coordinator) Shutdown(ctx context.Context) error {
	c.mu.Lock()
	c.closing.Store(true)
	streams := c.snapshot()
	c.mu.Unlock()
	if c.active.Load() == 0 {
		c.idleOne.Do(func() { close(c.idle) })
	}
	for _, s := range streams {
		s.drain()
	}
	select {
	case <-c.idle:
		return nil
	case <-ctx.Done():
	}
	c.mu.Lock()
	c.aborted = true
	streams = c.snapshot()
	c.mu.Unlock()
	for _, s := range streams {
		s.abort()
	}
	return ctx.Err()
}

// snapshot lists the registered streams; c.mu must be held.
func (c *Coordinator) snapshot() []*Stream {
	list := make([]*Stream, 0, len(c.streams))
	for s := range c.streams {
		list = append(list, s)
	}
	return list
}

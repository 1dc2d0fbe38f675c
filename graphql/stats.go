package graphql

import (
	"context"
	"fmt"
	"time"
)

// TraceTiming is the start and end of one phase.
type TraceTiming struct {
	Start time.Time
	End   time.Time
}

// Stats holds the timings of an operation's phases, and data that handler
// extensions attach to it.
type Stats struct {
	// OperationStart is when the operation began (see StartOperationTrace).
	OperationStart time.Time

	// extension is read and written by extensions through their own typed
	// accessors, which call SetExtension and GetExtension.
	extension map[string]any

	// Read is how long reading the request took.
	Read TraceTiming
	// Parsing is how long parsing the query took.
	Parsing TraceTiming
	// Validation is how long validating the query took.
	Validation TraceTiming
}

// SetExtension stores data under name. Extensions use it to keep their own
// statistics; they should offer a typed accessor rather than expose it.
func (s *Stats) SetExtension(name string, data any) {
	if s.extension == nil {
		s.extension = make(map[string]any, 4)
	}
	s.extension[name] = data
}

// GetExtension returns what SetExtension stored under name, or nil.
func (s *Stats) GetExtension(name string) any { return s.extension[name] }

// Now returns the current time. Every timing in this module goes through it,
// so a test can replace it with a fixed clock.
var Now = time.Now

// StartOperationTrace records the current time in ctx as the start of an
// operation. The server does it for transports with one operation per HTTP
// request; a transport that reads several operations from one connection
// (websockets) calls it before decoding each.
func StartOperationTrace(ctx context.Context) context.Context {
	return &traceStart{parent: ctx, at: Now()}
}

// traceStart is the context node of StartOperationTrace: one allocation
// holding the time, which Value hands out by address.
type traceStart struct {
	parent context.Context
	at     time.Time
}

func (n *traceStart) Value(key any) any {
	if k, ok := key.(ctxKey); ok && k == traceStartCtxKey {
		return &n.at
	}
	return n.parent.Value(key)
}

func (n *traceStart) Deadline() (deadline time.Time, ok bool) { return n.parent.Deadline() }
func (n *traceStart) Done() <-chan struct{}                   { return n.parent.Done() }
func (n *traceStart) Err() error                              { return n.parent.Err() }
func (n *traceStart) String() string {
	return contextName(n.parent) + ".WithValue(" + traceStartCtxKey.String() + ")"
}

// GetStartTime returns the time StartOperationTrace recorded in ctx, and
// panics if there is none.
func GetStartTime(ctx context.Context) time.Time {
	v := ctx.Value(traceStartCtxKey)
	if t, ok := v.(*time.Time); ok {
		return *t
	}
	panic(fmt.Sprintf("missing start time: %T", v))
}

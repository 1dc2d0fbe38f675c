package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"
	"time"
)

// fakeClock is a heartbeat clock the test moves by hand: now is set with
// set, and each ticker fires only when tick is called.
type fakeClock struct {
	mu      sync.Mutex
	current time.Time
	tickers map[time.Duration]chan time.Time
	made    chan time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{
		current: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		tickers: map[time.Duration]chan time.Time{},
		made:    make(chan time.Duration, 4),
	}
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.current
}

func (c *fakeClock) ticker(interval time.Duration) (<-chan time.Time, func()) {
	c.mu.Lock()
	ch := make(chan time.Time)
	c.tickers[interval] = ch
	c.mu.Unlock()
	c.made <- interval
	return ch, func() {}
}

func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	c.current = t
	c.mu.Unlock()
}

// tick fires the ticker of interval at the current time, waiting until the
// session's background goroutine takes it.
func (c *fakeClock) tick(t *testing.T, interval time.Duration) {
	t.Helper()
	c.mu.Lock()
	ch := c.tickers[interval]
	now := c.current
	c.mu.Unlock()
	select {
	case ch <- now:
	case <-time.After(wsWait):
		t.Fatal("the heartbeat goroutine does not take the tick")
	}
}

// scriptedConn is a WebsocketConn whose client is the test: frames the
// client sends come from in, frames the server writes go to out, and each
// read deadline the server sets goes to deadlines.
type scriptedConn struct {
	in        chan string
	out       chan string
	deadlines chan time.Time
	closeOnce sync.Once
	closed    chan struct{}
}

func newScriptedConn() *scriptedConn {
	return &scriptedConn{
		in:        make(chan string),
		out:       make(chan string, 16),
		deadlines: make(chan time.Time, 16),
		closed:    make(chan struct{}),
	}
}

func (c *scriptedConn) Subprotocol() string { return graphqlTransportWS.name }

func (c *scriptedConn) NextReader() (int, io.Reader, error) {
	select {
	case frame := <-c.in:
		return 1, bytes.NewReader([]byte(frame)), nil
	case <-c.closed:
		return 0, nil, ErrWebsocketClosed
	}
}

func (c *scriptedConn) WriteJSON(v any) error {
	raw, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(v); err != nil {
			return err
		}
	}
	c.out <- string(raw)
	return nil
}

func (c *scriptedConn) WriteClose(int, string) error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

func (c *scriptedConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

func (c *scriptedConn) SetReadDeadline(t time.Time) error {
	c.deadlines <- t
	return nil
}

func (c *scriptedConn) send(t *testing.T, frame string) {
	t.Helper()
	select {
	case c.in <- frame:
	case <-time.After(wsWait):
		t.Fatalf("the server does not read %s", frame)
	}
}

func (c *scriptedConn) expect(t *testing.T, want string) {
	t.Helper()
	select {
	case got := <-c.out:
		if got != want {
			t.Fatalf("server wrote %s, want %s", got, want)
		}
	case <-time.After(wsWait):
		t.Fatalf("server wrote nothing, want %s", want)
	}
}

// roundTrip sends a client ping and waits for its pong: every frame the
// client sent before has then been handled.
func (c *scriptedConn) roundTrip(t *testing.T) {
	t.Helper()
	c.send(t, `{"type":"ping"}`)
	c.expect(t, `{"type":"pong"}`)
}

// deadlinesSoFar returns the read deadlines set since the last call. Call
// it only once the frames that could set one have been handled.
func (c *scriptedConn) deadlinesSoFar() []time.Time {
	var got []time.Time
	for {
		select {
		case d := <-c.deadlines:
			got = append(got, d)
		default:
			return got
		}
	}
}

// TestPongDeadlineFollowsPings: the read deadline that drops a silent
// client is armed when a ping is sent, two intervals after it, and not
// before; a pong clears it; a ping sent while one is unanswered leaves the
// first ping's deadline in place.
func TestPongDeadlineFollowsPings(t *testing.T) {
	const interval = 10 * time.Second
	clock := newFakeClock()
	conn := newScriptedConn()
	s := &wsSession{
		cfg:   Websocket{PingPongInterval: interval},
		conn:  conn,
		proto: graphqlTransportWS,
		exec:  testExec{},
		ctx:   context.Background(),
		ops:   map[string]*wsOperation{},
		clock: clock,
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		s.serve()
	}()

	conn.send(t, initMsg)
	conn.expect(t, ack)
	if got := <-clock.made; got != interval {
		t.Fatalf("ticker of %v, want the ping interval", got)
	}
	// A long silence before the first ping: nothing to answer yet.
	clock.set(clock.now().Add(time.Hour))
	conn.roundTrip(t)
	if got := conn.deadlinesSoFar(); len(got) != 0 {
		t.Fatalf("deadlines %v armed before any ping", got)
	}

	first := clock.now()
	clock.tick(t, interval)
	conn.expect(t, `{"type":"ping"}`)
	if got := conn.deadlinesSoFar(); len(got) != 1 || !got[0].Equal(first.Add(2*interval)) {
		t.Fatalf("deadlines %v after a ping at %v, want one at two intervals", got, first)
	}

	// Unanswered, a second ping keeps the first one's deadline.
	clock.set(first.Add(interval))
	clock.tick(t, interval)
	conn.expect(t, `{"type":"ping"}`)
	if got := conn.deadlinesSoFar(); len(got) != 0 {
		t.Fatalf("a second ping moved the deadline: %v", got)
	}

	conn.send(t, `{"type":"pong"}`)
	conn.roundTrip(t)
	if got := conn.deadlinesSoFar(); len(got) != 1 || !got[0].IsZero() {
		t.Fatalf("deadlines %v after the pong, want it cleared", got)
	}
	// A pong nobody asked for changes nothing.
	conn.send(t, `{"type":"pong"}`)
	conn.roundTrip(t)
	if got := conn.deadlinesSoFar(); len(got) != 0 {
		t.Fatalf("deadlines %v after an unsolicited pong", got)
	}

	third := first.Add(5 * interval)
	clock.set(third)
	clock.tick(t, interval)
	conn.expect(t, `{"type":"ping"}`)
	if got := conn.deadlinesSoFar(); len(got) != 1 || !got[0].Equal(third.Add(2*interval)) {
		t.Fatalf("deadlines %v after a ping at %v", got, third)
	}

	conn.send(t, `{"type":"connection_terminate"}`)
	_ = conn.Close()
	select {
	case <-served:
	case <-time.After(wsWait):
		t.Fatal("the session does not end")
	}
}

// TestMissingPongOkArmsNoDeadline: with MissingPongOk, pings are sent and
// no deadline is ever set.
func TestMissingPongOkArmsNoDeadline(t *testing.T) {
	const interval = time.Second
	clock := newFakeClock()
	conn := newScriptedConn()
	s := &wsSession{
		cfg:   Websocket{PingPongInterval: interval, MissingPongOk: true},
		conn:  conn,
		proto: graphqlTransportWS,
		exec:  testExec{},
		ctx:   context.Background(),
		ops:   map[string]*wsOperation{},
		clock: clock,
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		s.serve()
	}()
	conn.send(t, initMsg)
	conn.expect(t, ack)
	<-clock.made
	for range 3 {
		clock.tick(t, interval)
		conn.expect(t, `{"type":"ping"}`)
	}
	conn.send(t, `{"type":"pong"}`)
	conn.roundTrip(t)
	if got := conn.deadlinesSoFar(); len(got) != 0 {
		t.Fatalf("deadlines %v with MissingPongOk", got)
	}
	_ = conn.Close()
	select {
	case <-served:
	case <-time.After(wsWait):
		t.Fatal("the session does not end")
	}
}

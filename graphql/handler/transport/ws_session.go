package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/internal/drain"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// wsSession is one websocket connection, whichever the subprotocol.
//
// Goroutines: the one running serve reads messages and owns the
// connection's life; each operation runs in its own; a background one
// (started after the handshake) sends heartbeats and closes the connection
// when its context ends; an InitTimeout runs as a timer. serve returns only
// after all of them have ended and the closing handshake is over.
type wsSession struct {
	cfg     Websocket
	conn    WebsocketConn
	proto   *wsProtocol
	exec    graphql.GraphExecutor
	headers http.Header
	// ctx is the connection's context: the request's, or what InitFunc
	// returned. It is only replaced before any other goroutine starts.
	ctx         context.Context
	initPayload InitPayload
	readBuf     []byte // for connections without the frameReader fast path

	// mu serialises writes and guards closed, which stops them.
	mu     sync.Mutex
	closed bool

	// clock drives the heartbeats; nil means the real one.
	clock heartbeatClock
	// pongMu guards awaitingPong, set from the moment a ping is about to
	// be sent until a pong arrives: while it is set, a read deadline is
	// armed.
	pongMu       sync.Mutex
	awaitingPong bool

	// opsCtx is the parent of every operation's context: a child of ctx
	// that close cancels. It is set when the handshake succeeds.
	opsCtx  context.Context
	stopOps context.CancelFunc
	opsMu   sync.Mutex
	ops     map[string]*wsOperation // by id, for stop messages
	opsWG   sync.WaitGroup
	// draining is set, under opsMu, once the server shuts down
	// (ws_drain.go): no operation starts, and the connection closes when
	// the last one has ended.
	draining bool
}

// wsOperation is a running operation; stop cancels it. subscription and
// drained (set under opsMu when a shutdown stopped it) decide whether its
// end is announced with complete.
type wsOperation struct {
	stop         context.CancelFunc
	subscription bool
	drained      bool
}

var errInitTimeout = errors.New("connection initialisation timeout")

// serve runs the connection to its end: the handshake, then messages until
// either side closes. Operations are stopped and awaited before it returns.
func (s *wsSession) serve() {
	defer func() {
		s.opsWG.Wait()
		if st, ok := s.conn.(settler); ok {
			st.settle()
		}
	}()
	if c := drain.Of(s.exec); c != nil {
		defer c.Register(s.drain, s.abort).Unregister()
	}
	if !s.handshake() {
		return
	}
	s.opsMu.Lock()
	s.opsCtx, s.stopOps = context.WithCancel(s.ctx)
	draining := s.draining
	s.opsMu.Unlock()
	defer s.stopOps()
	if draining {
		s.close(websocketCloseServiceRestart, "service restart")
		return
	}
	s.run()
}

// handshake waits for connection_init, runs InitFunc and acknowledges. It
// returns false when the connection was refused (and closed).
func (s *wsSession) handshake() bool {
	msg, err := s.readFirst()
	switch {
	case err == errInitTimeout:
		return false // the timer closed the connection
	case err == errInvalidMsg:
		s.connectionError("invalid json")
		s.close(WebsocketCloseProtocolError, "decoding error")
		return false
	case err != nil:
		s.close(WebsocketCloseProtocolError, "decoding error")
		return false
	}
	switch msg.kind {
	case kindInit:
	case kindTerminate:
		s.close(WebsocketCloseNormalClosure, "terminated")
		return false
	default:
		s.connectionError("unexpected message " + msg.kind.String())
		s.close(WebsocketCloseProtocolError, "unexpected message")
		return false
	}

	if len(msg.payload) > 0 {
		payload, err := decodeInitPayload(msg.payload)
		if err != nil {
			// Upstream gqlgen leaves the client waiting here, forever.
			s.connectionError("invalid json")
			s.close(WebsocketCloseProtocolError, "decoding error")
			return false
		}
		s.initPayload = payload
	}

	var ack *InitPayload
	if s.cfg.InitFunc != nil {
		ctx, ackPayload, err := s.cfg.InitFunc(s.ctx, s.initPayload)
		if err != nil {
			if ctx == nil {
				ctx = s.ctx
			}
			s.connectionError(err.Error())
			reason := closeReasonOf(ctx)
			if reason == "" {
				reason = "terminated"
			}
			s.close(closeCodeOf(ctx), reason)
			return false
		}
		if ctx != nil {
			s.ctx = ctx
		}
		ack = ackPayload
	}

	if ack == nil {
		s.send(kindAck, "", nil)
	} else {
		payload, err := codec.Marshal(*ack)
		if err != nil {
			// Upstream gqlgen panics here, leaving the client without an answer.
			log.Printf("websocket: connection_ack payload from InitFunc cannot be encoded: %v", err)
			s.close(websocketCloseInternalError, "internal error")
			return false
		}
		s.send(kindAck, "", payload)
	}
	s.send(kindKeepAlive, "", nil)
	return true
}

// websocketCloseInternalError (1011) closes a connection the server cannot
// serve.
const websocketCloseInternalError = 1011

// readFirst reads the first message, within InitTimeout when one is set.
func (s *wsSession) readFirst() (wsMessage, error) {
	if s.cfg.InitTimeout <= 0 {
		return s.next()
	}
	fired := make(chan struct{})
	timer := time.AfterFunc(s.cfg.InitTimeout, func() {
		defer close(fired)
		s.close(WebsocketCloseProtocolError, "connection initialisation timeout")
	})
	msg, err := s.next()
	if !timer.Stop() {
		<-fired
		return wsMessage{}, errInitTimeout
	}
	return msg, err
}

// next reads and decodes the next message.
func (s *wsSession) next() (wsMessage, error) {
	var frame []byte
	if fr, ok := s.conn.(frameReader); ok {
		var err error
		if frame, err = fr.readFrame(); err != nil {
			return wsMessage{}, err
		}
	} else {
		_, r, err := s.conn.NextReader()
		if err != nil {
			return wsMessage{}, err
		}
		buf := bytes.NewBuffer(s.readBuf[:0])
		if _, err := buf.ReadFrom(r); err != nil {
			return wsMessage{}, err
		}
		frame = buf.Bytes()
		s.readBuf = frame
	}
	return s.proto.decode(frame)
}

// run serves an acknowledged connection until it closes.
func (s *wsSession) run() {
	ctx, cancel := context.WithCancel(s.ctx)
	background := s.startBackground(ctx)
	defer func() {
		cancel()
		<-background
	}()

	for {
		msg, err := s.next()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) && !errors.Is(err, ErrWebsocketClosed) {
				s.reportError(err, true)
			}
			return
		}
		switch msg.kind {
		case kindStart:
			if !s.start(msg) {
				return
			}
		case kindStop:
			s.opsMu.Lock()
			op := s.ops[msg.id]
			s.opsMu.Unlock()
			if op != nil {
				op.stop()
			}
		case kindTerminate:
			s.close(WebsocketCloseNormalClosure, "terminated")
			return
		case kindPing:
			var payload []byte
			if len(msg.payload) > 0 {
				payload = jsonscan.AppendCompactValid(nil, msg.payload, true)
			}
			s.send(kindPong, "", payload)
		case kindPong:
			s.pongReceived()
		default:
			s.connectionError("unexpected message " + msg.kind.String())
			s.close(WebsocketCloseProtocolError, "unexpected message")
			return
		}
	}
}

// startBackground starts the goroutine that sends the heartbeats the
// configuration and subprotocol call for, and closes the connection when
// ctx ends (after a connection_error carrying the context's close reason,
// if it has one). The returned channel closes when it has finished.
func (s *wsSession) startBackground(ctx context.Context) <-chan struct{} {
	clock := s.clock
	if clock == nil {
		clock = realClock{}
	}
	ticker := func(interval time.Duration, kind wsKind) (<-chan time.Time, func()) {
		if interval <= 0 || s.proto.outgoing[kind] == "" {
			return nil, func() {}
		}
		return clock.ticker(interval)
	}
	keepAliveC, stopKeepAlive := ticker(s.cfg.KeepAlivePingInterval, kindKeepAlive)
	pongOnlyC, stopPongOnly := ticker(s.cfg.PongOnlyInterval, kindPong)
	pingC, stopPing := ticker(s.cfg.PingPongInterval, kindPing)
	enforcePongs := !s.cfg.MissingPongOk

	done := make(chan struct{})
	go func() {
		defer close(done)
		defer stopKeepAlive()
		defer stopPongOnly()
		defer stopPing()
		for {
			select {
			case <-ctx.Done():
				if reason := closeReasonOf(ctx); reason != "" {
					s.connectionError(reason)
				}
				s.close(WebsocketCloseNormalClosure, "terminated")
				return
			case <-keepAliveC:
				s.send(kindKeepAlive, "", nil)
			case <-pongOnlyC:
				s.send(kindPong, "", nil)
			case <-pingC:
				if enforcePongs {
					s.awaitPong(clock.now().Add(2 * s.cfg.PingPongInterval))
				}
				s.send(kindPing, "", nil)
			}
		}
	}()
	return done
}

// awaitPong arms the read deadline by which the client must answer the
// ping about to be sent, unless an earlier ping is still unanswered: its
// deadline stands, so a client that answers no ping is dropped one pong
// timeout after the first. It runs before the ping is written, so that the
// answer cannot arrive before the deadline it clears.
func (s *wsSession) awaitPong(deadline time.Time) {
	s.pongMu.Lock()
	defer s.pongMu.Unlock()
	if !s.awaitingPong {
		s.awaitingPong = true
		s.setReadDeadline(deadline)
	}
}

// pongReceived clears the deadline of an outstanding ping.
func (s *wsSession) pongReceived() {
	s.pongMu.Lock()
	defer s.pongMu.Unlock()
	if s.awaitingPong {
		s.awaitingPong = false
		s.setReadDeadline(time.Time{})
	}
}

// heartbeatClock is the time source of the heartbeats, replaced in tests.
type heartbeatClock interface {
	now() time.Time
	// ticker returns a channel that receives every interval, and the
	// function that stops it.
	ticker(interval time.Duration) (<-chan time.Time, func())
}

type realClock struct{}

func (realClock) now() time.Time { return time.Now() }

func (realClock) ticker(interval time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(interval)
	return t.C, t.Stop
}

func (s *wsSession) setReadDeadline(t time.Time) {
	if d, ok := s.conn.(WebsocketReadDeadliner); ok {
		_ = d.SetReadDeadline(t)
	}
}

// start begins the operation a start/subscribe message asks for. It
// returns false when the message broke the protocol and the connection was
// closed.
func (s *wsSession) start(msg wsMessage) bool {
	begin := graphql.Now()
	if s.proto.uniqueIDs {
		s.opsMu.Lock()
		_, inUse := s.ops[msg.id]
		s.opsMu.Unlock()
		if inUse {
			s.close(websocketCloseDuplicateID, "Subscriber for "+msg.id+" already exists")
			return false
		}
	}
	ctx := graphql.StartOperationTrace(s.opsCtx)
	params := getParams()
	defer putParams(params)
	if decodeJSON(msg.payload, params) != nil {
		s.fail(msg.id, gqlerror.List{{Message: "invalid json"}})
		return true
	}
	params.ReadTime = graphql.TraceTiming{Start: begin, End: graphql.Now()}
	params.Headers = s.headers

	opCtx, errs := s.exec.CreateOperationContext(ctx, params)
	if errs != nil {
		resp := s.exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
		if errcode.GetErrorKind(errs) == errcode.KindProtocol && resp != nil {
			s.fail(msg.id, resp.Errors)
			return true
		}
		// Upstream sends the raw errors here, not the dispatched response.
		_ = s.sendResponse(msg.id, &graphql.Response{Errors: errs})
		s.send(kindComplete, msg.id, nil)
		return true
	}

	ctx = graphql.WithOperationContext(ctx, opCtx)
	if s.initPayload != nil {
		ctx = withInitPayload(ctx, s.initPayload)
	}
	ctx, cancel := context.WithCancel(ctx)
	op := &wsOperation{stop: cancel, subscription: opCtx.Operation != nil && opCtx.Operation.Operation == ast.Subscription}
	s.opsMu.Lock()
	if s.draining {
		// Neither run nor answered: the client sends it again once it has
		// reconnected, to a server that is not going away.
		s.opsMu.Unlock()
		cancel()
		return true
	}
	s.ops[msg.id] = op // on graphql-ws, a client reusing an id can then stop only the newest
	s.opsMu.Unlock()
	s.opsWG.Add(1)
	go s.operate(ctx, msg.id, opCtx, op)
	return true
}

// operate runs one operation: a data message per response, then complete;
// or an error message when the operation panicked, a response could not be
// encoded, or the resolver recorded subscription errors.
func (s *wsSession) operate(ctx context.Context, id string, opCtx *graphql.OperationContext, op *wsOperation) {
	ctx, subErrs := withSubscriptionErrors(ctx)
	var failure any
	defer func() {
		if r := recover(); r != nil {
			failure = r
		}
		// The id stays taken until the operation's last message is out, and
		// is free once it is: a client that reuses an id only after seeing
		// the end of its operation is never refused.
		s.opsMu.Lock()
		ended := false
		if failure != nil {
			s.sendErrors(id, gqlerror.List{recoveredError(ctx, opCtx, failure)})
			ended = s.proto.errorEnds
		}
		switch errs := subErrs.list(); {
		case ended:
		case len(errs) > 0:
			s.sendErrors(id, errs)
		case s.ctx.Err() == nil && !op.drained:
			// When the connection's context has ended, the connection is
			// closing, and complete would claim a normal end. A shutdown
			// stops subscriptions without one (see ws_drain.go).
			s.send(kindComplete, id, nil)
		}
		if s.ops[id] == op {
			delete(s.ops, id)
		}
		lastOfDrain := s.draining && len(s.ops) == 0
		s.opsMu.Unlock()
		op.stop()
		if lastOfDrain {
			s.close(websocketCloseServiceRestart, "service restart")
		}
		s.opsWG.Done()
	}()

	responses, ctx := s.exec.DispatchOperation(ctx, opCtx)
	for {
		resp := responses(ctx)
		if resp == nil {
			return
		}
		if err := s.sendResponse(id, resp); err != nil {
			failure = err // reported as upstream reported its panic
			return
		}
	}
}

// recoveredError turns a panic value, or an encoding failure, into the
// error sent to the client, through the operation's RecoverFunc.
func recoveredError(ctx context.Context, opCtx *graphql.OperationContext, value any) *gqlerror.Error {
	var err error
	if opCtx.RecoverFunc != nil {
		err = opCtx.Recover(ctx, value)
	} else {
		err = graphql.ErrorOnPath(ctx, graphql.DefaultRecover(ctx, value))
	}
	if gqlErr, ok := errors.AsType[*gqlerror.Error](err); ok {
		return gqlErr
	}
	gqlErr := &gqlerror.Error{}
	if err != nil {
		gqlErr.Message = err.Error()
	}
	return gqlErr
}

// send writes a message of kind with an already encoded payload (nil for
// none). Kinds the subprotocol does not have are dropped.
func (s *wsSession) send(kind wsKind, id string, payload []byte) {
	name := s.proto.outgoing[kind]
	if name == "" {
		return
	}
	buf := getBuffer()
	b := *buf
	if payload != nil {
		b = append(appendHead(b), payload...)
	}
	b = appendTail(b, payload != nil, id, name)
	s.write(b)
	*buf = b
	putBuffer(buf)
}

// sendResponse writes resp as a data (next) message. It fails, writing
// nothing, when the response cannot be encoded.
func (s *wsSession) sendResponse(id string, resp *graphql.Response) error {
	buf := getBuffer()
	defer putBuffer(buf)
	b, err := appendResponse(appendHead(*buf), resp)
	if err != nil {
		return marshalError(resp) // the value upstream panicked with
	}
	b = appendTail(b, true, id, s.proto.outgoing[kindData])
	s.write(b)
	*buf = b
	return nil
}

// sendErrors writes an error message holding errs.
func (s *wsSession) sendErrors(id string, errs gqlerror.List) {
	buf := getBuffer()
	b, err := appendErrorList(appendHead(*buf), errs)
	if err != nil { // an extension without a JSON form: keep the messages
		plain := make(gqlerror.List, len(errs))
		for i, e := range errs {
			if e != nil {
				plain[i] = &gqlerror.Error{Message: e.Message, Path: e.Path, Locations: e.Locations}
			}
		}
		b, _ = appendErrorList(appendHead((*buf)[:0]), plain)
	}
	b = appendTail(b, true, id, s.proto.outgoing[kindError])
	s.write(b)
	*buf = b
	putBuffer(buf)
}

// fail ends the operation id with an error message, and then complete
// where the subprotocol expects one after an error (graphql-ws, as
// upstream).
func (s *wsSession) fail(id string, errs gqlerror.List) {
	s.sendErrors(id, errs)
	if !s.proto.errorEnds {
		s.send(kindComplete, id, nil)
	}
}

// connectionError writes a connection_error message (graphql-ws only).
func (s *wsSession) connectionError(message string) {
	if s.proto.outgoing[kindConnError] == "" {
		return
	}
	buf := getBuffer()
	b := append(*buf, `{"message":`...)
	b = codec.AppendQuote(b, message)
	b = append(b, '}')
	*buf = b
	s.send(kindConnError, "", b)
	putBuffer(buf)
}

// write sends one message unless the connection is closed.
func (s *wsSession) write(frame []byte) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	var err error
	if fw, ok := s.conn.(frameWriter); ok {
		err = fw.writeFrame(frame)
	} else {
		// A copy: frame is a pooled buffer, and an adapter may keep v.
		err = s.conn.WriteJSON(json.RawMessage(bytes.Clone(frame)))
	}
	s.mu.Unlock()
	if err != nil {
		s.reportError(err, false)
	}
}

func (s *wsSession) reportError(err error, read bool) {
	if s.cfg.ErrorFunc != nil {
		s.cfg.ErrorFunc(s.ctx, WebsocketError{Err: err, IsReadError: read})
	}
}

// close closes the connection with code and reason, once: it cancels the
// running operations and calls CloseFunc.
func (s *wsSession) close(code int, reason string) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	_ = s.conn.WriteClose(code, reason)
	s.mu.Unlock()

	s.opsMu.Lock()
	stopOps := s.stopOps
	s.opsMu.Unlock()
	if stopOps != nil {
		stopOps()
	}
	_ = s.conn.Close()
	if s.cfg.CloseFunc != nil {
		s.cfg.CloseFunc(s.ctx, code)
	}
}

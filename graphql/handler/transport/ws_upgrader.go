package transport

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"net"
	"net/http"
	"time"

	coderws "github.com/coder/websocket"
	"github.com/gorilla/websocket"
)

// The Upgrader field carries a gorilla/websocket configuration onto
// coder/websocket. gorilla's package is imported for the type alone: no
// connection ever runs on it, so a binary links little more than the
// Upgrader struct (docs/websocket-upgrader.md has the measured cost).

// errOriginRefused is the reason given to Upgrader.Error when CheckOrigin
// refuses a request.
var errOriginRefused = errors.New("websocket: request origin not allowed by Upgrader.CheckOrigin")

// Validate reports a configuration the transport cannot honour: Upgrader
// settings together with an Implementation other than
// CoderWebsocketImplementation, or one setting made both in Upgrader and in
// the CoderWebsocketImplementation's AcceptOptions (the origin check,
// subprotocols, compression). handler.Server.AddTransport calls it and
// panics on an error, so that a server refuses to start rather than pick
// one of the two; Do answers such a configuration with 500.
func (t Websocket) Validate() error {
	_, err := t.implementation()
	return err
}

// upgraderInUse tells whether u holds any setting the transport honours
// (the buffer settings, which it ignores, do not count).
func upgraderInUse(u *websocket.Upgrader) bool {
	return u.CheckOrigin != nil || len(u.Subprotocols) > 0 || u.EnableCompression ||
		u.HandshakeTimeout > 0 || u.Error != nil
}

// implementation is the WebsocketImplementation Do accepts connections
// with: Implementation (by default CoderWebsocketImplementation), with
// Upgrader's settings laid over it when there are any.
func (t Websocket) implementation() (WebsocketImplementation, error) {
	if !upgraderInUse(&t.Upgrader) {
		if t.Implementation == nil {
			return CoderWebsocketImplementation{}, nil
		}
		return t.Implementation, nil
	}
	var base CoderWebsocketImplementation
	switch impl := t.Implementation.(type) {
	case nil:
	case CoderWebsocketImplementation:
		base = impl
	case *CoderWebsocketImplementation:
		if impl != nil {
			base = *impl
		}
	default:
		return nil, fmt.Errorf("transport.Websocket: Upgrader is set, but Implementation is a %T; "+
			"Upgrader only configures CoderWebsocketImplementation, so configure %T itself instead", impl, impl)
	}
	u := &t.Upgrader
	opts := &base.AcceptOptions
	var errs []error
	if u.CheckOrigin != nil && (opts.InsecureSkipVerify || len(opts.OriginPatterns) > 0) {
		errs = append(errs, errors.New("the origin check is set twice: Upgrader.CheckOrigin and "+
			"CoderWebsocketImplementation.AcceptOptions.OriginPatterns/InsecureSkipVerify"))
	}
	if len(u.Subprotocols) > 0 && len(opts.Subprotocols) > 0 {
		errs = append(errs, errors.New("subprotocols are set twice: Upgrader.Subprotocols and "+
			"CoderWebsocketImplementation.AcceptOptions.Subprotocols"))
	}
	if u.EnableCompression && opts.CompressionMode != coderws.CompressionDisabled {
		errs = append(errs, errors.New("compression is set twice: Upgrader.EnableCompression and "+
			"CoderWebsocketImplementation.AcceptOptions.CompressionMode"))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("transport.Websocket: %w", errors.Join(errs...))
	}
	if u.CheckOrigin != nil {
		// CheckOrigin has the last word; the library's own check would
		// refuse the cross-origin requests it lets through.
		opts.InsecureSkipVerify = true
	}
	if len(u.Subprotocols) > 0 {
		opts.Subprotocols = u.Subprotocols
	}
	if u.EnableCompression {
		// gorilla negotiated server_no_context_takeover and
		// client_no_context_takeover: the same extension parameters.
		opts.CompressionMode = coderws.CompressionNoContextTakeover
	}
	return upgraderImplementation{coder: base, checkOrigin: u.CheckOrigin,
		handshakeTimeout: u.HandshakeTimeout, onError: u.Error}, nil
}

// upgraderImplementation is CoderWebsocketImplementation with the parts of
// a gorilla Upgrader that AcceptOptions cannot express.
type upgraderImplementation struct {
	coder            CoderWebsocketImplementation
	checkOrigin      func(r *http.Request) bool
	handshakeTimeout time.Duration
	onError          func(w http.ResponseWriter, r *http.Request, status int, reason error)
}

// Accept runs CheckOrigin first, then the library's handshake; a refusal by
// either goes to Error when it is set.
func (u upgraderImplementation) Accept(w http.ResponseWriter, r *http.Request, options WebsocketAcceptOptions) (WebsocketConn, error) {
	if u.checkOrigin != nil && !u.checkOrigin(r) {
		if u.onError != nil {
			u.onError(w, r, http.StatusForbidden, errOriginRefused)
		} else {
			// What gorilla answered when Error was nil.
			w.Header().Set("Sec-Websocket-Version", "13")
			http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		}
		return nil, errOriginRefused
	}
	if u.onError == nil && u.handshakeTimeout <= 0 {
		return u.coder.Accept(w, r, options)
	}
	hw := &handshakeWriter{w: w, header: http.Header{}, timeout: u.handshakeTimeout, holdErrors: u.onError != nil}
	var through http.ResponseWriter = hw
	if canHijack(w) {
		// Only then: the library answers a writer that cannot be hijacked
		// with 501 before it starts, and should go on doing so.
		through = hijackingHandshakeWriter{hw}
	}
	conn, err := u.coder.Accept(through, r, options)
	if err != nil && hw.status != 0 {
		u.onError(w, r, hw.status, err)
	}
	return conn, err
}

// handshakeWriter stands between coder/websocket and the real
// ResponseWriter during a handshake. It holds back the library's error
// answer when Upgrader.Error is to write it instead (status records it),
// and puts the handshake timeout on the write of the 101 response: net/http
// writes that response inside Hijack, and clears the connection's deadlines
// once hijacked.
type handshakeWriter struct {
	w          http.ResponseWriter
	header     http.Header
	timeout    time.Duration
	holdErrors bool
	status     int  // the held-back error status; 0 while none
	wrote      bool // whether the header went to w
}

// hijackingHandshakeWriter is a handshakeWriter over a ResponseWriter that
// can be hijacked.
type hijackingHandshakeWriter struct{ *handshakeWriter }

var _ http.Hijacker = hijackingHandshakeWriter{}

// canHijack tells whether w, or a writer it unwraps to, is an
// http.Hijacker: what http.ResponseController would find.
func canHijack(w http.ResponseWriter) bool {
	for {
		switch t := w.(type) {
		case http.Hijacker:
			return true
		case interface{ Unwrap() http.ResponseWriter }:
			w = t.Unwrap()
		default:
			return false
		}
	}
}

func (h *handshakeWriter) Header() http.Header { return h.header }

func (h *handshakeWriter) WriteHeader(code int) {
	if h.holdErrors && code != http.StatusSwitchingProtocols {
		if h.status == 0 {
			h.status = code
		}
		return
	}
	maps.Copy(h.w.Header(), h.header)
	h.wrote = true
	h.w.WriteHeader(code)
}

func (h *handshakeWriter) Write(b []byte) (int, error) {
	if !h.wrote && h.status == 0 {
		h.WriteHeader(http.StatusOK)
	}
	if h.status != 0 {
		return len(b), nil
	}
	return h.w.Write(b)
}

func (h hijackingHandshakeWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	rc := http.NewResponseController(h.w)
	if h.timeout > 0 {
		err := rc.SetWriteDeadline(time.Now().Add(h.timeout))
		if err != nil && !errors.Is(err, http.ErrNotSupported) {
			return nil, nil, fmt.Errorf("setting the handshake timeout: %w", err)
		}
	}
	conn, brw, err := rc.Hijack()
	if err == nil && h.timeout > 0 {
		// net/http has already cleared it; other servers may not.
		_ = conn.SetWriteDeadline(time.Time{})
	}
	return conn, brw, err
}

// GorillaWebsocketImplementation is the WebsocketImplementation upstream
// gqlgen v0.17.91 offered for its gorilla/websocket connections, kept so
// that code naming it builds unchanged. Like Websocket.Upgrader, which it is
// equivalent to, it only carries the configuration: connections run on
// coder/websocket, with Upgrader's settings mapped as that field documents.
type GorillaWebsocketImplementation struct {
	// Upgrader configures the handshake; see Websocket.Upgrader.
	Upgrader websocket.Upgrader
}

var _ WebsocketImplementation = GorillaWebsocketImplementation{}

// Accept completes the handshake as Websocket{Upgrader: g.Upgrader} would.
func (g GorillaWebsocketImplementation) Accept(w http.ResponseWriter, r *http.Request, options WebsocketAcceptOptions) (WebsocketConn, error) {
	impl, err := Websocket{Upgrader: g.Upgrader}.implementation()
	if err != nil {
		return nil, err
	}
	return impl.Accept(w, r, options)
}

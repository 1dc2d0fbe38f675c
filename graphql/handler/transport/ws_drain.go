package transport

// A shutdown of the handler.Server (Server.Shutdown) reaches a websocket
// session through the two hooks it registers. Standard clients (graphql-ws,
// subscriptions-transport-ws) subscribe again after a connection closes with
// a status they do not take as fatal, but take a complete message as the
// subscription's normal end; so subscriptions are stopped without one, and
// the connection closes with 1012 once its queries and mutations are over.

// websocketCloseServiceRestart (1012) closes a connection because the
// server is going away for a restart; graphql-ws clients retry on it.
const websocketCloseServiceRestart = 1012

// drain stops the session's subscriptions and closes the connection once
// no operation is left; from now on no operation starts.
func (s *wsSession) drain() {
	s.opsMu.Lock()
	s.draining = true
	acknowledged := s.stopOps != nil
	for _, op := range s.ops {
		if op.subscription {
			op.drained = true
			op.stop()
		}
	}
	idle := len(s.ops) == 0
	s.opsMu.Unlock()
	// Before the handshake is over there is nothing to wait for.
	if !acknowledged || idle {
		s.close(websocketCloseServiceRestart, "service restart")
	}
}

// abort closes the connection now, cancelling what still runs.
func (s *wsSession) abort() {
	s.close(websocketCloseServiceRestart, "service restart")
}

package transport

import (
	"encoding/json"
	"errors"

	"github.com/99designs/gqlgen/codec"
)

// The two GraphQL websocket subprotocols exchange the same messages under
// different names, and a few messages exist in one only. The session in
// ws_session.go speaks in message kinds; a wsProtocol table translates
// kinds to and from one subprotocol's names. Where a subprotocol has no name
// for a kind, that message is not sent, and timers that would send it do
// not run.

// wsKind is what a message means, whichever subprotocol carries it.
type wsKind uint8

const (
	kindInit      wsKind = iota // client: start of the connection
	kindAck                     // server: connection accepted
	kindKeepAlive               // server: still here (graphql-ws)
	kindConnError               // server: connection-level failure (graphql-ws)
	kindTerminate               // client: end of the connection (graphql-ws)
	kindStart                   // client: run an operation
	kindStop                    // client: stop an operation
	kindData                    // server: one response of an operation
	kindComplete                // server: the operation is over
	kindError                   // server: the operation failed
	kindPing                    // either: are you there (graphql-transport-ws)
	kindPong                    // either: yes
	kindCount

	// kindServerOnly marks a name the subprotocol defines for server
	// messages only; a client sending it is broken.
	kindServerOnly wsKind = 255
)

// kindWords name kinds in "unexpected message <words>" errors, which
// graphql-ws clients receive.
var kindWords = [kindCount]string{
	kindInit:      "init",
	kindAck:       "connection ack",
	kindKeepAlive: "keep alive",
	kindConnError: "connection error",
	kindTerminate: "connection close",
	kindStart:     "start",
	kindStop:      "stop subscription",
	kindData:      "data",
	kindComplete:  "complete",
	kindError:     "error",
	kindPing:      "ping",
	kindPong:      "pong",
}

func (k wsKind) String() string {
	if k < kindCount {
		return kindWords[k]
	}
	return "unknown"
}

// wsProtocol is one subprotocol's table.
type wsProtocol struct {
	name string
	// incoming maps every message name of the subprotocol to its kind, or
	// to kindServerOnly. Names outside the map make a message invalid.
	incoming map[string]wsKind
	// outgoing names the kinds the server sends; "" for those it does not
	// send on this subprotocol.
	outgoing [kindCount]string
	// errorEnds says an error message ends its operation, so no complete
	// follows it.
	errorEnds bool
	// uniqueIDs says a start message reusing the id of a running operation
	// breaks the protocol: the connection closes with
	// websocketCloseDuplicateID.
	uniqueIDs bool
}

// websocketCloseDuplicateID (4409) is graphql-transport-ws's close code for
// a subscribe message whose id is already in use.
const websocketCloseDuplicateID = 4409

// graphqlWS is the legacy subprotocol of subscriptions-transport-ws
// (Apollo), also used when the client asks for no subprotocol.
var graphqlWS = &wsProtocol{
	name: "graphql-ws",
	incoming: map[string]wsKind{
		"connection_init":      kindInit,
		"connection_terminate": kindTerminate,
		"start":                kindStart,
		"stop":                 kindStop,
		// Server messages have kinds too: the session answers a client
		// that sends one with "unexpected message <kind>".
		"connection_ack":   kindAck,
		"connection_error": kindConnError,
		"ka":               kindKeepAlive,
		"data":             kindData,
		"error":            kindError,
		"complete":         kindComplete,
	},
	outgoing: [kindCount]string{
		kindAck:       "connection_ack",
		kindConnError: "connection_error",
		kindKeepAlive: "ka",
		kindData:      "data",
		kindError:     "error",
		kindComplete:  "complete",
	},
}

// graphqlTransportWS is the subprotocol of the graphql-ws library.
var graphqlTransportWS = &wsProtocol{
	name: "graphql-transport-ws",
	incoming: map[string]wsKind{
		"connection_init": kindInit,
		"subscribe":       kindStart,
		"complete":        kindStop,
		"ping":            kindPing,
		"pong":            kindPong,
		"connection_ack":  kindServerOnly,
		"next":            kindServerOnly,
		"error":           kindServerOnly,
	},
	outgoing: [kindCount]string{
		kindAck:      "connection_ack",
		kindData:     "next",
		kindError:    "error",
		kindComplete: "complete",
		kindPing:     "ping",
		kindPong:     "pong",
	},
	// Upstream gqlgen follows an error with complete and lets a reused id
	// replace the running operation; the protocol (PROTOCOL.md of
	// graphql-ws) says neither.
	errorEnds: true,
	uniqueIDs: true,
}

// protocolFor returns the table of a negotiated subprotocol, or nil.
func protocolFor(subprotocol string) *wsProtocol {
	switch subprotocol {
	case "", graphqlWS.name:
		return graphqlWS
	case graphqlTransportWS.name:
		return graphqlTransportWS
	}
	return nil
}

// wsMessage is a decoded client message.
type wsMessage struct {
	kind    wsKind
	id      string
	payload json.RawMessage
}

// errInvalidMsg is the decoding failure of a message that is not a JSON
// object of the expected shape or names an unknown type.
var errInvalidMsg = errors.New("invalid message received")

// wrongDirection is the decoding failure of a message without a type, or
// with the type of a server message.
type wrongDirection string

func (e wrongDirection) Error() string {
	return "invalid client->server message type " + string(e)
}

// wireMessage is the JSON shape of a client message. Type is a pointer so
// that an absent (or null) type can be told from an empty one.
type wireMessage struct {
	Payload json.RawMessage `json:"payload"`
	ID      string          `json:"id"`
	Type    *string         `json:"type"`
}

// decode reads one client message. Like the upstream implementation it
// looks at the first JSON value only.
func (p *wsProtocol) decode(frame []byte) (wsMessage, error) {
	var m wireMessage
	if decodeJSON(frame, &m) != nil {
		return wsMessage{}, errInvalidMsg
	}
	if m.Type == nil {
		return wsMessage{}, wrongDirection("")
	}
	kind, known := p.incoming[*m.Type]
	switch {
	case !known:
		return wsMessage{}, errInvalidMsg
	case kind == kindServerOnly:
		return wsMessage{}, wrongDirection(*m.Type)
	}
	return wsMessage{kind: kind, id: m.ID, payload: m.Payload}, nil
}

// appendHead starts a server message whose payload follows.
func appendHead(dst []byte) []byte { return append(dst, `{"payload":`...) }

// appendTail ends a message begun with appendHead, or when hasPayload is
// false writes a whole message without payload: the id (when not empty) and
// the type name.
func appendTail(dst []byte, hasPayload bool, id, name string) []byte {
	if hasPayload {
		dst = append(dst, ',')
	} else {
		dst = append(dst, '{')
	}
	if id != "" {
		dst = append(dst, `"id":`...)
		dst = codec.AppendQuote(dst, id)
		dst = append(dst, ',')
	}
	dst = append(dst, `"type":"`...)
	dst = append(dst, name...)
	return append(dst, `"}`...)
}

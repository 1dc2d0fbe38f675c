// Package transport holds the wire formats a graphql/handler.Server speaks:
// each is a graphql.Transport that recognises its requests (Supports) and
// serves them with a graphql.GraphExecutor (Do).
//
//	POST            JSON body (GraphQL over HTTP)
//	GET             query string
//	GRAPHQL         application/graphql body holding the document
//	UrlEncodedForm  application/x-www-form-urlencoded body
//	MultipartForm   file uploads (GraphQL multipart request spec)
//	SSE             responses as Server-Sent Events
//	MultipartMixed  @defer payloads as a multipart/mixed stream
//	Websocket       graphql-transport-ws and the legacy graphql-ws
//	Options         OPTIONS and HEAD
//
// The bytes on the wire are those upstream gqlgen v0.17.98 sends, whichever
// JSON codec is built in: request bodies are decoded through package codec
// with upstream's acceptance and error texts, and responses are written by
// an envelope writer that produces encoding/json's exact output around the
// executor's already-encoded data, in one pass into a pooled buffer.
//
// Where this package deliberately differs from upstream:
//
//   - POST, GRAPHQL, UrlEncodedForm, SSE and MultipartMixed limit the
//     request body (MaxBodySize, 32 MiB by default) and answer a longer one
//     with 413 and a GraphQL error; upstream reads any size.
//   - A response that cannot be encoded (invalid data such as a NaN written
//     by a float marshaler, or an extension value with no JSON form) is
//     answered as upstream's panic guard answered it, without a panic:
//     status 500 and the error the executor's PresentRecoveredError makes of
//     it. On multipart/mixed the error takes the place of the part's JSON
//     and the body ends there, as upstream's guard left it; on websockets
//     the operation gets an error message, as upstream's recover sent. On
//     SSE, where upstream deadlocks, it becomes an error event and the
//     stream completes.
//   - Websocket: a connection_init payload that is not a JSON object ends
//     the connection with connection_error "invalid json" and 1002 instead
//     of leaving the client waiting; PayloadReadLimit <= 0 means no limit
//     (upstream silently kept the websocket library's 32 KiB); an InitFunc
//     ack payload that cannot be encoded closes with 1011; messages the
//     transport would send after closing are dropped rather than reported
//     to ErrorFunc as write failures; Do returns only once every operation
//     and timer of the connection has ended.
//   - SSE also serves the single connection mode of the GraphQL over SSE
//     protocol (a PUT reservation, one stream for the results of
//     operations posted with its token, DELETE to stop one); upstream
//     answers a PUT with 400. The distinct connections mode is unchanged.
//   - GET streams a query's @defer payloads when the client accepts
//     text/event-stream or multipart/mixed (whichever its Accept header
//     lists first), in the SSE and MultipartMixed transports' formats;
//     upstream writes the initial payload only.
//   - graphql-transport-ws follows its protocol where upstream does not: an
//     error message is an operation's last (no complete after it), and a
//     subscribe reusing the id of a running operation closes the socket
//     with 4409 "Subscriber for <id> already exists" (upstream ran both).
//     The legacy graphql-ws subprotocol keeps upstream's behaviour.
//   - AddSubscriptionError outside a websocket operation does nothing
//     (upstream dereferences nil).
package transport

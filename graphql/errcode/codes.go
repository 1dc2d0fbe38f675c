// Package errcode classifies GraphQL errors by the machine-readable code
// stored in their extensions, so that transports can choose an HTTP status or
// a WebSocket message type without inspecting error messages.
//
// A code is a string written to extensions.code of a *gqlerror.Error (see Set).
// Each code may be registered with an ErrorKind; codes that were never
// registered count as KindUser.
package errcode

import (
	"maps"
	"sync"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// ErrorKind says who is at fault for an error and therefore how a transport
// reports it.
type ErrorKind int

// The kinds transports distinguish. Their numeric values are fixed.
const (
	// KindProtocol is a malformed request (parse or validation failure). HTTP
	// transports answer it with a 4xx status; WebSocket transports send it as a
	// protocol-level error message.
	KindProtocol ErrorKind = 0
	// KindUser is an error produced while executing a valid request. HTTP
	// transports answer 200 with the error in the body; WebSocket transports
	// deliver it inside a data message.
	KindUser ErrorKind = 1
)

// ParseFailed marks a document that is not syntactically valid GraphQL.
const ParseFailed = "GRAPHQL_PARSE_FAILED"

// ValidationFailed marks a document that parsed but does not validate against
// the schema, names an operation it does not contain, or comes with variables
// that do not fit their declared types.
const ValidationFailed = "GRAPHQL_VALIDATION_FAILED"

// kinds maps codes to kinds. Lookups happen on every failed request while
// registrations happen about once per code at start-up, so readers load an
// immutable map without locking and writers replace it wholesale.
var (
	kinds      atomic.Pointer[map[string]ErrorKind]
	kindsWrite sync.Mutex
)

func init() {
	kinds.Store(&map[string]ErrorKind{
		ParseFailed:      KindProtocol,
		ValidationFailed: KindProtocol,
	})
}

// RegisterErrorType records kind as the classification of errors carrying
// code, replacing any earlier registration of the same code. Extensions call it
// to choose the HTTP status of the errors they produce. It is safe to call
// concurrently with GetErrorKind.
func RegisterErrorType(code string, kind ErrorKind) {
	kindsWrite.Lock()
	defer kindsWrite.Unlock()

	next := maps.Clone(*kinds.Load())
	next[code] = kind
	kinds.Store(&next)
}

// Set writes value to extensions.code of err, creating the extensions map if
// needed. It does nothing unless err is itself a *gqlerror.Error; wrapped
// errors are not unwrapped.
func Set(err error, value string) {
	gqlErr, ok := err.(*gqlerror.Error)
	if !ok || gqlErr == nil {
		return
	}
	if gqlErr.Extensions == nil {
		gqlErr.Extensions = make(map[string]any, 1)
	}
	gqlErr.Extensions["code"] = value
}

// GetErrorKind classifies a list of errors: it returns the kind of the first
// error whose string extensions.code is registered with a kind other than
// KindUser, and KindUser when there is no such error.
func GetErrorKind(errs gqlerror.List) ErrorKind {
	registered := *kinds.Load()
	for _, e := range errs {
		if e == nil {
			continue
		}
		code, isString := e.Extensions["code"].(string)
		if !isString {
			continue
		}
		if kind, known := registered[code]; known && kind != KindUser {
			return kind
		}
	}
	return KindUser
}

package client

import "encoding/json"

// RawJsonError carries the "errors" member of a GraphQL response exactly as
// the server encoded it, so a test can compare it with the JSON it expects.
type RawJsonError struct {
	json.RawMessage
}

// Error returns the raw JSON text of the errors.
func (r RawJsonError) Error() string {
	return string(r.RawMessage)
}

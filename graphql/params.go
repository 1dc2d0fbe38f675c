package graphql

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// RawParams is a GraphQL request as a transport decodes it, before parsing.
type RawParams struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    map[string]any `json:"extensions"`
	// DocumentID names a persisted document instead of sending its text, as
	// the GraphQL-over-HTTP persisted documents appendix has clients do
	// ("documentId"). The HTTP transports fill it from a string
	// "documentId" (a value of another type is ignored, as upstream gqlgen
	// ignores every member it does not know), and only
	// extension.TrustedDocuments reads it: without that extension a
	// request is served from Query alone, as upstream serves it. This
	// field is this module's own.
	DocumentID string `json:"-"`

	// Headers are the HTTP request's headers.
	Headers http.Header `json:"-"`
	// ReadTime is when the transport started and finished reading the request.
	ReadTime TraceTiming `json:"-"`
}

// AddUpload stores upload in the variables at path, a dotted path starting
// with "variables." whose numeric parts index lists and whose other parts
// name object fields (for example "variables.input.files.2"). key is the
// multipart map key, quoted in errors.
func (p *RawParams) AddUpload(upload Upload, key, path string) *gqlerror.Error {
	rest, ok := strings.CutPrefix(path, "variables.")
	if !ok {
		return gqlerror.Errorf("invalid operations paths for key %s", key)
	}
	var at any = p.Variables
	for {
		part, next, more := strings.Cut(rest, ".")
		if at == nil {
			return gqlerror.Errorf("path is missing \"variables.\" prefix, key: %s, path: %s", key, path)
		}
		var ok bool
		if i, err := strconv.Atoi(part); err == nil {
			at, ok = uploadIndex(at, i, more, upload)
		} else {
			at, ok = uploadField(at, part, more, upload)
		}
		if !ok {
			return gqlerror.Errorf("invalid operations path for key %s: %s does not lead to a list element or object field", key, path)
		}
		if !more {
			return nil
		}
		rest = next
	}
}

// uploadIndex moves to, or when last stores upload at, element i of the list
// at. It fails if at is not a list or i is out of range.
func uploadIndex(at any, i int, more bool, upload Upload) (any, bool) {
	list, ok := at.([]any)
	if !ok || i < 0 || i >= len(list) {
		return nil, false
	}
	if !more {
		list[i] = upload
		return nil, true
	}
	return list[i], true
}

// uploadField moves to, or when last stores upload at, field name of the
// object at. It fails if at is not an object.
func uploadField(at any, name string, more bool, upload Upload) (any, bool) {
	obj, ok := at.(map[string]any)
	if !ok || (obj == nil && !more) {
		return nil, false
	}
	if !more {
		obj[name] = upload
		return nil, true
	}
	return obj[name], true
}

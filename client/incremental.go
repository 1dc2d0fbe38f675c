package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// IncrementalHandler walks the parts of an incremental response. It is not
// safe for concurrent use.
type IncrementalHandler struct {
	client *Client
	ctx    context.Context
	stop   context.CancelCauseFunc
	body   io.Closer
	parts  *multipart.Reader
	// failed is a setup error, returned by every call to Next.
	failed error
}

// IncrementalHTTP sends query asking for incremental delivery over HTTP
// (https://github.com/graphql/graphql-over-http/blob/main/rfcs/IncrementalDelivery.md),
// the multipart/mixed answer a server gives to @defer. The handler runs to
// completion before IncrementalHTTP returns; the response must be
// multipart/mixed with deferSpec and boundary parameters.
//
// Each call to Next copies one whole part (not only its data) into
// response, the server's errors included: Next never returns a
// RawJsonError. The first part has the shape of IncrementalInitialResponse,
// the others of IncrementalResponse. Next returns nil without touching
// response once the parts are exhausted. After Close, after ctx ends, or
// after Next has failed, Next returns the context's error.
func (p *Client) IncrementalHTTP(
	ctx context.Context,
	query string,
	options ...Option,
) *IncrementalHandler {
	req, err := p.newRequest(query, options...)
	if err != nil {
		return &IncrementalHandler{failed: fmt.Errorf("request: %w", err)}
	}
	req.Header.Set("Accept", "multipart/mixed")

	rec := p.serve(req)
	if err := statusError(rec); err != nil {
		return &IncrementalHandler{failed: err}
	}
	res := rec.Result()
	boundary, err := deferBoundary(res.Header.Get("Content-Type"))
	if err != nil {
		return &IncrementalHandler{failed: err}
	}

	ctx, stop := context.WithCancelCause(ctx)
	return &IncrementalHandler{
		client: p,
		ctx:    ctx,
		stop:   stop,
		body:   res.Body,
		parts:  multipart.NewReader(res.Body, boundary),
	}
}

// deferBoundary checks the content type of an incremental response and
// returns its multipart boundary.
func deferBoundary(contentType string) (string, error) {
	mediaType, params, err := mime.ParseMediaType(contentType)
	switch {
	case err != nil:
		return "", fmt.Errorf("parse content-type: %w", err)
	case mediaType != "multipart/mixed":
		return "", fmt.Errorf("expected content-type multipart/mixed, got %s", mediaType)
	case params["deferspec"] == "":
		return "", errors.New("expected deferSpec in content-type")
	case params["boundary"] == "":
		return "", errors.New("expected boundary in content-type")
	}
	return params["boundary"], nil
}

// IncrementalInitialResponse is the shape of the first part of an
// incremental (multipart/mixed) response.
type IncrementalInitialResponse struct {
	Data       any             `json:"data"`       // the non-deferred result
	Label      string          `json:"label"`      // unused in the first part
	Path       []any           `json:"path"`       // unused in the first part
	HasNext    bool            `json:"hasNext"`    // whether deferred parts follow
	Errors     json.RawMessage `json:"errors"`     // the errors, as the server wrote them
	Extensions map[string]any  `json:"extensions"` // response extensions
}

// Close ends the walk; later calls to Next return context.Canceled.
func (i *IncrementalHandler) Close() error {
	if i.failed == nil {
		i.end(context.Canceled)
	}
	return nil
}

// Next copies the next part into response.
func (i *IncrementalHandler) Next(response any) error {
	if i.failed != nil {
		return i.failed
	}
	if err := i.ctx.Err(); err != nil {
		return err
	}
	part, err := i.parts.NextPart()
	if err == io.EOF {
		i.end(context.Canceled)
		return nil
	}
	if err == nil {
		err = i.deliver(part, response)
	}
	if err != nil {
		i.end(err)
	}
	return err
}

// IncrementalResponse is the shape of every part after the first. The
// "pending" and "completed" members of newer drafts are not described.
type IncrementalResponse struct {
	Incremental []IncrementalData `json:"incremental"` // results that became ready together
	HasNext     bool              `json:"hasNext"`     // whether more parts follow
	Errors      json.RawMessage   `json:"errors"`      // errors outside any deferred result
	Extensions  map[string]any    `json:"extensions"`  // response extensions
}

func (i *IncrementalHandler) deliver(part *multipart.Part, response any) error {
	if ct := part.Header.Get("Content-Type"); ct != "application/json" {
		return fmt.Errorf(`expected content-type "application/json", got %q`, ct)
	}
	// Only the first JSON value of a part is decoded: an error reading the
	// rest of the part (a stream cut short after it) does not matter.
	data, readErr := io.ReadAll(part)
	end, err := jsonscan.FirstValue(data)
	if err != nil {
		if readErr != nil {
			return readErr
		}
		return fmt.Errorf("decoding a part: %w", err)
	}
	var v any
	if err := codec.Unmarshal(data[:end], &v); err != nil {
		return err
	}
	v, err = floatNumbers(v)
	if err != nil {
		return err
	}
	return i.client.unpack(v, response)
}

func (i *IncrementalHandler) end(cause error) {
	_ = i.body.Close()
	i.stop(cause)
}

// IncrementalData is one deferred result inside a later part. Only @defer
// results ("data") are described, not @stream "items"; "id" is not kept.
type IncrementalData struct {
	Data       any             `json:"data"`       // the deferred fragment's fields
	Label      string          `json:"label"`      // the @defer label
	Path       []any           `json:"path"`       // where the data belongs in the result
	HasNext    bool            `json:"hasNext"`    // as sent by some servers
	Errors     json.RawMessage `json:"errors"`     // errors of this deferred result
	Extensions map[string]any  `json:"extensions"` // extensions of this deferred result
}

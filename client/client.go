// Package client is an in-process GraphQL client for testing servers built
// with gqlgen. It hands requests straight to an http.Handler (no network)
// except for websockets, where it starts a throwaway httptest.Server around
// the handler. It is meant for tests, not for production traffic.
//
// Every JSON byte the client writes or reads goes through package codec, so
// the client follows the codec chosen by the build tags. Response payloads
// are decoded the way encoding/json's Unmarshal decodes into interface
// values (numbers become float64) and are then copied into the caller's
// value with mapstructure, matching the json struct tags.
package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"

	"github.com/go-viper/mapstructure/v2"

	"github.com/99designs/gqlgen/codec"
)

// Client sends GraphQL requests to an http.Handler. Not for production use.
type Client struct {
	h      http.Handler
	dc     *mapstructure.DecoderConfig
	opts   []Option
	target string
}

// Option changes an outgoing request before it is sent. Options given to New
// run first, then the options of the individual call, in order.
type Option func(bd *Request)

// Request is an outgoing GraphQL request. The exported fields other than HTTP
// form the JSON body; HTTP is the request that will carry it, so options can
// set headers, cookies or the URL.
type Request struct {
	Query         string         `json:"query"`
	Variables     map[string]any `json:"variables,omitempty"`
	OperationName string         `json:"operationName,omitempty"`
	Extensions    map[string]any `json:"extensions,omitempty"`
	HTTP          *http.Request  `json:"-"`
}

// Response is a GraphQL response as the handler wrote it. Data and
// Extensions hold decoded JSON (objects as map[string]any, arrays as []any,
// numbers as float64); Errors is left as the raw JSON the server sent.
type Response struct {
	Data       any
	Errors     json.RawMessage
	Extensions map[string]any
}

// New returns a client that sends its requests to h at the path "/".
// opts are applied to every request the client makes.
func New(h http.Handler, opts ...Option) *Client {
	return &Client{h: h, opts: opts, target: "/"}
}

// SetCustomDecodeConfig replaces the mapstructure configuration used to copy
// response data into the caller's value. The default matches json tags,
// rejects keys the target has no field for, and zeroes maps before filling
// them. Each decode works on a copy of *dc whose Result is the caller's
// value, so one configuration can serve concurrent calls.
func (p *Client) SetCustomDecodeConfig(dc *mapstructure.DecoderConfig) {
	p.dc = dc
}

// SetCustomTarget sets the URL (path and optional query) requests are sent
// to instead of "/".
func (p *Client) SetCustomTarget(target string) {
	p.target = target
}

// MustPost is Post that panics instead of returning an error.
func (p *Client) MustPost(query string, response any, options ...Option) {
	if err := p.Post(query, response, options...); err != nil {
		panic(err)
	}
}

// Post sends query and copies the "data" of the response into response.
// When the server reports errors, Post still fills response with whatever
// data came back and returns the errors as a RawJsonError; otherwise it
// returns the error of copying the data, if any.
func (p *Client) Post(query string, response any, options ...Option) error {
	raw, err := p.RawPost(query, options...)
	if err != nil {
		return err
	}
	return p.deliver(raw.Data, raw.Errors, response)
}

// RawPost sends query and returns the decoded response without copying it
// into a Go value, which is how a test reaches the extensions. A status of
// 400 or above is an error that carries the response body.
func (p *Client) RawPost(query string, options ...Option) (*Response, error) {
	req, err := p.newRequest(query, options...)
	if err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	rec := p.serve(req)
	if err := statusError(rec); err != nil {
		return nil, err
	}

	// Decoding into a pointer variable means a body of `null` yields a nil
	// *Response, as it does with encoding/json.
	resp := &Response{}
	if err := decodeJSON(rec.Body.Bytes(), &resp); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if resp != nil {
		if err := resp.useFloats(); err != nil {
			return nil, fmt.Errorf("decode: %w", err)
		}
	}
	return resp, nil
}

// serve runs the handler on req to completion and returns what it wrote.
func (p *Client) serve(req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	p.h.ServeHTTP(rec, req)
	return rec
}

// statusError reports a response with a status of 400 or above, quoting its
// body.
func statusError(rec *httptest.ResponseRecorder) error {
	if rec.Code < http.StatusBadRequest {
		return nil
	}
	return fmt.Errorf("http %d: %s", rec.Code, rec.Body.String())
}

// deliver copies data into response and then reports the server's errors,
// which take precedence over a decoding error.
func (p *Client) deliver(data any, errs json.RawMessage, response any) error {
	err := p.unpack(data, response)
	if errs != nil {
		return RawJsonError{errs}
	}
	return err
}

// newRequest builds the HTTP request for query: a POST to the client's target
// whose body is the JSON of the Request, unless an option already prepared a
// multipart/form-data body. Any other content type set by an option is a
// programming error in the test and panics.
func (p *Client) newRequest(query string, options ...Option) (*http.Request, error) {
	req := &Request{Query: query, HTTP: httptest.NewRequest(http.MethodPost, p.target, http.NoBody)}
	req.HTTP.Header.Set("Content-Type", "application/json")
	for _, apply := range slices.Concat(p.opts, options) {
		apply(req)
	}

	switch ct := req.HTTP.Header.Get("Content-Type"); {
	case ct == "application/json":
		body, err := codec.Marshal(req)
		if err != nil {
			return nil, fmt.Errorf("encode: %w", err)
		}
		req.HTTP.Body = io.NopCloser(bytes.NewReader(body))
	case isFormDataWithBoundary(ct):
		// The body was written by WithFiles.
	default:
		panic("unsupported encoding " + ct)
	}
	return req.HTTP, nil
}

// isFormDataWithBoundary reports whether ct contains a multipart/form-data
// media type followed by a boundary parameter, with or without a space
// after the semicolon.
func isFormDataWithBoundary(ct string) bool {
	const media = "multipart/form-data;"
	for {
		i := strings.Index(ct, media)
		if i < 0 {
			return false
		}
		rest := strings.TrimPrefix(ct[i+len(media):], " ")
		if strings.HasPrefix(rest, "boundary=") {
			return true
		}
		ct = ct[i+len(media):]
	}
}

// failure is a stream that could not start: its Next reports err and its
// Close has nothing to release.
type failure struct{ err error }

func (f failure) close() error { return nil }

func (f failure) next(any) error { return f.err }

func (f failure) subscription() *Subscription { return &Subscription{Close: f.close, Next: f.next} }

func (f failure) sse() *SSE { return &SSE{Close: f.close, Next: f.next} }

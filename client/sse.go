package client

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/textproto"
	"strings"
)

// SSE is an operation answered as a stream of server-sent events. Next reads
// the next "data" event and copies the whole event (data, label, path,
// hasNext, errors, extensions), not only its data, into response; it returns
// nil without touching response at the "complete" event. Close releases
// nothing today but is there to mirror Subscription.
type SSE struct {
	Close func() error
	Next  func(response any) error
}

// SSEResponse is the payload of one "next" event.
type SSEResponse struct {
	Data       any             `json:"data"`
	Label      string          `json:"label"`
	Path       []any           `json:"path"`
	HasNext    bool            `json:"hasNext"`
	Errors     json.RawMessage `json:"errors"`
	Extensions map[string]any  `json:"extensions"`
}

// failedSSE reports err from every call to Next.
func failedSSE(err error) *SSE {
	return &SSE{
		Close: func() error { return nil },
		Next:  func(any) error { return err },
	}
}

// SSE sends query asking for a text/event-stream answer. The handler runs to
// completion under ctx before SSE returns; the recorded stream must start
// with the ":" comment line, and Next then walks its events.
func (p *Client) SSE(ctx context.Context, query string, options ...Option) *SSE {
	r, err := p.newRequest(query, options...)
	if err != nil {
		return failedSSE(fmt.Errorf("request: %w", err))
	}
	r = r.WithContext(ctx)
	r.Header.Set("Accept", "text/event-stream")
	r.Header.Set("Cache-Control", "no-cache")
	r.Header.Set("Connection", "keep-alive")

	w := httptest.NewRecorder()
	p.h.ServeHTTP(w, r)

	lines := textproto.NewReader(bufio.NewReader(w.Body))
	first, err := lines.ReadLine()
	if err != nil {
		return failedSSE(fmt.Errorf("response: %w", err))
	}
	if first != ":" {
		return failedSSE(fmt.Errorf("expected :, got %s", first))
	}

	return &SSE{
		Close: func() error { return nil },
		Next: func(response any) error {
			for {
				line, err := lines.ReadLine()
				if err != nil {
					return err
				}
				field, value, _ := strings.Cut(line, ": ")
				switch field {
				case "":
					continue
				case "event":
					switch value {
					case "next":
						continue
					case "complete":
						return nil
					default:
						return fmt.Errorf("expected event type: %#v", value)
					}
				case "data":
					return p.deliverEvent(value, response)
				default:
					return fmt.Errorf("unexpected sse field %s", field)
				}
			}
		},
	}
}

// deliverEvent decodes the JSON of a data line and copies the whole event
// into response, reporting the server's errors first.
func (p *Client) deliverEvent(data string, response any) error {
	var ev SSEResponse
	if err := decodeJSON([]byte(data), &ev); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	if err := ev.useFloats(); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return p.deliver(ev, ev.Errors, response)
}

func (ev *SSEResponse) useFloats() (err error) {
	if ev.Data, err = floatNumbers(ev.Data); err != nil {
		return err
	}
	if _, err = floatNumbers(ev.Path); err != nil {
		return err
	}
	_, err = floatNumbers(ev.Extensions)
	return err
}

package client

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
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

// SSE sends query asking for a text/event-stream answer. The handler runs to
// completion under ctx before SSE returns; the recorded stream must start
// with the ":" comment line, and Next then walks its events.
func (p *Client) SSE(ctx context.Context, query string, options ...Option) *SSE {
	req, err := p.newRequest(query, options...)
	if err != nil {
		return failure{fmt.Errorf("request: %w", err)}.sse()
	}
	req = req.WithContext(ctx)
	for k, v := range map[string]string{
		"Accept":        "text/event-stream",
		"Cache-Control": "no-cache",
		"Connection":    "keep-alive",
	} {
		req.Header.Set(k, v)
	}

	stream := textproto.NewReader(bufio.NewReader(p.serve(req).Body))
	switch first, err := stream.ReadLine(); {
	case err != nil:
		return failure{fmt.Errorf("response: %w", err)}.sse()
	case first != ":":
		return failure{fmt.Errorf("expected :, got %s", first)}.sse()
	}
	return &SSE{
		Close: func() error { return nil },
		Next:  func(response any) error { return p.nextEvent(stream, response) },
	}
}

// nextEvent reads lines up to the next data line or the end of the stream.
// Blank lines, comments that start with ": " and "next" event lines are
// skipped.
func (p *Client) nextEvent(stream *textproto.Reader, response any) error {
	for {
		line, err := stream.ReadLine()
		if err != nil {
			return err
		}
		field, value, _ := strings.Cut(line, ": ")
		switch {
		case field == "":
		case field == "event" && value == "next":
		case field == "event" && value == "complete":
			return nil
		case field == "event":
			return fmt.Errorf("expected event type: %#v", value)
		case field == "data":
			var ev SSEResponse
			if err := ev.decode(value); err != nil {
				return fmt.Errorf("decode: %w", err)
			}
			return p.deliver(ev, ev.Errors, response)
		default:
			return fmt.Errorf("unexpected sse field %s", field)
		}
	}
}

// SSEResponse is the payload of one "next" event.
type SSEResponse struct {
	Data       any             `json:"data"`       // the result, or the deferred part of it
	Label      string          `json:"label"`      // the @defer label of a deferred part
	Path       []any           `json:"path"`       // where a deferred part belongs
	HasNext    bool            `json:"hasNext"`    // whether more events follow
	Errors     json.RawMessage `json:"errors"`     // the errors, as the server wrote them
	Extensions map[string]any  `json:"extensions"` // response extensions
}

// decode fills ev from the JSON of a data line, with numbers as float64.
func (ev *SSEResponse) decode(data string) (err error) {
	if err = decodeJSON([]byte(data), ev); err != nil {
		return err
	}
	if ev.Data, err = floatNumbers(ev.Data); err != nil {
		return err
	}
	if _, err = floatNumbers(ev.Path); err != nil {
		return err
	}
	_, err = floatNumbers(ev.Extensions)
	return err
}

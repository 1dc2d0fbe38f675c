// Package wire holds the wire-golden corpus and the client that plays it
// against a server and writes down, byte for byte, what came back.
//
// It depends on no gqlgen package, so the capture program can copy it next
// to the server source into a module that requires upstream gqlgen.
package wire

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// Case is one request of the corpus, or one websocket conversation.
type Case struct {
	// Name names the golden file: testdata/<Name>.golden.
	Name string
	// About says what the case covers.
	About string

	Method string // GET, POST, ...; POST when empty
	Path   string // path and raw query string, e.g. "/query?query=%7Bhello%7D"
	Header []string
	Body   string

	// WS makes the case a websocket conversation; Method, Header and Body
	// are then unused.
	WS *Script

	// Deliberate, when set, says why this module answers differently from
	// upstream on purpose; the case is then compared with
	// testdata/ours/<Name>.golden instead.
	Deliberate string
	// UpstreamHangs marks a Deliberate case that upstream never finishes
	// answering: the capture program does not send it.
	UpstreamHangs bool
}

// Script is a websocket conversation: the subprotocols the client offers,
// then what it sends and how much it reads, in order.
type Script struct {
	Subprotocols []string
	Header       []string // extra handshake request headers
	Steps        []Step
}

// Step is one move of a Script; exactly one field is set.
type Step struct {
	Send   string        // send this text frame
	Binary string        // send this binary frame
	Read   int           // read this many frames
	Until  string        // read frames up to and including one that contains this
	Close  bool          // read frames until the server closes the connection
	Quiet  time.Duration // read frames until none comes for this long
}

// readTimeout bounds each websocket read and each HTTP exchange, so a
// missing frame shows up as "<nothing within 5s>" in the transcript, not as
// a hang.
const readTimeout = 5 * time.Second

// Run plays c against the server at baseURL (http://host:port) and returns
// the transcript: the request as sent, then the response as received. The
// server's host:port, which changes from run to run, reads "SERVER".
func Run(baseURL string, c Case) []byte {
	var out bytes.Buffer
	if c.WS != nil {
		runWS(&out, baseURL, c)
	} else {
		runHTTP(&out, baseURL, c)
	}
	host := strings.TrimPrefix(baseURL, "http://")
	return bytes.ReplaceAll(out.Bytes(), []byte(host), []byte("SERVER"))
}

func runHTTP(out *bytes.Buffer, baseURL string, c Case) {
	method := c.Method
	if method == "" {
		method = http.MethodPost
	}
	fmt.Fprintf(out, "%s %s\n", method, c.Path)
	for _, h := range c.Header {
		fmt.Fprintf(out, "%s\n", h)
	}
	fmt.Fprintf(out, "\n%s\n", c.Body)

	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	var body io.Reader
	if c.Body != "" {
		body = strings.NewReader(c.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, baseURL+c.Path, body)
	if err != nil {
		fmt.Fprintf(out, "=== request error: %v\n", err)
		return
	}
	for _, h := range c.Header {
		name, value, _ := strings.Cut(h, ":")
		req.Header.Add(name, strings.TrimSpace(value))
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		fmt.Fprintf(out, "=== transport error: %v\n", err)
		return
	}
	defer resp.Body.Close()
	respBody, err := io.ReadAll(resp.Body)
	fmt.Fprintf(out, "=== response\n%s\n", resp.Status)
	writeHeader(out, resp)
	out.WriteString("\n")
	out.Write(respBody)
	if err != nil {
		fmt.Fprintf(out, "\n=== body error: %v", err)
	}
}

// writeHeader writes the response header sorted by name, without Date.
// The transfer encoding is part of what the server chose, so it is noted.
func writeHeader(out *bytes.Buffer, resp *http.Response) {
	names := make([]string, 0, len(resp.Header))
	for name := range resp.Header {
		if name != "Date" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		for _, v := range resp.Header[name] {
			fmt.Fprintf(out, "%s: %s\n", name, v)
		}
	}
	if len(resp.TransferEncoding) > 0 {
		fmt.Fprintf(out, "(transfer-encoding: %s)\n", strings.Join(resp.TransferEncoding, ", "))
	}
}

func runWS(out *bytes.Buffer, baseURL string, c Case) {
	fmt.Fprintf(out, "WS %s subprotocols=%q\n", c.Path, c.WS.Subprotocols)
	header := http.Header{}
	for _, h := range c.WS.Header {
		name, value, _ := strings.Cut(h, ":")
		header.Add(name, strings.TrimSpace(value))
		fmt.Fprintf(out, "%s\n", h)
	}
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(baseURL, "http")+c.Path, &websocket.DialOptions{
		Subprotocols: c.WS.Subprotocols,
		HTTPHeader:   header,
	})
	cancel()
	if err != nil {
		if resp == nil {
			fmt.Fprintf(out, "=== dial failed: %v\n", err)
			return
		}
		// The handshake was refused: the answer is a plain HTTP response.
		fmt.Fprintf(out, "=== handshake refused\n%s\n", resp.Status)
		writeHeader(out, resp)
		out.WriteString("\n")
		if resp.Body != nil {
			body, _ := io.ReadAll(resp.Body)
			out.Write(body)
		}
		return
	}
	defer conn.CloseNow()
	fmt.Fprintf(out, "=== %s subprotocol=%q\n", resp.Status, conn.Subprotocol())

	for _, step := range c.WS.Steps {
		switch {
		case step.Send != "" || step.Binary != "":
			typ, data, mark := websocket.MessageText, step.Send, ">"
			if step.Binary != "" {
				typ, data, mark = websocket.MessageBinary, step.Binary, ">binary"
			}
			fmt.Fprintf(out, "%s %s\n", mark, data)
			ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
			err := conn.Write(ctx, typ, []byte(data))
			cancel()
			if err != nil {
				fmt.Fprintf(out, "=== write failed: %s\n", closeText(err))
				return
			}
		case step.Read > 0:
			for range step.Read {
				if _, ok := readFrame(out, conn, readTimeout); !ok {
					return
				}
			}
		case step.Until != "":
			for {
				frame, ok := readFrame(out, conn, readTimeout)
				if !ok {
					return
				}
				if strings.Contains(frame, step.Until) {
					break
				}
			}
		case step.Close:
			for {
				if _, ok := readFrame(out, conn, readTimeout); !ok {
					return
				}
			}
		case step.Quiet > 0:
			for {
				if _, ok := readFrame(out, conn, step.Quiet); !ok {
					return
				}
			}
		}
	}
}

// readFrame reads one frame and writes it down; on a close, an error or
// when nothing comes within timeout, it writes that down instead and
// reports false. A timeout closes the connection.
func readFrame(out *bytes.Buffer, conn *websocket.Conn, timeout time.Duration) (string, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	typ, data, err := conn.Read(ctx)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(out, "<nothing within %s>\n", timeout)
		} else {
			fmt.Fprintf(out, "%s\n", closeText(err))
		}
		return "", false
	}
	mark := "<"
	if typ == websocket.MessageBinary {
		mark = "<binary"
	}
	fmt.Fprintf(out, "%s %s\n", mark, data)
	return string(data), true
}

// closeText describes how the connection ended: the server's close frame,
// or no close frame at all (the error text of the latter is not stable).
func closeText(err error) string {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return fmt.Sprintf("<close %d %q>", int(ce.Code), ce.Reason)
	}
	return "<closed without close frame>"
}

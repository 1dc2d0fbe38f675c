package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// request is one exchange of a load: sent as it is, answered with the
// bytes recorded from this module's server first.
type request struct {
	name   string
	method string
	query  string // raw URL query (GET)
	body   string // POST body
}

// post and get build the two kinds of request.
func post(name, body string) request { return request{name: name, method: http.MethodPost, body: body} }

func get(name, query string) request {
	return request{name: name, method: http.MethodGet, query: url.Values{"query": {query}}.Encode()}
}

// A load is what the clients send, in turn, each client starting at its
// own offset.
type load struct {
	name     string
	requests []request
}

// loads are the two measured loads: the smallest query, and a mix of
// queries, variables, a GET, a mutation, a resolver error and a
// validation error.
var loads = []load{
	{"small", []request{post("me", `{"query":"{ me { id name } }"}`)}},
	{"mixed", []request{
		post("me", `{"query":"{ me { id name } }"}`),
		post("user variables", `{"query":"query($id: ID!) { user(id: $id) { id name email role } }","variables":{"id":"U2"}}`),
		get("get todos", `{ todos(first: 5) { id text done tags user { name } } }`),
		post("todos variable", `{"query":"query Done($d: Boolean) { todos(first: 20, done: $d) { id text tags } }","operationName":"Done","variables":{"d":true}}`),
		post("mutation", `{"query":"mutation($in: NewTodo!) { createTodo(input: $in) { id text tags user { id name } } }","variables":{"in":{"text":"buy <milk> & eggs","userId":"U3","tags":["home"]}}}`),
		post("resolver error", `{"query":"mutation { createTodo(input: {text: \"x\", userId: \"U9\"}) { id } }"}`),
		post("validation error", `{"query":"{ me { id nope } }"}`),
		post("two operations", `{"query":"query A { me { name } } query B { user(id: \"U3\") { name role } }","operationName":"B"}`),
	}},
}

// answer is a recorded response: what the floor writes and what every
// server is checked against.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// skipHeaders are response headers that change with every response or that
// net/http writes itself: not recorded for the floor.
var skipHeaders = map[string]bool{"Date": true, "Content-Length": true}

// newClient is the clients' shared connection pool: one keep-alive
// connection per client.
func newClient(clients int) *http.Client {
	return &http.Client{Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
		MaxIdleConnsPerHost: clients,
		MaxConnsPerHost:     clients,
		IdleConnTimeout:     time.Minute,
	}, Timeout: time.Minute}
}

// do sends r to api and returns the status and body, read into buf.
func do(ctx context.Context, c *http.Client, api string, r request, buf *bytes.Buffer) (int, http.Header, error) {
	u := api
	var body io.Reader
	if r.method == http.MethodGet {
		u += "?" + r.query
	} else {
		body = strings.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u, body)
	if err != nil {
		return 0, nil, err
	}
	if r.method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	buf.Reset()
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, resp.Header, nil
}

// record asks api (this module's server) each request of l once and keeps
// the answers.
func record(ctx context.Context, c *http.Client, api string, l load) (map[string]answer, error) {
	out := map[string]answer{}
	for _, r := range l.requests {
		var buf bytes.Buffer
		status, h, err := do(ctx, c, api, r, &buf)
		if err != nil {
			return nil, fmt.Errorf("recording %q: %w", r.name, err)
		}
		a := answer{status: status, header: http.Header{}, body: bytes.Clone(buf.Bytes())}
		for k, v := range h {
			if !skipHeaders[k] {
				a.header[k] = v
			}
		}
		out[r.name] = a
	}
	return out, nil
}

// floorFile writes the answers in the format of the server's -floor flag: a
// line per request, tab-separated fields each quoted with strconv.Quote.
func floorFile(l load, answers map[string]answer) []byte {
	var b bytes.Buffer
	for _, r := range l.requests {
		a := answers[r.name]
		var hs []string
		for k, v := range a.header {
			for _, x := range v {
				hs = append(hs, k+": "+x)
			}
		}
		for i, f := range []string{r.method, r.query, r.body, strconv.Itoa(a.status), strings.Join(hs, "\n"), string(a.body)} {
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(strconv.Quote(f))
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// checks counts, per request name, the answers that were not the recorded
// bytes, and keeps the first of each.
type checks struct {
	mu    sync.Mutex
	total map[string]int
	bad   map[string]int
	first map[string]string
}

func newChecks() *checks {
	return &checks{total: map[string]int{}, bad: map[string]int{}, first: map[string]string{}}
}

// check compares one answer with the recorded one.
func (c *checks) check(name string, want answer, status int, got []byte, err error) {
	var why string
	switch {
	case err != nil:
		why = err.Error()
	case status != want.status:
		why = fmt.Sprintf("status %d, want %d; body %q", status, want.status, got)
	case !bytes.Equal(got, want.body):
		why = fmt.Sprintf("body %q\n   want %q", got, want.body)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total[name]++
	if why != "" {
		c.bad[name]++
		if _, ok := c.first[name]; !ok {
			c.first[name] = why
		}
	}
}

// failed is the number of answers that were not the recorded ones.
func (c *checks) failed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, b := range c.bad {
		n += b
	}
	return n
}

// drive runs clients workers against api, each sending the load's requests
// in turn (from its own offset) until ctx ends; done counts the exchanges.
func drive(ctx context.Context, c *http.Client, api string, clients int, l load, want map[string]answer, ch *checks, done *atomic.Int64) {
	var wg sync.WaitGroup
	for w := range clients {
		wg.Go(func() {
			var buf bytes.Buffer
			for i := w; ctx.Err() == nil; i++ {
				r := l.requests[i%len(l.requests)]
				status, _, err := do(ctx, c, api, r, &buf)
				if ctx.Err() != nil {
					return // cut by the end of the window
				}
				ch.check(r.name, want[r.name], status, buf.Bytes(), err)
				done.Add(1)
			}
		})
	}
	wg.Wait()
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/coder/websocket"
)

// A scenario is one kind of exchange with the server whose every byte is
// known in advance. The integration server's catalogue is fixed at start-up
// and no scenario adds to it (the only mutation is refused as a
// duplicate), so the expected bytes do not depend on what ran before.
type scenario struct {
	name string
	run  func(ctx context.Context, t *target) error
}

// target is the server under load: its API URL and the HTTP client every
// worker shares (one connection pool, as a real client would have).
type target struct {
	api    string
	client *http.Client
}

// Expected response bodies. They are the same whichever codec the server
// was built with: byte-identical output across codecs is a promise of the
// module, and the soak holds every build to these exact bytes.
const (
	wantHello     = `{"data":{"hello":"Bonjour, soak \u003ctest\u003e \u0026 co!"}}`
	wantPlanets   = `{"data":{"planets":[{"code":"MERCURY","name":"Mercury","kind":"ROCKY"},{"code":"EARTH","name":"Earth","kind":"ROCKY"}]}}`
	wantGasMoons  = `{"data":{"planets":[{"name":"Jupiter","moons":[{"name":"Io","radiusKm":1822},{"name":"Europa","radiusKm":1561}]}]}}`
	wantExplode   = `{"errors":[{"message":"exploded with BOOM","path":["explode"],"locations":[{"line":1,"column":3}],"extensions":{"attempt":1,"code":"BOOM"}}],"data":{"explode":null}}`
	wantPartial   = `{"errors":[{"message":"mass of Neptune is unknown","path":["planet","massKg"],"locations":[{"line":1,"column":42}],"extensions":{"code":"UNKNOWN_MASS","planet":"NEPTUNE"}}],"data":{"planet":{"name":"Neptune","massKg":null}}}`
	wantDuplicate = `{"errors":[{"message":"planet EARTH already exists","path":["addPlanet"],"locations":[{"line":1,"column":12}],"extensions":{"code":"DUPLICATE","planet":"EARTH"}}],"data":null}`
	wantParseErr  = `{"errors":[{"message":"Expected Name, found \u003cEOF\u003e","locations":[{"line":1,"column":9}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}],"data":null}`
	wantSSE       = ":\n\nevent: next\ndata: {\"data\":{\"countdown\":3}}\n\nevent: next\ndata: {\"data\":{\"countdown\":2}}\n\nevent: next\ndata: {\"data\":{\"countdown\":1}}\n\nevent: complete\n\n"
)

// wsFrames is the graphql-transport-ws exchange of one subscription: the
// frames the server must send, in order, after the subscribe message.
var wsFrames = []string{
	`{"payload":{"data":{"countdown":3}},"id":"%s","type":"next"}`,
	`{"payload":{"data":{"countdown":2}},"id":"%s","type":"next"}`,
	`{"payload":{"data":{"countdown":1}},"id":"%s","type":"next"}`,
	`{"id":"%s","type":"complete"}`,
}

var scenarios = []scenario{
	{"post variables", func(ctx context.Context, t *target) error {
		return t.post(ctx, `{"query":"query($n: String!, $g: String) { hello(name: $n, greeting: $g) }","variables":{"n":"soak <test> & co","g":"Bonjour"}}`, 200, wantHello)
	}},
	{"get query", func(ctx context.Context, t *target) error {
		q := url.Values{"query": {`{ planets(limit: 2) { code name kind } }`}}
		return t.get(ctx, q, 200, wantPlanets)
	}},
	{"post nested enum argument", func(ctx context.Context, t *target) error {
		return t.post(ctx, `{"query":"{ planets(kind: GAS) { name moons { name radiusKm } } }"}`, 200, wantGasMoons)
	}},
	{"post resolver error", func(ctx context.Context, t *target) error {
		return t.post(ctx, `{"query":"{ explode(code: \"BOOM\") }"}`, 200, wantExplode)
	}},
	{"post partial data", func(ctx context.Context, t *target) error {
		return t.post(ctx, `{"query":"query($c: ID!) { planet(code: $c) { name massKg } }","variables":{"c":"NEPTUNE"}}`, 200, wantPartial)
	}},
	{"post refused mutation", func(ctx context.Context, t *target) error {
		return t.post(ctx, `{"query":"mutation { addPlanet(input: {code: \"EARTH\", name: \"Earth\", kind: ROCKY}) { code } }"}`, 200, wantDuplicate)
	}},
	{"get parse error", func(ctx context.Context, t *target) error {
		return t.get(ctx, url.Values{"query": {`{ hello(`}}, 422, wantParseErr)
	}},
	{"sse subscription", func(ctx context.Context, t *target) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.api,
			strings.NewReader(`{"query":"subscription { countdown(from: 3) }"}`))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		return t.check(req, 200, wantSSE)
	}},
	{"websocket subscriptions", func(ctx context.Context, t *target) error {
		return t.websocket(ctx, 3)
	}},
}

func (t *target) post(ctx context.Context, body string, status int, want string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.api, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	return t.check(req, status, want)
}

func (t *target) get(ctx context.Context, q url.Values, status int, want string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.api+"?"+q.Encode(), nil)
	if err != nil {
		return err
	}
	// The integration server's /query refuses, as a possible cross-site
	// request forgery, a GET without one of these headers
	// (extension.CSRFPrevention); clients set up for it send one.
	req.Header.Set("Apollo-Require-Preflight", "true")
	return t.check(req, status, want)
}

// check sends req and compares the status and the whole body with want.
func (t *target) check(req *http.Request, status int, want string) error {
	resp, err := t.client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	got, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("reading the body: %w", err)
	}
	if resp.StatusCode != status || !bytes.Equal(got, []byte(want)) {
		return &mismatch{status: resp.StatusCode, wantStatus: status, got: string(got), want: want}
	}
	return nil
}

// websocket opens a graphql-transport-ws connection, runs n countdown
// subscriptions one after the other on it, and closes it normally.
func (t *target) websocket(ctx context.Context, n int) error {
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(t.api, "http"), &websocket.DialOptions{
		Subprotocols: []string{"graphql-transport-ws"},
	})
	if err != nil {
		return fmt.Errorf("dialling: %w", err)
	}
	defer func() { _ = conn.CloseNow() }()
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"connection_init","payload":{"user":"soak"}}`)); err != nil {
		return err
	}
	if err := expectFrame(ctx, conn, `{"type":"connection_ack"}`); err != nil {
		return err
	}
	for i := range n {
		id := fmt.Sprintf("op%d", i)
		sub := fmt.Sprintf(`{"id":%q,"type":"subscribe","payload":{"query":"subscription { countdown(from: 3) }"}}`, id)
		if err := conn.Write(ctx, websocket.MessageText, []byte(sub)); err != nil {
			return err
		}
		for _, f := range wsFrames {
			if err := expectFrame(ctx, conn, fmt.Sprintf(f, id)); err != nil {
				return err
			}
		}
	}
	return conn.Close(websocket.StatusNormalClosure, "")
}

// expectFrame reads the next data frame and compares it with want. A
// keep-alive ping from the server is answered and skipped: its timing is
// the server's, not part of the exchange.
func expectFrame(ctx context.Context, conn *websocket.Conn, want string) error {
	for {
		_, got, err := conn.Read(ctx)
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", want, err)
		}
		switch string(got) {
		case `{"type":"ping"}`:
			if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"pong"}`)); err != nil {
				return err
			}
			continue
		case `{"type":"ka"}`:
			continue
		}
		if string(got) != want {
			return &mismatch{status: 101, wantStatus: 101, got: string(got), want: want}
		}
		return nil
	}
}

// mismatch is a response whose status or bytes differ from the expected.
type mismatch struct {
	status, wantStatus int
	got, want          string
}

func (m *mismatch) Error() string {
	return fmt.Sprintf("status %d (want %d)\n  got:  %q\n  want: %q", m.status, m.wantStatus, m.got, m.want)
}

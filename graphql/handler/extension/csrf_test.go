package extension_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// csrfServer is the test schema behind every transport, counting the
// operations that reach the executor.
type csrfServer struct {
	*testserver.TestServer
	operations atomic.Int64
}

func newCSRFServer(exts ...graphql.HandlerExtension) *csrfServer {
	s := &csrfServer{TestServer: testserver.New()}
	for _, t := range []graphql.Transport{
		transport.Websocket{},
		transport.Options{},
		transport.SSE{},
		transport.MultipartMixed{},
		transport.GET{},
		transport.POST{},
		transport.MultipartForm{},
		transport.UrlEncodedForm{},
		transport.GRAPHQL{},
	} {
		s.AddTransport(t)
	}
	for _, e := range exts {
		s.Use(e)
	}
	s.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		s.operations.Add(1)
		return next(ctx)
	})
	return s
}

// readSpy is a request body that records whether anything read it.
type readSpy struct {
	r    io.Reader
	read atomic.Bool
}

func (b *readSpy) Read(p []byte) (int, error) {
	b.read.Store(true)
	return b.r.Read(p)
}

func (b *readSpy) Close() error { return nil }

// multipartBody is what an HTML form with enctype="multipart/form-data"
// and the fields operations and map sends.
func multipartBody(t *testing.T, query string) (body, contentType string) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	require.NoError(t, mw.WriteField("operations", fmt.Sprintf(`{"query":%q}`, query)))
	require.NoError(t, mw.WriteField("map", "{}"))
	require.NoError(t, mw.Close())
	return buf.String(), mw.FormDataContentType()
}

// csrfCase is one request; refused says whether CSRFPrevention with the
// default headers refuses it, operations how many operations it runs when
// it is let through.
type csrfCase struct {
	name        string
	method      string
	target      string
	contentType string // "" sends no Content-Type
	header      http.Header
	body        string
	refused     bool
	operations  int64
	status      int // the status when let through
}

func csrfCases(t *testing.T) []csrfCase {
	formBody, formType := multipartBody(t, "mutation { name }")
	preflight := http.Header{"Apollo-Require-Preflight": {"true"}}
	opName := http.Header{"X-Apollo-Operation-Name": {"Name"}}
	get := "/query?query=" + url.QueryEscape("{ name }")
	// The form-urlencoded transport unescapes a query that starts with "{".
	urlencoded := "query=%7B%20name%20%7D"
	return []csrfCase{
		{name: "POST application/json", method: http.MethodPost, contentType: "application/json",
			body: `{"query":"mutation { name }"}`, operations: 1, status: http.StatusOK},
		{name: "POST application/json with parameters", method: http.MethodPost, contentType: "Application/JSON; charset=utf-8",
			body: `{"query":"{ name }"}`, operations: 1, status: http.StatusOK},
		{name: "POST application/graphql (GRAPHQL)", method: http.MethodPost, contentType: "application/graphql",
			body: "mutation { name }", operations: 1, status: http.StatusOK},
		{name: "POST application/graphql; charset=utf-8 (GRAPHQL)", method: http.MethodPost, contentType: "application/graphql; charset=utf-8",
			body: "{ name }", operations: 1, status: http.StatusOK},
		{name: "SSE: POST application/json accepting text/event-stream", method: http.MethodPost, contentType: "application/json",
			header: http.Header{"Accept": {"text/event-stream"}}, body: `{"query":"{ name }"}`, operations: 1, status: http.StatusOK},
		{name: "MultipartMixed: POST application/json accepting multipart/mixed", method: http.MethodPost, contentType: "application/json",
			header: http.Header{"Accept": {"multipart/mixed"}}, body: `{"query":"{ name }"}`, operations: 1, status: http.StatusOK},
		{name: "SSE single connection: PUT reserves a stream", method: http.MethodPut, status: http.StatusCreated},
		{name: "OPTIONS", method: http.MethodOptions, status: http.StatusOK},

		{name: "MultipartForm: an HTML form's multipart/form-data", method: http.MethodPost, contentType: formType,
			body: formBody, refused: true, operations: 1, status: http.StatusOK},
		{name: "MultipartForm: multipart/form-data in other case and spacing", method: http.MethodPost,
			contentType: " Multipart/Form-DATA ;" + strings.TrimPrefix(formType, "multipart/form-data;"),
			body:        formBody, refused: true, operations: 1, status: http.StatusOK},
		{name: "MultipartForm with Apollo-Require-Preflight", method: http.MethodPost, contentType: formType,
			header: preflight, body: formBody, operations: 1, status: http.StatusOK},
		{name: "MultipartForm with X-Apollo-Operation-Name", method: http.MethodPost, contentType: formType,
			header: opName, body: formBody, operations: 1, status: http.StatusOK},
		{name: "MultipartForm with an empty Apollo-Require-Preflight", method: http.MethodPost, contentType: formType,
			header: http.Header{"Apollo-Require-Preflight": {""}}, body: formBody, refused: true, operations: 1, status: http.StatusOK},
		{name: "UrlEncodedForm: an HTML form's default encoding", method: http.MethodPost, contentType: "application/x-www-form-urlencoded",
			body: urlencoded, refused: true, operations: 1, status: http.StatusOK},
		{name: "UrlEncodedForm with Apollo-Require-Preflight", method: http.MethodPost, contentType: "application/x-www-form-urlencoded",
			header: preflight, body: urlencoded, operations: 1, status: http.StatusOK},
		{name: "POST text/plain", method: http.MethodPost, contentType: "text/plain;charset=UTF-8",
			body: `{"query":"mutation { name }"}`, refused: true, status: http.StatusBadRequest},
		{name: "POST without Content-Type", method: http.MethodPost,
			body: `{"query":"mutation { name }"}`, refused: true, status: http.StatusBadRequest},
		{name: "POST with an empty Content-Type", method: http.MethodPost, header: http.Header{"Content-Type": {""}},
			body: `{"query":"mutation { name }"}`, refused: true, status: http.StatusBadRequest},
		{name: "GET query", method: http.MethodGet, target: get, refused: true, operations: 1, status: http.StatusOK},
		{name: "GET query accepting text/event-stream (SSE)", method: http.MethodGet, target: get,
			header: http.Header{"Accept": {"text/event-stream"}}, refused: true, operations: 1, status: http.StatusOK},
		{name: "GET query with Apollo-Require-Preflight", method: http.MethodGet, target: get,
			header: preflight, operations: 1, status: http.StatusOK},
		{name: "GET query with X-Apollo-Operation-Name", method: http.MethodGet, target: get,
			header: opName, operations: 1, status: http.StatusOK},
		{name: "HEAD", method: http.MethodHead, refused: true, status: http.StatusMethodNotAllowed},
	}
}

func (c csrfCase) request() (*http.Request, *readSpy) {
	target := c.target
	if target == "" {
		target = "/query"
	}
	body := &readSpy{r: strings.NewReader(c.body)}
	r := httptest.NewRequest(c.method, target, body)
	if c.contentType != "" {
		r.Header.Set("Content-Type", c.contentType)
	}
	for k, v := range c.header {
		r.Header[k] = v
	}
	return r, body
}

func csrfMessage(headers string) string {
	msg := "request refused as a possible cross-site request forgery: send it with a Content-Type other than " +
		"application/x-www-form-urlencoded, multipart/form-data and text/plain"
	if headers != "" {
		msg += ", or with a non-empty " + headers + " header"
	}
	return msg
}

func csrfRefusal(headers string) string {
	return `{"errors":[{"message":"` + csrfMessage(headers) + `","extensions":{"code":"BAD_REQUEST"}}],"data":null}`
}

func TestCSRFPreventionTransports(t *testing.T) {
	for _, c := range csrfCases(t) {
		t.Run(c.name, func(t *testing.T) {
			t.Run("on", func(t *testing.T) {
				srv := newCSRFServer(extension.CSRFPrevention{})
				r, body := c.request()
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, r)
				if c.refused {
					assert.Equal(t, http.StatusBadRequest, w.Code)
					assert.Equal(t, "application/json", w.Header().Get("Content-Type"))
					assert.JSONEq(t, csrfRefusal("X-Apollo-Operation-Name or Apollo-Require-Preflight"), w.Body.String())
					assert.False(t, body.read.Load(), "the body of a refused request is never read")
					assert.Zero(t, srv.operations.Load(), "a refused request runs nothing")
					return
				}
				assert.Equal(t, c.status, w.Code, w.Body.String())
				assert.NotContains(t, w.Body.String(), "cross-site")
				assert.Equal(t, c.operations, srv.operations.Load())
			})
			t.Run("off", func(t *testing.T) {
				srv := newCSRFServer()
				r, _ := c.request()
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, r)
				assert.Equal(t, c.status, w.Code, w.Body.String())
				assert.NotContains(t, w.Body.String(), "cross-site")
				assert.Equal(t, c.operations, srv.operations.Load())
			})
		})
	}
}

func TestCSRFPreventionRequestHeaders(t *testing.T) {
	formBody, formType := multipartBody(t, "mutation { name }")
	send := func(ext extension.CSRFPrevention, header http.Header) (*httptest.ResponseRecorder, int64) {
		srv := newCSRFServer(ext)
		r := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(formBody))
		r.Header.Set("Content-Type", formType)
		for k, v := range header {
			r.Header[k] = v
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		return w, srv.operations.Load()
	}

	custom := extension.CSRFPrevention{RequestHeaders: []string{"x-csrf-token", "X-Requested-By"}}
	w, ops := send(custom, http.Header{"X-Csrf-Token": {"1"}})
	assert.Equal(t, http.StatusOK, w.Code, w.Body.String())
	assert.Equal(t, int64(1), ops, "a configured header, named in another case, lets the request through")

	w, ops = send(custom, http.Header{"Apollo-Require-Preflight": {"true"}})
	assert.Equal(t, http.StatusBadRequest, w.Code)
	assert.JSONEq(t, csrfRefusal("x-csrf-token or X-Requested-By"), w.Body.String())
	assert.Zero(t, ops, "the defaults no longer count once RequestHeaders is set")

	three := extension.CSRFPrevention{RequestHeaders: []string{"A", "B", "C"}}
	w, _ = send(three, nil)
	assert.JSONEq(t, csrfRefusal("A, B or C"), w.Body.String())

	none := extension.CSRFPrevention{RequestHeaders: []string{}}
	w, ops = send(none, http.Header{"Apollo-Require-Preflight": {"true"}})
	assert.Equal(t, http.StatusBadRequest, w.Code)
	assert.JSONEq(t, csrfRefusal(""), w.Body.String())
	assert.Zero(t, ops)
}

// TestCSRFPreventionHeaderCase sends requests as raw bytes, so that the
// header names reach the server in the case the client wrote them.
func TestCSRFPreventionHeaderCase(t *testing.T) {
	srv := newCSRFServer(extension.CSRFPrevention{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	formBody, formType := multipartBody(t, "mutation { name }")

	for _, c := range []struct {
		header string
		status int
	}{
		{"apollo-require-preflight: 1", http.StatusOK},
		{"APOLLO-REQUIRE-PREFLIGHT: 1", http.StatusOK},
		{"x-apollo-operation-name: Op", http.StatusOK},
		{"X-APOLLO-Operation-NAME: Op", http.StatusOK},
		{"apollo-require-preflight:", http.StatusBadRequest},
		{"x-apollo-operation-name-other: Op", http.StatusBadRequest},
	} {
		t.Run(c.header, func(t *testing.T) {
			conn, err := net.Dial("tcp", ts.Listener.Addr().String())
			require.NoError(t, err)
			defer conn.Close()
			require.NoError(t, conn.SetDeadline(time.Now().Add(30*time.Second))) // a hang guard only
			req := "POST /query HTTP/1.1\r\nHost: " + ts.Listener.Addr().String() + "\r\n" +
				"content-type: " + formType + "\r\n" + c.header + "\r\n" +
				fmt.Sprintf("content-length: %d\r\nconnection: close\r\n\r\n", len(formBody)) + formBody
			_, err = io.WriteString(conn, req)
			require.NoError(t, err)
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			require.NoError(t, err)
			defer resp.Body.Close()
			got, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, c.status, resp.StatusCode, string(got))
			if c.status == http.StatusBadRequest {
				assert.Contains(t, string(got), "cross-site request forgery")
			}
		})
	}
}

// TestCSRFPreventionWebsocket: the handshake passes the extension, and the
// websocket transport's own Origin check decides.
func TestCSRFPreventionWebsocket(t *testing.T) {
	srv := newCSRFServer(extension.CSRFPrevention{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	wsURL := "ws" + strings.TrimPrefix(ts.URL, "http") + "/query"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a hang guard only
	defer cancel()

	t.Run("same origin: the connection works", func(t *testing.T) {
		conn, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{
			Subprotocols: []string{"graphql-transport-ws"},
			HTTPHeader:   http.Header{"Origin": {ts.URL}},
		})
		require.NoError(t, err)
		defer conn.CloseNow()
		require.NoError(t, conn.Write(ctx, websocket.MessageText, []byte(`{"type":"connection_init"}`)))
		_, msg, err := conn.Read(ctx)
		require.NoError(t, err)
		assert.JSONEq(t, `{"type":"connection_ack"}`, string(msg))
		require.NoError(t, conn.Write(ctx, websocket.MessageText, []byte(`{"id":"1","type":"subscribe","payload":{"query":"{ name }"}}`)))
		_, msg, err = conn.Read(ctx)
		require.NoError(t, err)
		assert.JSONEq(t, `{"id":"1","type":"next","payload":{"data":{"name":"test"}}}`, string(msg))
	})

	t.Run("another origin: the transport refuses the handshake", func(t *testing.T) {
		_, resp, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{
			Subprotocols: []string{"graphql-transport-ws"},
			HTTPHeader:   http.Header{"Origin": {"http://attacker.example"}},
		})
		require.Error(t, err)
		require.NotNil(t, resp)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	})
	assert.Equal(t, int64(1), srv.operations.Load(), "only the same-origin connection ran an operation")
}

// TestCSRFPreventionClientUploads: the client package's multipart uploads
// are simple requests too, and pass only with a preflight header.
func TestCSRFPreventionClientUploads(t *testing.T) {
	c := client.New(newCSRFServer(extension.CSRFPrevention{}))
	f, err := os.CreateTemp(t.TempDir(), "upload")
	require.NoError(t, err)
	defer f.Close()
	_, err = f.WriteString("content")
	require.NoError(t, err)

	var resp struct{ Name string }
	err = c.Post("{ name }", &resp, client.Var("file", f), client.WithFiles())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "http 400: ")
	assert.Contains(t, err.Error(), csrfMessage("X-Apollo-Operation-Name or Apollo-Require-Preflight"))

	_, err = f.Seek(0, io.SeekStart)
	require.NoError(t, err)
	err = c.Post("{ name }", &resp, client.Var("file", f), client.WithFiles(),
		client.AddHeader("Apollo-Require-Preflight", "true"))
	require.NoError(t, err)
	assert.Equal(t, "test", resp.Name)
}

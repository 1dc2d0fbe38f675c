package transport

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// httpCase is one request to one transport and the exact answer expected.
// The expected bodies are what upstream gqlgen v0.17.98 sends for the same
// request (observed against it with the same fake executor).
type httpCase struct {
	name      string
	transport graphql.Transport
	method    string // POST when empty
	target    string // "/" when empty
	header    map[string]string
	body      string

	status      int
	contentType string // checked when not empty
	want        string
}

func (c httpCase) request() *http.Request {
	method, target := c.method, c.target
	if method == "" {
		method = http.MethodPost
	}
	if target == "" {
		target = "/"
	}
	r := httptest.NewRequest(method, target, strings.NewReader(c.body))
	for k, v := range c.header {
		r.Header.Set(k, v)
	}
	return r
}

// serveHTTP runs r through tr with the test executor.
func serveHTTP(t *testing.T, tr graphql.Transport, exec graphql.GraphExecutor, r *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	if !tr.Supports(r) {
		t.Fatalf("%T does not support the request", tr)
	}
	w := httptest.NewRecorder()
	tr.Do(w, r.WithContext(graphql.StartOperationTrace(r.Context())), exec)
	return w
}

func runHTTPCases(t *testing.T, cases []httpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := serveHTTP(t, c.transport, testExec{}, c.request())
			if w.Code != c.status {
				t.Errorf("status %d, want %d", w.Code, c.status)
			}
			if got := w.Header().Get("Content-Type"); c.contentType != "" && got != c.contentType {
				t.Errorf("Content-Type %q, want %q", got, c.contentType)
			}
			if got := w.Body.String(); got != c.want {
				t.Errorf("body\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

var (
	jsonHeader   = map[string]string{"Content-Type": "application/json"}
	helloWorld   = `{"data":{"hello":"world"}}`
	parseFailed  = `{"errors":[{"message":"Expected Name, found \u003cEOF\u003e","locations":[{"line":1,"column":2}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}],"data":null}`
	invalidField = `{"errors":[{"message":"Cannot query field \"x\" on type \"Query\".","locations":[{"line":1,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"data":null}`
	notFoundPQ   = `{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}],"data":null}`
	noOperation  = `{"errors":[{"message":"no operation provided","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"data":null}`
	internal     = `{"errors":[{"message":"internal system error"}],"data":null}`
	htmlData     = `{"data":{"s":"\u003ca\u0026b\u003e\u2028\u2029 x","t":[1,2.5e3,true,null]}}`
)

func accepting(accept string) map[string]string {
	return map[string]string{"Content-Type": "application/json", "Accept": accept}
}

func TestPOST(t *testing.T) {
	post := POST{}
	runHTTPCases(t, []httpCase{
		{name: "query", transport: post, header: jsonHeader, body: `{"query":"{ hello }"}`,
			status: 200, contentType: "application/json", want: helloWorld},
		{name: "only the first JSON value counts", transport: post, header: jsonHeader, body: `{"query":"{ hello }"} garbage {`,
			status: 200, want: helloWorld},
		{name: "two values", transport: post, header: jsonHeader, body: `{"query":"{ hello }"}{"query":"x"}`,
			status: 200, want: helloWorld},
		{name: "numbers stay json.Number", transport: post,
			header: map[string]string{"Content-Type": "application/json; charset=utf-8", "X-Test": "hv"},
			body:   `{"query":"query Q($a: Int) { echo }","operationName":"Q","variables":{"a":12345678901234567890,"b":1.5,"c":[1,{"d":2}],"s":"x"},"extensions":{"persistedQuery":{"version":1}}}`,
			status: 200,
			want:   `{"data":{"vars":"{a:json.Number(12345678901234567890),b:json.Number(1.5),c:[json.Number(1),{d:json.Number(2)}],s:string(x)}","ext":"{persistedQuery:{version:json.Number(1)}}","op":"Q","hdr":"hv","init":"InitPayload{}"}}`},
		{name: "invalid UTF-8 replaced", transport: post, header: jsonHeader, body: "{\"query\":\"{ echo }\",\"variables\":{\"s\":\"a\xffb\"}}",
			status: 200, want: `{"data":{"vars":"{s:string(a` + "\ufffd" + `b)}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`},
		{name: "null body", transport: post, header: jsonHeader, body: `null`, status: 422, want: noOperation},
		{name: "empty body", transport: post, header: jsonHeader, body: ``, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: EOF body:"}],"data":null}`},
		{name: "blank body", transport: post, header: jsonHeader, body: "  \n", status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: EOF body:  \n"}],"data":null}`},
		{name: "not JSON", transport: post, header: jsonHeader, body: `notjson`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: invalid character 'o' in literal null (expecting 'u') body:notjson"}],"data":null}`},
		{name: "truncated", transport: post, header: jsonHeader, body: `{"query":"{ hello }"`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: unexpected EOF body:{\"query\":\"{ hello }\""}],"data":null}`},
		{name: "wrong field type", transport: post, header: jsonHeader, body: `{"query":1}`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: json: cannot unmarshal number into Go struct field RawParams.query of type string body:{\"query\":1}"}],"data":null}`},
		{name: "variables not an object", transport: post, header: jsonHeader, body: `{"query":"{ hello }","variables":[1]}`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: json: cannot unmarshal array into Go struct field RawParams.variables of type map[string]interface {} body:{\"query\":\"{ hello }\",\"variables\":[1]}"}],"data":null}`},
		{name: "batch", transport: post, header: jsonHeader, body: `[{"query":"{ hello }"}]`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: json: cannot unmarshal array into Go value of type graphql.RawParams body:[{\"query\":\"{ hello }\"}]"}],"data":null}`},
		{name: "bad escape", transport: post, header: jsonHeader, body: `{"query":"\x"}`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: invalid character 'x' in string escape code body:{\"query\":\"\\x\"}"}],"data":null}`},
		{name: "error text escaped", transport: post, header: jsonHeader, body: `{"query":<a&b>}`, status: 400,
			want: `{"errors":[{"message":"json request body could not be decoded: invalid character '\u003c' looking for beginning of value body:{\"query\":\u003ca\u0026b\u003e}"}],"data":null}`},
		{name: "parse error", transport: post, header: jsonHeader, body: `{"query":"{"}`, status: 422, want: parseFailed},
		{name: "parse error, graphql-response", transport: post, header: accepting("application/graphql-response+json"), body: `{"query":"{"}`,
			status: 400, contentType: "application/graphql-response+json", want: parseFailed},
		{name: "validation error", transport: post, header: jsonHeader, body: `{"query":"#validation"}`, status: 422, want: invalidField},
		{name: "validation error, graphql-response", transport: post, header: accepting("application/graphql-response+json"), body: `{"query":"#validation"}`,
			status: 400, want: invalidField},
		{name: "user error", transport: post, header: jsonHeader, body: `{"query":"#user"}`, status: 200, want: notFoundPQ},
		{name: "user error, graphql-response", transport: post, header: accepting("application/graphql-response+json"), body: `{"query":"#user"}`,
			status: 200, contentType: "application/graphql-response+json", want: notFoundPQ},
		{name: "unknown operation", transport: post, header: jsonHeader, body: `{"query":"query A { hello }","operationName":"B"}`, status: 422,
			want: `{"errors":[{"message":"operation B not found","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"data":null}`},
		{name: "data compacted and escaped", transport: post, header: jsonHeader, body: `{"query":"{ html }"}`, status: 200, want: htmlData},
		{name: "errors, extensions and more", transport: post, header: jsonHeader, body: `{"query":"{ errors }"}`, status: 200,
			want: `{"errors":[{"message":"boom \u003c\u0026\u003e \u2028","path":["a",2,"b\u003c"],"locations":[{"line":1,"column":2},{"column":5}],"extensions":{"a":[12,null,"s"],"code":"X","z":1.5}},{"message":"plain"},null],"data":{"a":null},"label":"lbl","path":["p",0],"hasNext":false,"extensions":{"b":"x","tracing":{"v":1}}}`},
		{name: "unencodable data", transport: post, header: jsonHeader, body: `{"query":"{ nan }"}`,
			status: 500, contentType: "application/json", want: internal},
		{name: "accept anything", transport: post, header: accepting("*/*"), body: `{"query":"{ hello }"}`, status: 200, contentType: "application/json", want: helloWorld},
		{name: "graphql-response by default", transport: POST{UseGrapQLResponseJsonByDefault: true}, header: jsonHeader, body: `{"query":"#validation"}`,
			status: 400, contentType: "application/graphql-response+json", want: invalidField},
		{name: "configured content type", transport: POST{ResponseHeaders: map[string][]string{"Content-Type": {"text/x"}}}, header: jsonHeader, body: `{"query":"#validation"}`,
			status: 422, contentType: "text/x", want: invalidField},
	})
}

func TestPOSTHeaders(t *testing.T) {
	tr := POST{ResponseHeaders: map[string][]string{"X-A": {"1", "2"}}}
	r := httpCase{header: accepting("application/graphql-response+json"), body: `{"query":"{ hello }"}`}.request()
	w := serveHTTP(t, tr, testExec{}, r)
	want := http.Header{"Content-Type": {"application/graphql-response+json"}, "X-A": {"1", "2"}}
	for k, v := range want {
		if got := w.Header()[k]; strings.Join(got, "|") != strings.Join(v, "|") {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
}

func TestGET(t *testing.T) {
	get := GET{}
	runHTTPCases(t, []httpCase{
		{name: "query", transport: get, method: "GET", target: "/?query=%7B+hello+%7D", status: 200, contentType: "application/json", want: helloWorld},
		{name: "all parameters", transport: get, method: "GET", header: map[string]string{"X-Test": "g"},
			target: "/?query=query+Q+%7B+echo+%7D&operationName=Q&variables=%7B%22a%22%3A1%7D&extensions=%7B%22e%22%3A%5B1%5D%7D",
			status: 200, want: `{"data":{"vars":"{a:json.Number(1)}","ext":"{e:[json.Number(1)]}","op":"Q","hdr":"g","init":"InitPayload{}"}}`},
		{name: "variables with trailing bytes", transport: get, method: "GET", target: "/?query=%7B+echo+%7D&variables=%7B%22a%22%3A1%7Dxx",
			status: 200, want: `{"data":{"vars":"{a:json.Number(1)}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`},
		{name: "null variables", transport: get, method: "GET", target: "/?query=%7B+echo+%7D&variables=null",
			status: 200, want: `{"data":{"vars":"{}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`},
		{name: "bad variables", transport: get, method: "GET", target: "/?query=%7B+echo+%7D&variables=%7B", status: 400,
			want: `{"errors":[{"message":"variables could not be decoded"}],"data":null}`},
		{name: "variables not an object", transport: get, method: "GET", target: "/?query=%7B+echo+%7D&variables=%5B%5D", status: 400,
			want: `{"errors":[{"message":"variables could not be decoded"}],"data":null}`},
		{name: "bad extensions", transport: get, method: "GET", target: "/?query=%7B+echo+%7D&extensions=x", status: 400,
			want: `{"errors":[{"message":"extensions could not be decoded"}],"data":null}`},
		{name: "bad query string", transport: get, method: "GET", target: "/?query=%zz", status: 400,
			want: `{"errors":[{"message":"invalid URL escape \"%zz\""}],"data":null}`},
		{name: "mutation", transport: get, method: "GET", target: "/?query=mutation+%7B+hello+%7D", status: 406,
			want: `{"errors":[{"message":"GET requests only allow query operations"}],"data":null}`},
		{name: "subscription", transport: get, method: "GET", target: "/?query=subscription+%7B+hello+%7D", status: 406,
			want: `{"errors":[{"message":"GET requests only allow query operations"}],"data":null}`},
		{name: "parse error", transport: get, method: "GET", target: "/?query=%7B", status: 422, want: parseFailed},
		{name: "parse error, graphql-response", transport: get, method: "GET", target: "/?query=%7B",
			header: map[string]string{"Accept": "application/graphql-response+json"}, status: 400, want: parseFailed},
		{name: "no query", transport: get, method: "GET", target: "/", status: 422, want: noOperation},
		{name: "unencodable data", transport: get, method: "GET", target: "/?query=%7B+nan+%7D", status: 500, want: internal},
	})
}

func TestGRAPHQL(t *testing.T) {
	raw := GRAPHQL{}
	header := map[string]string{"Content-Type": "application/graphql"}
	echoEmpty := `{"data":{"vars":"{}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`
	runHTTPCases(t, []httpCase{
		{name: "document", transport: raw, header: header, body: `{ hello }`, status: 200, contentType: "application/json", want: helloWorld},
		{name: "query= prefix", transport: raw, header: header, body: `query={ echo }`, status: 200, want: echoEmpty},
		{name: "escaped", transport: raw, header: header, body: `query=%7B+echo+%7D`, status: 200, want: echoEmpty},
		{name: "bad escape", transport: raw, header: header, body: `%7B%zz`, status: 422,
			want: `{"errors":[{"message":"could not cleanup body: invalid URL escape \"%zz\""}],"data":null}`},
		{name: "parse error", transport: raw, header: header, body: `{`, status: 422, want: parseFailed},
		{name: "empty", transport: raw, header: header, body: ``, status: 422, want: noOperation},
		{name: "unencodable data", transport: raw, header: header, body: `{ nan }`, status: 500, want: internal},
		{name: "headers without content type", transport: GRAPHQL{ResponseHeaders: map[string][]string{"X-B": {"b"}}}, header: header, body: `{ hello }`,
			status: 200, contentType: "text/plain; charset=utf-8", want: helloWorld},
	})
}

func TestUrlEncodedForm(t *testing.T) {
	form := UrlEncodedForm{}
	header := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	echoEmpty := `{"data":{"vars":"{}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`
	runHTTPCases(t, []httpCase{
		{name: "json", transport: form, header: header, body: `{"query":"{ echo }","variables":{"n":1}}`, status: 200,
			want: `{"data":{"vars":"{n:json.Number(1)}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`},
		{name: "json with trailing bytes", transport: form, header: header, body: `{"query":"{ echo }"} x`, status: 200, want: echoEmpty},
		{name: "bad json", transport: form, header: header, body: `{"query": 1, "x":"query":}`, status: 422,
			want: `{"errors":[{"message":"could not cleanup body: invalid character ':' after object key:value pair"}],"data":null}`},
		{name: "bad json key", transport: form, header: header, body: `{"x", "query":"a"}`, status: 422,
			want: `{"errors":[{"message":"could not cleanup body: invalid character ',' after object key"}],"data":null}`},
		{name: "truncated json", transport: form, header: header, body: `{"query":"a"`, status: 422,
			want: `{"errors":[{"message":"could not cleanup body: unexpected EOF"}],"data":null}`},
		{name: "escaped", transport: form, header: header, body: `query=%7B+echo+%7D`, status: 200, want: echoEmpty},
		{name: "bad escape", transport: form, header: header, body: `query=%7B%zz`, status: 422,
			want: `{"errors":[{"message":"could not cleanup body: invalid URL escape \"%zz\""}],"data":null}`},
		{name: "plain with prefix", transport: form, header: header, body: `query={ echo }`, status: 200, want: echoEmpty},
		{name: "plain", transport: form, header: header, body: `{ hello }`, status: 200, want: helloWorld},
		{name: "parse error", transport: form, header: header, body: `query={`, status: 422, want: parseFailed},
		{name: "validation error", transport: form, header: header, body: `#validation`, status: 422, want: invalidField},
	})
}

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		name          string
		tr            Options
		method        string
		status        int
		allow         string
		wantSupported bool
	}{
		{"options", Options{}, http.MethodOptions, 200, "OPTIONS, GET, POST", true},
		{"custom methods", Options{AllowedMethods: []string{"GET", "PUT"}}, http.MethodOptions, 200, "GET, PUT", true},
		{"head", Options{}, http.MethodHead, 405, "", true},
		{"get", Options{}, http.MethodGet, 0, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(c.method, "/", nil)
			if got := c.tr.Supports(r); got != c.wantSupported {
				t.Fatalf("Supports = %v", got)
			}
			if !c.wantSupported {
				return
			}
			w := serveHTTP(t, c.tr, testExec{}, r)
			if w.Code != c.status || w.Header().Get("Allow") != c.allow || w.Body.Len() != 0 {
				t.Errorf("got %d Allow %q body %q", w.Code, w.Header().Get("Allow"), w.Body)
			}
		})
	}
}

func TestSupports(t *testing.T) {
	transports := map[string]graphql.Transport{
		"POST": POST{}, "GET": GET{}, "GRAPHQL": GRAPHQL{}, "form": UrlEncodedForm{}, "multipart": MultipartForm{},
		"SSE": SSE{}, "mixed": MultipartMixed{}, "options": Options{}, "websocket": Websocket{},
	}
	for _, c := range []struct {
		method string
		header map[string]string
		want   string // the transports that accept, space separated, in map-key order below
	}{
		{"POST", map[string]string{"Content-Type": "application/json"}, "POST"},
		{"POST", map[string]string{"Content-Type": "Application/JSON; charset=utf-8"}, "POST"},
		{"POST", map[string]string{"Content-Type": " application/json "}, "POST"},
		{"POST", map[string]string{"Content-Type": "application/json; =bad"}, ""},
		{"POST", map[string]string{"Content-Type": "text/plain"}, ""},
		{"POST", map[string]string{"Content-Type": "application/json", "Upgrade": "x"}, "websocket"},
		{"GET", map[string]string{"Upgrade": "websocket"}, "websocket"},
		{"GET", nil, "GET"},
		{"PUT", map[string]string{"Content-Type": "application/json"}, "SSE"}, // an SSE reservation (upstream: none)
		{"GET", map[string]string{"Accept": "text/event-stream", "X-GraphQL-Event-Stream-Token": "t"}, "GET SSE"},
		{"POST", map[string]string{"Content-Type": "application/json", "X-GraphQL-Event-Stream-Token": "t"}, "POST SSE"},
		{"DELETE", map[string]string{"X-GraphQL-Event-Stream-Token": "t"}, "SSE"},
		{"DELETE", nil, ""},
		{"POST", map[string]string{"Content-Type": "application/graphql"}, "GRAPHQL"},
		{"POST", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, "form"},
		{"POST", map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, "multipart"},
		{"POST", map[string]string{"Content-Type": "application/json", "Accept": "text/event-stream"}, "POST SSE"},
		{"POST", map[string]string{"Content-Type": "application/json", "Accept": "multipart/mixed;deferSpec=20220824, application/json"}, "POST mixed"},
		{"POST", map[string]string{"Content-Type": "text/plain", "Accept": "text/event-stream"}, ""},
		{"GET", map[string]string{"Accept": "text/event-stream"}, "GET"},
		{"HEAD", nil, "options"},
		{"OPTIONS", nil, "options"},
	} {
		r := httptest.NewRequest(c.method, "/", nil)
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		var got []string
		for _, name := range []string{"POST", "GET", "GRAPHQL", "form", "multipart", "SSE", "mixed", "options", "websocket"} {
			if transports[name].Supports(r) {
				got = append(got, name)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s %v: supported by %q, want %q", c.method, c.header, got, c.want)
		}
	}
}

func TestResponseContentType(t *testing.T) {
	for _, c := range []struct {
		accept     string
		preferGQL  bool
		configured map[string][]string
		want       string
	}{
		{"", false, nil, mediaJSON},
		{"", true, nil, mediaGraphQLResponse},
		{"*/*", false, nil, mediaJSON},
		{"*/*", true, nil, mediaGraphQLResponse},
		{"text/html, application/*;q=0.9", false, nil, mediaJSON},
		{"text/html", false, nil, mediaGraphQLResponse},
		{"application/json;;, application/graphql-response+json", false, nil, mediaGraphQLResponse},
		{" Application/JSON ", false, nil, mediaJSON},
		{"application/graphql-response+json; charset=utf-8, application/json", false, nil, mediaGraphQLResponse},
		{"application/json; q=", false, nil, mediaGraphQLResponse},
		{"application/json", false, map[string][]string{"content-type": {"text/plain"}}, "text/plain"},
		{"application/json", false, map[string][]string{"X-Other": {"1"}}, mediaJSON},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		if c.accept != "" {
			r.Header.Set("Accept", c.accept)
		}
		if got := responseContentType(c.configured, r, c.preferGQL); got != c.want {
			t.Errorf("Accept %q (prefer %v, %v): %q, want %q", c.accept, c.preferGQL, c.configured, got, c.want)
		}
	}
}

// plainExec is an executor without PresentRecoveredError.
type plainExec struct{ inner testExec }

func (e plainExec) CreateOperationContext(ctx context.Context, p *graphql.RawParams) (*graphql.OperationContext, gqlerror.List) {
	return e.inner.CreateOperationContext(ctx, p)
}

func (e plainExec) DispatchOperation(ctx context.Context, oc *graphql.OperationContext) (graphql.ResponseHandler, context.Context) {
	return e.inner.DispatchOperation(ctx, oc)
}

func (e plainExec) DispatchError(ctx context.Context, list gqlerror.List) *graphql.Response {
	return e.inner.DispatchError(ctx, list)
}

type presenterExec struct {
	testExec
	got any
}

func (e *presenterExec) PresentRecoveredError(_ context.Context, err any) error {
	e.got = err
	return &gqlerror.Error{Message: "presented", Extensions: map[string]any{"code": "INTERNAL"}}
}

func TestUnencodableResponse(t *testing.T) {
	r := func() *http.Request {
		return httpCase{header: jsonHeader, body: `{"query":"{ nan }"}`}.request()
	}
	t.Run("without a presenter", func(t *testing.T) {
		w := serveHTTP(t, POST{}, plainExec{}, r())
		if w.Code != 500 || w.Body.String() != internal {
			t.Errorf("got %d %s", w.Code, w.Body)
		}
	})
	t.Run("presenter sees encoding/json's error", func(t *testing.T) {
		exec := &presenterExec{}
		w := serveHTTP(t, POST{}, exec, r())
		if want := `{"errors":[{"message":"presented","extensions":{"code":"INTERNAL"}}],"data":null}`; w.Code != 500 || w.Body.String() != want {
			t.Errorf("got %d %s", w.Code, w.Body)
		}
		err, _ := exec.got.(error)
		if want := `unable to marshal {"x":NaN}: json: error calling MarshalJSON for type json.RawMessage: invalid character 'N' looking for beginning of value`; err == nil || err.Error() != want {
			t.Errorf("presenter got %v", exec.got)
		}
	})
}

func TestSendError(t *testing.T) {
	w := httptest.NewRecorder()
	SendErrorf(w, http.StatusTeapot, "no %s", "<coffee>")
	if w.Code != 418 || w.Body.String() != `{"errors":[{"message":"no \u003ccoffee\u003e"}],"data":null}` {
		t.Errorf("got %d %s", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	SendError(w, 400, &gqlerror.Error{Message: "a"}, &gqlerror.Error{Message: "b", Extensions: map[string]any{"bad": make(chan int)}})
	if w.Code != 400 || w.Body.String() != `{"errors":[{"message":"a"},{"message":"b"}],"data":null}` {
		t.Errorf("got %d %s", w.Code, w.Body)
	}
}

package transport

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unsafe"

	"github.com/99designs/gqlgen/graphql"
)

// unsizedReader hides the length of its content (Content-Length -1).
type unsizedReader struct{ r io.Reader }

func (u *unsizedReader) Read(p []byte) (int, error) { return u.r.Read(p) }

// brokenReader fails on the first read.
type brokenReader struct{ read bool }

func (b *brokenReader) Read([]byte) (int, error) {
	b.read = true
	return 0, errors.New("boom")
}

func TestReadBody(t *testing.T) {
	for _, c := range []struct {
		name     string
		body     string
		sized    bool
		limit    int64
		wantErr  bool
		wantBody string
	}{
		{name: "under the limit", body: "abcdefghi", sized: true, limit: 10, wantBody: "abcdefghi"},
		{name: "at the limit", body: "abcdefghij", sized: true, limit: 10, wantBody: "abcdefghij"},
		{name: "declared over the limit", body: "abcdefghijk", sized: true, limit: 10, wantErr: true},
		{name: "unsized under", body: "abc", limit: 10, wantBody: "abc"},
		{name: "unsized at", body: "abcdefghij", limit: 10, wantBody: "abcdefghij"},
		{name: "unsized over", body: "abcdefghijk", limit: 10, wantErr: true},
		{name: "no limit", body: strings.Repeat("x", 100000), limit: -1, wantBody: strings.Repeat("x", 100000)},
		{name: "empty", body: "", sized: true, limit: 10, wantBody: ""},
		{name: "zero limit", body: "a", limit: 0, wantErr: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var body io.Reader = strings.NewReader(c.body)
			if !c.sized {
				body = &unsizedReader{body}
			}
			r := httptest.NewRequest("POST", "/", body)
			got, err := readBody(r, c.limit, []byte("keep"))
			if c.wantErr {
				if !errors.As(err, new(errBodyTooLarge)) {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil || string(got) != "keep"+c.wantBody {
				t.Fatalf("got %q, %v", got, err)
			}
		})
	}
	t.Run("declared size refused unread", func(t *testing.T) {
		body := &brokenReader{}
		r := httptest.NewRequest("POST", "/", body)
		r.ContentLength = defaultMaxBodySize + 1
		if _, err := readBody(r, bodyLimit(0), nil); !errors.As(err, new(errBodyTooLarge)) || body.read {
			t.Errorf("err = %v, read = %v", err, body.read)
		}
	})
}

func TestBodyLimits(t *testing.T) {
	tooLarge := `{"errors":[{"message":"request body too large: the limit is 10 bytes"}],"data":null}`
	stream := map[string]string{"Content-Type": "application/json", "Accept": "text/event-stream"}
	mixed := map[string]string{"Content-Type": "application/json", "Accept": "multipart/mixed"}
	for _, c := range []struct {
		name   string
		tr     graphql.Transport
		header map[string]string
	}{
		{"POST", POST{MaxBodySize: 10}, jsonHeader},
		{"GRAPHQL", GRAPHQL{MaxBodySize: 10}, map[string]string{"Content-Type": "application/graphql"}},
		{"UrlEncodedForm", UrlEncodedForm{MaxBodySize: 10}, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}},
		{"SSE", SSE{MaxBodySize: 10}, stream},
		{"MultipartMixed", MultipartMixed{MaxBodySize: 10}, mixed},
	} {
		for _, sized := range []bool{true, false} {
			name := c.name
			if !sized {
				name += " unsized"
			}
			t.Run(name, func(t *testing.T) {
				var body io.Reader = strings.NewReader(`{"query":"{ hello }"}`)
				if !sized {
					body = &unsizedReader{body}
				}
				r := httptest.NewRequest("POST", "/", body)
				for k, v := range c.header {
					r.Header.Set(k, v)
				}
				w := serveHTTP(t, c.tr, testExec{}, r)
				if w.Code != http.StatusRequestEntityTooLarge || w.Body.String() != tooLarge {
					t.Errorf("got %d %s", w.Code, w.Body)
				}
			})
		}
	}
	t.Run("negative means no limit", func(t *testing.T) {
		r := httpCase{header: jsonHeader, body: `{"query":"{ hello }"}`}.request()
		if w := serveHTTP(t, POST{MaxBodySize: -1}, testExec{}, r); w.Code != 200 || w.Body.String() != helloWorld {
			t.Errorf("got %d %s", w.Code, w.Body)
		}
	})
}

func TestBodyReadErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		tr     graphql.Transport
		header map[string]string
		status int
		want   string
	}{
		{"POST", POST{}, jsonHeader, 200, "could not read request body: boom"},
		{"GRAPHQL", GRAPHQL{}, map[string]string{"Content-Type": "application/graphql"}, 200, "could not get request body: boom"},
		{"UrlEncodedForm", UrlEncodedForm{}, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 400, "could not get form body: boom"},
		{"SSE", SSE{}, map[string]string{"Content-Type": "application/json", "Accept": "text/event-stream"}, 200, "could not get json request body: boom"},
		{"MultipartMixed", MultipartMixed{}, map[string]string{"Content-Type": "application/json", "Accept": "multipart/mixed"}, 200, "could not get json request body: boom"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", &brokenReader{})
			for k, v := range c.header {
				r.Header.Set(k, v)
			}
			w := serveHTTP(t, c.tr, testExec{}, r)
			if want := `{"errors":[{"message":"` + c.want + `"}],"data":null}`; w.Code != c.status || w.Body.String() != want {
				t.Errorf("got %d %s", w.Code, w.Body)
			}
		})
	}
}

// decodeJSON must accept what a json.Decoder accepts (the first value) and
// report its errors, with any codec.
func TestDecodeJSON(t *testing.T) {
	for _, c := range []struct {
		in      string
		wantErr string
		query   string
	}{
		{in: `{"query":"q"}`, query: "q"},
		{in: ` {"query":"q"} `, query: "q"},
		{in: `{"query":"q"} trailing`, query: "q"},
		{in: `{"query":"q"}{"query":"r"}`, query: "q"},
		{in: `{"query":"q"}]`, query: "q"},
		{in: `{"QUERY":"q"}`, query: "q"},
		{in: `{"query":"q","query":null}`, query: "q"}, // a later null keeps the earlier value
		{in: `{"query":"q","operationName":"o","operationName":null,"variables":null}`, query: "q"},
		{in: `null`},
		{in: ``, wantErr: "EOF"},
		{in: "\n\t ", wantErr: "EOF"},
		{in: `{"query":"q"`, wantErr: "unexpected EOF"},
		{in: `{"query":`, wantErr: "unexpected EOF"},
		{in: `{"query":"q",}`, wantErr: "invalid character '}' looking for beginning of object key string"},
		{in: `[]`, wantErr: "json: cannot unmarshal array into Go value of type graphql.RawParams"},
		{in: `{"query":true}`, wantErr: "json: cannot unmarshal bool into Go struct field RawParams.query of type string"},
		{in: `{"query":"a","variables":"b"}`, wantErr: "json: cannot unmarshal string into Go struct field RawParams.variables of type map[string]interface {}"},
	} {
		var p graphql.RawParams
		err := decodeJSON([]byte(c.in), &p)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%q: %v", c.in, err)
		case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
			t.Errorf("%q: error %v, want %q", c.in, err, c.wantErr)
		case c.wantErr == "" && p.Query != c.query:
			t.Errorf("%q: decoded %+v", c.in, p)
		}
	}
}

// documentId is read as a string, on the direct path and the decoder's; a
// value of another type is ignored, as upstream ignores unknown members.
func TestDecodeJSONDocumentID(t *testing.T) {
	for _, c := range []struct {
		in, want string
		direct   bool
	}{
		{in: `{"documentId":"sha256:ab"}`, want: "sha256:ab", direct: true},
		{in: `{"query":"q","documentId":null}`, direct: true},
		{in: `{"documentId":"d","other":1}`, want: "d"},
		{in: `{"documentId":"d","other":1} trailing`, want: "d"},
		{in: `{"documentId":5,"query":"q"}`},
		{in: `{"documentId":{"a":1}}`},
		{in: `{"query":"q"}`, direct: true},
	} {
		var p graphql.RawParams
		if got := readParams([]byte(c.in), &p); got != c.direct {
			t.Errorf("%s: read directly %v, want %v", c.in, got, c.direct)
		}
		p = graphql.RawParams{}
		if err := decodeJSON([]byte(c.in), &p); err != nil {
			t.Errorf("%s: %v", c.in, err)
		}
		if p.DocumentID != c.want {
			t.Errorf("%s: documentId %q, want %q", c.in, p.DocumentID, c.want)
		}
	}
}

// The scan for documentId finds what encoding/json decodes into a field
// tagged documentId: the last top-level member whose key matches,
// unescaped and ignoring case.
func TestDocumentIDAgainstReference(t *testing.T) {
	for _, in := range []string{
		`{"documentId":"a"}`, ` { "documentid" : "b" } `, `{"DOCUMENTID":"c","x":[1,{"documentId":"no"}]}`,
		`{"document\u0049d":"d"}`, `{"documentId":"e","documentId":"f"}`, `{"documentId":"g","documentId":1}`,
		`{"documentId":"h\u003c\n\ud83d\ude00"}`, `{"a":{"documentId":"i"},"b":"documentId"}`,
		`{"documentId":null}`, `{"documentId":true,"n":-1.5e3,"f":false,"s":"\"}"}`, `{}`,
		`{"documentId":"x\u00e9"}`, `{"documentİd":"dotted"}`,
	} {
		var member struct {
			DocumentID any `json:"documentId"`
		}
		if err := refUnmarshal([]byte(in), &member); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		want, _ := member.DocumentID.(string)
		if got := documentID([]byte(in)); got != want {
			t.Errorf("%s: %q, encoding/json %q", in, got, want)
		}
	}
}

func TestReadParamsAllocations(t *testing.T) {
	for _, c := range []struct {
		body string
		max  float64
	}{
		// The query text is the one allocation.
		{`{"query":"{ todos { id text } }"}`, 1},
		{`{"query":"query Q {\n  todos { id }\n}","operationName":"Q","extensions":null}`, 2},
	} {
		body := []byte(c.body)
		var p graphql.RawParams
		allocs := testing.AllocsPerRun(100, func() {
			p = graphql.RawParams{}
			if !readParams(body, &p) {
				t.Fatalf("%s: not read directly", c.body)
			}
		})
		if allocs > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.body, allocs, c.max)
		}
	}
}

func TestReadParamsLeavesUnusualBodiesToTheDecoder(t *testing.T) {
	for _, body := range []string{
		`{"Query":"x"}`, `{"query":"a","query":"b"}`, `{"query":1}`, `{"query":"x"} tail`, `{"\u0071uery":"x"}`,
		`{"id":"persisted"}`, `{"variables":[1]}`, `[]`, ``, `{"query":"\u12"}`,
	} {
		var p graphql.RawParams
		if readParams([]byte(body), &p) {
			t.Errorf("%s: read directly", body)
		}
	}
	// Strings are read as encoding/json reads them, lone surrogates and
	// invalid UTF-8 included.
	for _, body := range []string{`{"query":"\ud800"}`, "{\"query\":\"\xff\"}", `{"query":"\ud83d\ude00\ud800\u0041"}`} {
		var p, want graphql.RawParams
		if !readParams([]byte(body), &p) {
			t.Errorf("%s: not read directly", body)
		}
		if err := streamDecode([]byte(body), &want); err != nil || p.Query != want.Query {
			t.Errorf("%s: read %#v; the decoder gives %#v, %v", body, p, want, err)
		}
	}
	var p graphql.RawParams
	if !readParams([]byte(` {"query": "q\u00e9\n", "variables": {"a": [1, {"b": "}"}]}, "extensions": {}} `), &p) {
		t.Fatal("a plain body was not read directly")
	}
	if p.Query != "qé\n" || len(p.Variables) != 1 || p.Extensions == nil || len(p.Extensions) != 0 {
		t.Errorf("read %#v", p)
	}
}

func TestInternKeepsOneCopyOfARepeatedText(t *testing.T) {
	a := intern([]byte("query Q { a }"))
	b := intern([]byte("query Q { a }"))
	if a != b || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("the same text was copied twice")
	}
	if c := intern([]byte("query R { a }")); c != "query R { a }" {
		t.Errorf("got %q", c)
	}
	big := strings.Repeat("x", internLimit+1)
	if intern([]byte(big)) != big {
		t.Error("a long text changed")
	}
}

// A body's nesting is counted from the body itself, as encoding/json counts
// it: 10000 levels are accepted and 10001 rejected, wherever the deepest
// value sits (variables or extensions, arrays or objects), with the error
// the POST transport words for any undecodable body.
func TestBodyDepthCountsFromTheBody(t *testing.T) {
	// nested returns a body whose deepest array or object is depth levels
	// below and including the body's own object, under the member key.
	nested := func(key string, depth int, objects bool) string {
		inner := depth - 2 // the body's object and the member's object
		value := strings.Repeat("[", inner) + strings.Repeat("]", inner)
		if objects {
			value = strings.Repeat(`{"b":`, inner-1) + "{}" + strings.Repeat("}", inner-1)
		}
		return `{"query":"{ echo }","` + key + `":{"a":` + value + `}}`
	}
	for _, c := range []struct {
		name string
		body string
		ok   bool
	}{
		{"variables, arrays, 10000", nested("variables", 10000, false), true},
		{"variables, arrays, 10001", nested("variables", 10001, false), false},
		{"variables, objects, 10000", nested("variables", 10000, true), true},
		{"variables, objects, 10001", nested("variables", 10001, true), false},
		{"extensions, arrays, 10000", nested("extensions", 10000, false), true},
		{"extensions, objects, 10001", nested("extensions", 10001, true), false},
		{"variables, arrays, 20000", nested("variables", 20000, false), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var std graphql.RawParams
			stdErr := refUnmarshal([]byte(c.body), &std)
			if (stdErr == nil) != c.ok {
				t.Fatalf("encoding/json: %v; the case expects ok=%v", stdErr, c.ok)
			}
			var p graphql.RawParams
			err := decodeJSON([]byte(c.body), &p)
			if c.ok {
				if err != nil {
					t.Fatalf("decodeJSON: %v", err)
				}
				return
			}
			if err == nil || err.Error() != stdErr.Error() {
				t.Fatalf("decodeJSON: %v, want %v", err, stdErr)
			}
			w := serveHTTP(t, POST{}, testExec{}, httpCase{header: jsonHeader, body: c.body}.request())
			want := `{"errors":[{"message":"json request body could not be decoded: ` + stdErr.Error() + ` body:{\"query\"`
			if w.Code != http.StatusBadRequest || !strings.HasPrefix(w.Body.String(), want) {
				t.Errorf("POST answered %d %.200s", w.Code, w.Body)
			}
		})
	}
}

package transport

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"net/textproto"
	"os"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// formPart is one part of a multipart body; file parts have a filename.
type formPart struct{ name, filename, content string }

func multipartBody(t *testing.T, parts ...formPart) (body, contentType string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		if p.filename != "" {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, p.name, p.filename))
			h.Set("Content-Type", "text/plain")
		} else {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q`, p.name))
		}
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(p.content))
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), mw.FormDataContentType()
}

func TestMultipartForm(t *testing.T) {
	ops := func(vars string) formPart {
		return formPart{"operations", "", `{"query":"{ echo }","variables":` + vars + `}`}
	}
	mapping := func(m string) formPart { return formPart{"map", "", m} }
	file := func(name, filename, content string) formPart { return formPart{name, filename, content} }
	unprocessable := func(msg string) string { return `{"errors":[{"message":"` + msg + `"}],"data":null}` }

	for _, c := range []struct {
		name   string
		tr     MultipartForm
		parts  []formPart
		status int
		want   string
	}{
		{
			name: "files in memory, one reused",
			parts: []formPart{
				ops(`{"file":null,"list":[null,null],"obj":{"f":null}}`),
				mapping(`{"0":["variables.file","variables.list.1"],"1":["variables.obj.f"]}`),
				file("0", "a.txt", "hello file"), file("1", "b.txt", "second"),
			},
			status: 200,
			want:   `{"data":{"vars":"{file:Upload(a.txt,10,text/plain,\"hello file\"),list:[nil,Upload(a.txt,10,text/plain,\"hello file\")],obj:{f:Upload(b.txt,6,text/plain,\"second\")}}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`,
		},
		{
			name:   "file on disk",
			tr:     MultipartForm{MaxMemory: 10},
			parts:  []formPart{ops(`{"file":null}`), mapping(`{"0":["variables.file"]}`), file("0", "a.txt", "hello file")},
			status: 200,
			want:   `{"data":{"vars":"{file:Upload(a.txt,10,text/plain,\"hello file\")}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`,
		},
		{
			name:   "trailing bytes after the JSON parts",
			parts:  []formPart{{"operations", "", `{"query":"{ echo }","variables":{"file":null}} trailing`}, mapping(`{"0":["variables.file"]} x`), file("0", "a.txt", "hi")},
			status: 200,
			want:   `{"data":{"vars":"{file:Upload(a.txt,2,text/plain,\"hi\")}","ext":"{}","op":"","hdr":"","init":"InitPayload{}"}}`,
		},
		{name: "map first", parts: []formPart{mapping(`{}`)}, status: 422, want: unprocessable("first part must be operations")},
		{name: "bad operations", parts: []formPart{{"operations", "", `{`}, mapping(`{}`)}, status: 422, want: unprocessable("operations form field could not be decoded")},
		{name: "no map", parts: []formPart{ops(`{}`), {"x", "", `{}`}}, status: 422, want: unprocessable("second part must be map")},
		{name: "map of numbers", parts: []formPart{ops(`{}`), mapping(`{"0":[1]}`)}, status: 422, want: unprocessable("map form field could not be decoded")},
		{name: "map not of lists", parts: []formPart{ops(`{}`), mapping(`{"0":"x"}`)}, status: 422, want: unprocessable("map form field could not be decoded")},
		{name: "file missing", parts: []formPart{ops(`{"f":null}`), mapping(`{"0":["variables.f"]}`)}, status: 422, want: unprocessable("failed to get key 0 from form")},
		{name: "file not in map", parts: []formPart{ops(`{"f":null}`), mapping(`{"0":["variables.f"]}`), file("9", "a", "x")}, status: 422,
			want: unprocessable("invalid empty operations paths list for key 9")},
		{name: "empty path list", parts: []formPart{ops(`{"f":null}`), mapping(`{"0":[]}`), file("0", "a", "x")}, status: 422,
			want: unprocessable("invalid empty operations paths list for key 0")},
		{name: "path outside variables", parts: []formPart{ops(`{"f":null}`), mapping(`{"0":["vars.f"]}`), file("0", "a", "x")}, status: 422,
			want: unprocessable("invalid operations paths for key 0")},
		{name: "path to nothing", parts: []formPart{ops(`{"f":null}`), mapping(`{"0":["variables.g.h"]}`), file("0", "a", "x")}, status: 422,
			want: unprocessable(`path is missing \"variables.\" prefix, key: 0, path: variables.g.h`)},
		{name: "declared body too large answers 200", tr: MultipartForm{MaxUploadSize: 10}, parts: []formPart{ops(`{}`), mapping(`{}`)}, status: 200,
			want: unprocessable("failed to parse multipart form, request body too large")},
		{name: "parse error", parts: []formPart{{"operations", "", `{"query":"{"}`}, mapping(`{}`)}, status: 422, want: parseFailed},
		{name: "unencodable data", parts: []formPart{{"operations", "", `{"query":"{ nan }"}`}, mapping(`{}`)}, status: 500, want: internal},
	} {
		t.Run(c.name, func(t *testing.T) {
			body, contentType := multipartBody(t, c.parts...)
			r := httptest.NewRequest("POST", "/", strings.NewReader(body))
			r.Header.Set("Content-Type", contentType)
			w := serveHTTP(t, c.tr, testExec{}, r)
			if w.Code != c.status || w.Body.String() != c.want {
				t.Errorf("got %d %s\nwant %d %s", w.Code, w.Body, c.status, c.want)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}

	t.Run("not multipart", func(t *testing.T) {
		r := httptest.NewRequest("POST", "/", strings.NewReader("x"))
		r.Header.Set("Content-Type", "multipart/form-data")
		if w := serveHTTP(t, MultipartForm{}, testExec{}, r); w.Code != 422 || w.Body.String() != unprocessable("failed to parse multipart form") {
			t.Errorf("got %d %s", w.Code, w.Body)
		}
	})

	t.Run("body over the limit while reading", func(t *testing.T) {
		body, contentType := multipartBody(t, ops(`{"f":null}`), mapping(`{"0":["variables.f"]}`), file("0", "big", strings.Repeat("x", 1000)))
		r := httptest.NewRequest("POST", "/", &unsizedReader{strings.NewReader(body)})
		r.Header.Set("Content-Type", contentType)
		if w := serveHTTP(t, MultipartForm{MaxUploadSize: 500}, testExec{}, r); w.Code != 422 || w.Body.String() != unprocessable("failed to read file for key 0") {
			t.Errorf("got %d %s", w.Code, w.Body)
		}
	})

	t.Run("temporary files are removed", func(t *testing.T) {
		body, contentType := multipartBody(t, ops(`{"f":null,"g":null}`), mapping(`{"0":["variables.f","variables.g"]}`), file("0", "a", "content"))
		r := httptest.NewRequest("POST", "/", strings.NewReader(body))
		r.Header.Set("Content-Type", contentType)
		exec := &uploadSpy{}
		if w := serveHTTP(t, MultipartForm{MaxMemory: 1}, exec, r); w.Code != 200 {
			t.Fatalf("got %d %s", w.Code, w.Body)
		}
		if len(exec.files) != 2 || exec.files[0] == exec.files[1] {
			t.Fatalf("each path should get its own open file: %v", exec.files)
		}
		for _, f := range exec.files {
			if _, err := os.Stat(f.Name()); !os.IsNotExist(err) {
				t.Errorf("%s still exists: %v", f.Name(), err)
			}
			if _, err := f.Read(make([]byte, 1)); err == nil {
				t.Errorf("%s still open", f.Name())
			}
		}
	})
}

// uploadSpy records the temporary files of the uploads it receives.
type uploadSpy struct {
	testExec
	files []*os.File
}

func (s *uploadSpy) CreateOperationContext(ctx context.Context, p *graphql.RawParams) (*graphql.OperationContext, gqlerror.List) {
	for _, name := range []string{"f", "g"} {
		if u, ok := p.Variables[name].(graphql.Upload); ok {
			s.files = append(s.files, u.File.(*os.File))
		}
	}
	return s.testExec.CreateOperationContext(ctx, p)
}

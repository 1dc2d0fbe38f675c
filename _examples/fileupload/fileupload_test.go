package fileupload

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/client"
)

// testLimits are small so the oversize cases stay cheap.
var testLimits = Limits{MaxUploadSize: 64 << 10, MaxMemory: 8 << 10}

type file struct {
	ID          int
	Name        string
	ContentType string
	Size        int
	Sha256      string
}

// tempFile writes content to a file named name and opens it for the client.
func tempFile(t *testing.T, name string, content []byte) (*os.File, file) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	sum := sha256.Sum256(content)
	return f, file{Name: name, ContentType: http.DetectContentType(content), Size: len(content), Sha256: hex.EncodeToString(sum[:])}
}

func TestSingleUpload(t *testing.T) {
	c := client.New(NewServer(testLimits))
	f, want := tempFile(t, "a.txt", []byte("hello, upload"))
	var resp struct{ SingleUpload file }
	c.MustPost(`mutation($f: Upload!) { singleUpload(file: $f) { id name contentType size sha256 } }`, &resp,
		client.Var("f", f), client.WithFiles())
	if resp.SingleUpload != want {
		t.Errorf("got %+v\nwant %+v", resp.SingleUpload, want)
	}
}

func TestUploadInsideInput(t *testing.T) {
	c := client.New(NewServer(testLimits))
	f, want := tempFile(t, "b.json", []byte(`{"x": 1}`))
	want.ID = 7
	var resp struct{ SingleUploadWithPayload file }
	c.MustPost(`mutation($req: UploadFile!) { singleUploadWithPayload(req: $req) { id name contentType size sha256 } }`, &resp,
		client.Var("req", map[string]any{"id": 7, "file": f}), client.WithFiles())
	if resp.SingleUploadWithPayload != want {
		t.Errorf("got %+v\nwant %+v", resp.SingleUploadWithPayload, want)
	}
}

func TestMultipleUploads(t *testing.T) {
	c := client.New(NewServer(testLimits))
	// The third file is larger than MaxMemory, so the request body is too:
	// the transport keeps its files on disk instead of in memory.
	f1, w1 := tempFile(t, "one.txt", []byte("first"))
	f2, w2 := tempFile(t, "two.txt", []byte("second"))
	f3, w3 := tempFile(t, "big.bin", bytes.Repeat([]byte{0, 1, 2, 3}, 4<<10))
	w1.ID, w2.ID, w3.ID = 0, 1, 2

	var list struct{ MultipleUpload []file }
	c.MustPost(`mutation($fs: [Upload!]!) { multipleUpload(files: $fs) { id name contentType size sha256 } }`, &list,
		client.Var("fs", []*os.File{f1, f2, f3}), client.WithFiles())
	if len(list.MultipleUpload) != 3 || list.MultipleUpload[0] != w1 || list.MultipleUpload[1] != w2 || list.MultipleUpload[2] != w3 {
		t.Errorf("multipleUpload: %+v", list.MultipleUpload)
	}

	for _, f := range []*os.File{f1, f2} {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
	}
	var inputs struct{ MultipleUploadWithPayload []file }
	w1.ID, w2.ID = 10, 20
	c.MustPost(`mutation($req: [UploadFile!]!) { multipleUploadWithPayload(req: $req) { id name contentType size sha256 } }`, &inputs,
		client.Var("req", []map[string]any{{"id": 10, "file": f1}, {"id": 20, "file": f2}}), client.WithFiles())
	if len(inputs.MultipleUploadWithPayload) != 2 || inputs.MultipleUploadWithPayload[0] != w1 || inputs.MultipleUploadWithPayload[1] != w2 {
		t.Errorf("multipleUploadWithPayload: %+v", inputs.MultipleUploadWithPayload)
	}
}

// multipartBody builds a spec request uploading content as variable f.
func multipartBody(t *testing.T, content []byte) (*bytes.Buffer, string) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fields := [][2]string{
		{"operations", `{"query":"mutation($f: Upload!) { singleUpload(file: $f) { size } }","variables":{"f":null}}`},
		{"map", `{"0":["variables.f"]}`},
	}
	for _, kv := range fields {
		if err := w.WriteField(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	part, err := w.CreateFormFile("0", "big.bin")
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	return &body, w.FormDataContentType()
}

func TestOversizeUploads(t *testing.T) {
	srv := NewServer(testLimits)
	tooBig := bytes.Repeat([]byte("x"), int(testLimits.MaxUploadSize)+1)

	t.Run("declared length", func(t *testing.T) {
		// A Content-Length over the limit is refused before any of the body
		// is read, with a GraphQL error (status 200, as upstream gqlgen).
		body, contentType := multipartBody(t, tooBig)
		req := httptest.NewRequest(http.MethodPost, "/", body)
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "request body too large") {
			t.Errorf("status %d, body %s", rec.Code, rec.Body)
		}
	})

	t.Run("streamed without a length", func(t *testing.T) {
		// The client package streams its multipart body, so the transport
		// only finds out while reading the file: 422 with an error.
		f, _ := tempFile(t, "big.bin", tooBig)
		var resp map[string]any
		err := client.New(srv).Post(`mutation($f: Upload!) { singleUpload(file: $f) { size } }`, &resp,
			client.Var("f", f), client.WithFiles())
		if err == nil || !strings.Contains(err.Error(), "422") || !strings.Contains(err.Error(), "failed to read file for key 0") {
			t.Errorf("want a 422 naming the file's key, got %v", err)
		}
	})

	t.Run("just under the limit", func(t *testing.T) {
		body, contentType := multipartBody(t, bytes.Repeat([]byte("x"), 60<<10))
		req := httptest.NewRequest(http.MethodPost, "/", body)
		req.Header.Set("Content-Type", contentType)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Body.String() != `{"data":{"singleUpload":{"size":61440}}}` {
			t.Errorf("status %d, body %s", rec.Code, rec.Body)
		}
	})
}

func TestMalformedMultipart(t *testing.T) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("operations", `{"query":"{ maxUploadSize }"}`)
	w.WriteField("0", "a file without a map")
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	rec := httptest.NewRecorder()
	NewServer(testLimits).ServeHTTP(rec, req)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "map") {
		t.Errorf("status %d, body %s", rec.Code, rec.Body)
	}

	var resp struct{ MaxUploadSize int }
	client.New(NewServer(testLimits)).MustPost(`{ maxUploadSize }`, &resp)
	if resp.MaxUploadSize != 64<<10 {
		t.Errorf("maxUploadSize = %d", resp.MaxUploadSize)
	}
}

package transport

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// MultipartForm serves file uploads as described by the GraphQL multipart
// request specification (github.com/jaydenseric/graphql-multipart-request-spec):
// a multipart/form-data body whose first part, "operations", is the JSON
// request, whose second part, "map", says which variables each file part
// fills ({"0": ["variables.file"]}), followed by the file parts. Every
// mapped variable receives a graphql.Upload.
type MultipartForm struct {
	// MaxUploadSize limits the whole request body, in bytes (default 32 MiB).
	MaxUploadSize int64
	// MaxMemory decides where files are kept: in memory when the request's
	// Content-Length is below it, in temporary files removed after the
	// request otherwise (default 32 MiB).
	MaxMemory int64

	// ResponseHeaders are added to every response; when empty, the only
	// header added is Content-Type: application/json.
	ResponseHeaders map[string][]string
}

var _ graphql.Transport = MultipartForm{}

// Supports accepts POST requests with Content-Type multipart/form-data that
// are not websocket upgrades.
func (f MultipartForm) Supports(r *http.Request) bool {
	return isPlainPOST(r, "multipart/form-data")
}

func orDefault(v, def int64) int64 {
	if v == 0 {
		return def
	}
	return v
}

// uploadError is a failure of the multipart request, answered with status
// (0 keeps 200) and err as the only error of the response.
type uploadError struct {
	status int
	err    *gqlerror.Error
}

func unprocessable(format string, args ...any) *uploadError {
	return &uploadError{status: http.StatusUnprocessableEntity, err: &gqlerror.Error{Message: fmt.Sprintf(format, args...)}}
}

// Do reads the operations, the map and the files, then runs the operation
// and writes its response. Malformed requests are answered with 422, except
// a declared Content-Length over MaxUploadSize, which upstream gqlgen
// answers with an error and status 200.
func (f MultipartForm) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	addHeaders(w, f.ResponseHeaders)
	start := graphql.Now()

	params := getParams()
	defer putParams(params)
	var cleanup []func()
	defer func() {
		for i := len(cleanup) - 1; i >= 0; i-- { // files close before they are removed
			cleanup[i]()
		}
	}()
	if fail := f.readRequest(w, r, params, &cleanup); fail != nil {
		if fail.status != 0 {
			w.WriteHeader(fail.status)
		}
		writeResponse(r.Context(), w, exec, &graphql.Response{Errors: gqlerror.List{fail.err}})
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	runSingle(w, r, exec, params, statusFor)
}

// readRequest fills params from the multipart body. Functions that release
// temporary files are appended to cleanup.
func (f MultipartForm) readRequest(w http.ResponseWriter, r *http.Request, params *graphql.RawParams, cleanup *[]func()) *uploadError {
	maxUpload := orDefault(f.MaxUploadSize, 32<<20)
	if r.ContentLength > maxUpload {
		return &uploadError{err: &gqlerror.Error{Message: "failed to parse multipart form, request body too large"}}
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUpload)
	*cleanup = append(*cleanup, func() { _ = r.Body.Close() })

	reader, err := r.MultipartReader()
	if err != nil {
		return unprocessable("failed to parse multipart form")
	}

	buf := getBuffer()
	defer putBuffer(buf)
	part, err := reader.NextPart()
	if err != nil || part.FormName() != "operations" {
		return unprocessable("first part must be operations")
	}
	if *buf, err = readPart(part, *buf); err != nil || decodeJSON(*buf, params) != nil {
		return unprocessable("operations form field could not be decoded")
	}

	part, err = reader.NextPart()
	if err != nil || part.FormName() != "map" {
		return unprocessable("second part must be map")
	}
	uploads := map[string][]string{}
	if *buf, err = readPart(part, (*buf)[:0]); err != nil || decodeJSON(*buf, &uploads) != nil {
		return unprocessable("map form field could not be decoded")
	}

	inMemory := r.ContentLength < orDefault(f.MaxMemory, 32<<20)
	for {
		part, err := reader.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return unprocessable("failed to parse part")
		}
		key := part.FormName()
		paths := uploads[key]
		if len(paths) == 0 {
			return unprocessable("invalid empty operations paths list for key %s", key)
		}
		delete(uploads, key)

		var open func() (io.ReadSeeker, *uploadError)
		var size int64
		if inMemory {
			content, err := io.ReadAll(part)
			if err != nil {
				return unprocessable("failed to read file for key %s", key)
			}
			size = int64(len(content))
			open = func() (io.ReadSeeker, *uploadError) { return bytes.NewReader(content), nil }
		} else {
			name, n, fail := spoolToDisk(part, key, cleanup)
			if fail != nil {
				return fail
			}
			size = n
			open = func() (io.ReadSeeker, *uploadError) {
				file, err := os.Open(name)
				if err != nil {
					return nil, unprocessable("failed to open temp file for key %s", key)
				}
				*cleanup = append(*cleanup, func() { _ = file.Close() })
				return file, nil
			}
		}
		for _, path := range paths {
			file, fail := open()
			if fail != nil {
				return fail
			}
			upload := graphql.Upload{File: file, Filename: part.FileName(), Size: size, ContentType: part.Header.Get("Content-Type")}
			if err := params.AddUpload(upload, key, path); err != nil {
				return &uploadError{status: http.StatusUnprocessableEntity, err: err}
			}
		}
	}
	for key := range uploads {
		return unprocessable("failed to get key %s from form", key)
	}
	return nil
}

// readPart appends the content of part to dst.
func readPart(part *multipart.Part, dst []byte) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	_, err := b.ReadFrom(part)
	return b.Bytes(), err
}

// spoolToDisk copies a file part to a new temporary file, which cleanup
// removes, and returns its name and size.
func spoolToDisk(part io.Reader, key string, cleanup *[]func()) (string, int64, *uploadError) {
	file, err := os.CreateTemp(os.TempDir(), "gqlgen-")
	if err != nil {
		return "", 0, unprocessable("failed to create temp file for key %s", key)
	}
	name := file.Name()
	*cleanup = append(*cleanup, func() { _ = os.Remove(name) })
	size, err := io.Copy(file, part)
	if err != nil {
		if file.Close() != nil {
			return "", 0, unprocessable("failed to copy to temp file and close temp file for key %s", key)
		}
		return "", 0, unprocessable("failed to copy to temp file for key %s", key)
	}
	if file.Close() != nil {
		return "", 0, unprocessable("failed to close temp file for key %s", key)
	}
	return name, size, nil
}

package client

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/codec"
)

// WithFiles sends the request as a GraphQL multipart upload
// (https://github.com/jaydenseric/graphql-multipart-request-spec) instead of
// JSON. The *os.File values found in the variables become file parts: a
// file directly in the variables or in a nested map[string]any, a
// []*os.File, or a file inside a []map[string]any. Files that are the same
// file on disk (os.SameFile) are sent once and mapped to every variable path
// that holds them. Parts are named "0", "1", ... in the order of the variable
// paths, sorted by key; each part's filename is the file's Name() and its
// content type is sniffed from its content.
//
// WithFiles reads the variables when it runs, so it must come after the Var
// options that set the files.
func WithFiles() Option {
	return func(r *Request) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)

		// An *os.File has no exported fields, so each file is sent as {}
		// in the operations part, where the server puts the upload.
		operations, _ := codec.Marshal(r)
		_ = mw.WriteField("operations", string(operations))

		groups := groupSameFiles(findFiles("variables", r.Variables, nil))
		_ = mw.WriteField("map", uploadMap(groups))

		for i, g := range groups {
			writeFilePart(mw, strconv.Itoa(i), g[0].file)
		}
		_ = mw.Close()

		r.HTTP.Body = io.NopCloser(&body)
		r.HTTP.Header.Set("Content-Type", mw.FormDataContentType())
	}
}

// fileVar is a file found in the variables and the dotted path that leads to
// it, such as "variables.input.files.0".
type fileVar struct {
	path string
	file *os.File
}

// findFiles appends to found the files in vars, whose own path is prefix.
// Keys are visited in sorted order so that part numbers are stable.
func findFiles(prefix string, vars map[string]any, found []fileVar) []fileVar {
	keys := make([]string, 0, len(vars))
	for k := range vars {
		keys = append(keys, k)
	}
	slices.Sort(keys)

	for _, k := range keys {
		path := prefix + "." + k
		switch v := vars[k].(type) {
		case *os.File:
			found = append(found, fileVar{path: path, file: v})
		case []*os.File:
			for i, f := range v {
				found = append(found, fileVar{path: path + "." + strconv.Itoa(i), file: f})
			}
		case map[string]any:
			found = findFiles(path, v, found)
		case []map[string]any:
			for i, m := range v {
				found = findFiles(path+"."+strconv.Itoa(i), m, found)
			}
		}
	}
	return found
}

// groupSameFiles gathers the variables that hold the same file on disk, in
// the order each file is first seen. A file that cannot be stat'ed is kept
// on its own.
func groupSameFiles(vars []fileVar) [][]fileVar {
	var groups [][]fileVar
	var infos []os.FileInfo
	for _, v := range vars {
		info, err := v.file.Stat()
		if err == nil {
			i := slices.IndexFunc(infos, func(o os.FileInfo) bool {
				return o != nil && os.SameFile(o, info)
			})
			if i >= 0 {
				groups[i] = append(groups[i], v)
				continue
			}
		} else {
			info = nil
		}
		groups = append(groups, []fileVar{v})
		infos = append(infos, info)
	}
	return groups
}

// uploadMap renders the "map" part: part name → variable paths, in part
// order, for example {"0":["variables.file"]}. It is empty when there are
// no files.
func uploadMap(groups [][]fileVar) string {
	if len(groups) == 0 {
		return ""
	}
	b := []byte{'{'}
	for i, g := range groups {
		if i > 0 {
			b = append(b, ',')
		}
		b = codec.AppendQuote(b, strconv.Itoa(i))
		b = append(b, ':', '[')
		for j, v := range g {
			if j > 0 {
				b = append(b, ',')
			}
			b = codec.AppendQuote(b, v.path)
		}
		b = append(b, ']')
	}
	return string(append(b, '}'))
}

var quoteEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// writeFilePart adds the content of f as the part called name. The content
// is read from f's path, so the position of f does not matter. An unreadable
// file gives an empty part; the server will report the missing content.
func writeFilePart(mw *multipart.Writer, name string, f *os.File) {
	content, _ := os.ReadFile(f.Name())
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition",
		`form-data; name="`+name+`"; filename="`+quoteEscaper.Replace(f.Name())+`"`)
	h.Set("Content-Type", http.DetectContentType(content))
	w, err := mw.CreatePart(h)
	if err != nil {
		return
	}
	_, _ = w.Write(content)
}

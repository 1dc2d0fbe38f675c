package client_test

import (
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
)

// formPart is one part of a multipart/form-data body as a server reads it.
type formPart struct {
	name, filename, contentType, disposition string
	body                                     string
}

// formServer records the parts of every multipart request it receives.
func formServer(t *testing.T) (http.Handler, *[]formPart, *string) {
	t.Helper()
	var parts []formPart
	var contentType string
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		contentType = r.Header.Get("Content-Type")
		mr, err := r.MultipartReader()
		if !assert.NoError(t, err) {
			return
		}
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if !assert.NoError(t, err) {
				return
			}
			b, _ := io.ReadAll(p)
			parts = append(parts, formPart{
				name:        p.FormName(),
				filename:    p.FileName(),
				contentType: p.Header.Get("Content-Type"),
				disposition: p.Header.Get("Content-Disposition"),
				body:        string(b),
			})
		}
		_, _ = io.WriteString(w, `{"data":{"ok":true}}`)
	}), &parts, &contentType
}

func tempFile(t *testing.T, name, content string) *os.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = f.Close() })
	return f
}

func TestWithFilesSingleFile(t *testing.T) {
	h, parts, ct := formServer(t)
	f := tempFile(t, "a.txt", "The quick brown fox")

	var resp struct{ Ok bool }
	err := client.New(h).Post(`mutation ($file: Upload!) { upload(file: $file) }`, &resp,
		client.Var("file", f), client.WithFiles())
	require.NoError(t, err)
	assert.True(t, resp.Ok)

	media, params, err := mime.ParseMediaType(*ct)
	require.NoError(t, err)
	assert.Equal(t, "multipart/form-data", media)
	assert.NotEmpty(t, params["boundary"])

	require.Len(t, *parts, 3)
	ops, mapping, file := (*parts)[0], (*parts)[1], (*parts)[2]
	assert.Equal(t, "operations", ops.name)
	assert.Equal(t, `form-data; name="operations"`, ops.disposition)
	assert.Equal(t, `{"query":"mutation ($file: Upload!) { upload(file: $file) }","variables":{"file":{}}}`, ops.body)
	assert.Equal(t, "map", mapping.name)
	assert.Equal(t, `{"0":["variables.file"]}`, mapping.body)
	assert.Equal(t, "0", file.name)
	assert.Equal(t, `form-data; name="0"; filename="`+f.Name()+`"`, file.disposition)
	assert.Equal(t, "a.txt", file.filename)
	assert.Equal(t, "text/plain; charset=utf-8", file.contentType)
	assert.Equal(t, "The quick brown fox", file.body)
}

func TestWithFilesLayouts(t *testing.T) {
	dir := t.TempDir()
	open := func(name, content string) *os.File {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err != nil {
			require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
		}
		f, err := os.Open(path)
		require.NoError(t, err)
		t.Cleanup(func() { _ = f.Close() })
		return f
	}
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"

	tests := []struct {
		name    string
		vars    map[string]any
		ops     string
		mapping string
		files   []string // content of parts "0", "1", ...
		types   []string
	}{
		{
			name:    "list of files",
			vars:    map[string]any{"input": map[string]any{"files": []*os.File{open("1.txt", "one"), open("2.txt", "two")}}},
			ops:     `{"query":"q","variables":{"input":{"files":[{},{}]}}}`,
			mapping: `{"0":["variables.input.files.0"],"1":["variables.input.files.1"]}`,
			files:   []string{"one", "two"},
			types:   []string{"text/plain; charset=utf-8", "text/plain; charset=utf-8"},
		},
		{
			name: "list of objects",
			vars: map[string]any{"input": []map[string]any{
				{"id": 1, "file": open("3.txt", "three")},
				{"id": 2, "file": open("4.png", png)},
			}},
			ops:     `{"query":"q","variables":{"input":[{"file":{},"id":1},{"file":{},"id":2}]}}`,
			mapping: `{"0":["variables.input.0.file"],"1":["variables.input.1.file"]}`,
			files:   []string{"three", png},
			types:   []string{"text/plain; charset=utf-8", "image/png"},
		},
		{
			name: "sorted keys and nesting",
			vars: map[string]any{
				"req": map[string]any{
					"z":     open("5.txt", "five"),
					"files": []*os.File{open("6.txt", "six")},
					"foo":   map[string]any{"bar": open("7.txt", "seven")},
				},
				"a": open("8.bin", "\x00\x01\x02"),
			},
			ops:     `{"query":"q","variables":{"a":{},"req":{"files":[{}],"foo":{"bar":{}},"z":{}}}}`,
			mapping: `{"0":["variables.a"],"1":["variables.req.files.0"],"2":["variables.req.foo.bar"],"3":["variables.req.z"]}`,
			files:   []string{"\x00\x01\x02", "six", "seven", "five"},
			types:   []string{"application/octet-stream", "text/plain; charset=utf-8", "text/plain; charset=utf-8", "text/plain; charset=utf-8"},
		},
		{
			name: "same file sent once",
			vars: map[string]any{"files": []*os.File{open("9.txt", "nine"), open("10.txt", "ten"), open("9.txt", "nine")}},
			ops:  `{"query":"q","variables":{"files":[{},{},{}]}}`,
			mapping: `{"0":["variables.files.0","variables.files.2"],` +
				`"1":["variables.files.1"]}`,
			files: []string{"nine", "ten"},
			types: []string{"text/plain; charset=utf-8", "text/plain; charset=utf-8"},
		},
		{
			name:    "no files",
			vars:    map[string]any{"n": 1, "list": []any{open("11.txt", "not found in []any")}},
			ops:     `{"query":"q","variables":{"list":[{}],"n":1}}`,
			mapping: ``,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, parts, _ := formServer(t)
			opts := []client.Option{}
			for k, v := range tt.vars {
				opts = append(opts, client.Var(k, v))
			}
			opts = append(opts, client.WithFiles())
			_, err := client.New(h).RawPost("q", opts...)
			require.NoError(t, err)

			require.Len(t, *parts, 2+len(tt.files))
			assert.Equal(t, tt.ops, (*parts)[0].body)
			assert.Equal(t, tt.mapping, (*parts)[1].body)
			for i, content := range tt.files {
				p := (*parts)[2+i]
				assert.Equal(t, string(rune('0'+i)), p.name)
				assert.Equal(t, content, p.body)
				assert.Equal(t, tt.types[i], p.contentType)
			}
		})
	}
}

func TestWithFilesNeedsVarsFirst(t *testing.T) {
	h, parts, _ := formServer(t)
	f := tempFile(t, "late.txt", "late")
	_, err := client.New(h).RawPost("q", client.WithFiles(), client.Var("file", f))
	require.NoError(t, err)
	require.Len(t, *parts, 2)
	assert.Equal(t, `{"query":"q"}`, (*parts)[0].body)
	assert.Empty(t, (*parts)[1].body)
}

func TestWithFilesUnreadableFile(t *testing.T) {
	h, parts, _ := formServer(t)
	f := tempFile(t, "gone.txt", "gone")
	require.NoError(t, os.Remove(f.Name()))
	_, err := client.New(h).RawPost("q", client.Var("file", f), client.WithFiles())
	require.NoError(t, err)
	require.Len(t, *parts, 3)
	assert.Empty(t, (*parts)[2].body)
}

func TestWithFilesQuotesFilename(t *testing.T) {
	h, parts, _ := formServer(t)
	f := tempFile(t, `we"ird.txt`, "x")
	_, err := client.New(h).RawPost("q", client.Var("file", f), client.WithFiles())
	require.NoError(t, err)
	require.Len(t, *parts, 3)
	assert.Equal(t, `we"ird.txt`, (*parts)[2].filename)
}

package templates

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"text/template"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/internal/generator/code"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

func TestRenderTemplateString(t *testing.T) {
	root := writeModule(t, map[string]string{"model/model.go": "package model\n\ntype User struct{}\n"})
	out := filepath.Join(root, "graph", "generated.go")

	err := Render(Options{
		PackageName:     "graph",
		Filename:        out,
		GeneratedHeader: true,
		PackageDoc:      "// Package graph is generated.",
		FileNotice:      "// Edit the schema, not this file.",
		Packages:        code.NewPackages(),
		Data:            map[string]string{"Name": "user"},
		Funcs:           template.FuncMap{"shout": strings.ToUpper},
		Template: `{{ reserveImport "context" }}{{ reserveImport "fmt" }}
func {{ go .Name }}Name(ctx context.Context) string { return {{ shout .Name | quote }} }
var _ {{ lookupImport "example.com/app/model" }}.User
`,
	})
	require.NoError(t, err)

	assert.Equal(t, GeneratedCodeHeader+`

// Package graph is generated.
package graph

// Edit the schema, not this file.

import (
	"context"

	"example.com/app/model"
)

func UserName(ctx context.Context) string { return "USER" }

var _ model.User
`, readFile(t, out))
	assert.Nil(t, CurrentImports, "cleared after rendering")
}

func TestRenderTemplateFS(t *testing.T) {
	dir := t.TempDir()
	fsys := fstest.MapFS{
		"b.gotpl":        {Data: []byte("var b = {{ . }}\n")},
		"a.gotpl":        {Data: []byte("var a = {{ . }}\n")},
		"z!.gotpl":       {Data: []byte("var z = {{ template \"num\" . }}\n")},
		"helpers_.gotpl": {Data: []byte(`{{ define "num" }}{{ . }}{{ end }}`)},
	}
	out := filepath.Join(dir, "out.go")
	require.NoError(t, Render(Options{PackageName: "p", Filename: out, TemplateFS: fsys, Data: 1, RegionTags: true}))

	want := "package p\n\n" +
		"// region    " + center(70, "*", " z!.gotpl ") + "\nvar z = 1\n\n// endregion " + center(70, "*", " z!.gotpl ") + "\n\n" +
		"// region    " + center(70, "*", " a.gotpl ") + "\nvar a = 1\n\n// endregion " + center(70, "*", " a.gotpl ") + "\n\n" +
		"// region    " + center(70, "*", " b.gotpl ") + "\nvar b = 1\n\n// endregion " + center(70, "*", " b.gotpl ") + "\n"
	assert.Equal(t, want, readFile(t, out))

	// With a primary template, the FS only contributes named templates.
	require.NoError(t, Render(Options{PackageName: "p", Filename: out, TemplateFS: fsys, Data: 2, Template: `var only = {{ template "num" . }}`}))
	assert.Equal(t, "package p\n\nvar only = 2\n", readFile(t, out))
}

func TestRenderTemplatesNextToCaller(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.go")
	require.NoError(t, Render(Options{PackageName: "p", Filename: out, Data: "hi"}))
	assert.Equal(t, `package p

import (
	"strings"
)

var first = "hi"

// greeting for hi
var second = strings.ToUpper("hi")
`, readFile(t, out))
}

func TestRenderErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.go")

	err := Render(Options{Filename: out, Template: "{{ .Missing.Field }}", Data: struct{}{}})
	require.ErrorContains(t, err, "template.gotpl")
	assert.Nil(t, CurrentImports, "cleared after a failed render")

	err = Render(Options{Filename: out, Template: "{{ if }}"})
	require.ErrorContains(t, err, "error with provided template")

	err = Render(Options{Filename: out, Template: `{{ dict "odd" }}`})
	require.ErrorContains(t, err, "key-value pairs")

	nested := template.FuncMap{"nested": func() (string, error) {
		return "", Render(Options{Filename: filepath.Join(dir, "inner.go"), Template: "x"})
	}}
	err = Render(Options{Filename: out, Template: "{{ nested }}", Funcs: nested})
	require.ErrorContains(t, err, "recursive call")
	_, statErr := os.Stat(filepath.Join(dir, "inner.go"))
	assert.True(t, os.IsNotExist(statErr))
}

func TestRenderConcurrentCallsAreSerialised(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			errs[i] = Render(Options{
				PackageName: "p",
				Filename:    filepath.Join(dir, fmt.Sprintf("f%d.go", i)),
				Template:    `var _ = {{ lookupImport "strings" }}.ToUpper({{ quote . }})`,
				Data:        fmt.Sprint(i),
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("package p\n\nimport (\n\t\"strings\"\n)\n\nvar _ = strings.ToUpper(\"%d\")\n", i), readFile(t, filepath.Join(dir, fmt.Sprintf("f%d.go", i))))
	}
}

func TestRenderKeepsUnformattableOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sub", "out.go")
	stderr := os.Stderr
	devnull, err := os.Open(os.DevNull)
	require.NoError(t, err)
	os.Stderr = devnull
	defer func() { os.Stderr = stderr; devnull.Close() }()

	require.NoError(t, Render(Options{Filename: out, Template: "this is not Go"}))
	assert.Equal(t, "package \n\nimport (\n)\nthis is not Go", readFile(t, out))
}

func TestRenderSkipsUnchangedFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.go")
	opts := Options{PackageName: "p", Filename: out, Template: "var x = 1\n"}
	require.NoError(t, Render(opts))
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	require.NoError(t, os.Chtimes(out, old, old))

	require.NoError(t, Render(opts))
	fi, err := os.Stat(out)
	require.NoError(t, err)
	assert.True(t, fi.ModTime().Equal(old), "identical output is not rewritten")

	opts.Template = "var x = 2\n"
	require.NoError(t, Render(opts))
	assert.Contains(t, readFile(t, out), "var x = 2")
}

func TestRenderIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	tmpl := `{{ range . }}var _ = {{ lookupImport . }}.Name
{{ end }}`
	data := []string{"go/ast", "go/token", "go/types", "text/template", "html/template", "context"}
	var outputs []string
	for i := range 3 {
		out := filepath.Join(dir, "out"+string(rune('a'+i))+".go")
		require.NoError(t, Render(Options{PackageName: "p", Filename: out, Template: tmpl, Data: data}))
		outputs = append(outputs, readFile(t, out))
	}
	assert.Equal(t, outputs[0], outputs[1])
	assert.Equal(t, outputs[0], outputs[2])
	assert.Contains(t, outputs[0], `template1 "html/template"`)
}

func TestCenter(t *testing.T) {
	assert.Equal(t, "abcdef", center(6, "-", "abcdef"))
	assert.Equal(t, "--abc---", center(8, "-", "abc"))
	assert.Equal(t, "---abc---", center(9, "-", "abc"))
}

package imports

import (
	"bytes"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// forceChunks makes every file large enough to be split.
func forceChunks(t *testing.T) {
	t.Helper()
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("pieces are only used with several cores")
	}
	old := chunkThreshold
	chunkThreshold = 0
	t.Cleanup(func() { chunkThreshold = old })
}

// rawFormatted prints src without gofmt's alignment and with spaces for
// indentation: valid Go that gofmt has work to do on.
func rawFormatted(t *testing.T, src []byte) []byte {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, (&printer.Config{Mode: printer.RawFormat, Tabwidth: 3}).Fprint(&buf, fset, file))
	return buf.Bytes()
}

// corpus is Go source of many shapes: the repository's generated
// executable schemas and a few standard library packages.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	add := func(path string) {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		files[path] = src
	}
	repo, err := filepath.Abs("../../..")
	require.NoError(t, err)
	for _, dir := range []string{"tools/demo", "_examples/benchmark", "integration/server"} {
		found := 0
		err := filepath.Walk(filepath.Join(repo, dir), func(path string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			if info.Mode().IsRegular() && filepath.Base(path) == "generated.go" {
				add(path)
				found++
			}
			return nil
		})
		require.NoError(t, err, dir)
		require.NotZero(t, found, "no generated.go under %s", dir)
	}
	for _, pkg := range []string{"go/types", "text/template/parse", "encoding/json", "net/url"} {
		paths, err := filepath.Glob(filepath.Join(goroot(t), "src", pkg, "*.go"))
		require.NoError(t, err)
		for _, p := range paths {
			add(p)
		}
	}
	require.NotEmpty(t, files)
	return files
}

// Pruning a file in pieces gives what pruning it whole gives, byte for
// byte, for formatted and unformatted input.
func TestChunkedMatchesWhole(t *testing.T) {
	forceChunks(t)
	pkgs := code.NewPackages()
	split, pieces := 0, 0
	files := corpus(t)
	for path, src := range files {
		for variant, input := range map[string][]byte{"as is": src, "raw": rawFormatted(t, src)} {
			want, err := pruneWhole(path, input, pkgs, PruneOptions{}, newNameUse())
			require.NoError(t, err, path)
			got, ok := pruneChunked(path, input, pkgs, PruneOptions{})
			if !ok {
				continue
			}
			split++
			pieces += len(chooseCuts(splitPoints(input, 0), len(input), 0, runtime.GOMAXPROCS(0)*chunksPerCore))
			if !assert.Equal(t, string(want), string(got), "%s (%s)", path, variant) {
				return
			}
		}
	}
	t.Logf("%d of %d inputs split, into %d pieces", split, 2*len(files), pieces)
	assert.Greater(t, split, len(files), "most inputs are split")
}

// The pieces see only part of the file; what decides whether an import
// is used must still be the whole file.
func TestChunkedImportUse(t *testing.T) {
	forceChunks(t)
	inModule(t)
	cases := map[string]string{
		"used only in the last piece": "package p\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nvar a = 1\n\nvar b = 2\n\nvar c = strings.ToUpper\n",
		"name declared in another piece": "package p\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n" +
			"func f() { strings.Foo() }\n\nvar strings = struct{ Foo func() }{}\n\nvar _ = fmt.Sprint\n",
		"shadowed locally": "package p\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc f() {\n\tstrings := struct{ X int }{}\n\t_ = strings.X\n}\n\nvar _ = fmt.Sprint\n",
		"literals that look like code": "package p\n\nimport (\n\t\"fmt\"\n)\n\nvar s = `\n\nfunc x() {\n`\n\nvar r = '`'\n\n" +
			"var q = \"\\\"{\"\n\n/* {\n\nfunc y() {\n*/\n\nfunc z() { fmt.Println(s, r, q) }\n",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			pkgs := code.NewPackages()
			want, err := pruneWhole("p.go", []byte(src), pkgs, PruneOptions{}, newNameUse())
			require.NoError(t, err)
			got, ok := pruneChunked("p.go", []byte(src), pkgs, PruneOptions{})
			require.True(t, ok, "the file is split")
			assert.Equal(t, string(want), string(got))
		})
	}
}

func TestSplitPoints(t *testing.T) {
	src := "package p\n\nimport \"fmt\"\n\n" + // 0..24
		"var a = `\n\nfunc no() {}\n`\n\n" + // raw string with a blank line
		"// Doc.\nfunc f() {\n\n\tx := 1\n}\n\n" + // blank line inside a body
		"var (\n\tb = 1\n\n\tc = 2\n)\n\n" + // blank line inside a group
		"/* a\n\nfunc no() {}\n*/\n\n" +
		"type T struct{}\n"
	var starts []string
	for _, p := range splitPoints([]byte(src), 0) {
		line, _, _ := bytes.Cut([]byte(src[p:]), []byte("\n"))
		starts = append(starts, string(line))
	}
	assert.Equal(t, []string{"var a = `", "// Doc.", "var (", "/* a", "type T struct{}"}, starts)
}

func TestChunkedFallsBack(t *testing.T) {
	forceChunks(t)
	// An import binding a predeclared name: the pieces cannot tell whether
	// max below is the builtin or the package.
	shadow := "package p\n\nimport (\n\tmax \"strings\"\n)\n\nvar a = 1\n\nvar b = max(1, 2)\n"
	_, ok := pruneChunked("p.go", []byte(shadow), code.NewPackages(), PruneOptions{})
	assert.False(t, ok)
	got, err := Prune("p.go", []byte(shadow), code.NewPackages(), PruneOptions{})
	require.NoError(t, err)
	assert.Equal(t, "package p\n\nvar a = 1\n\nvar b = max(1, 2)\n", string(got))

	// A piece that does not parse sends the file down the whole path, which
	// reports the error where it is.
	src := "package p\n\nvar a = 1\n\nfunc f() {\n\treturn +\n}\n"
	_, ok = pruneChunked("p.go", []byte(src), code.NewPackages(), PruneOptions{})
	assert.False(t, ok)
	_, err = Prune("p.go", []byte(src), code.NewPackages(), PruneOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "p.go:7:1")
}

// goroot is the GOROOT of the go command on PATH, whose standard library
// sources the test reads.
func goroot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	return string(bytes.TrimSpace(out))
}

package imports

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/imports"

	"github.com/99designs/gqlgen/internal/generator/code"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// inModule makes a module example.com/app with package local (declaring
// package name "local") the working directory.
func inModule(t *testing.T) {
	t.Helper()
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/app\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(root, "local"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(root, "local", "l.go"), []byte("package local\n\nvar Value = 1\n"), 0o644))
	t.Chdir(root)
}

func golden(t *testing.T, dir, name string, got []byte) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(string(want), "\r\n", "\n"), string(got))
}

func TestPrune(t *testing.T) {
	src, err := os.ReadFile("testdata/prune.input.go.txt")
	require.NoError(t, err)
	testdata, err := filepath.Abs("testdata")
	require.NoError(t, err)
	inModule(t)

	for _, c := range []struct {
		name  string
		opts  PruneOptions
		local string
	}{
		{"prune.grouped.go.txt", PruneOptions{}, ""},
		{"prune.grouped.go.txt", PruneOptions{UseBufferPooling: true}, ""},
		{"prune.local.go.txt", PruneOptions{}, "example.com/app"},
		{"prune.flat.go.txt", PruneOptions{SkipImportGrouping: true}, ""},
		{"prune.flat.go.txt", PruneOptions{SkipImportGrouping: true, UseBufferPooling: true}, ""},
	} {
		imports.LocalPrefix = c.local
		got, err := Prune("sample.go", src, code.NewPackages(), c.opts)
		imports.LocalPrefix = ""
		require.NoError(t, err)
		golden(t, testdata, c.name, got)

		again, err := Prune("sample.go", got, code.NewPackages(), c.opts)
		require.NoError(t, err)
		assert.Equal(t, string(got), string(again), "pruning is idempotent")
	}
}

func TestPruneSpecLayouts(t *testing.T) {
	inModule(t)
	cases := []struct{ in, want string }{
		{
			"package p\n\nimport \"fmt\"\n\nvar x = 1\n",
			"package p\n\nvar x = 1\n",
		},
		{
			"package p\n\nimport (\n\t\"fmt\" // trailing comment\n\t\"strings\"\n)\n\nvar x = strings.ToUpper\n",
			"package p\n\nimport (\n\t\"strings\"\n)\n\nvar x = strings.ToUpper\n",
		},
		{
			"package p\n\nimport (\"fmt\"; \"strings\")\n\nvar x = strings.ToUpper\n",
			"package p\n\nimport (\n\t\"strings\"\n)\n\nvar x = strings.ToUpper\n",
		},
		{
			"package p\n\nimport (\"strings\"; \"fmt\")\n\nvar x = strings.ToUpper\n",
			"package p\n\nimport (\n\t\"strings\"\n)\n\nvar x = strings.ToUpper\n",
		},
		{
			"package p\n\n// Doc for the block.\nimport (\n\t\"fmt\"\n)\n\nvar x = 1\n",
			"package p\n\nvar x = 1\n",
		},
		{
			"package p\n\nimport (\n)\n\nvar x = 1\n",
			"package p\n\nvar x = 1\n",
		},
		{
			"package p\r\n\r\nimport (\r\n\t\"fmt\"\r\n\t\"strings\"\r\n)\r\n\r\nvar x = strings.ToUpper\r\n",
			"package p\n\nimport (\n\t\"strings\"\n)\n\nvar x = strings.ToUpper\n",
		},
	}
	for _, c := range cases {
		for _, opts := range []PruneOptions{{}, {SkipImportGrouping: true}} {
			got, err := Prune("p.go", []byte(c.in), code.NewPackages(), opts)
			require.NoError(t, err, c.in)
			assert.Equal(t, c.want, string(got), "%q with %+v", c.in, opts)
		}
	}
}

func TestPruneReportsSyntaxErrors(t *testing.T) {
	_, err := Prune("bad.go", []byte("package p\n\nfunc {"), nil, PruneOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.go")
}

func TestPruneUsesNameCache(t *testing.T) {
	inModule(t)
	pkgs := code.NewPackages()
	src := []byte("package p\n\nimport (\n\t\"example.com/app/local\"\n\t\"example.com/elsewhere/thing\"\n\t\"fmt\"\n)\n\nvar _ = thing.X\nvar _ = local.Value\n")
	got, err := Prune("p.go", src, pkgs, PruneOptions{})
	require.NoError(t, err)
	assert.Equal(t, "package p\n\nimport (\n\t\"example.com/app/local\"\n\t\"example.com/elsewhere/thing\"\n)\n\nvar _ = thing.X\nvar _ = local.Value\n", string(got))
	assert.Equal(t, "thing", pkgs.NameForPackage("example.com/elsewhere/thing"), "names stay cached for the next file")
}

func BenchmarkPrune(b *testing.B) {
	var src strings.Builder
	src.WriteString("package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"strconv\"\n\t\"sync\"\n\t\"errors\"\n)\n\n")
	for i := range 2000 {
		src.WriteString("func f" + strconv.Itoa(i) + "(ctx context.Context) string {\n\tif ctx == nil {\n\t\treturn fmt.Sprint(" + strconv.Itoa(i) + ")\n\t}\n\treturn \"\"\n}\n\n")
	}
	input := []byte(src.String())
	pkgs := code.NewPackages()
	for _, opts := range []PruneOptions{{}, {SkipImportGrouping: true, UseBufferPooling: true}} {
		b.Run(map[bool]string{false: "grouped", true: "flat"}[opts.SkipImportGrouping], func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(input)))
			for b.Loop() {
				if _, err := Prune("p.go", input, pkgs, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

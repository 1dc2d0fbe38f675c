package code

import (
	"errors"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typeCheckModule writes a module example.com/tc holding files under a
// temporary directory and makes it the working directory.
func typeCheckModule(t *testing.T, files map[string]string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command")
	}
	files["go.mod"] = "module example.com/tc\n\ngo 1.26\n"
	t.Chdir(writeTree(t, files))
}

const (
	validLeaf = "package leaf\n\nimport \"strings\"\n\nvar Name = strings.ToUpper(\"x\")\n"
	validRoot = "package gen\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/tc/gen/leaf\"\n)\n\nfunc Hello() string { return fmt.Sprint(leaf.Name) }\n"
)

func TestTypeCheckValid(t *testing.T) {
	typeCheckModule(t, map[string]string{
		"gen/gen.go":              validRoot,
		"gen/gen_test.go":         "package gen\n\nvar broken int = \"test files are not built\"\n",
		"gen/ignored.go":          "//go:build never\n\npackage gen\n\nvar broken int = \"excluded by a constraint\"\n",
		"gen/leaf/leaf.go":        validLeaf,
		"gen/empty/doc.go":        "// Package empty has no code.\npackage empty\n",
		"gen/testsonly/x_test.go": "package testsonly\n\nvar broken int = \"test files are not built\"\n",
		"outside/outside.go":      "package outside\n\nvar broken int = \"not matched\"\n",
		"gen/leaf/unsafe.go":      "package leaf\n\nimport \"unsafe\"\n\nconst Size = unsafe.Sizeof(uintptr(0))\n",
		"gen/generic/generic.go":  "package generic\n\nimport \"iter\"\n\nfunc Keys[K comparable, V any](m map[K]V) iter.Seq[K] {\n\treturn func(yield func(K) bool) {\n\t\tfor k := range m {\n\t\t\tif !yield(k) {\n\t\t\t\treturn\n\t\t\t}\n\t\t}\n\t}\n}\n",
	})
	decided, err := typeCheck([]string{"./gen/..."})
	assert.True(t, decided, "the fast path applies")
	require.NoError(t, err)
	require.NoError(t, Validate(false, "./gen/..."))
}

func TestTypeCheckErrors(t *testing.T) {
	cases := map[string]struct {
		files map[string]string
		want  []string
	}{
		"mismatched types": {
			files: map[string]string{
				"gen/gen.go":       "package gen\n\nimport \"example.com/tc/gen/leaf\"\n\nvar N int = leaf.Name\n",
				"gen/leaf/leaf.go": validLeaf,
			},
			want: []string{
				"# example.com/tc/gen\n",
				"gen/gen.go:5:13: cannot use leaf.Name (variable of type string) as int value in variable declaration",
			},
		},
		"error in a root other roots import": {
			files: map[string]string{
				"gen/gen.go":       validRoot,
				"gen/leaf/leaf.go": "package leaf\n\nvar Name = undefinedThing\n",
			},
			want: []string{"# example.com/tc/gen/leaf\n", "gen/leaf/leaf.go:3:12: undefined: undefinedThing"},
		},
		"unused import": {
			files: map[string]string{"gen/gen.go": "package gen\n\nimport \"strings\"\n"},
			want:  []string{"gen/gen.go:3:8: \"strings\" imported and not used"},
		},
		"missing method": {
			files: map[string]string{
				"gen/gen.go": "package gen\n\nimport \"fmt\"\n\ntype R struct{}\n\nvar _ fmt.Stringer = R{}\n",
			},
			want: []string{"gen/gen.go:7:22: cannot use R{} (value of struct type R) as fmt.Stringer value in variable declaration: R does not implement fmt.Stringer (missing method String)"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			typeCheckModule(t, tc.files)
			decided, err := typeCheck([]string{"./gen/..."})
			assert.True(t, decided, "the fast path applies")
			var te *TypeErrors
			require.True(t, errors.As(err, &te), "got %v", err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.Equal(t, err.Error(), Validate(true, "./gen/...").Error())
		})
	}
}

func TestTypeCheckTooManyErrors(t *testing.T) {
	var src strings.Builder
	src.WriteString("package gen\n\n")
	for range 15 {
		src.WriteString("var _ int = \"s\"\n")
	}
	typeCheckModule(t, map[string]string{"gen/gen.go": src.String()})
	decided, err := typeCheck([]string{"./gen/..."})
	assert.True(t, decided)
	require.Error(t, err)
	msg := err.Error()
	assert.Equal(t, maxTypeErrors, strings.Count(msg, "cannot use"), msg)
	assert.Contains(t, msg, "gen/gen.go:3:13: ")
	assert.True(t, strings.HasSuffix(msg, "\ntoo many errors"), msg)
}

// The fast path steps aside where it cannot see what the compiler sees;
// the compiler's verdict is the answer then.
func TestTypeCheckFallsBack(t *testing.T) {
	cases := map[string]struct {
		files   map[string]string
		cgo     bool
		wantErr []string // from go build; none means the build passes
	}{
		"assembly in a root": {
			files: map[string]string{"gen/gen.go": validRoot, "gen/leaf/leaf.go": validLeaf, "gen/leaf/empty.s": ""},
		},
		"assembly in a root with a type error": {
			files: map[string]string{
				"gen/gen.go":       "package gen\n\nvar N int = \"s\"\n",
				"gen/leaf/leaf.go": validLeaf,
				"gen/leaf/empty.s": "",
			},
			wantErr: []string{"validation failed", "gen/gen.go:3:13:"},
		},
		"cgo in a root": {
			files: map[string]string{
				"gen/gen.go":       validRoot,
				"gen/leaf/leaf.go": validLeaf,
				"gen/leaf/c.go":    "package leaf\n\n// int two(void) { return 2; }\nimport \"C\"\n\nfunc Two() int { return int(C.two()) }\n",
			},
			cgo: true,
		},
		"a dependency importing a root": {
			files: map[string]string{
				"gen/gen.go":       "package gen\n\nimport \"example.com/tc/mid\"\n\nvar N = mid.Name\n",
				"gen/leaf/leaf.go": validLeaf,
				"mid/mid.go":       "package mid\n\nimport \"example.com/tc/gen/leaf\"\n\nvar Name = leaf.Name\n",
			},
		},
		"a dependency that does not compile": {
			files: map[string]string{
				"gen/gen.go": "package gen\n\nimport \"example.com/tc/mid\"\n\nvar N = mid.Name\n",
				"mid/mid.go": "package mid\n\nvar Name int = \"s\"\n",
			},
			wantErr: []string{"validation failed", "mid/mid.go:3:16:"},
		},
		"a missing import": {
			files:   map[string]string{"gen/gen.go": "package gen\n\nimport \"example.com/tc/nowhere\"\n\nvar N = nowhere.X\n"},
			wantErr: []string{"validation failed", "example.com/tc/nowhere"},
		},
		"a syntax error": {
			files:   map[string]string{"gen/gen.go": "package gen\n\nvar N = \n"},
			wantErr: []string{"validation failed", "gen/gen.go:4:1:"},
		},
		"a function without a body": {
			files:   map[string]string{"gen/gen.go": "package gen\n\nfunc f()\n"},
			wantErr: []string{"validation failed", "gen/gen.go:3:6: missing function body"},
		},
		"a linkname directive": {
			files: map[string]string{"gen/gen.go": "package gen\n\nimport _ \"unsafe\"\n\n//go:linkname f example.com/tc/gen.g\nfunc f() {}\n"},
		},
		"an embed directive without the embed import": {
			files:   map[string]string{"gen/gen.go": "package gen\n\n//go:embed gen.go\nvar s string\n"},
			wantErr: []string{"validation failed", "gen/gen.go:3:3:", "import \"embed\""},
		},
		"an embed directive on a var of another type": {
			files:   map[string]string{"gen/gen.go": "package gen\n\nimport _ \"embed\"\n\n//go:embed gen.go\nvar n int\n"},
			wantErr: []string{"validation failed", "gen/gen.go:6:5:"},
		},
		"a main package without main": {
			files:   map[string]string{"gen/gen.go": validRoot, "gen/leaf/leaf.go": validLeaf, "gen/cmd/main.go": "package main\n\nvar X = 1\n"},
			wantErr: []string{"validation failed", "function main is undeclared in the main package"},
		},
		"nothing matched": {
			files: map[string]string{"gen/README": "no Go here\n", "other/other.go": "package other\n"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if tc.cgo {
				if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
					t.Skip("cgo is disabled")
				}
				if _, err := exec.LookPath("gcc"); err != nil && runtime.GOOS != "darwin" {
					t.Skip("no C compiler")
				}
			}
			typeCheckModule(t, tc.files)
			decided, _ := typeCheck([]string{"./gen/..."})
			assert.False(t, decided, "the fast path must step aside")
			err := Validate(true, "./gen/...")
			if len(tc.wantErr) == 0 {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tc.wantErr {
				assert.Contains(t, filepath.ToSlash(err.Error()), w)
			}
		})
	}
}

func TestGoEnvUsable(t *testing.T) {
	ours := runtime.Version()
	cases := []struct {
		env  goEnv
		want bool
	}{
		{goEnv{GOARCH: "amd64", GOVERSION: ours}, true},
		{goEnv{GOARCH: "arm64", GOVERSION: "go1.22.3"}, true},
		{goEnv{GOARCH: "amd64", GOVERSION: "go1.999"}, false},
		{goEnv{GOARCH: "amd64", GOVERSION: "devel +abc"}, false},
		{goEnv{GOARCH: "amd64", GOVERSION: ours, GOEXPERIMENT: "somefeature"}, false},
		{goEnv{GOARCH: "no-such-arch", GOVERSION: ours}, false},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, tc.env.usable(), "%+v", tc.env)
	}
}

func TestPlanCheck(t *testing.T) {
	pkgs := []*listed{
		{ImportPath: "fmt", DepOnly: true},
		{ImportPath: "m/gen/leaf", Imports: []string{"strings", "unsafe"}},
		{ImportPath: "strings", DepOnly: true},
		{ImportPath: "m/gen", Imports: []string{"fmt", "m/gen/leaf"}, Deps: []string{"fmt", "m/gen/leaf"}},
	}
	plan, ok := planCheck(pkgs)
	require.True(t, ok)
	assert.Equal(t, []string{"fmt", "strings"}, plan.external)
	require.Len(t, plan.roots, 2)
	assert.Equal(t, "m/gen/leaf", plan.roots[0].ImportPath)
	assert.Equal(t, "m/gen", plan.roots[1].ImportPath)

	withErr := []*listed{{ImportPath: "m/gen", Error: &struct{ Err string }{"bad"}}}
	_, ok = planCheck(withErr)
	assert.False(t, ok, "a root with a list error")

	depErr := []*listed{{ImportPath: "x", DepOnly: true, Error: &struct{ Err string }{"bad"}}, {ImportPath: "m/gen"}}
	_, ok = planCheck(depErr)
	assert.False(t, ok, "a dependency with a list error")

	_, ok = planCheck(nil)
	assert.False(t, ok, "no roots")
}

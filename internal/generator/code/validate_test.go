package code

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validateModule writes a module example.com/tc holding files under a
// temporary directory and makes it the working directory.
func validateModule(t *testing.T, files map[string]string) {
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

// stale reports whether the go command would compile the packages the
// pattern matches again (false: the build cache holds them).
func stale(t *testing.T, flags []string, pattern string) string {
	t.Helper()
	args := append(append([]string{"list"}, flags...), "-f", "{{.ImportPath}}={{.Stale}}", pattern)
	out, err := exec.Command("go", args...).CombinedOutput()
	require.NoError(t, err, "%s", out)
	return strings.TrimSpace(string(out))
}

func TestValidatePasses(t *testing.T) {
	validateModule(t, map[string]string{
		"gen/gen.go":              validRoot,
		"gen/gen_test.go":         "package gen\n\nvar broken int = \"test files are not built\"\n",
		"gen/ignored.go":          "//go:build never\n\npackage gen\n\nvar broken int = \"excluded by a constraint\"\n",
		"gen/leaf/leaf.go":        validLeaf,
		"gen/empty/doc.go":        "// Package empty has no code.\npackage empty\n",
		"gen/testsonly/x_test.go": "package testsonly\n\nvar broken int = \"test files are not built\"\n",
		"outside/outside.go":      "package outside\n\nvar broken int = \"not matched\"\n",
	})
	require.NoError(t, Validate(false, nil, "./gen/..."))
}

// What the validation compiled is what the next plain go build needs: it
// finds every matched package in the build cache. With fast set, the
// flags differ and it does not.
func TestValidateFillsTheBuildCache(t *testing.T) {
	validateModule(t, map[string]string{
		"gen/gen.go":       validRoot,
		"gen/leaf/leaf.go": validLeaf,
	})
	// The module's directory is new, and the go command keys a package
	// by its directory too: nothing is cached yet.
	want := "example.com/tc/gen=true\nexample.com/tc/gen/leaf=true"
	require.Equal(t, want, stale(t, nil, "./gen/..."))

	require.NoError(t, Validate(true, nil, "./gen/..."))
	assert.Equal(t, want, stale(t, nil, "./gen/..."), "fast validation compiles with other flags")

	require.NoError(t, Validate(false, nil, "./gen/..."))
	assert.Equal(t, "example.com/tc/gen=false\nexample.com/tc/gen/leaf=false", stale(t, nil, "./gen/..."))
}

func TestValidateBuildTags(t *testing.T) {
	validateModule(t, map[string]string{
		"gen/gen.go":   "//go:build special && other\n\npackage gen\n\nvar N int = \"only with both tags\"\n",
		"gen/plain.go": "package gen\n",
	})
	require.NoError(t, Validate(false, nil, "./gen/..."))
	require.NoError(t, Validate(false, []string{"special"}, "./gen/..."))
	err := Validate(false, []string{"special", "other"}, "./gen/...")
	require.Error(t, err)
	assert.Contains(t, filepath.ToSlash(err.Error()), "gen/gen.go:5:13:")
}

func TestValidateErrors(t *testing.T) {
	tooMany := "package gen\n\n" + strings.Repeat("var _ int = \"s\"\n", 15)
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
		"error in a matched package others import": {
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
		"a dependency that does not compile": {
			files: map[string]string{
				"gen/gen.go": "package gen\n\nimport \"example.com/tc/mid\"\n\nvar N = mid.Name\n",
				"mid/mid.go": "package mid\n\nvar Name int = \"s\"\n",
			},
			want: []string{"mid/mid.go:3:16:"},
		},
		"a missing import": {
			files: map[string]string{"gen/gen.go": "package gen\n\nimport \"example.com/tc/nowhere\"\n\nvar N = nowhere.X\n"},
			want:  []string{"example.com/tc/nowhere"},
		},
		"a syntax error": {
			files: map[string]string{"gen/gen.go": "package gen\n\nvar N = \n"},
			want:  []string{"gen/gen.go:4:1:"},
		},
		"a function without a body": {
			files: map[string]string{"gen/gen.go": "package gen\n\nfunc f()\n"},
			want:  []string{"gen/gen.go:3:6: missing function body"},
		},
		"an embed directive without the embed import": {
			files: map[string]string{"gen/gen.go": "package gen\n\n//go:embed gen.go\nvar s string\n"},
			want:  []string{"gen/gen.go:3:3:", "import \"embed\""},
		},
		"a main package without main": {
			files: map[string]string{"gen/gen.go": validRoot, "gen/leaf/leaf.go": validLeaf, "gen/cmd/main.go": "package main\n\nvar X = 1\n"},
			want:  []string{"function main is undeclared in the main package"},
		},
		"too many errors": {
			files: map[string]string{"gen/gen.go": tooMany},
			want:  []string{"gen/gen.go:3:13: ", "too many errors"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			validateModule(t, tc.files)
			for _, fast := range []bool{false, true} {
				err := Validate(fast, nil, "./gen/...")
				var be *BuildError
				require.True(t, errors.As(err, &be), "fast=%v: got %v", fast, err)
				assert.NotZero(t, be.ExitCode)
				for _, w := range tc.want {
					assert.Contains(t, filepath.ToSlash(err.Error()), w, "fast=%v", fast)
				}
			}
		})
	}
}

func TestValidateNothingToDo(t *testing.T) {
	validateModule(t, map[string]string{"gen/README": "no Go here\n", "other/other.go": "package other\n\nvar broken int = \"s\"\n"})
	require.NoError(t, Validate(false, nil, "./gen/..."))
	require.NoError(t, Validate(false, nil))
}

func TestBuildErrorWithoutOutput(t *testing.T) {
	assert.Equal(t, "go build exited with status 2", (&BuildError{ExitCode: 2}).Error())
}

package genfresh

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// writeRepo lays out a one-package module whose go:generate line copies
// in.txt to out.txt: a stand-in generator that needs no compilation.
func writeRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	// Check keeps its scratch copy under os.TempDir; keep it in the test's.
	t.Setenv("TMPDIR", t.TempDir())
	root := t.TempDir()
	base := map[string]string{
		"go.mod":              "module example.com/fresh\n\ngo 1.22\n",
		"gen/gen.go":          "package gen\n\n//go:generate cp in.txt out.txt\n",
		"gen/in.txt":          "v2\n",
		"gen/gqlgen.yml":      "schema: []\n",
		"other/gqlgen.yml":    "schema: []\n",
		"nested/go.mod":       "module example.com/nested\n",
		"nested/x/gqlgen.yml": "schema: []\n",
	}
	for name, content := range files {
		base[name] = content
	}
	for name, content := range base {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCheck(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in generator is cp")
	}
	for _, tc := range []struct {
		name      string
		committed map[string]string
		want      string // "" for fresh
	}{
		{"fresh", map[string]string{"gen/out.txt": "v2\n"}, ""},
		{"stale", map[string]string{"gen/out.txt": "v1\n"}, "out.txt: differs from line 1"},
		{"stale line kept verbatim", map[string]string{"gen/out.txt": "v2\n// extra\n"}, `committed:   "// extra"`},
		{"never committed", nil, "out.txt: created by the generator, not committed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := writeRepo(t, tc.committed)
			err := Check(context.Background(), root, "gen")
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("want fresh, got %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("want an error containing %q, got %v", tc.want, err)
			}
			// The check never touches the repository it checks.
			if got, _ := os.ReadFile(filepath.Join(root, "gen", "out.txt")); string(got) != tc.committed["gen/out.txt"] {
				t.Errorf("the committed out.txt changed to %q", got)
			}
		})
	}
}

func TestCheckReportsGeneratorFailure(t *testing.T) {
	root := writeRepo(t, map[string]string{"gen/gen.go": "package gen\n\n//go:generate false\n"})
	if err := Check(context.Background(), root, "gen"); err == nil || !strings.Contains(err.Error(), "go generate ./... failed") {
		t.Fatalf("want a generate failure, got %v", err)
	}
}

func TestCheckLeavesOtherDirectoriesAlone(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in generator is cp")
	}
	// other/ is stale-looking (its generator would fail), but only gen is checked.
	root := writeRepo(t, map[string]string{"gen/out.txt": "v2\n", "other/x.go": "package other\n\n//go:generate false\n"})
	if err := Check(context.Background(), root, "gen"); err != nil {
		t.Fatalf("want fresh, got %v", err)
	}
}

func TestDiscover(t *testing.T) {
	root := writeRepo(t, map[string]string{
		"lines/resolver.go":                     "package lines\n\n" + gqlgenLine + " generate\n",
		"plain/resolver.go":                     "package plain\n\n//go:generate stringer -type X\n",
		"gen/sub/gqlgen.yml":                    "schema: []\n",
		"testdata/p/gqlgen.yml":                 "schema: []\n",
		"node_modules/p/gqlgen.yml":             "schema: []\n",
		"_examples/benchmark/gen300/gqlgen.yml": "schema: []\n",
	})
	dirs, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	// nested/x is in a module of its own and still found; gen/sub is below
	// a found directory; testdata, node_modules and gen300 are left out.
	if got, want := strings.Join(dirs, " "), "gen lines nested/x other"; got != want {
		t.Errorf("Discover = %q, want %q", got, want)
	}
	if _, ok := NotGenerated()["_examples/benchmark/gen300"]; !ok {
		t.Errorf("NotGenerated = %v, want gen300 with its reason", NotGenerated())
	}
}

func TestGroupByModule(t *testing.T) {
	root := writeRepo(t, map[string]string{
		"go.mod":         "module example.com/r\n",
		"a/gqlgen.yml":   "",
		"m/go.mod":       "module example.com/m\n",
		"m/x/gqlgen.yml": "",
		"m/y/gqlgen.yml": "",
		"n/go.mod":       "module example.com/n\n",
		"n/gqlgen.yml":   "",
		"b/c/gqlgen.yml": "",
	})
	got := groupByModule(root, []string{"m/x", "a", "n", "m/y", "b/c"})
	want := [][]int{{0, 3}, {1, 4}, {2}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("groupByModule = %v, want %v", got, want)
	}
}

// TestCheckSkipsValidation: the generator sees skip_validation: true in the
// copy's gqlgen.yml (a stand-in generator copies the file it sees), unless
// the file sets the key itself, and the file is put back before the
// comparison, so that the change is never reported as a difference.
func TestCheckSkipsValidation(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in generator is cp")
	}
	for _, tc := range []struct {
		name, yml, seen string
	}{
		{"added", "schema: []\n", "schema: []\nskip_validation: true\n"},
		{"added after a last line without newline", "schema: []", "schema: []\nskip_validation: true\n"},
		{"the file's own setting kept", "schema: []\nskip_validation: false\n", "schema: []\nskip_validation: false\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := writeRepo(t, map[string]string{
				"gen/gen.go":     "package gen\n\n//go:generate cp gqlgen.yml seen.txt\n",
				"gen/gqlgen.yml": tc.yml,
				"gen/seen.txt":   tc.seen,
			})
			if err := Check(context.Background(), root, "gen"); err != nil {
				t.Fatalf("want fresh (the generator saw %q and gqlgen.yml restored), got:\n%v", tc.seen, err)
			}
		})
	}
}

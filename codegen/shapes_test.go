package codegen_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites golden files from the generator's output.
var update = flag.Bool("update", false, "rewrite the golden files of generated code")

// TestShapesGolden generates the shapes fixture, which has every kind of
// field (struct field, method, resolver; with and without arguments, with
// directives), and compares the output with the checked-in golden file:
// any change to the generator's output shows as a diff here and must be
// accepted with -update (or GQLGEN_UPDATE_GOLDEN=1). It then runs the
// fixture's queries with and without field middleware.
func TestShapesGolden(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "shapes", "generated.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	m := newTestModule(t, "shapes", nil)
	m.generate()
	got := m.read("generated.go")
	if *update || os.Getenv("GQLGEN_UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("generated code differs from %s (run with -update to accept):\n%s", golden, lineDiff(string(want), got))
	}
	m.goCmd("vet", ".")
	m.goCmd("test", "-count=1", ".")
}

// lineDiff shows where two texts first differ, with a few lines around.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	from := max(0, i-3)
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (want %d lines, got %d)\n", i+1, len(w), len(g))
	for j := from; j < i+4; j++ {
		if j < len(w) && (j >= len(g) || w[j] != g[j]) {
			fmt.Fprintf(&b, "-%5d %s\n", j+1, w[j])
		}
		if j < len(g) && (j >= len(w) || w[j] != g[j]) {
			fmt.Fprintf(&b, "+%5d %s\n", j+1, g[j])
		} else if j < len(g) {
			fmt.Fprintf(&b, " %5d %s\n", j+1, g[j])
		}
	}
	return b.String()
}

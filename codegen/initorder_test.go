package codegen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/tools/initcost"
)

// TestInitOrderGraph generates a schema whose types reach one another
// every way they can and checks the reference graph the type checker's
// initialization order pass works on (see doc.go): no two functions may
// reach each other through references between functions, in any layout,
// except the few introspection functions writing __Type values, a set of
// fixed size (value types are called directly: through a variable the
// value would move to the heap).
// Before the calls between types went through late_ variables, the
// objects, their marshalers, the interfaces, the input unmarshalers and
// the childFields_ and blocks_ functions of this schema made six sets, the
// largest of 19 functions.
func TestInitOrderGraph(t *testing.T) {
	const base = "schema: [\"*.graphqls\"]\nautobind: [\"example.com/cycles\"]\nmodels:\n  User:\n    fields:\n      friends:\n        resolver: true\n  Comment:\n    fields:\n      slow:\n        resolver: true\n"
	for _, tc := range []struct{ name, yml string }{
		{"single file", base + "exec:\n  filename: generated.go\n  package: cycles\n"},
		{"follow schema", base + "exec:\n  layout: follow-schema\n  dir: .\n  package: cycles\n"},
		{"function syntax", base + "exec:\n  filename: generated.go\n  package: cycles\nuse_function_syntax_for_execution_context: true\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestModule(t, "cycles", map[string]string{"gqlgen.yml": tc.yml})
			m.generate()
			files, err := initcost.ParseDir(m.dir)
			if err != nil {
				t.Fatal(err)
			}
			r := initcost.Measure(files, 1e7)
			t.Logf("%d funcs, %d vars, %d edges, largest set %d, work %d", r.Funcs, r.Vars, r.Edges, r.LargestSCC, r.Work)
			for _, set := range r.Sets {
				for _, name := range set {
					if !strings.Contains(name, "__Type") {
						t.Errorf("%d generated functions reach one another directly: %s", len(set), strings.Join(set, ", "))
						break
					}
				}
			}
			if r.LargestSCC > 8 {
				t.Errorf("the largest set of functions reaching one another has %d, want at most 8", r.LargestSCC)
			}
			if r.Funcs < 50 {
				t.Errorf("only %d functions in %s: the fixture did not generate", r.Funcs, filepath.Base(m.dir))
			}
			m.goCmd("vet", ".")
		})
	}
}

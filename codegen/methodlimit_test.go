package codegen_test

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/99designs/gqlgen/codegen"
)

var methodDecl = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) `)

// generatedMethods counts the methods the generated files of m declare on
// executionContext.
func generatedMethods(t *testing.T, m *testModule) int {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(m.dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range names {
		n += len(methodDecl.FindAllStringIndex(m.read(filepath.Base(name)), -1))
	}
	return n
}

// TestMethodCountBounds checks that the estimate fitMethodLimit goes by is
// an upper bound on the methods generated, and not a loose one.
func TestMethodCountBounds(t *testing.T) {
	for _, fixture := range []string{"exec", "cycles", "bench"} {
		t.Run(fixture, func(t *testing.T) {
			m := newTestModule(t, fixture, nil)
			data := m.generate()
			got, est := generatedMethods(t, m), codegen.MethodCount(data)
			t.Logf("%d methods generated, %d estimated", got, est)
			if est < got || est > got+got/5+25 {
				t.Errorf("estimate %d for %d generated methods, want between %d and %d", est, got, got, got+got/5+25)
			}
		})
	}
}

// TestMethodLimitSwitchesToFunctions lowers the budget under the cycles
// schema's count: the executable schema is then written with functions
// taking the execution context, and still compiles.
func TestMethodLimitSwitchesToFunctions(t *testing.T) {
	defer codegen.SetMethodBudget(30)()
	m := newTestModule(t, "cycles", nil)
	data := m.generate()
	if !data.Config.UseFunctionSyntaxForExecutionContext {
		t.Fatal("the budget of 30 methods did not switch to function syntax")
	}
	// What is left are the API's few (queryResponses, dataResponse, ...).
	if n := generatedMethods(t, m); n > 5 {
		t.Errorf("%d methods on executionContext are left, want the API's 5", n)
	}
	m.goCmd("vet", ".")
}

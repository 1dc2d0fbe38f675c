package codegen_test

import (
	"regexp"
	"testing"
)

// TestGeneratedListAllocations generates the schema of graphql's execution
// benchmarks and bounds the allocations its generated code makes per item
// of a 100-item list, without field middleware: the item's field set and
// the child object's field set (which carries the child field's lazy
// FieldContext), plus a little for the list.
//
// To see the figures: go test -run TestGeneratedListAllocations -v, or
// generate testdata/bench and run its benchmarks.
func TestGeneratedListAllocations(t *testing.T) {
	m := newTestModule(t, "bench", nil)
	m.generate()
	out := m.goCmdEnv([]string{"ALLOCS_PER_ITEM=2.5"}, "test", "-count=1", "-v", "-run", "TestList|TestAllocations", ".")
	if line := regexp.MustCompile(`100 items: .*`).FindString(out); line != "" {
		t.Log(line)
	}
}

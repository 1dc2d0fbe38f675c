package benchmark_test

import (
	"runtime/debug"
	"testing"

	"github.com/99designs/gqlgen/internal/genfresh"
)

// TestGeneratedCodeIsFresh regenerates the three schemas, with this
// repository's generator, in a copy of the module and fails on any file
// that generation would change: the committed generated code is exactly
// what the generator writes today (compare.sh step 1 regenerates it too).
func TestGeneratedCodeIsFresh(t *testing.T) {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "-tags" && s.Value != "" {
				t.Skip("the generator does not depend on the codec tag; checked in the run without tags")
			}
		}
	}
	genfresh.Check(t, "todo", "realistic", "entities")
}

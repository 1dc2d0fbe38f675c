package federation_test

import (
	"testing"

	"github.com/99designs/gqlgen/internal/genfresh"
)

// TestGeneratedCodeIsFresh regenerates every subgraph, with this
// repository's generator, in a copy of the module and fails on any file
// that generation would change: the committed generated code must be
// exactly what the generator writes today.
func TestGeneratedCodeIsFresh(t *testing.T) {
	if buildTags() != "" {
		t.Skip("the generator does not depend on the codec tag; checked in the run without tags")
	}
	genfresh.Check(t, subgraphs...)
}

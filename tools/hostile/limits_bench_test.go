package hostile

import (
	"testing"

	"github.com/99designs/gqlgen/graphql/handler/extension"
)

// BenchmarkHostileLimits is BenchmarkHostile with
// extension.RecommendedLimits(): each document is refused by a limit, most
// before they are parsed. (A file of its own: the measure command copies
// the others into a module built against upstream, which has no Limits.)
func BenchmarkHostileLimits(b *testing.B) {
	srv := newServer()
	srv.Use(extension.RecommendedLimits())
	benchCases(b, srv)
}

package examples

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/99designs/gqlgen/tools/genfresh"
)

// codecTagged is set by fresh_tagged_test.go when a codec build tag is on.
var codecTagged bool

// generatedDirs are the directories of the repository known to hold
// committed generated gqlgen code. Discovery must find every one of them,
// so that a directory it silently skipped fails the test; one it finds that
// is not listed fails it too, so that the list stays the truth.
var generatedDirs = []string{
	"_examples/benchmark/entities",
	"_examples/benchmark/payload",
	"_examples/benchmark/realistic",
	"_examples/benchmark/todo",
	"_examples/chat",
	"_examples/config",
	"_examples/dataloader",
	"_examples/directives",
	"_examples/embedding",
	"_examples/federation/accounts",
	"_examples/federation/products",
	"_examples/federation/reviews",
	"_examples/fileupload",
	"_examples/scalars",
	"_examples/scaleout",
	"_examples/shutdown",
	"_examples/starwars",
	"_examples/trusteddocs",
	"graphql/handler/internal/fanout",
	"integration/server",
	"tools/demo",
	"tools/wiregolden/generated",
}

// TestGeneratedCodeIsFresh regenerates every directory of the repository
// holding generated gqlgen code (all modules: this one, benchmark,
// federation, scaleout, integration and the root) in a scratch copy of the
// repository and fails on any difference from the committed files. The
// generator's output does not depend on the codec, so it runs in the
// untagged build only: once per `make examples`, not four times.
func TestGeneratedCodeIsFresh(t *testing.T) {
	if codecTagged {
		t.Skip("generated code does not depend on the codec tag; checked by the untagged run")
	}
	if testing.Short() {
		t.Skip("regenerating every generated directory takes a while; skipped with -short")
	}
	dirs, err := genfresh.Discover("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range generatedDirs {
		if !slices.Contains(dirs, want) {
			t.Errorf("Discover missed %s", want)
		}
	}
	for _, got := range dirs {
		if !slices.Contains(generatedDirs, got) {
			t.Errorf("Discover found %s, which generatedDirs does not list: add it there", got)
		}
	}
	if t.Failed() {
		t.Fatalf("Discover found %v", dirs)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 12*time.Minute)
	defer cancel()
	start := time.Now()
	if err := genfresh.Check(ctx, "..", dirs...); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d directories fresh in %s", len(dirs), time.Since(start).Round(time.Second))
}

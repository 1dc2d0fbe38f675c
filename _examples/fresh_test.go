package examples

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/99designs/gqlgen/_examples/internal/freshness"
)

// codecTagged is set by fresh_tagged_test.go when a codec build tag is on.
var codecTagged bool

// TestGeneratedCodeIsFresh regenerates every example of this module in a
// scratch copy of the repository and fails on any difference from the
// committed files. The generator's output does not depend on the codec, so
// it runs in the untagged build only: once per `make examples`, not four times.
func TestGeneratedCodeIsFresh(t *testing.T) {
	if codecTagged {
		t.Skip("generated code does not depend on the codec tag; checked by the untagged run")
	}
	if testing.Short() {
		t.Skip("regenerating every example takes a while; skipped with -short")
	}
	dirs, err := freshness.Discover("..", "_examples")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"_examples/starwars", "_examples/chat", "_examples/dataloader", "_examples/fileupload", "_examples/scalars", "_examples/directives", "_examples/config", "_examples/embedding"} {
		if !slices.Contains(dirs, want) {
			t.Fatalf("Discover missed %s: found %v", want, dirs)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	if err := freshness.Check(ctx, "..", dirs...); err != nil {
		t.Fatal(err)
	}
}

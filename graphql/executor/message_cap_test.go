package executor

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

func TestCapMessage(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		cut  bool
	}{
		{"short", "Cannot query field \"x\" on type \"Query\".", false},
		{"at the cap", strings.Repeat("a", maxErrorMessage), false},
		{"one past", strings.Repeat("a", maxErrorMessage+1), true},
		{"multibyte at the cut", strings.Repeat("é", maxErrorMessage), true},
		{"four-byte runes", strings.Repeat("😀", maxErrorMessage), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := &gqlerror.Error{Message: c.in}
			capMessage(err)
			if !c.cut {
				if err.Message != c.in {
					t.Fatalf("changed a message of %d bytes", len(c.in))
				}
				return
			}
			if len(err.Message) > maxErrorMessage {
				t.Fatalf("%d bytes, more than %d", len(err.Message), maxErrorMessage)
			}
			if !utf8.ValidString(err.Message) {
				t.Fatal("cut inside a character")
			}
			kept := strings.TrimSuffix(err.Message, truncatedMark)
			if kept == err.Message || !strings.HasPrefix(c.in, kept) || len(kept) < maxErrorMessage-len(truncatedMark)-3 {
				t.Fatalf("got %q", err.Message)
			}
		})
	}
	capMessage(nil) // no error, nothing to do
}

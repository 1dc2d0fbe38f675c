// Package wiregolden_test checks that this module's HTTP and WebSocket
// answers are byte-identical to upstream gqlgen v0.17.98's, whatever codec
// is built in: it plays the corpus of package wire against package server
// and compares each transcript with the golden file captured from upstream
// (go run ./internal/wiregolden/capture).
package wiregolden_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"

	"github.com/99designs/gqlgen/internal/wiregolden/server"
	"github.com/99designs/gqlgen/internal/wiregolden/wire"
)

// knownMismatches are the cases where this module still answers differently
// from upstream, with why. The test skips them, and fails once one matches
// again so the entry gets removed.
var knownMismatches = map[string]string{}

// Cases where this module answers differently from upstream on purpose say
// so in their Deliberate field (package wire), and compare against
// testdata/ours/<name>.golden, which -update-ours rewrites.
var updateOurs = flag.Bool("update-ours", false, "rewrite testdata/ours/*.golden, the expected answers of the deliberate cases, from this module")

func TestWireGolden(t *testing.T) {
	srv := httptest.NewServer(server.New())
	defer srv.Close()
	for _, c := range wire.Cases {
		// Every case runs, in order, even when skipped: later cases rely on
		// the server state earlier ones leave (persisted queries).
		got := wire.Run(srv.URL, c)
		t.Run(c.Name, func(t *testing.T) {
			dir := "testdata"
			if c.Deliberate != "" {
				dir = filepath.Join("testdata", "ours")
				if *updateOurs {
					if err := os.WriteFile(wire.GoldenPath(dir, c), got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			want, err := os.ReadFile(wire.GoldenPath(dir, c))
			if err != nil {
				t.Fatalf("%v (capture with: go run ./internal/wiregolden/capture)", err)
			}
			same := bytes.Equal(got, want)
			if reason, ok := knownMismatches[c.Name]; ok {
				if same {
					t.Fatalf("%s now matches upstream: remove it from knownMismatches", c.Name)
				}
				t.Skipf("known mismatch: %s", reason)
			}
			if !same {
				t.Errorf("%s (%s): the answer differs from %s\n%s", c.Name, c.About, wire.GoldenPath(dir, c), diff(want, got))
			}
		})
	}
}

// With a no-op field middleware on every server, the runtime leaves its
// fast paths for the general ResolveField path: every answer must stay
// byte-identical to the one without it.
func TestWireGoldenThroughFieldMiddleware(t *testing.T) {
	plain := httptest.NewServer(server.New())
	defer plain.Close()
	var seen atomic.Int64
	general := httptest.NewServer(server.NewWithFieldMiddleware(func(ctx context.Context, next graphql.Resolver) (any, error) {
		seen.Add(1)
		return next(ctx)
	}))
	defer general.Close()
	for _, c := range wire.Cases {
		// Both servers see the corpus in order: later cases rely on the
		// state earlier ones leave (persisted queries).
		want := wire.Run(plain.URL, c)
		got := wire.Run(general.URL, c)
		t.Run(c.Name, func(t *testing.T) {
			if !bytes.Equal(got, want) {
				t.Errorf("%s (%s): the answer through a field middleware differs\n%s", c.Name, c.About, diff(want, got))
			}
		})
	}
	if seen.Load() == 0 {
		t.Error("the field middleware saw no field")
	}
}

// TestCorpus checks the corpus itself: unique names, a golden file for each
// case and no golden file without a case, lists naming real cases.
func TestCorpus(t *testing.T) {
	names := map[string]bool{}
	deliberate := map[string]bool{}
	for _, c := range wire.Cases {
		if names[c.Name] {
			t.Errorf("two cases named %s", c.Name)
		}
		names[c.Name] = true
		deliberate[c.Name] = c.Deliberate != ""
		if c.UpstreamHangs && c.Deliberate == "" {
			t.Errorf("%s: UpstreamHangs without Deliberate", c.Name)
		}
	}
	if len(names) < 40 {
		t.Errorf("the corpus has %d cases; the suite promises at least 40", len(names))
	}
	for name := range knownMismatches {
		if !names[name] {
			t.Errorf("%s is listed but is not a case", name)
		}
	}
	goldens, _ := filepath.Glob(filepath.Join("testdata", "*.golden"))
	for _, g := range goldens {
		if name := strings.TrimSuffix(filepath.Base(g), ".golden"); !names[name] {
			t.Errorf("%s has no case; re-capture", g)
		}
	}
	ours, _ := filepath.Glob(filepath.Join("testdata", "ours", "*.golden"))
	for _, g := range ours {
		if name := strings.TrimSuffix(filepath.Base(g), ".golden"); !deliberate[name] {
			t.Errorf("%s is not a deliberate difference; remove it", g)
		}
	}
}

// diff shows the lines of the upstream transcript (-) and ours (+) that
// differ, around a longest common subsequence of lines. Lines with bytes
// that would not print plainly are quoted.
func diff(want, got []byte) string {
	a := strings.SplitAfter(string(want), "\n")
	b := strings.SplitAfter(string(got), "\n")
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	out.WriteString("--- upstream\n+++ ours\n")
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			fmt.Fprintf(&out, "  %s\n", show(a[i]))
			i++
			j++
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&out, "+ %s\n", show(b[j]))
			j++
		default:
			fmt.Fprintf(&out, "- %s\n", show(a[i]))
			i++
		}
	}
	return out.String()
}

func show(line string) string {
	line = strings.TrimSuffix(line, "\n")
	if !utf8.ValidString(line) || strings.ContainsFunc(line, func(r rune) bool {
		return r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029'
	}) {
		return strconv.Quote(line)
	}
	return line
}

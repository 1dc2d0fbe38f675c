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
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"

	"github.com/99designs/gqlgen/internal/wiregolden/generated"
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
	compareCorpus(t, srv.URL, knownMismatches, "knownMismatches", *updateOurs, nil)
}

// generatedCannot are the cases the generated server cannot answer as
// upstream's captured hand-written schema did, because only a hand-written
// ExecutableSchema does what they need, with why. The test skips them, and
// fails once one matches so the entry gets removed. A difference caused by
// generated code or the runtime is a bug, never an entry here.
var generatedCannot = map[string]string{
	"get_defer_sse":       rootDefer,
	"get_defer_json":      rootDefer,
	"sse_defer":           rootDefer,
	"defer_basic":         rootDefer,
	"defer_nested_errors": rootDefer,
	"defer_null_payload":  rootDefer,
	"defer_invalid_data":  rootDefer,
	"defer_accept_list":   rootDefer,
	"defer_streamed":      rootDefer,
	"gtws_defer":          rootDefer,
	"defer_in_list": "a @defer fragment below the root: generated code, like upstream's (graphql.FieldSet.ResolveConcurrently), " +
		"writes a deferred field as null in the initial payload and sends the incremental payloads in the order they resolve; " +
		"the hand-written renderer leaves the field out and sends them in document order",

	"post_panic_recovered": "the error of a recovered resolver panic has no locations in generated code, as in " +
		"upstream's (graphql.resolveField reports oc.Recover's error as it is); the hand-written renderer adds the field's",

	"sse_subscription_errors":  eventErrors,
	"gtws_subscription_errors": eventErrors,
	"gtws_subscription_panic": "a panic while the stream produces its second event: generated code reads the " +
		"resolver's channel and marshals a builtin Int between events, running no resolver code that could panic there",
}

const (
	rootDefer = "a @defer fragment on root fields: generated code, like upstream's (object.gotpl), resolves root " +
		"fields in the initial payload and defers only fields below the root"
	eventErrors = "an error attached to one subscription event (Subscription.tickErrors): a generated resolver " +
		"returns a channel of values, and no code of it runs in the context of an event, where its errors are collected"
)

// errorsInAnyOrder are the cases whose errors come from root fields that
// generated code resolves concurrently, so they are added in the order the
// resolvers finish, in upstream's generated code as in ours. The generated
// server's transcript must match byte for byte once the members of each
// errors array are put in the same order.
var errorsInAnyOrder = map[string]bool{
	"post_partial_errors":  true,
	"post_html_in_errors":  true,
	"tuned_partial_errors": true,
}

// TestWireGoldenGenerated plays the corpus against the same endpoints over
// the executable schema this module's generator builds from the corpus
// schema (package generated), and compares with the same transcripts: the
// paths generated code takes are held to upstream's bytes, not only the
// hand-written schema's.
func TestWireGoldenGenerated(t *testing.T) {
	srv := httptest.NewServer(server.NewFor(generated.NewSchema()))
	defer srv.Close()
	compareCorpus(t, srv.URL, generatedCannot, "generatedCannot", false, errorsInAnyOrder)
}

// compareCorpus plays the corpus against the server at url and compares
// each transcript with its golden file; skip lists the cases expected to
// differ (the map's name is listName), update rewrites testdata/ours/, and
// the cases in anyOrder may list their errors in another order.
func compareCorpus(t *testing.T, url string, skip map[string]string, listName string, update bool, anyOrder map[string]bool) {
	t.Helper()
	for _, c := range wire.Cases {
		// Every case runs, in order, even when skipped: later cases rely on
		// the server state earlier ones leave (persisted queries).
		got := wire.Run(url, c)
		t.Run(c.Name, func(t *testing.T) {
			dir := "testdata"
			if c.Deliberate != "" {
				dir = filepath.Join("testdata", "ours")
				if update {
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
			if !same && anyOrder[c.Name] {
				same = bytes.Equal(sortErrors(got), sortErrors(want))
			}
			if reason, ok := skip[c.Name]; ok {
				if same {
					t.Fatalf("%s now matches upstream: remove it from %s", c.Name, listName)
				}
				t.Skipf("listed in %s: %s", listName, reason)
			}
			if !same {
				t.Errorf("%s (%s): the answer differs from %s\n%s", c.Name, c.About, wire.GoldenPath(dir, c), diff(want, got))
			}
		})
	}
}

// The generated server's schema is the hand-written one's, byte for byte.
func TestGeneratedSchemaIsSDL(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("generated", "schema.graphqls"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != server.SDL {
		t.Errorf("generated/schema.graphqls differs from server.SDL: keep them the same text and regenerate (go generate ./internal/wiregolden/generated)\n%s",
			diff([]byte(server.SDL), b))
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
	for list, cases := range map[string]map[string]string{"knownMismatches": knownMismatches, "generatedCannot": generatedCannot} {
		for name := range cases {
			if !names[name] {
				t.Errorf("%s is listed in %s but is not a case", name, list)
			}
		}
	}
	for name := range errorsInAnyOrder {
		if !names[name] {
			t.Errorf("%s is listed in errorsInAnyOrder but is not a case", name)
		}
		if _, skipped := generatedCannot[name]; skipped {
			t.Errorf("%s is in errorsInAnyOrder and generatedCannot", name)
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

// sortErrors returns transcript with the members of each "errors" array
// sorted by their bytes, each member kept exactly as it is.
func sortErrors(transcript []byte) []byte {
	const key = `"errors":[`
	out := bytes.Clone(transcript)
	for from := 0; ; {
		i := bytes.Index(out[from:], []byte(key))
		if i < 0 {
			return out
		}
		start := from + i + len(key) - 1 // the '['
		members, end := splitArray(out, start)
		if end < 0 {
			return out
		}
		slices.SortFunc(members, bytes.Compare)
		sorted := append([]byte{'['}, bytes.Join(members, []byte{','})...)
		sorted = append(sorted, ']')
		out = slices.Concat(out[:start], sorted, out[end:])
		from = start + len(sorted)
	}
}

// splitArray reads the JSON array opening at b[start] (compact, as a
// response writes it) and returns its top-level members and the index just
// past its ']', or -1 when it does not end.
func splitArray(b []byte, start int) (members [][]byte, end int) {
	depth, inString, escaped := 0, false, false
	memberStart := start + 1
	for i := start; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString:
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				if i > memberStart {
					members = append(members, bytes.Clone(b[memberStart:i]))
				}
				return members, i + 1
			}
		case c == ',' && depth == 1:
			members = append(members, bytes.Clone(b[memberStart:i]))
			memberStart = i + 1
		}
	}
	return nil, -1
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

func TestSortErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"errors":[{"message":"b"},{"message":"a"}],"data":null}`, `{"errors":[{"message":"a"},{"message":"b"}],"data":null}`},
		// Brackets, commas and escaped quotes inside strings do not split members.
		{`{"errors":[{"message":"z],[\"{"},{"message":"a","path":["x",1]}]}`, `{"errors":[{"message":"a","path":["x",1]},{"message":"z],[\"{"}]}`},
		// Every errors array of a transcript, each on its own.
		{"{\"errors\":[2,1]}\n{\"errors\":[\"b\",\"a\"]}", "{\"errors\":[1,2]}\n{\"errors\":[\"a\",\"b\"]}"},
		{`{"errors":[]}`, `{"errors":[]}`},
		{`{"errors":[1,`, `{"errors":[1,`},
	} {
		if got := string(sortErrors([]byte(tc.in))); got != tc.want {
			t.Errorf("sortErrors(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

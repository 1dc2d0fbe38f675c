package hostile

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql/handler/extension"
)

// maxResponse is the most a hostile document may make the server write.
const maxResponse = 1 << 20

type answer struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// ask posts query to h and decodes the answer, failing t if the response
// is larger than maxResponse.
func ask(t *testing.T, h http.Handler, query string) (int, answer) {
	t.Helper()
	w := post(h, requestBody(query))
	if w.Body.Len() > maxResponse {
		t.Fatalf("response of %d bytes, more than %d", w.Body.Len(), maxResponse)
	}
	var got answer
	if err := codec.Unmarshal(w.Body.Bytes(), &got); err != nil {
		t.Fatalf("undecodable response %q: %v", truncate(w.Body.String()), err)
	}
	return w.Code, got
}

func truncate(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// TestHostileWithoutLimits: with upstream's defaults (no limits), each
// hostile document gets its right answer: the data of a valid document, or
// the validation or parse error of an invalid one, within a megabyte.
func TestHostileWithoutLimits(t *testing.T) {
	srv := newServer()
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			status, got := ask(t, srv, c.Query)
			if c.Data != "" {
				if status != http.StatusOK || len(got.Errors) != 0 {
					t.Fatalf("status %d, errors %v", status, got.Errors)
				}
				var compact bytes.Buffer
				if err := json.Compact(&compact, got.Data); err != nil {
					t.Fatal(err)
				}
				if compact.String() != c.Data {
					t.Fatalf("data %s, want %s", truncate(compact.String()), truncate(c.Data))
				}
				return
			}
			if status != http.StatusUnprocessableEntity || len(got.Errors) == 0 {
				t.Fatalf("status %d with %d errors, want 422 and errors", status, len(got.Errors))
			}
			if !strings.Contains(got.Errors[0].Message, c.Error) {
				t.Fatalf("first error %q, want it to contain %q", got.Errors[0].Message, c.Error)
			}
		})
	}
}

// TestConflictingAliasesStopAtTheErrorCap: a thousand aliases that all
// conflict make half a million conflicts; validation reports the first 100
// and then graphql-js's closing error.
func TestConflictingAliasesStopAtTheErrorCap(t *testing.T) {
	_, got := ask(t, newServer(), conflictingAliases(1000))
	if len(got.Errors) != 101 {
		t.Fatalf("%d errors, want 100 and the cap's", len(got.Errors))
	}
	last := got.Errors[100]
	if last.Message != "Too many validation errors, error limit reached. Validation aborted." {
		t.Fatalf("last error %q", last.Message)
	}
	if last.Extensions["code"] != "GRAPHQL_VALIDATION_FAILED" {
		t.Fatalf("last error's code %v", last.Extensions["code"])
	}
}

// TestHostileWithRecommendedLimits: with extension.RecommendedLimits()
// every hostile document is refused with the code of the limit it breaks.
func TestHostileWithRecommendedLimits(t *testing.T) {
	srv := newServer()
	srv.Use(extension.RecommendedLimits())
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			status, got := ask(t, srv, c.Query)
			if status != http.StatusUnprocessableEntity || len(got.Errors) != 1 {
				t.Fatalf("status %d with errors %v, want 422 and one error", status, got.Errors)
			}
			if code := got.Errors[0].Extensions["code"]; code != c.Limited {
				t.Fatalf("code %v (%q), want %s", code, got.Errors[0].Message, c.Limited)
			}
			if len(got.Data) != 0 && string(got.Data) != "null" {
				t.Fatalf("data %s with a refused document", truncate(string(got.Data)))
			}
		})
	}
}

// TestRecommendedLimitsLetOrdinaryQueriesThrough: the limits refuse none of
// the small cousins of the hostile documents. (The introspection query is
// checked in extension's own tests: this schema does not answer it.)
func TestRecommendedLimitsLetOrdinaryQueriesThrough(t *testing.T) {
	srv := newServer()
	srv.Use(extension.RecommendedLimits())
	for name, query := range map[string]string{
		"aliases_30":         "{" + strings.Repeat(" a: n", 30) + " }",
		"identical_100":      identicalFields(100),
		"inline_fanout_2^8":  inlineFanOut(8),
		"fragment_fanout_13": fragmentFanOut(13),
		"deep_19":            deep(19),
	} {
		t.Run(name, func(t *testing.T) {
			status, got := ask(t, srv, query)
			if status != http.StatusOK || len(got.Errors) != 0 {
				t.Fatalf("status %d, errors %v", status, got.Errors)
			}
		})
	}
}

// TestEchoedInputIsCut: error messages that echo the document (a name, a
// string token, the rest of the input after a bad escape) are cut, so that
// a body of megabytes cannot make a response of megabytes, even with a
// hundred such errors.
func TestEchoedInputIsCut(t *testing.T) {
	long := strings.Repeat("x", 2<<20)
	hundredNames := "{" + strings.Repeat(" "+strings.Repeat("y", 12<<10), 100) + " }"
	for name, c := range map[string]struct {
		query  string
		errors int
		cut    bool // whether the first message echoes the long part
	}{
		"string token":       {`{ "` + long + `" }`, 1, false},
		"bad escape":         {`{ s(x: "\q` + long + `") }`, 1, false},
		"unknown field":      {"{ " + long + " }", 1, true},
		"unknown argument":   {"{ s(" + long + ": 1) }", 1, true},
		"100 unknown fields": {hundredNames, 100, true},
		"unknown fragment":   {"{ ..." + long + " }", 1, true},
		"object for Int":     {`{ s(x: {` + long + `: 1}) }`, 1, true},
	} {
		t.Run(name, func(t *testing.T) {
			status, got := ask(t, newServer(), c.query)
			if status != http.StatusUnprocessableEntity || len(got.Errors) < c.errors {
				t.Fatalf("status %d with %d errors, want 422 and at least %d", status, len(got.Errors), c.errors)
			}
			for _, e := range got.Errors {
				if len(e.Message) > 1100 {
					t.Fatalf("message of %d bytes", len(e.Message))
				}
			}
			if c.cut && !strings.HasSuffix(got.Errors[0].Message, "… (truncated)") {
				t.Fatalf("first message %q not marked as cut", truncate(got.Errors[0].Message))
			}
		})
	}
}

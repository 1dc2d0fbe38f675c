package hostile

import (
	"runtime"
	"strings"
	"testing"
)

// Bytes allocated per token by one request through handler.New (no
// limits, no query cache): reading the body, parsing, validating and
// executing a generated document. Allocation is deterministic (no timing);
// the bounds are the figures measured when they were set (2026-12-02)
// plus a quarter, so that a change that brings back a node per repeated
// field, or append's growth of a large slice, fails here.
//
//   - repeated: { n n n … }, 1,000,000 tokens. A repeated plain leaf shares
//     its first occurrence's node (queryparse.ParseSharing), so a token
//     costs its selection-set entry (16 bytes, twice: the stack it is
//     parsed on and the set it is kept in) and its bytes of the body.
//     Measured 50 bytes a token; before sharing it was 284.
//   - distinct: { a0: n a1: n … }, 300,000 tokens: every field its own
//     node and position, answered with 100,000 keys. Measured 343 bytes a
//     token, of which two thirds are the execution's field collection
//     (graphql.CollectFields' index of 100,000 response names) and a tenth
//     the validation's.
const (
	maxBytesPerTokenRepeated = 63
	maxBytesPerTokenDistinct = 430
)

func bytesPerToken(t *testing.T, query string, tokens int, wantPrefix string) float64 {
	t.Helper()
	h := newServer()
	body := requestBody(query)
	// One request first: the pools and the handler's lazily built state
	// are then what a server that has been running has.
	if w := post(h, body); w.Code != 200 || !strings.HasPrefix(w.Body.String(), wantPrefix) {
		t.Fatalf("status %d: %.200s", w.Code, w.Body.String())
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	w := post(h, body)
	runtime.ReadMemStats(&after)
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	// The recorder's copy of the response is the test's, not the server's.
	n := float64(after.TotalAlloc-before.TotalAlloc-uint64(w.Body.Cap())) / float64(tokens)
	t.Logf("%d tokens: %.1f bytes allocated a token", tokens, n)
	return n
}

func TestBytesPerTokenRepeatedFields(t *testing.T) {
	if n := bytesPerToken(t, manyTokens(1_000_000), 1_000_000, `{"data":{"n":1}}`); n > maxBytesPerTokenRepeated {
		t.Errorf("%.1f bytes allocated a token, more than the bound of %d", n, maxBytesPerTokenRepeated)
	}
}

func TestBytesPerTokenDistinctFields(t *testing.T) {
	if n := bytesPerToken(t, distinctAliases(100_000), 300_002, `{"data":{"a0":1,`); n > maxBytesPerTokenDistinct {
		t.Errorf("%.1f bytes allocated a token, more than the bound of %d", n, maxBytesPerTokenDistinct)
	}
}

// TestLargeDocumentIsReleased: once a request of a million tokens has been
// answered (no query cache), the heap is back to where it was: nothing
// keeps the document, its tree or its selection stacks.
func TestLargeDocumentIsReleased(t *testing.T) {
	h := newServer()
	body := requestBody(manyTokens(1_000_000))
	var before, after runtime.MemStats
	// Two collections: sync.Pool keeps what it held through the first.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	if w := post(h, body); w.Code != 200 || w.Body.String() != `{"data":{"n":1}}` {
		t.Fatalf("status %d: %.200s", w.Code, w.Body.String())
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	const slack = 4 << 20 // the request allocated about 50 MB
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > slack {
		t.Errorf("the heap grew by %d bytes across the request and two collections (at most %d)", grew, slack)
	}
}

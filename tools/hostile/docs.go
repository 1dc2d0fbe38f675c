// Package hostile holds the documents a server must answer quickly however
// they are built: thousands of conflicting or distinct aliases, a field
// repeated ten thousand times, a hundred thousand tokens, fragments that
// fan out to a million fields, nesting ten thousand deep. It also holds a
// small executable schema to run them against.
//
// The package uses only API that upstream gqlgen v0.17.98 also has, so that
// cmd/upstream can copy it into a module built against upstream and time
// the same documents there.
package hostile

import (
	"fmt"
	"strings"
)

// SDL is the schema the documents are written for: one recursive object.
const SDL = `type Query { a: Query  n: Int  s(x: Int): String }`

// Case is one hostile document and the answer it must get.
type Case struct {
	// Name identifies the case in test and benchmark names.
	Name string
	// Query is the document.
	Query string
	// Data is the expected data of a valid document, as compact JSON; empty
	// for a document that must be refused.
	Data string
	// Error is a part of the first error's message that a refused document
	// must get without limits.
	Error string
	// Limited is the extensions.code of the error the document must get
	// under this module's extension.RecommendedLimits().
	Limited string
}

// Cases returns every hostile document, built afresh.
func Cases() []Case {
	return []Case{
		{Name: "aliases_1000_conflicting", Query: conflictingAliases(1000),
			Error: `Fields "a" conflict because they have differing arguments`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "distinct_aliases_10000", Query: distinctAliases(10000), Data: distinctAliasesData(10000), Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "identical_fields_10000", Query: identicalFields(10000), Data: `{"a":{"n":1}}`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "identical_spreads_10000", Query: identicalSpreads(10000), Data: `{"a":{"n":1}}`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "mixed_spreads_10000", Query: mixedSpreads(10000), Data: `{"a":{"n":1}}`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "tokens_100000", Query: manyTokens(100000), Data: `{"n":1}`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "inline_fanout_2^16", Query: inlineFanOut(16), Data: `{"n":1}`, Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "fragment_fanout_2^20", Query: fragmentFanOut(20), Data: `{"n":1}`, Limited: "FANOUT_LIMIT_EXCEEDED"},
		{Name: "deep_10000", Query: deep(10000), Error: "exceeded maximum nesting depth", Limited: "TOKEN_LIMIT_EXCEEDED"},
		{Name: "deep_900", Query: deep(900), Data: deepData(900), Limited: "TOKEN_LIMIT_EXCEEDED"},
	}
}

// conflictingAliases selects n fields under one response name with n
// different arguments: every pair conflicts.
func conflictingAliases(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, " a: s(x: %d)", i)
	}
	b.WriteString(" }")
	return b.String()
}

// distinctAliases selects one field n times, each under an alias of its
// own: n response keys to merge fields into.
func distinctAliases(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, " a%d: n", i)
	}
	b.WriteString(" }")
	return b.String()
}

// distinctAliasesData is the answer to distinctAliases(n).
func distinctAliasesData(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"a%d":1`, i)
	}
	b.WriteString("}")
	return b.String()
}

// identicalFields selects the same field with a subselection n times.
func identicalFields(n int) string {
	return "{" + strings.Repeat(" a { n }", n) + " }"
}

// identicalSpreads selects the same field n times, each time with only a
// named fragment inside.
func identicalSpreads(n int) string {
	return "{" + strings.Repeat(" a { ...F }", n) + " }\nfragment F on Query { n }\n"
}

// mixedSpreads selects the same field n times, each time with a field and
// a named fragment inside: the fields' sets are not pure fields, nor pure
// spreads.
func mixedSpreads(n int) string {
	return "{" + strings.Repeat(" a { n ...F }", n) + " }\nfragment F on Query { n }\n"
}

// manyTokens is a document of exactly n tokens: braces around n-2 fields.
func manyTokens(n int) string {
	return "{" + strings.Repeat(" n", n-2) + " }"
}

// inlineFanOut nests inline fragments depth levels deep, each holding two
// of the next: 2^depth selections of one field. The fragments have no type
// condition, the shortest way to write them.
func inlineFanOut(depth int) string {
	var b strings.Builder
	var write func(level int)
	write = func(level int) {
		if level == 0 {
			b.WriteString(" n")
			return
		}
		b.WriteString(" ... {")
		write(level - 1)
		write(level - 1)
		b.WriteString(" }")
	}
	b.WriteString("{")
	write(depth)
	b.WriteString(" }")
	return b.String()
}

// fragmentFanOut chains n named fragments, each spreading the next twice:
// expanded, 2^n selections of one field.
func fragmentFanOut(n int) string {
	var b strings.Builder
	b.WriteString("{ ...F0 }\n")
	for i := range n {
		fmt.Fprintf(&b, "fragment F%d on Query { ...F%d ...F%d }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "fragment F%d on Query { n }\n", n)
	return b.String()
}

// deep nests the recursive field depth levels deep.
func deep(depth int) string {
	return strings.Repeat("{ a ", depth) + "{ n }" + strings.Repeat(" }", depth) + " "
}

// deepData is the answer to deep(depth).
func deepData(depth int) string {
	return strings.Repeat(`{"a":`, depth) + `{"n":1}` + strings.Repeat("}", depth)
}

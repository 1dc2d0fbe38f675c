package queryparse

import (
	"reflect"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// corpus holds documents Parse must handle itself (fast) and documents it
// must leave to gqlparser; every one is checked against gqlparser.
var corpus = []struct {
	query string
	fast  bool
}{
	{"{ a }", true},
	{"{ a b c }", true},
	{"{ x: a y: b(n: 1) }", true},
	{"query { a }", true},
	{"query Q { a }", true},
	{"mutation M { a }", true},
	{"subscription S { a }", true},
	{"query Q($a: Int, $b: [String!]! = [\"x\"], $c: In = {x: 1, y: [1.5, -2e3]} @d) @e(f: $a) { a(b: $a) }", true},
	{"query Q($a: [[Int!]]) { a }", true},
	{"{ a { b { c { d } } } }", true},
	{"{ ... { a } ... on T { b } ... @include(if: true) { c } ...F @skip(if: false) } fragment F on T { d }", true},
	{"fragment F on T { a } { ...F }", true},
	{"fragment F($v: Int = 3) on T { a(x: $v) }", true},
	{"{ a(s: \"str\\u00e9\\n\", b: \"\"\"\n  block\n    text\n\"\"\", t: true, f: false, n: null, e: RED, i: -0, fl: 1.0e10) }", true},
	{"{ a(l: [], o: {}, nested: [[{a: [$x]}]]) }", true},
	{"{ a @x @y(z: 1) { b } }", true},
	{"{ __typename }", true},
	{"{ a } { b } query { c }", true},
	{"", true},
	{"   \n\t , ,", true},
	{"\ufeff{ a }", true},
	{"{ a(on: on) ... on T { b } }", true},
	{"{ ... on { b } }", false},

	{"{ a # comment\n }", false},
	{"# leading\n{ a }", false},
	{"\"description\" query { a }", false},
	{"\"\"\"block\"\"\" query Q { a }", false},
	{"{ }", false},
	{"{ a(): b }", false},
	{"query Q() { a }", false},
	{"{ a", false},
	{"{ a(b: ) }", false},
	{"{ a(b: $c) } fragment F on T { a(b: {c: $d}) }", true},
	{"query Q($a: Int = $b) { a }", false},
	{"fragment on on T { a }", false},
	{"fragment F T { a }", false},
	{"{ ...on }", false},
	{"{ ... \"on\" T { a } }", false},
	{"type T { a: Int }", false},
	{"schema { query: Q }", false},
	{"{ a(s: \"unterminated) }", false},
	{"{ a(s: \"\\x\") }", false},
	{"{ a } }", false},
	{"{ a & }", false},
	{"{ a(x: 0x1) }", false},
	{"{ 1 }", false},
	{"query", false},
	{"queryy { a }", false},
	{"{ a: }", false},
	{"{ a @ }", false},
	{"{ a(x: [1 2) }", false},

	// Repeated plain leaves, shared by ParseSharing.
	{"{ a a b a }", true},
	{"{ a a(x: 1) a @d a { b } a a(x: 1) }", true},
	{"{ x: a a x: a a: x a }", true},
	{"{ a { b b } ... { b b } a { b } } fragment F on T { c d c d c }", true},
	{"{ a b c d e f g h i j k l m n o p q a }", true},
}

// check parses query both ways and fails t unless Parse either gives
// gqlparser's tree or leaves the document to it (and, where fast is known,
// does what the corpus says).
func check(t *testing.T, query string, limit int) (fast bool) {
	t.Helper()
	src := &ast.Source{Name: "q", Input: query}
	got, ok := Parse(src, limit)
	want, err := parser.ParseQueryWithTokenLimit(src, limit)
	if !ok {
		if got != nil {
			t.Fatalf("%q: gave up with a document", query)
		}
		return false
	}
	if err != nil {
		t.Fatalf("%q: parsed, but gqlparser says %v", query, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: tree differs from gqlparser's", query)
	}
	checkSharing(t, src, limit)
	return true
}

// checkSharing: ParseSharing's tree is Parse's with each repeated plain
// leaf replaced by the field it repeats, as shareLike does it, and shared
// says whether there was one.
func checkSharing(t *testing.T, src *ast.Source, limit int) {
	t.Helper()
	got, shared, ok := ParseSharing(src, limit)
	want, _ := Parse(src, limit)
	if !ok {
		t.Fatalf("%q: Parse handled it, ParseSharing gave up", src.Input)
	}
	n := 0
	for _, op := range want.Operations {
		n += shareLike(op.SelectionSet)
	}
	for _, f := range want.Fragments {
		n += shareLike(f.SelectionSet)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: ParseSharing's tree is not Parse's with repeated leaves shared", src.Input)
	}
	if shared != (n > 0) {
		t.Fatalf("%q: shared %v, %d fields shared", src.Input, shared, n)
	}
}

// shareLike replaces, in set and the sets below it, each plain leaf field
// (no arguments, directives or selections) that has the alias and name of
// a plain leaf among the shareWindow selections before it by that one,
// and returns how many it replaced.
func shareLike(set ast.SelectionSet) int {
	n := 0
	plain := func(f *ast.Field) bool { return f.Arguments == nil && f.Directives == nil && f.SelectionSet == nil }
	for i, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			n += shareLike(sel.SelectionSet)
			if !plain(sel) {
				continue
			}
			for j := i - 1; j >= 0 && j >= i-shareWindow; j-- {
				if g, ok := set[j].(*ast.Field); ok && plain(g) && g.Alias == sel.Alias && g.Name == sel.Name {
					set[i] = g
					n++
					break
				}
			}
		case *ast.InlineFragment:
			n += shareLike(sel.SelectionSet)
		}
	}
	return n
}

func TestParseMatchesGqlparser(t *testing.T) {
	for _, c := range corpus {
		if fast := check(t, c.query, 0); fast != c.fast {
			t.Errorf("%q: handled itself %v, want %v", c.query, fast, c.fast)
		}
	}
}

// TestParseGivesUpPastTheLimits: past the token limit or the nesting
// depth, the document goes to gqlparser, which reports the limit.
func TestParseGivesUpPastTheLimits(t *testing.T) {
	query := "{ a b c }" // 5 tokens
	if !check(t, query, 5) {
		t.Errorf("refused a document at the token limit")
	}
	if check(t, query, 4) {
		t.Errorf("accepted a document past the token limit")
	}
	deep := func(n int) string { return strings.Repeat("{ a ", n) + "{ a }" + strings.Repeat(" }", n) }
	if !check(t, deep(parser.MaxNestingDepth-1), 0) {
		t.Errorf("refused a document at the nesting limit")
	}
	if check(t, deep(parser.MaxNestingDepth), 0) {
		t.Errorf("accepted a document past the nesting limit")
	}
	list := "{ a(x: " + strings.Repeat("[", parser.MaxNestingDepth) + strings.Repeat("]", parser.MaxNestingDepth) + ") }"
	if check(t, list, 0) {
		t.Errorf("accepted a list past the nesting limit")
	}
}

// TestSelectionSetsDoNotShareCapacity: appending to one parsed selection
// set leaves the others alone.
func TestSelectionSetsDoNotShareCapacity(t *testing.T) {
	doc, ok := Parse(&ast.Source{Input: "{ a { b } c { d } }"}, 0)
	if !ok {
		t.Fatal("gave up")
	}
	a := doc.Operations[0].SelectionSet[0].(*ast.Field)
	c := doc.Operations[0].SelectionSet[1].(*ast.Field)
	_ = append(a.SelectionSet, &ast.Field{Name: "x"})
	if c.SelectionSet[0].(*ast.Field).Name != "d" {
		t.Fatal("appending to one set overwrote another")
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range corpus {
		f.Add(c.query)
	}
	f.Fuzz(func(t *testing.T, query string) {
		check(t, query, 0)
		check(t, query, 7)
	})
}

package fieldset

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name   string
		raw    string
		prefix []string
		want   Set
	}{
		{name: "empty", raw: "", want: Set{}},
		{name: "blank", raw: " \n\t", want: Set{}},
		{name: "one field", raw: "id", want: Set{{"id"}}},
		{name: "flat list", raw: "id  sku\nversion", want: Set{{"id"}, {"sku"}, {"version"}}},
		{name: "commas are ignored", raw: "id,sku", want: Set{{"id"}, {"sku"}}},
		{name: "comments are ignored", raw: "id # the key\nsku", want: Set{{"id"}, {"sku"}}},
		{name: "one nested group", raw: "owner { id name }", want: Set{{"owner", "id"}, {"owner", "name"}}},
		{name: "no spaces", raw: "owner{id}", want: Set{{"owner", "id"}}},
		{
			name: "groups at several depths with siblings around them",
			raw:  "upc owner { org { id } name } a b{c{d}}e",
			want: Set{{"upc"}, {"owner", "org", "id"}, {"owner", "name"}, {"a"}, {"b", "c", "d"}, {"e"}},
		},
		{name: "prefix", raw: "id owner { id }", prefix: []string{"p"}, want: Set{{"p", "id"}, {"p", "owner", "id"}}},
		{name: "arguments before a group", raw: "reviews(first: 4) { body }", want: Set{{"reviews", "body"}}},
		{name: "arguments on a leaf", raw: "price(currency: EUR) id", want: Set{{"price"}, {"id"}}},
		{
			name: "arguments with nested parentheses and strings",
			raw:  `f(a: "(x", b: [1, 2], c: {d: ")"}) { g }`,
			want: Set{{"f", "g"}},
		},
		{name: "arguments with a block string", raw: `f(a: """)""") g`, want: Set{{"f"}, {"g"}}},
		{name: "inline fragment", raw: "... on Book { isbn }", want: Set{{"... on Book", "isbn"}}},
		{name: "inline fragment without spaces", raw: "...on Book{isbn}", want: Set{{"... on Book", "isbn"}}},
		{
			name: "inline fragments inside a field",
			raw:  "media { ... on Book { isbn } ... on Film { id } }",
			want: Set{{"media", "... on Book", "isbn"}, {"media", "... on Film", "id"}},
		},
		{name: "inline fragment as a leaf", raw: "id ... on Book", want: Set{{"id"}, {"... on Book"}}},
		{name: "inline fragment without a type condition", raw: "a ... { b }", want: Set{{"a"}, {"b"}}},
		{name: "a field may be called on", raw: "on id", want: Set{{"on"}, {"id"}}},
		{name: "group with nothing before it", raw: "{ a }", want: Set{{"a"}}},
		{name: "empty group selects nothing", raw: "a {}", want: Set{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.raw, tt.prefix)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.want, New(tt.raw, tt.prefix), "New must agree with Parse")
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		raw  string
		want string // a part of the error message
	}{
		{raw: "foo bar{baz", want: `missing "}"`},
		{raw: "a { b { c }", want: `missing "}"`},
		{raw: "a } b", want: `unexpected "}" at offset 2`},
		{raw: "a: b", want: `unexpected ':' at offset 1`},
		{raw: "f(a: 1", want: "arguments opened at offset 1 are never closed"},
		{raw: `f(a: "x)`, want: "string opened at offset 5 is never closed"},
		{raw: `f(a: """x)`, want: "block string opened at offset 5 is never closed"},
		{raw: "(a: 1) b", want: "arguments at offset 0 follow no field"},
		{raw: "... Frag", want: `fragment spread "Frag"`},
		{raw: "... on { a }", want: `missing type name after "... on"`},
		{raw: "a ...", want: `"..." at offset 2 is followed by neither`},
		{raw: "é", want: "unexpected"},
		{raw: strings.Repeat("a {", maxDepth+2) + strings.Repeat("}", maxDepth+2), want: "nest deeper than"},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			_, err := Parse(tt.raw, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "invalid field set", "the error must say what was being parsed")
			assert.PanicsWithError(t, err.Error(), func() { New(tt.raw, nil) })
		})
	}
}

// Every Field must own its array: the generator appends to fields and keeps
// them, so sharing a backing array with the prefix or a sibling would let one
// write show up in another.
func TestParseFieldsDoNotShareMemory(t *testing.T) {
	prefix := make([]string, 1, 8) // spare capacity tempts append to share it
	prefix[0] = "p"
	set, err := Parse("a b { c d }", prefix)
	require.NoError(t, err)
	require.Len(t, set, 3)

	for i := range set {
		_ = append(set[i], "extra")
		set[i][0] = "changed" + set[i][len(set[i])-1]
	}
	assert.Equal(t, []string{"p"}, prefix[:1])
	assert.Equal(t, Set{{"changeda", "a"}, {"changedc", "b", "c"}, {"changedd", "b", "d"}}, set)
}

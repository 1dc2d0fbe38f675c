package graphql

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

const petSchema = `
interface Pet { name: String! owner: Person }
type Dog implements Pet { name: String! owner: Person barks: Boolean }
type Cat implements Pet { name: String! owner: Person meows: Boolean }
union Animal = Dog | Cat
type Person { name: String! pets: [Pet!] animals: [Animal!] friends: [Person!] }
type Query { pets: [Pet!]! me: Person }
`

// operation parses and validates query against petSchema and returns an
// OperationContext for it and the selection set of its first field.
func operation(t testing.TB, query string, vars map[string]any) (*OperationContext, ast.SelectionSet) {
	t.Helper()
	schema, err := gqlparser.LoadSchema(&ast.Source{Input: petSchema})
	if err != nil {
		t.Fatal(err)
	}
	doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	op := doc.Operations[0]
	oc := &OperationContext{RawQuery: query, Doc: doc, Operation: op, Variables: vars}
	root := CollectFields(oc, op.SelectionSet, []string{"Query"})
	return oc, root[0].Selections
}

// describe renders collected fields as "alias(name)[deferral]{children}".
func describe(fields []CollectedField) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		s := f.Alias
		if f.Name != f.Alias {
			s += "(" + f.Name + ")"
		}
		if len(f.Deferrables) > 0 {
			labels := make([]string, len(f.Deferrables))
			for j, d := range f.Deferrables {
				labels[j] = d.Label
			}
			s += fmt.Sprintf("[defer:%s nd=%v]", strings.Join(labels, ","), f.IsNonDeferrable)
		}
		if len(f.Selections) > 0 {
			s += fmt.Sprintf("{%d}", len(f.Selections))
		}
		parts[i] = s
	}
	return strings.Join(parts, " ")
}

func TestCollectFields(t *testing.T) {
	tests := []struct {
		name      string
		query     string
		vars      map[string]any
		satisfies []string
		want      string
	}{
		{
			name:  "aliases group by response key in query order",
			query: `{ pets { name n: name owner { name } name owner { friends { name } } } }`,
			want:  "name n(name) owner{2}",
		},
		{
			name:      "type conditions filter fragments",
			query:     `{ pets { name ... on Dog { barks } ... on Cat { meows } ... { owner { name } } } }`,
			satisfies: []string{"Dog", "Pet"},
			want:      "name barks owner{1}",
		},
		{
			name:      "no types applies every fragment",
			query:     `{ pets { ... on Dog { barks } ... on Cat { meows } } }`,
			satisfies: nil,
			want:      "barks meows",
		},
		{
			name:      "named fragments expand in place",
			query:     `{ pets { ...dog name ...cat } } fragment dog on Dog { barks name } fragment cat on Cat { meows }`,
			satisfies: []string{"Cat", "Pet"},
			want:      "name meows",
		},
		{
			name:      "a fragment is spread once per selection set",
			query:     `{ pets { ...p ... on Dog { ...p barks } } } fragment p on Pet { owner { name } }`,
			satisfies: []string{"Dog", "Pet"},
			want:      "owner{1} barks",
		},
		{
			name:  "skip and include",
			query: `query($yes: Boolean!, $no: Boolean!) { pets { name @skip(if: $yes) owner @include(if: $yes) { name } ... on Dog @include(if: $no) { barks } ...f @skip(if: $no) } } fragment f on Pet { n: name }`,
			vars:  map[string]any{"yes": true, "no": false},
			want:  "owner{1} n(name)",
		},
		{
			name:  "skip wins over include",
			query: `{ pets { name @skip(if: true) @include(if: true) owner @skip(if: false) @include(if: false) { name } } }`,
			want:  "",
		},
		{
			name:  "a spread skipped once may be spread again",
			query: `{ pets { ...f @skip(if: true) ...f } } fragment f on Pet { name }`,
			want:  "name",
		},
		{
			name:  "deferred fragments",
			query: `{ pets { name ... @defer(label: "a") { name owner { name } } ...f @defer(label: "b") } } fragment f on Pet { owner { friends { name } } }`,
			want:  "name[defer:a nd=true] owner[defer:a,b nd=false]{2}",
		},
		{
			name:  "defer can be switched off",
			query: `query($d: Boolean) { pets { ... @defer(if: $d, label: "x") { name } ... @defer(if: false) { owner { name } } } }`,
			vars:  map[string]any{"d": false},
			want:  "name owner{1}",
		},
		{
			name:  "a null defer condition does not defer",
			query: `query($d: Boolean) { pets { ... @defer(if: $d) { name } } }`,
			vars:  map[string]any{"d": nil},
			want:  "name",
		},
		{
			name:  "label from a variable, nested defers",
			query: `query($l: String) { pets { ... @defer(label: $l) { ... @defer(label: "inner") { name } } } }`,
			vars:  map[string]any{"l": "outer"},
			want:  "name[defer:inner,outer nd=false]",
		},
		{
			name:      "interface and object fields merge",
			query:     `{ pets { ... on Pet { owner { name } } ... on Dog { owner { friends { name } } } } }`,
			satisfies: []string{"Dog", "Pet"},
			want:      "owner{2}",
		},
		{
			name:      "union members do not merge with each other",
			query:     `{ me { animals { ... on Dog { name } ... on Cat { name } } } }`,
			satisfies: nil,
			want:      "name name",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			oc, sel := operation(t, tt.query, tt.vars)
			if strings.Contains(tt.query, "animals") {
				sel = CollectFields(oc, sel, []string{"Person"})[0].Selections
			}
			got := CollectFields(oc, sel, tt.satisfies)
			if describe(got) != tt.want {
				t.Errorf("got  %s\nwant %s", describe(got), tt.want)
			}
			for _, f := range got {
				if f.IsDeferred() != (len(f.Deferrables) > 0 && !f.IsNonDeferrable) {
					t.Errorf("%s: IsDeferred = %v", f.Alias, f.IsDeferred())
				}
			}
		})
	}
}

func TestCollectFieldsMemoises(t *testing.T) {
	oc, sel := operation(t, `{ pets { name ... on Dog { barks } ... on Cat { meows } } }`, nil)
	dog := CollectFields(oc, sel, []string{"Dog", "Pet"})
	cat := CollectFields(oc, sel, []string{"Cat", "Pet"})
	if describe(dog) != "name barks" || describe(cat) != "name meows" {
		t.Fatalf("dog %s, cat %s", describe(dog), describe(cat))
	}
	// Equal type lists in a different slice hit the same entry.
	again := CollectFields(oc, sel, append([]string(nil), "Dog", "Pet"))
	if &again[0] != &dog[0] {
		t.Error("the same selection was collected twice")
	}
	if &CollectFields(oc, sel, []string{"Cat", "Pet"})[0] != &cat[0] {
		t.Error("the second cached entry was not found")
	}
	// A shorter selection set over the same array is a different key.
	if got := describe(CollectFields(oc, sel[:1], []string{"Dog"})); got != "name" {
		t.Errorf("prefix of the selection set collected %s", got)
	}
	// From the second operation on, operations on the same document share
	// their results (no directive reads a variable); the first keeps its
	// own, so that a document used once leaves no cache holding its tree.
	second := &OperationContext{Doc: oc.Doc}
	shared := CollectFields(second, sel, []string{"Dog", "Pet"})
	if describe(shared) != "name barks" {
		t.Fatalf("second operation: %s", describe(shared))
	}
	third := &OperationContext{Doc: oc.Doc}
	if &CollectFields(third, sel, []string{"Dog", "Pet"})[0] != &shared[0] {
		t.Error("operations on one document collected the same selection set again")
	}

	if got := CollectFields(oc, nil, nil); got == nil || len(got) != 0 {
		t.Errorf("empty selection set gave %#v", got)
	}

	var wg sync.WaitGroup
	results := make([]string, 64)
	fresh := &OperationContext{Doc: oc.Doc}
	for i := range results {
		wg.Go(func() {
			sat := []string{"Dog", "Pet"}
			if i%2 == 1 {
				sat = []string{"Cat", "Pet"}
			}
			results[i] = describe(CollectFields(fresh, sel, sat))
		})
	}
	wg.Wait()
	for i, r := range results {
		want := "name barks"
		if i%2 == 1 {
			want = "name meows"
		}
		if r != want {
			t.Errorf("goroutine %d collected %s", i, r)
		}
	}
}

func TestCollectFieldsPanicsOnInvalidDocuments(t *testing.T) {
	oc := &OperationContext{Doc: &ast.QueryDocument{}}
	mustPanic(t, "missing fragment nope", func() {
		CollectFields(oc, ast.SelectionSet{&ast.FragmentSpread{Name: "nope"}}, nil)
	})
	noIf := &ast.Field{Name: "a", Alias: "a", Directives: ast.DirectiveList{{Name: "skip"}}}
	mustPanic(t, "skip: argument 'if' not defined", func() {
		CollectFields(oc, ast.SelectionSet{noIf}, nil)
	})
	strIf := &ast.Field{Name: "a", Alias: "a", Directives: ast.DirectiveList{{
		Name:      "include",
		Arguments: ast.ArgumentList{{Name: "if", Value: &ast.Value{Kind: ast.StringValue, Raw: "yes"}}},
	}}}
	mustPanic(t, "include: argument 'if' is not a boolean", func() {
		CollectFields(oc, ast.SelectionSet{strIf}, nil)
	})
	badDefer := &ast.InlineFragment{
		Directives:   ast.DirectiveList{{Name: "defer", Arguments: ast.ArgumentList{{Name: "when", Value: &ast.Value{Kind: ast.BooleanValue, Raw: "true"}}}}},
		SelectionSet: ast.SelectionSet{&ast.Field{Name: "a", Alias: "a"}},
	}
	mustPanic(t, "defer: argument 'when' not supported", func() {
		CollectFields(oc, ast.SelectionSet{badDefer}, nil)
	})
}

func TestSelectionHelpers(t *testing.T) {
	oc, sel := operation(t, `query($withPets: Boolean!) {
		me {
			name
			n2: name
			... on Person { friends { name pets @include(if: $withPets) { owner { name } } } }
			pets @include(if: $withPets) { name }
		}
	}`, map[string]any{"withPets": false})
	if got := describe(CollectFields(oc, sel, nil)); got != "name n2(name) friends{2}" {
		t.Errorf("me selects %s", got)
	}
	root := CollectFields(oc, oc.Operation.SelectionSet, nil)[0]
	ctx := WithOperationContext(t.Context(), oc)
	ctx = WithFieldContext(ctx, &FieldContext{Field: root})

	if got := describe(CollectFieldsCtx(ctx, []string{"Person"})); got != "name n2(name) friends{2}" {
		t.Errorf("CollectFieldsCtx = %s", got)
	}
	if got := strings.Join(CollectAllFields(ctx), ","); got != "name,friends" {
		t.Errorf("CollectAllFields = %s", got)
	}
	for path, want := range map[string]bool{
		"name":                     true,
		"n2":                       false,
		"friends":                  true,
		"friends.name":             true,
		"friends.pets":             false,
		"friends.pets.owner":       false,
		"pets":                     false,
		"friends.name.nothing":     false,
		"":                         false,
		"friends.":                 false,
		".friends":                 false,
		"friends.friends.friends":  false,
		"unknown":                  false,
		"friends.unknown.whatever": false,
	} {
		if got := FieldRequested(ctx, path); got != want {
			t.Errorf("FieldRequested(%q) = %v", path, got)
		}
	}
	if !AnyFieldRequested(ctx, "pets", "friends.name") || AnyFieldRequested(ctx, "pets", "friends.pets") || AnyFieldRequested(ctx) {
		t.Error("AnyFieldRequested")
	}

	oc.Variables = map[string]any{"withPets": true}
	fresh := &OperationContext{Doc: oc.Doc, Operation: oc.Operation, Variables: oc.Variables}
	ctx = WithFieldContext(WithOperationContext(context.Background(), fresh), &FieldContext{Field: root})
	if !FieldRequested(ctx, "friends.pets.owner.name") || !FieldRequested(ctx, "pets") {
		t.Error("FieldRequested ignores @include")
	}
}

func TestCollectFieldsVariablesKeepResultsPerOperation(t *testing.T) {
	query := `query($on: Boolean!, $late: Boolean!) {
		pets { name @include(if: $on) ... on Dog @defer(if: $late) { barks } ... on Cat @skip(if: true) { meows } }
	}`
	oc, sel := operation(t, query, map[string]any{"on": true, "late": false})
	off := &OperationContext{Doc: oc.Doc, Operation: oc.Operation, Variables: map[string]any{"on": false, "late": true}}
	offSel := CollectFields(off, off.Operation.SelectionSet, []string{"Query"})[0].Selections
	sat := []string{"Dog", "Pet"}
	if got := describe(CollectFields(oc, sel, sat)); got != "name barks" {
		t.Errorf("on: got %s", got)
	}
	if got := describe(CollectFields(off, offSel, sat)); got != "barks[defer: nd=false]" {
		t.Errorf("off: got %s", got)
	}
	// Asking again gives each operation its own memoised result.
	if got := describe(CollectFields(oc, sel, sat)); got != "name barks" {
		t.Errorf("on, again: got %s", got)
	}
	if first, second := CollectFields(oc, sel, sat), CollectFields(oc, sel, sat); &first[0] != &second[0] {
		t.Error("a variable-dependent result is not memoised within its operation")
	}
}

func TestDocumentCollectCacheIsDroppedWithTheDocument(t *testing.T) {
	held := func(key weak.Pointer[ast.QueryDocument]) bool {
		documentCaches.mu.RLock()
		defer documentCaches.mu.RUnlock()
		return documentCaches.caches[key] != nil
	}
	key := func() weak.Pointer[ast.QueryDocument] {
		oc, sel := operation(t, `{ pets { name } }`, nil)
		CollectFields(oc, sel, []string{"Dog"})
		if held(weak.Make(oc.Doc)) {
			t.Error("the first operation on a document made it a shared collect cache")
		}
		// A second operation on the document, as a cached document gets.
		again := &OperationContext{Doc: oc.Doc, Operation: oc.Operation}
		if got := describe(CollectFields(again, sel, []string{"Dog"})); got != "name" {
			t.Errorf("second operation: got %s", got)
		}
		return weak.Make(oc.Doc)
	}()
	if !held(key) {
		t.Fatal("a document used twice has no collect cache")
	}
	// The recent slots hold documents weakly: no other document has to
	// push this one out for it to go.
	deadline := time.Now().Add(10 * time.Second)
	for held(key) {
		if time.Now().After(deadline) {
			t.Fatal("the cache of a collected document is still held")
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestCollectFieldsIndexMatchesScan: past indexAbove fields, collect finds
// the field to merge into through an index; the result is the one the scan
// of the whole list gives.
func TestCollectFieldsIndexMatchesScan(t *testing.T) {
	var many strings.Builder
	for i := range 80 {
		fmt.Fprintf(&many, " a%d: name", i%50)
		switch i % 7 {
		case 0:
			fmt.Fprintf(&many, " ... on Dog { a%d: name barks owner { name } }", i%13)
		case 1:
			fmt.Fprintf(&many, " ... on Pet { a%d: name owner { name } }", i%11)
		case 2:
			fmt.Fprintf(&many, " ... on Cat @defer(label: \"c%d\") { a%d: name meows }", i, i%9)
		case 3:
			many.WriteString(" ...f")
		}
	}
	queries := []string{
		"{ pets {" + many.String() + " } } fragment f on Pet { owner { name } a3: name }",
		"{ pets {" + strings.Repeat(" name n: name ... on Dog { name b: barks } ... on Cat { b: meows }", 40) + " } }",
		// x under Dog and under Cat stay apart; x under Pet merges into the
		// first of them.
		"{ pets { a: name b: name ... on Dog { x: owner { name } } ... on Cat { x: owner { name } } x: owner { name } c: name } }",
	}
	for _, satisfies := range [][]string{{"Dog", "Pet"}, {"Cat", "Pet"}, nil} {
		for _, q := range queries {
			oc, sel := operation(t, q, nil)
			collect := func(threshold int) []CollectedField {
				saved := indexAbove
				indexAbove = threshold
				defer func() { indexAbove = saved }()
				col := collector{oc: oc, satisfies: satisfies}
				return col.collect(sel, false)
			}
			scanned, indexed := collect(1<<30), collect(2)
			if len(indexed) <= 2 {
				t.Fatalf("%d fields: the index is never used", len(indexed))
			}
			if !reflect.DeepEqual(scanned, indexed) {
				t.Errorf("satisfies %v: indexed %s, scanned %s", satisfies, describe(indexed), describe(scanned))
			}
			if repeatedAlias(scanned) != slowRepeatedAlias(scanned) {
				t.Errorf("repeatedAlias %d, want %d", repeatedAlias(scanned), slowRepeatedAlias(scanned))
			}
		}
	}
}

func slowRepeatedAlias(fields []CollectedField) int {
	for i := range fields {
		for j := range i {
			if fields[j].Alias == fields[i].Alias {
				return i
			}
		}
	}
	return -1
}

package validation

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// runRule validates query against schema with the one rule, and returns
// its errors, or ok=false when the query does not parse.
func runRule(schema *ast.Schema, query string, rule validator.Rule) (errs gqlerror.List, ok bool) {
	doc, err := parser.ParseQuery(&ast.Source{Input: query, Name: "q.graphql"})
	if err != nil {
		return nil, false
	}
	events := new(validator.Events)
	rule.RuleFunc(events, func(opts ...validator.ErrorOption) {
		e := &gqlerror.Error{Rule: rule.Name}
		for _, o := range opts {
			o(e)
		}
		errs = append(errs, e)
	})
	validator.Walk(schema, doc, events)
	return errs, true
}

// render writes errors in a form that shows every difference.
func render(errs gqlerror.List) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "%s %v %v\n", e.Message, e.Locations, e.Rule)
	}
	return b.String()
}

// sameAsGqlparser fails t unless OverlappingFields reports exactly what
// gqlparser's rule does for query, and returns how many errors that is;
// ok is false when query does not parse.
func sameAsGqlparser(t *testing.T, name string, schema *ast.Schema, query string) (errors int, ok bool) {
	t.Helper()
	want, ok := runRule(schema, query, rules.OverlappingFieldsCanBeMergedRule)
	if !ok {
		return 0, false
	}
	got, _ := runRule(schema, query, OverlappingFields)
	if render(got) != render(want) {
		t.Errorf("%s: differs from gqlparser\nquery:\n%s\ngqlparser:\n%s\nours:\n%s", name, query, render(want), render(got))
	}
	return len(want), true
}

// gqlparserDir finds gqlparser's module in the module cache, where its
// validator test documents are.
func gqlparserDir(t *testing.T) string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/vektah/gqlparser/v2").Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("cannot find gqlparser's module directory: %v", err)
		}
		t.Skipf("SKIPPED LOUDLY: cannot find gqlparser's module directory (%v); the differential corpus did not run", err)
	}
	return dir
}

type specCase struct {
	Name   string `yaml:"name"`
	Schema any    `yaml:"schema"`
	Query  string `yaml:"query"`
}

// TestOverlappingFieldsMatchesGqlparserCorpus runs every query of
// gqlparser's validator test documents (the graphql-js suite it imports
// and its own) through both rules.
func TestOverlappingFieldsMatchesGqlparserCorpus(t *testing.T) {
	dir := gqlparserDir(t)
	var rawSchemas []string
	readYAML(t, filepath.Join(dir, "validator/imported/spec/schemas.yml"), &rawSchemas)
	schemas := make([]*ast.Schema, len(rawSchemas))
	for i, s := range rawSchemas {
		schema, err := gqlparser.LoadSchema(&ast.Source{Input: s, Name: fmt.Sprintf("schemas.yml[%d]", i)})
		if err != nil {
			t.Fatalf("schema %d: %v", i, err)
		}
		schemas[i] = schema
	}
	files, _ := filepath.Glob(filepath.Join(dir, "validator/imported/spec/*.spec.yml"))
	own, _ := filepath.Glob(filepath.Join(dir, "validator/spec/*.spec.yml"))
	files = append(files, own...)
	if len(files) < 30 {
		t.Fatalf("found only %d spec files under %s", len(files), dir)
	}
	compared := 0
	for _, file := range files {
		var cases []specCase
		readYAML(t, file, &cases)
		for _, c := range cases {
			var schema *ast.Schema
			switch s := c.Schema.(type) {
			case uint64:
				schema = schemas[s]
			case int64:
				schema = schemas[s]
			case string:
				var err error
				if schema, err = gqlparser.LoadSchema(&ast.Source{Input: s}); err != nil {
					continue
				}
			default:
				continue
			}
			if _, ok := sameAsGqlparser(t, filepath.Base(file)+"/"+c.Name, schema, c.Query); ok {
				compared++
			}
		}
	}
	t.Logf("%d documents compared", compared)
	if compared < 400 {
		t.Errorf("only %d documents compared; the corpus did not load", compared)
	}
}

func readYAML(t *testing.T, path string, into any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// randomSchema has interfaces, a union, objects that share field names
// with different types, leaf and composite fields, and arguments of every
// value kind, so that random documents reach each way two fields conflict.
const randomSchema = `
interface Pet { name: String  owner: Person  friends(first: Int): [Pet] }
type Dog implements Pet { name: String  owner: Person  friends(first: Int): [Pet]  bark(loud: Boolean, times: Int): String  size: Int  tags: [String!] }
type Cat implements Pet { name: String  owner: Person  friends(first: Int): [Pet]  meow: String  size: String  tags: [String] }
type Person { name: String!  pets(filter: Filter, ids: [ID!]): [Pet!]!  best: Pet  age: Int }
union Thing = Dog | Cat | Person
input Filter { kind: String  min: Int  inner: Filter }
type Query { pet(id: ID): Pet  thing: Thing  person(name: String): Person  dog: Dog  cat: Cat  n: Int }
`

// gen writes random documents over randomSchema.
type gen struct {
	r *rand.Rand
	b strings.Builder
	// tame documents use no aliases, one argument list per field and no
	// named fragments, so that about half the documents have no conflict.
	tame bool
}

var (
	fieldsOf = map[string][]string{
		"Query":  {"pet", "thing", "person", "dog", "cat", "n", "__typename"},
		"Pet":    {"name", "owner", "friends", "__typename"},
		"Dog":    {"name", "owner", "friends", "bark", "size", "tags", "__typename"},
		"Cat":    {"name", "owner", "friends", "meow", "size", "tags", "__typename"},
		"Person": {"name", "pets", "best", "age", "__typename"},
		"Thing":  {"__typename"},
	}
	typeOf = map[string]string{
		"pet": "Pet", "thing": "Thing", "person": "Person", "dog": "Dog", "cat": "Cat",
		"owner": "Person", "friends": "Pet", "pets": "Pet", "best": "Pet",
	}
	argsOf = map[string][]string{
		"friends": {"(first: 1)", "(first: 2)", "(first: $v)", ""},
		"bark":    {"(loud: true)", "(loud: false, times: 2)", "(times: 2, loud: false)", ""},
		"pets":    {`(filter: {kind: "a", min: 1})`, `(filter: {min: 1, kind: "a"})`, `(filter: {kind: "b"})`, `(ids: ["1", "2"])`, `(ids: ["2", "1"])`, `(filter: {inner: {kind: "a"}})`, ""},
		"person":  {`(name: "x")`, `(name: "y")`, ""},
		"pet":     {`(id: 1)`, `(id: "1")`, ""},
	}
	conditionsFor = map[string][]string{
		"Query": {"Query"}, "Pet": {"Dog", "Cat", "Pet"}, "Dog": {"Dog", "Pet"}, "Cat": {"Cat", "Pet"},
		"Person": {"Person"}, "Thing": {"Dog", "Cat", "Person", "Pet"},
	}
	aliases = []string{"", "", "", "a", "b", "name", "size"}
)

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g *gen) selection(typ string, depth int) {
	g.b.WriteString("{ ")
	n := 1 + g.r.IntN(4)
	for range n {
		start := g.b.Len()
		g.item(typ, depth)
		// Repeat some selections verbatim, as hostile documents do, so
		// that groups of one shape, and leaves repeated through inline
		// fragments, take the rule's fast paths.
		// Documents stay small: gqlparser's rule, the reference, is
		// quadratic in repeats.
		if item := g.b.String()[start:]; g.r.IntN(5) == 0 && len(item) < 300 && g.b.Len() < 2000 {
			for range 1 + g.r.IntN(6) {
				g.b.WriteString(item)
			}
		}
	}
	g.b.WriteString("} ")
}

func (g *gen) item(typ string, depth int) {
	{
		switch k := g.r.IntN(10); {
		case k < 6 || depth > 3:
			f := g.pick(fieldsOf[typ])
			if a := g.pick(aliases); a != "" && !g.tame {
				g.b.WriteString(a + ": ")
			}
			g.b.WriteString(f)
			if args := argsOf[f]; args != nil && !g.tame {
				g.b.WriteString(g.pick(args))
			} else if args != nil {
				g.b.WriteString(args[0])
			}
			g.b.WriteString(" ")
			if sub, ok := typeOf[f]; ok && depth <= 3 {
				g.selection(sub, depth+1)
			}
		case k < 8 || g.tame:
			cond := g.pick(conditionsFor[typ])
			if g.r.IntN(4) == 0 {
				g.b.WriteString("... ")
				g.selection(typ, depth+1)
			} else {
				g.b.WriteString("... on " + cond + " ")
				g.selection(cond, depth+1)
			}
		default:
			name := fmt.Sprintf("F%d", g.r.IntN(5))
			g.b.WriteString("..." + name + " ")
		}
	}
}

func (g *gen) document() string {
	g.b.Reset()
	g.tame = g.r.IntN(2) == 0
	g.b.WriteString("query Q($v: Int) ")
	g.selection("Query", 0)
	for i := range 5 {
		cond := g.pick([]string{"Pet", "Dog", "Cat", "Person", "Query"})
		fmt.Fprintf(&g.b, "\nfragment F%d on %s ", i, cond)
		g.selection(cond, 1+g.r.IntN(2))
	}
	return g.b.String()
}

// TestOverlappingFieldsMatchesGqlparserRandom compares both rules on
// random documents: repeated response names, aliases, arguments that
// differ only in order, inline fragments on disjoint and overlapping types,
// and named fragments that spread one another (cycles included).
func TestOverlappingFieldsMatchesGqlparserRandom(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: randomSchema})
	g := &gen{r: rand.New(rand.NewPCG(1, 2))}
	n := 1500
	if testing.Short() {
		n = 200
	}
	conflicting := 0
	for i := range n {
		doc := g.document()
		errors, ok := sameAsGqlparser(t, fmt.Sprintf("random %d", i), schema, doc)
		if !ok {
			t.Fatalf("generated document does not parse:\n%s", doc)
		}
		if errors > 0 {
			conflicting++
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d of %d random documents had conflicts", conflicting, n)
	if conflicting < n/10 || conflicting > n*9/10 {
		t.Errorf("%d of %d random documents conflict: the generator no longer tests both outcomes", conflicting, n)
	}
}

// TestOverlappingFieldsMatchesGqlparserHandPicked covers the shapes the
// rule has fast paths for, each with the variations that must still be
// reported: fields that only spread fragments, repeated and mixed with
// fields of other classes; leaves repeated through inline fragments.
func TestOverlappingFieldsMatchesGqlparserHandPicked(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: randomSchema})
	frags := ` fragment A on Pet { name } fragment B on Pet { name: owner { name } } fragment C on Pet { ...A ...B }`
	for i, q := range []string{
		`{ pet { ...A } pet { ...B } pet { ...A } pet(id: 1) { ...A } pet: dog { ...A } ... on Query { pet { ...B } } pet { ...C } }` + frags,
		`{ pet { ...A ...B } pet { ...B ...A } pet { ...A } pet { ...B } pet }` + frags,
		`{ a: pet { ...A } a: person { name } a: pet { ...B } a: pet { ...A } a: cat { ...B } }` + frags,
		`{ ... on Query { n ... { n ... { n } } } n: person { age } ... { n } }`,
		`{ pet { ... on Dog { size } ... on Cat { size } ... { ... on Dog { size } } } }`,
		`{ pet { ...A } pet { ...A } pet { ...C } pet { ...C } pet { ...A } }` + frags,
		// Fields and spreads together, repeated: the group is skipped only
		// when every pair would be found memoised and clean.
		`{ pet { name ...A } pet { name ...A } pet { name ...A } }` + frags,
		`{ pet { name ...B } pet { name ...B } pet { name ...B } }` + frags,
		`{ pet { name ...C } pet { name ... { name } ...C } pet { name ...C } }` + frags,
		`{ pet { name ...A } pet { name ...B } pet { name ...A } }` + frags,
		`{ pet { name ...A ...B } pet { name ...B ...A } pet { name ...A ...B } }` + frags,
		`{ pet { name ...A } pet(id: 1) { name ...A } pet { name ...A } }` + frags,
		`{ pet { name } pet { name ...A } pet { name ...A } }` + frags,
		`{ pet { name ...A } pet { name: owner { name } ...A } pet { name ...A } }` + frags,
		`{ pet { name ...A } pet { owner { name } ...B } pet { owner { age } ...B } }` + frags,
		`{ pet { name ...A } ... on Query { pet { name ...A } } pet { name ...A } }` + frags,
		`{ n } fragment X on Query { pet { name ...A } pet { name ...A } pet { name ...B } }` + frags,
		`{ ...X } fragment X on Query { pet { name ...A } pet { name ...A } pet { name ...B } }` + frags,
		`{ pet { name ...A ...C } pet { name ...A ...C } }` + frags,
		// Inline fragments repeating one leaf, alone and next to others.
		`{ ... { n ... { n } ... { n } } ... { n ... { n: __typename } } }`,
		`{ pet { ... { name ... { name } } ... { name } ... on Dog { name } } }`,
		`{ pet { ... { name ... { name } } ... on Dog { ... { name: size } } } }`,
		`{ pet { ... { ... { name } ... { name } } owner { name } ... { name ...A } } }` + frags,
		`{ ... { n } ... { n } n: pet { name } }`,
		`{ pet { ... on Dog { size ... { size } } ... on Cat { size ... { size } } } }`,
		// A named fragment walked between an inline fragment and its
		// parent leaves its own inline fragments' answers above: within
		// reach, and (70 of them) out of it.
		`{ ... { n } ...Q ... { n } } fragment Q on Query { ... { n } ... { n } }`,
		`{ ... { n } ...Q } fragment Q on Query { ... { n } ... { n: __typename } }`,
		`{ ... { n } ... { n } ...Q }  fragment Q on Query {` + strings.Repeat(" ... { n }", 70) + ` }`,
		`{ ... { n } ... { n: __typename } ...Q }  fragment Q on Query {` + strings.Repeat(" ... { n }", 70) + ` }`,
		`{ ... { n ... { n } } ...Q }  fragment Q on Query {` + strings.Repeat(" ... { n }", 70) + ` ... { n: __typename } }`,
	} {
		if _, ok := sameAsGqlparser(t, fmt.Sprintf("hand-picked %d", i), schema, q); !ok {
			t.Fatalf("does not parse: %s", q)
		}
	}
}

// TestOverlappingFieldsSetsSharingAFirstSelection: selection sets of one
// backing array, one a prefix of the other (a document built by program
// rather than parsed), are flattened as the different sets they are.
func TestOverlappingFieldsSetsSharingAFirstSelection(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: randomSchema})
	build := func() *ast.QueryDocument {
		doc, err := parser.ParseQuery(&ast.Source{Input: `{ a: pet { n: name n: owner { name } } a: pet { n: name } }`})
		if err != nil {
			t.Fatal(err)
		}
		set := doc.Operations[0].SelectionSet
		first := set[0].(*ast.Field)
		set[1].(*ast.Field).SelectionSet = first.SelectionSet[:1]
		return doc
	}
	walk := func(rule validator.Rule) string {
		var errs gqlerror.List
		events := new(validator.Events)
		rule.RuleFunc(events, func(opts ...validator.ErrorOption) {
			e := &gqlerror.Error{Rule: rule.Name}
			for _, o := range opts {
				o(e)
			}
			errs = append(errs, e)
		})
		validator.Walk(schema, build(), events)
		return render(errs)
	}
	want, got := walk(rules.OverlappingFieldsCanBeMergedRule), walk(OverlappingFields)
	if want == "" {
		t.Fatal("gqlparser reports nothing: the document does not test the memo")
	}
	if got != want {
		t.Errorf("gqlparser:\n%s\nours:\n%s", want, got)
	}
}

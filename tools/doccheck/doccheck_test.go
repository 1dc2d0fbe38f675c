package doccheck

import (
	"encoding/json"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// root is the repository root, relative to this package's directory.
var root = filepath.Join("..", "..")

// documents are the Markdown files whose facts are checked: the README,
// the user's guide and the examples' READMEs.
func documents(t *testing.T) map[string]string {
	t.Helper()
	var names []string
	for _, pattern := range []string{"README.md", "docs/*.md", "_examples/README.md", "_examples/*/README.md"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, m...)
	}
	docs := map[string]string{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, name)
		docs[filepath.ToSlash(rel)] = string(data)
	}
	if len(docs) < 8 {
		t.Fatalf("found %d documents; is the test run from its package directory?", len(docs))
	}
	return docs
}

func readFile(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var (
	fence = regexp.MustCompile("(?ms)^```.*?^```")
	span  = regexp.MustCompile("`([^`]+)`")
	space = regexp.MustCompile(`\s+`)
)

// inlineCode returns the inline code spans of a Markdown document (fenced
// blocks left out), with runs of white space, line breaks included, as one
// space: a quoted message may be wrapped.
func inlineCode(doc string) []string {
	var out []string
	for _, m := range span.FindAllStringSubmatch(fence.ReplaceAllString(doc, ""), -1) {
		out = append(out, strings.TrimSpace(space.ReplaceAllString(m[1], " ")))
	}
	return out
}

// codecFile parses a non-test file of package codec.
func codecFile(t *testing.T, name string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "codec", name), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// buildFailureMessage returns the message of a codec file that exists to
// fail the build: its `var _ = "codec: ..." + 0`, without the "codec: ".
func buildFailureMessage(t *testing.T, name string) string {
	t.Helper()
	var msg string
	ast.Inspect(codecFile(t, name), func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			if lit, ok := b.X.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				msg, _ = strconv.Unquote(lit.Value)
			}
		}
		return msg == ""
	})
	msg, ok := strings.CutPrefix(msg, "codec: ")
	if !ok {
		t.Fatalf("codec/%s: no `\"codec: ...\" + 0` message", name)
	}
	return msg
}

// TestQuotedBuildErrors: the build failures the documents quote (two codec
// tags at once, jsonv2 without its experiment) are quoted as the code
// words them, at least once each in docs/codecs.md.
func TestQuotedBuildErrors(t *testing.T) {
	for _, c := range []struct{ file, marker string }{
		{"conflict.go", "mutually exclusive"},
		{"jsonv2_off.go", "needs GOEXPERIMENT"},
	} {
		want := buildFailureMessage(t, c.file)
		quotedInCodecs := false
		for name, doc := range documents(t) {
			for _, q := range inlineCode(doc) {
				if !strings.Contains(q, c.marker) {
					continue
				}
				if !strings.Contains(want, q) {
					t.Errorf("%s quotes %q; codec/%s says %q", name, q, c.file, want)
				}
				if name == "docs/codecs.md" && q == want {
					quotedInCodecs = true
				}
			}
		}
		if !quotedInCodecs {
			t.Errorf("docs/codecs.md does not quote codec/%s's message in full: %q", c.file, want)
		}
	}
}

// codecTags are the codec build tags: the tags of codec/conflict.go's
// constraint, which excludes every pair of them.
func codecTags(t *testing.T) []string {
	t.Helper()
	f := codecFile(t, "conflict.go")
	var tags []string
	for _, c := range f.Comments {
		for _, l := range c.List {
			if !constraint.IsGoBuild(l.Text) {
				continue
			}
			expr, err := constraint.Parse(l.Text)
			if err != nil {
				t.Fatal(err)
			}
			expr.Eval(func(tag string) bool {
				if !slices.Contains(tags, tag) {
					tags = append(tags, tag)
				}
				return false
			})
		}
	}
	slices.Sort(tags)
	if len(tags) < 4 {
		t.Fatalf("codec/conflict.go's constraint names %v", tags)
	}
	return tags
}

var tableRow = regexp.MustCompile("(?m)^\\| (\\*\\(none\\)\\*|`[^`]+`) \\| ([^|]+) \\|")

// TestCodecTables: every table of codecs by build tag (a header starting
// "| build tag |") lists exactly the codec tags and no tag, and names each
// library at the version go.mod requires.
func TestCodecTables(t *testing.T) {
	want := append([]string{"(none)"}, codecTags(t)...)
	mod, err := modfile.Parse("go.mod", []byte(readFile(t, "go.mod")), nil)
	if err != nil {
		t.Fatal(err)
	}
	versions := map[string]string{}
	for _, r := range mod.Require {
		versions[r.Mod.Path] = r.Mod.Version
	}
	library := regexp.MustCompile(`(github\.com/[\w.-]+/[\w.-]+) (v[\w.+-]+)`)
	tables := 0
	for name, doc := range documents(t) {
		for _, table := range strings.Split(doc, "\n\n") {
			if !strings.HasPrefix(table, "| build tag |") {
				continue
			}
			tables++
			var tags []string
			for _, m := range tableRow.FindAllStringSubmatch(table, -1) {
				tags = append(tags, strings.Trim(m[1], "`*"))
				if lib := library.FindStringSubmatch(m[2]); lib != nil && versions[lib[1]] != lib[2] {
					t.Errorf("%s: %s at %s; go.mod requires %q", name, lib[1], lib[2], versions[lib[1]])
				}
			}
			slices.Sort(tags)
			if !slices.Equal(tags, want) {
				t.Errorf("%s: the codec table lists %v; the codec tags are %v", name, tags, want)
			}
		}
	}
	if tables == 0 {
		t.Error("no codec table (| build tag | ...) in the documents")
	}
}

// TestBuildCommandsListEveryTag: docs/codecs.md's first command block has a
// go build line for each codec tag.
func TestBuildCommandsListEveryTag(t *testing.T) {
	block := fence.FindString(readFile(t, "docs/codecs.md"))
	tag := regexp.MustCompile(`go build -tags (\w+) `)
	var got []string
	for _, m := range tag.FindAllStringSubmatch(block, -1) {
		got = append(got, m[1])
	}
	slices.Sort(got)
	if want := codecTags(t); !slices.Equal(got, want) {
		t.Errorf("docs/codecs.md builds with %v; the codec tags are %v:\n%s", got, want, block)
	}
}

// codecNames are what codec.Name() can return: the names of the codec
// files' codecs, leaving out the two that exist only to fail the build.
func codecNames(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "codec", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	add := func(lit ast.Expr) {
		if b, ok := lit.(*ast.BasicLit); ok && b.Kind == token.STRING {
			s, _ := strconv.Unquote(b.Value)
			if !slices.Contains(names, s) {
				names = append(names, s)
			}
		}
	}
	for _, path := range files {
		base := filepath.Base(path)
		if strings.HasSuffix(base, "_test.go") || base == "conflict.go" || base == "jsonv2_off.go" {
			continue
		}
		ast.Inspect(codecFile(t, base), func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl: // func (x) Name() string { return "..." }
				if n.Recv != nil && n.Name.Name == "Name" && len(n.Body.List) == 1 {
					if r, ok := n.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
						add(r.Results[0])
					}
				}
			case *ast.CompositeLit: // stdCodec{name: "..."}
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "stdCodec" {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							add(kv.Value)
						}
					}
				}
			}
			return true
		})
	}
	slices.Sort(names)
	return names
}

// TestCodecNames: docs/codecs.md's list of what codec.Name() returns is the
// codecs' names, and every `JSON codec: X` a document quotes names one.
func TestCodecNames(t *testing.T) {
	want := codecNames(t)
	doc := readFile(t, "docs/codecs.md")
	sentence := regexp.MustCompile("`codec.Name\\(\\)` returns ([^.]+)\\.").FindStringSubmatch(space.ReplaceAllString(doc, " "))
	if sentence == nil {
		t.Fatal("docs/codecs.md has no sentence \"`codec.Name()` returns ...\"")
	}
	var got []string
	for _, m := range span.FindAllStringSubmatch(sentence[1], -1) {
		got = append(got, m[1])
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("docs/codecs.md: codec.Name() returns %v; the codecs are named %v", got, want)
	}
	for name, doc := range documents(t) {
		for _, q := range inlineCode(doc) {
			if n, ok := strings.CutPrefix(q, "JSON codec: "); ok && !slices.Contains(want, n) && !strings.Contains(n, "%s") {
				t.Errorf("%s quotes %q: no codec has that name (%v)", name, q, want)
			}
		}
	}
}

// schemaNode is the part of gqlgen.schema.json that says which keys exist.
type schemaNode struct {
	Ref                  string                 `json:"$ref"`
	Properties           map[string]*schemaNode `json:"properties"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	AllOf                []*schemaNode          `json:"allOf"`
	Definitions          map[string]*schemaNode `json:"definitions"`
}

// TestConfigKeysQuoted: a gqlgen.yml key quoted outside the configuration
// reference (which codegen/config's docs test checks) exists. A quoted key
// is a span such as `resolver.defined_resolver_types` (a dotted path from a
// top-level key, optionally followed by ": value") or a top-level key with
// an underscore.
func TestConfigKeysQuoted(t *testing.T) {
	var schema schemaNode
	if err := json.Unmarshal([]byte(readFile(t, "gqlgen.schema.json")), &schema); err != nil {
		t.Fatal(err)
	}
	resolve := func(n *schemaNode) *schemaNode {
		for n != nil && n.Properties == nil {
			switch {
			case n.Ref != "":
				n = schema.Definitions[strings.TrimPrefix(n.Ref, "#/definitions/")]
			case len(n.AllOf) > 0:
				n = n.AllOf[0]
			default:
				return n
			}
		}
		return n
	}
	// exists walks the dotted path; a map (additionalProperties with a
	// schema of its own) takes any name for one segment.
	exists := func(path []string) bool {
		n := &schema
		for _, seg := range path {
			n = resolve(n)
			if n == nil {
				return false
			}
			if p, ok := n.Properties[seg]; ok {
				n = p
				continue
			}
			var child schemaNode
			if strings.HasPrefix(string(n.AdditionalProperties), "{") && json.Unmarshal(n.AdditionalProperties, &child) == nil &&
				child.Ref != "#/definitions/unknownKey" {
				n = &child
				continue
			}
			return false
		}
		return true
	}
	key := regexp.MustCompile(`^([a-z][a-z_]*)((?:\.[a-z][a-z_]*)*)(?:: .+)?$`)
	checked := 0
	for name, doc := range documents(t) {
		if name == "docs/config.md" {
			continue
		}
		for _, q := range inlineCode(doc) {
			m := key.FindStringSubmatch(q)
			if m == nil {
				continue
			}
			if _, top := schema.Properties[m[1]]; !top {
				// Not a configuration key at all unless it looks like one:
				// a dotted path from a known section, or a snake_case
				// word that is one of the sections' keys.
				if m[2] == "" && strings.Contains(m[1], "_") && anySectionHas(resolve, &schema, m[1]) {
					checked++
				}
				continue
			}
			if m[2] == "" && !strings.Contains(m[1], "_") {
				continue // a bare word such as `schema`: exists, nothing to check
			}
			path := append([]string{m[1]}, strings.Split(strings.TrimPrefix(m[2], "."), ".")...)
			if m[2] == "" {
				path = path[:1]
			}
			checked++
			if !exists(path) {
				t.Errorf("%s quotes the gqlgen.yml key %q, which gqlgen.schema.json does not have", name, q)
			}
		}
	}
	if checked == 0 {
		t.Error("no gqlgen.yml key quoted in the documents: is the pattern still right?")
	}
}

// anySectionHas reports whether a section of the schema (a top-level
// key's object) has key.
func anySectionHas(resolve func(*schemaNode) *schemaNode, schema *schemaNode, key string) bool {
	for _, p := range schema.Properties {
		if n := resolve(p); n != nil {
			if _, ok := n.Properties[key]; ok {
				return true
			}
		}
	}
	return false
}

// TestWireDifferencesListed: every response the wire corpus expects to
// differ from upstream's (testdata/ours) is listed in docs/differences.md,
// linked to its golden file.
func TestWireDifferencesListed(t *testing.T) {
	goldens, err := filepath.Glob(filepath.Join(root, "tools", "wiregolden", "testdata", "ours", "*.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no deliberate wire goldens: %v", err)
	}
	doc := readFile(t, "docs/differences.md")
	for _, g := range goldens {
		link := "(../tools/wiregolden/testdata/ours/" + filepath.Base(g) + ")"
		if !strings.Contains(doc, link) {
			t.Errorf("docs/differences.md does not list the deliberate wire difference %s (a link %s)", strings.TrimSuffix(filepath.Base(g), ".golden"), link)
		}
	}
	// And every test it names exists.
	for _, m := range regexp.MustCompile("`(Test\\w+)`").FindAllStringSubmatch(doc, -1) {
		if !testExists(t, m[1]) {
			t.Errorf("docs/differences.md names %s, which no test file of graphql/handler/transport or tools/wiregolden declares", m[1])
		}
	}
}

func testExists(t *testing.T, name string) bool {
	t.Helper()
	for _, dir := range []string{"graphql/handler/transport", "tools/wiregolden"} {
		files, _ := filepath.Glob(filepath.Join(root, dir, "*_test.go"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), "func "+name+"(t *testing.T)") {
				return true
			}
		}
	}
	return false
}

// TestDemoCodecSwitch: the variable that picks the demo's codec is the
// one the Makefile's demo target reads, wherever it is named.
func TestDemoCodecSwitch(t *testing.T) {
	m := regexp.MustCompile(`(?m)^demo:\n\t\$\(GO\) run -tags "\$\((\w+)\)" \./tools/demo$`).FindStringSubmatch(readFile(t, "Makefile"))
	if m == nil {
		t.Fatal("the Makefile's demo target does not read the codec from a variable")
	}
	uses := regexp.MustCompile(`make demo (\w+)=`)
	sources := documents(t)
	sources["tools/demo/main.go"] = readFile(t, "tools/demo/main.go")
	sources["Makefile"] = readFile(t, "Makefile")
	named := 0
	for name, text := range sources {
		for _, u := range uses.FindAllStringSubmatch(text, -1) {
			named++
			if u[1] != m[1] {
				t.Errorf("%s says make demo %s=...; the Makefile reads %s", name, u[1], m[1])
			}
		}
	}
	if named == 0 {
		t.Error("nothing says how to pick the demo's codec")
	}
}

// benchAllocs reads the allocs/op section of docs/charts/benchstat.txt:
// per benchmark (without the -N suffix), upstream's and the no-tag
// binary's allocations (its first two columns).
func benchAllocs(t *testing.T) map[string][2]string {
	t.Helper()
	text := readFile(t, "docs/charts/benchstat.txt")
	i := strings.Index(text, "allocs/op")
	if i < 0 {
		t.Fatal("docs/charts/benchstat.txt has no allocs/op section")
	}
	cell := regexp.MustCompile(`([\d.]+) ± `)
	out := map[string][2]string{}
	for _, line := range strings.Split(text[i:], "\n")[1:] {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "geomean") {
			break
		}
		cells := cell.FindAllStringSubmatch(line, -1)
		if len(cells) < 2 {
			t.Fatalf("benchstat.txt: cannot read %q", line)
		}
		name := strings.Fields(line)[0]
		name = name[:strings.LastIndexByte(name, '-')]
		var v [2]string
		for j := range v {
			f, _ := strconv.ParseFloat(cells[j][1], 64)
			v[j] = strconv.FormatFloat(f, 'f', 0, 64)
		}
		out[name] = v
	}
	return out
}

// loopFigures reads docs/charts/loop.tsv: per row label, upstream's and our
// figure as written (a failed run keeps its "failed after").
func loopFigures(t *testing.T) map[string][2]string {
	t.Helper()
	out := map[string][2]string{}
	for i, line := range strings.Split(strings.TrimSpace(readFile(t, "docs/charts/loop.tsv")), "\n") {
		f := strings.Split(line, "\t")
		if strings.HasPrefix(line, "#") || i == 0 || len(f) != 3 || f[0] == "label" {
			continue
		}
		out[f[0]] = [2]string{f[1], f[2]}
	}
	return out
}

// ratio formats ours/upstream as the documents do, two decimals.
func ratio(t *testing.T, ours, upstream string) string {
	t.Helper()
	o, err1 := strconv.ParseFloat(ours, 64)
	u, err2 := strconv.ParseFloat(upstream, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("not numbers: %q, %q", ours, upstream)
	}
	return strconv.FormatFloat(o/u, 'f', 2, 64)
}

// TestQuotedFigures: the figures the documents write in their prose (the
// tables are written by make charts and checked by docs/charts' tests) are
// the results files'. Each sentence must be found once: a figure that
// changes, or a sentence reworded so that it is no longer checked, fails.
func TestQuotedFigures(t *testing.T) {
	allocs := benchAllocs(t)
	loop := loopFigures(t)
	withCommas := func(s string) string {
		for i := len(s) - 3; i > 0; i -= 3 {
			s = s[:i] + "," + s[i:]
		}
		return s
	}
	for _, c := range []struct {
		doc, pattern string
		want         []string
	}{
		{"docs/differences.md", "([\\d,]+) allocations through `ServeHTTP` instead of ([\\d,]+)",
			[]string{allocs["TodosEmpty_New"][1], allocs["TodosEmpty_New"][0]}},
		{"docs/performance.md", "What a cached request still costs: ([\\d,]+) allocations for `\\{ todos \\{ id \\} \\}` through `NewDefaultServer` \\(upstream ([\\d,]+)\\)",
			[]string{allocs["TodosEmpty_DefaultServer"][1], allocs["TodosEmpty_DefaultServer"][0]}},
		{"docs/performance.md", "with ([\\d,]+) allocations instead of ([\\d,]+) on the benchmark's query",
			[]string{allocs["FirstSeenQuery"][1], allocs["FirstSeenQuery"][0]}},
		{"README.md", "build: ([\\d.]+)× the time at 300 types",
			[]string{ratio(t, loop["300 types, loop"][1], loop["300 types, loop"][0])}},
		{"docs/performance.md", "\\| 300 types \\| loop, wall \\(median of 3\\) \\| ([\\d.]+) s \\| ([\\d.]+) s \\| ([\\d.]+)× \\|",
			[]string{loop["300 types, loop"][1], loop["300 types, loop"][0], ratio(t, loop["300 types, loop"][1], loop["300 types, loop"][0])}},
		{"docs/performance.md", "\\| 300 types \\| loop, CPU \\| ([\\d.]+) s \\| ([\\d.]+) s \\| ([\\d.]+)× \\|",
			[]string{loop["300 types, loop CPU"][1], loop["300 types, loop CPU"][0], ratio(t, loop["300 types, loop CPU"][1], loop["300 types, loop CPU"][0])}},
		{"docs/performance.md", "\\| 300 types \\| compile of the generated package, CPU \\| ([\\d.]+) s \\| ([\\d.]+) s \\| ([\\d.]+)× \\|",
			[]string{loop["300 types, compile CPU"][1], loop["300 types, compile CPU"][0], ratio(t, loop["300 types, compile CPU"][1], loop["300 types, compile CPU"][0])}},
	} {
		text := space.ReplaceAllString(readFile(t, c.doc), " ")
		ms := regexp.MustCompile(c.pattern).FindAllStringSubmatch(text, -1)
		if len(ms) != 1 {
			t.Errorf("%s: %d sentences match %q, want 1", c.doc, len(ms), c.pattern)
			continue
		}
		for i, want := range c.want {
			if got := strings.ReplaceAll(ms[0][i+1], ",", ""); got != strings.ReplaceAll(want, ",", "") {
				t.Errorf("%s: %q says %s where the results file gives %s", c.doc, ms[0][0], ms[0][i+1], withCommas(want))
			}
		}
	}
	// The failed run is said to have failed, with the time it took.
	if f := loop["2,000 types, loop"][0]; !strings.HasPrefix(f, "failed after ") {
		t.Errorf("loop.tsv: upstream at 2,000 types is %q, not a failure", f)
	}
}

package api

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/plugin"
	"github.com/99designs/gqlgen/tools/testmodule"
)

func TestFederationVersion(t *testing.T) {
	src := func(s string) []*ast.Source { return []*ast.Source{{Input: "type Query { a: Int }"}, {Input: s}} }
	cases := []struct {
		schema string
		want   int
	}{
		{"", 1},
		{`extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])`, 2},
		{"extend schema\n  @link(\n    import: [\"@key\"]\n    url: \"https://specs.apollo.dev/federation/v2.0\"\n  )", 2},
		{`extend schema @link(url: "https://specs.apollo.dev/federation/v1.0")`, 1},
		{`extend schema @link(url: "https://example.com/other")`, 1},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, federationVersion(src(tc.schema)), tc.schema)
	}
}

func TestBuildPattern(t *testing.T) {
	cases := map[string]string{
		"":            "./...",
		".":           "./...",
		"graph":       "./graph/...",
		"./graph":     "./graph/...",
		"../x":        "../x/...",
		"/abs/graph":  "/abs/graph/...",
		"a/testdata":  "./a/testdata/...",
		"/a/testdata": "/a/testdata/...",
		"D:/a/graph":  "D:/a/graph/...",
		"c:/proj":     "c:/proj/...",
		"//host/x":    "//host/x/...",
		"1:/x":        "./1:/x/...",
	}
	for in, want := range cases {
		assert.Equal(t, want, buildPattern(in), in)
	}
}

func TestDefaultPlugins(t *testing.T) {
	cfg := config.DefaultConfig()
	ps, err := defaultPlugins(cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"modelgen", "resolvergen"}, pluginNames(ps))

	cfg.Model = config.PackageConfig{}
	ps, err = defaultPlugins(cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"resolvergen"}, pluginNames(ps))

	cfg.Federation = config.PackageConfig{Filename: "federation.go"}
	cfg.Sources = []*ast.Source{{Input: `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3")`}}
	var gotVersion int
	restore := newFederationPlugin
	t.Cleanup(func() { newFederationPlugin = restore })
	newFederationPlugin = func(version int, _ *config.Config) (plugin.Plugin, error) {
		gotVersion = version
		return named{"federation", ""}, nil
	}
	ps, err = defaultPlugins(cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"federation", "resolvergen"}, pluginNames(ps))
	assert.Equal(t, 2, gotVersion)

	newFederationPlugin = restore
	ps, err = defaultPlugins(cfg)
	require.NoError(t, err)
	assert.Equal(t, []string{"federation", "resolvergen"}, pluginNames(ps))

	cfg.Federation.Options = map[string]bool{"bogus": true}
	_, err = defaultPlugins(cfg)
	assert.ErrorContains(t, err, "failed to construct the Federation plugin: invalid federation package options: unknown package option: bogus")
}

// recorder takes part in every stage it can and notes the order.
type recorder struct {
	stages *[]string
	failAt string
}

func (r recorder) Name() string { return "recorder" }

func (r recorder) note(stage string) error {
	*r.stages = append(*r.stages, stage)
	if stage == r.failAt {
		return errors.New("stop")
	}
	return nil
}

func (r recorder) InjectSourceEarly() *ast.Source {
	_ = r.note("early (deprecated)")
	return &ast.Source{Name: "early1.graphql", Input: "directive @fromEarly on FIELD_DEFINITION", BuiltIn: true}
}

func (r recorder) InjectSourcesEarly() ([]*ast.Source, error) {
	return []*ast.Source{{Name: "early2.graphql", Input: "scalar EarlyScalar", BuiltIn: true}}, r.note("early")
}

func (r recorder) InjectSourceLate(schema *ast.Schema) *ast.Source {
	_ = r.note("late (deprecated)")
	// The type is named after a field of the parsed schema.
	return &ast.Source{Name: "late1.graphql", Input: fmt.Sprintf("type Late_%s { x: Int }", schema.Query.Fields[0].Name), BuiltIn: true}
}

func (r recorder) InjectSourcesLate(*ast.Schema) ([]*ast.Source, error) {
	return nil, r.note("late")
}

func (r recorder) MutateSchema(*ast.Schema) error { return r.note("schema") }

func (r recorder) MutateConfig(cfg *config.Config) error {
	if cfg.Schema.Types["Late_a"] == nil || cfg.Schema.Types["EarlyScalar"] == nil {
		return errors.New("injected types missing")
	}
	return r.note("config")
}

func (r recorder) GenerateCode(*codegen.Data) error { return r.note("code") }

const recorderSchema = "type Query { a: Int @fromEarly b: EarlyScalar c: Int }"

func TestStages(t *testing.T) {
	cases := []struct {
		failAt string
		want   []string
		err    string
	}{
		{failAt: "early", want: []string{"early (deprecated)", "early"}, err: "recorder: stop"},
		{failAt: "late", want: []string{"early (deprecated)", "early", "late (deprecated)", "late"}, err: "recorder: stop"},
		{failAt: "schema", want: []string{"early (deprecated)", "early", "late (deprecated)", "late", "schema"}, err: "recorder: stop"},
		{failAt: "config", want: []string{"early (deprecated)", "early", "late (deprecated)", "late", "schema", "config"}, err: "recorder: stop"},
	}
	for _, tc := range cases {
		t.Run(tc.failAt, func(t *testing.T) {
			testmodule.New(t, map[string]string{
				"gqlgen.yml":     "schema: [schema.graphql]\nexec: {filename: graph/generated.go, package: graph}\nskip_validation: true\nskip_mod_tidy: true\n",
				"schema.graphql": recorderSchema,
			})
			cfg, err := config.LoadConfig("gqlgen.yml")
			require.NoError(t, err)
			var stages []string
			err = Generate(cfg, NoPlugins(), AddPlugin(recorder{stages: &stages, failAt: tc.failAt}))
			assert.EqualError(t, err, tc.err)
			assert.Equal(t, tc.want, stages)
		})
	}
}

func pluginNames[P interface{ Name() string }](ps []P) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name())
	}
	return out
}

const todoSchema = `type Todo { id: ID! text: String! done: Boolean! user: User! }
type User { id: ID! name: String! }
type Query { todos: [Todo!]! }
input NewTodo { text: String! userId: String! }
type Mutation { createTodo(input: NewTodo!): Todo! }
`

const todoConfig = `schema: [graph/*.graphqls]
exec: {filename: graph/generated.go, package: graph}
model: {filename: graph/model/models_gen.go, package: model}
resolver: {layout: follow-schema, dir: graph, package: graph, filename_template: "{name}.resolvers.go"}
`

// TestGenerate runs the whole pipeline twice over a small schema: the
// output builds, a second run rewrites nothing, and resolver bodies the
// user wrote survive.
func TestGenerate(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":            todoConfig,
		"graph/schema.graphqls": todoSchema,
		"graph/model/keep.go":   "package model\n",
	})
	generateAll := func() error {
		cfg, err := config.LoadConfig("gqlgen.yml")
		require.NoError(t, err)
		return Generate(cfg)
	}
	err := generateAll()
	require.NoError(t, err)

	outputs := []string{"graph/generated.go", "graph/model/models_gen.go", "graph/schema.resolvers.go", "graph/resolver.go"}
	first := map[string]string{}
	for _, f := range outputs {
		b, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err, f)
		first[f] = string(b)
	}
	assert.Contains(t, first["graph/model/models_gen.go"], "type Todo struct")
	assert.Contains(t, first["graph/schema.resolvers.go"], `panic(fmt.Errorf("not implemented: Todos - todos"))`)

	require.NoError(t, generateAll())
	for _, f := range outputs {
		b, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		assert.Equal(t, first[f], string(b), "second run changed %s", f)
	}

	resolvers := strings.Replace(first["graph/schema.resolvers.go"],
		`panic(fmt.Errorf("not implemented: Todos - todos"))`, "return []*model.Todo{{ID: \"kept\"}}, nil", 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "graph/schema.resolvers.go"), []byte(resolvers), 0o644))
	require.NoError(t, generateAll())
	b, err := os.ReadFile(filepath.Join(dir, "graph/schema.resolvers.go"))
	require.NoError(t, err)
	assert.Contains(t, string(b), `return []*model.Todo{{ID: "kept"}}, nil`)
	testmodule.Go(t, dir, "build", "./...")
}

// A resolver that does not type-check fails the run, and the message says
// where and why, as the compiler would.
func TestGenerateReportsTypeErrors(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":            todoConfig,
		"graph/schema.graphqls": todoSchema,
	})
	generate := func() error {
		cfg, err := config.LoadConfig("gqlgen.yml")
		require.NoError(t, err)
		return Generate(cfg)
	}
	require.NoError(t, generate())

	path := filepath.Join(dir, "graph", "schema.resolvers.go")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	stub := `panic(fmt.Errorf("not implemented: Todos - todos"))`
	i := strings.Index(string(src), stub)
	require.GreaterOrEqual(t, i, 0)
	line := strings.Count(string(src[:i]), "\n") + 1
	col := i - strings.LastIndex(string(src[:i]), "\n")
	broken := strings.Replace(string(src), stub, `return "not a list", nil`, 1)
	require.NoError(t, os.WriteFile(path, []byte(broken), 0o644))

	err = generate()
	require.Error(t, err)
	msg := filepath.ToSlash(err.Error())
	assert.True(t, strings.HasPrefix(msg, "validation failed: "), msg)
	assert.Contains(t, msg, fmt.Sprintf("graph/schema.resolvers.go:%d:%d: cannot use \"not a list\"", line, col+7), msg)
}

func TestLessGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)

	if _, set := os.LookupEnv("GOGC"); !set {
		restore := lessGC()
		assert.Equal(t, generateGCPercent, debug.SetGCPercent(generateGCPercent), "raised during the run")
		restore()
		assert.Equal(t, 100, debug.SetGCPercent(100), "restored after it")

		debug.SetGCPercent(-1)
		lessGC()()
		assert.Equal(t, -1, debug.SetGCPercent(100), "a collector turned off stays off")
	}

	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	restore := lessGC()
	assert.Equal(t, 50, debug.SetGCPercent(50), "GOGC set by the user is left alone")
	restore()
}

func TestGenerateIncremental(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"gqlgen.yml":            todoConfig + "skip_mod_tidy: true\n",
		"graph/schema.graphqls": todoSchema,
		"graph/model/keep.go":   "package model\n",
	})
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	err = GenerateIncremental(cfg, []string{"graph/schema.graphqls"}, false)
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, "graph", "generated.go"))
	require.NoError(t, err)
}

const libraryDirectives = `
directive @goField(forceResolver: Boolean, name: String, omittable: Boolean) on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @goTag(key: String!, value: String) repeatable on INPUT_FIELD_DEFINITION | FIELD_DEFINITION
directive @goExtraField(name: String, type: String!, overrideTags: String, description: String) repeatable on OBJECT | INPUT_OBJECT
`

const librarySchema = `scalar Time
"Anything with an id."
interface Node { id: ID! }
union SearchResult = Book | Author
enum Genre { FICTION NON_FICTION }
type Book implements Node @goExtraField(name: "Note", type: "string") {
  id: ID!
  title: String! @goTag(key: "db", value: "title")
  genre: Genre!
  author: Author! @goField(forceResolver: true)
  published: Time
}
type Author implements Node { id: ID! name: String! books: [Book!]! }
input BookFilter { genre: Genre title: String @goField(omittable: true) }
type Query { node(id: ID!): Node search(text: String!): [SearchResult!]! books(filter: BookFilter): [Book!]! }
type Mutation { addBook(title: String!, genre: Genre = FICTION): Book! }
type Subscription { bookAdded: Book! }
`

// TestGenerateLayouts generates a schema using most schema features with
// each combination of layouts, and builds the result.
func TestGenerateLayouts(t *testing.T) {
	cases := []struct {
		name, exec, resolver string
		resolverFile         string
	}{
		{
			name:         "single-file everything",
			exec:         "{filename: graph/generated.go, package: graph}",
			resolver:     "{layout: single-file, filename: graph/resolver.go, package: graph}",
			resolverFile: "graph/resolver.go",
		},
		{
			name:         "follow-schema everything",
			exec:         "{layout: follow-schema, dir: graph, package: graph}",
			resolver:     "{layout: follow-schema, dir: graph, package: graph}",
			resolverFile: "graph/library.resolvers.go",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := testmodule.New(t, map[string]string{
				"gqlgen.yml": "schema: [\"graph/*.graphqls\"]\nexec: " + tc.exec + "\nresolver: " + tc.resolver +
					"\nmodel: {filename: graph/model/models_gen.go, package: model}\nskip_mod_tidy: true\n" +
					"models:\n  Time:\n    model: github.com/99designs/gqlgen/graphql.Time\n",
				"graph/directives.graphqls": libraryDirectives,
				"graph/library.graphqls":    librarySchema,
			})
			cfg, err := config.LoadConfig("gqlgen.yml")
			require.NoError(t, err)
			err = Generate(cfg)
			require.NoError(t, err)

			models, err := os.ReadFile(filepath.Join(dir, "graph/model/models_gen.go"))
			require.NoError(t, err)
			for _, want := range []string{
				"type Node interface", "type SearchResult interface", "func (Book) IsSearchResult()",
				"Title string `json:\"title\" db:\"title\"`", "Note string `json:\"-\"`",
				"Title graphql.Omittable[*string]", "GenreNonFiction Genre = \"NON_FICTION\"",
				"Published *time.Time",
			} {
				assert.Contains(t, testmodule.Words(string(models)), testmodule.Words(want))
			}

			resolvers, err := os.ReadFile(filepath.Join(dir, tc.resolverFile))
			require.NoError(t, err)
			for _, want := range []string{
				"Author(ctx context.Context, obj *model.Book) (*model.Author, error)",
				"BookAdded(ctx context.Context) (<-chan *model.Book, error)",
				"AddBook(ctx context.Context, title string, genre *model.Genre) (*model.Book, error)",
				"Books(ctx context.Context, filter *model.BookFilter) ([]*model.Book, error)",
			} {
				assert.Contains(t, string(resolvers), want)
			}
			testmodule.Go(t, dir, "vet", "./...")
		})
	}
}

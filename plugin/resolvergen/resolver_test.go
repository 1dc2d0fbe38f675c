package resolvergen

import (
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/tools/testmodule"
)

func TestResolverTypeDeclarations(t *testing.T) {
	obj := func(name string) *codegen.Object { return &codegen.Object{Definition: &ast.Definition{Name: name}} }
	cases := []struct {
		name     string
		objects  []*codegen.Object
		typ      string
		omitEmbd bool
		defined  bool
		want     string
	}{
		{name: "none", typ: "Resolver", want: ""},
		{name: "one", objects: []*codegen.Object{obj("Query")}, typ: "Resolver", want: "type queryResolver struct{ *Resolver }"},
		{
			name:    "several are grouped and aligned",
			objects: []*codegen.Object{obj("Query"), obj("Subscription")},
			typ:     "Resolver",
			want:    "type (\n\tqueryResolver        struct{ *Resolver }\n\tsubscriptionResolver struct{ *Resolver }\n)",
		},
		{
			name:    "custom root type",
			objects: []*codegen.Object{obj("Query"), obj("Mutation")},
			typ:     "root",
			want:    "type (\n\tqueryRoot    struct{ *root }\n\tmutationRoot struct{ *root }\n)",
		},
		{
			name:     "named field instead of embedding",
			objects:  []*codegen.Object{obj("Query")},
			typ:      "Resolver",
			omitEmbd: true,
			want:     "type queryResolver struct{ r *Resolver }",
		},
		{
			name:    "defined by the root type",
			objects: []*codegen.Object{obj("Query"), obj("Subscription")},
			typ:     "Resolver",
			defined: true,
			want:    "type (\n\tqueryResolver        Resolver\n\tsubscriptionResolver Resolver\n)",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := &ResolverBuild{File: &File{Objects: tc.objects}, ResolverType: tc.typ, OmitResolverEmbedding: tc.omitEmbd,
				DefinedResolverTypes: tc.defined}
			assert.Equal(t, tc.want, b.ResolverTypeDeclarations())
		})
	}
}

func TestImplementation(t *testing.T) {
	f := &codegen.Field{FieldDefinition: &ast.FieldDefinition{Name: "todos"}, GoFieldName: "Todos"}
	assert.Equal(t, `panic(fmt.Errorf("not implemented: Todos - todos"))`, (&Resolver{Field: f}).Implementation())
	assert.Equal(t, "return nil, nil", (&Resolver{Field: f, ImplementationStr: "return nil, nil"}).Implementation())
	r := &Resolver{Field: f, ImplementationStr: "old", ImplementationRender: func(prev string, fld *codegen.Field) string {
		return "// " + prev + " " + fld.Name
	}}
	assert.Equal(t, "// old todos", r.Implementation())
}

func TestResolverFileName(t *testing.T) {
	assert.Equal(t, filepath.Join("graph", "schema.resolvers.go"), resolverFileName("graph", "schemas/schema.graphqls", ""))
	assert.Equal(t, filepath.Join("graph", "todo_custom.go"), resolverFileName("graph", "todo.graphql", "{name}_custom.go"))
}

// The fixture module: models, the interfaces the executable schema would
// declare, and a compile-time check that the root resolver implements
// them all.
var fixtureFiles = map[string]string{
	"model/model.go": `package model

type Todo struct{ ID string }
type User struct{ Name string }
type NewTodo struct{ Text string }
`,
	"graph/exec.go": `package graph

import (
	"context"

	"example/model"
)

type QueryResolver interface {
	Todos(ctx context.Context) ([]*model.Todo, error)
	Todo(ctx context.Context, id string) (*model.Todo, error)
}

type TodoResolver interface {
	User(ctx context.Context, obj *model.Todo) (*model.User, error)
}

type NewTodoResolver interface {
	Tag(ctx context.Context, obj *model.NewTodo, data *string) error
}
`,
	"graph/check.go": `package graph

var _ interface {
	Query() QueryResolver
	Todo() TodoResolver
	NewTodo() NewTodoResolver
} = (*Resolver)(nil)
`,
	"schema.graphqls": `type Query { todos: [Todo!]! todo(id: ID!): Todo }`,
	"todo.graphqls":   `type Todo { id: ID! user: User! } type User { name: String! } input NewTodo { text: String! tag: String }`,
}

// fixtureData builds, by hand, the codegen.Data BuildData would make for
// fixtureFiles: every field has a resolver except Todo.id.
func fixtureData(t *testing.T, cfg *config.Config, plugins ...any) *codegen.Data {
	t.Helper()
	graphPkg := types.NewPackage("example/graph", "graph")
	modelPkg := types.NewPackage("example/model", "model")
	named := func(pkg *types.Package, name string, u types.Type) *types.Named {
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), u, nil)
	}
	model := func(name string) *types.Named { return named(modelPkg, name, types.NewStruct(nil, nil)) }
	iface := func(name string) *types.Named { return named(graphPkg, name, types.NewInterfaceType(nil, nil)) }
	pos := func(file string) *ast.Position { return &ast.Position{Src: &ast.Source{Name: file}} }
	str := types.Typ[types.String]

	query := &codegen.Object{
		Definition:        &ast.Definition{Name: "Query", Kind: ast.Object, Position: pos("schema.graphqls")},
		Root:              true,
		ResolverInterface: iface("QueryResolver"),
	}
	todo := &codegen.Object{
		Definition:        &ast.Definition{Name: "Todo", Kind: ast.Object, Position: pos("todo.graphqls")},
		Type:              model("Todo"),
		ResolverInterface: iface("TodoResolver"),
	}
	newTodo := &codegen.Object{
		Definition:        &ast.Definition{Name: "NewTodo", Kind: ast.InputObject, Position: pos("todo.graphqls")},
		Type:              model("NewTodo"),
		ResolverInterface: iface("NewTodoResolver"),
	}
	field := func(o *codegen.Object, name, goName string, resolver bool, goType types.Type, args ...*codegen.FieldArgument) *codegen.Field {
		return &codegen.Field{
			FieldDefinition: &ast.FieldDefinition{Name: name, Position: o.Position},
			Object:          o,
			Args:            args,
			IsResolver:      resolver,
			GoFieldName:     goName,
			TypeReference:   &config.TypeReference{GO: goType},
		}
	}
	idArg := &codegen.FieldArgument{
		ArgumentDefinition: &ast.ArgumentDefinition{Name: "id"},
		TypeReference:      &config.TypeReference{GO: str},
		VarName:            "id",
	}
	query.Fields = []*codegen.Field{
		field(query, "todos", "Todos", true, types.NewSlice(types.NewPointer(model("Todo")))),
		field(query, "todo", "Todo", true, types.NewPointer(model("Todo")), idArg),
	}
	todo.Fields = []*codegen.Field{
		field(todo, "id", "ID", false, str),
		field(todo, "user", "User", true, types.NewPointer(model("User"))),
	}
	newTodo.Fields = []*codegen.Field{
		field(newTodo, "text", "Text", false, str),
		field(newTodo, "tag", "Tag", true, types.NewPointer(str)),
	}
	return &codegen.Data{
		Config:    cfg,
		Plugins:   plugins,
		QueryRoot: query,
		Objects:   codegen.Objects{query, todo},
		Inputs:    codegen.Objects{newTodo},
	}
}

const layoutFollowSchema = `schema: ["*.graphqls"]
exec: {filename: graph/generated.go, package: graph}
resolver: {layout: follow-schema, dir: graph, package: graph%s}
`

const layoutSingleFile = `schema: ["*.graphqls"]
exec: {filename: graph/generated.go, package: graph}
resolver: {layout: single-file, filename: graph/resolver.go, package: graph%s}
`

// generate loads gqlgen.yml from the working directory and runs the plugin
// over the fixture data.
func generate(t *testing.T, plugins ...any) error {
	t.Helper()
	cfg, err := config.LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, cfg.Init())
	return New().(*Plugin).GenerateCode(fixtureData(t, cfg, plugins...))
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(b)
}

func writeFile(t *testing.T, dir, name, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(content), 0o644))
}

func moduleWith(t *testing.T, configText string, extra map[string]string) string {
	t.Helper()
	files := map[string]string{"gqlgen.yml": configText}
	for k, v := range fixtureFiles {
		files[k] = v
	}
	for k, v := range extra {
		files[k] = v
	}
	return testmodule.New(t, files)
}

func TestFollowSchema(t *testing.T) {
	dir := moduleWith(t, strings.Replace(layoutFollowSchema, "%s", "", 1), nil)
	require.NoError(t, generate(t))

	schemaFile := readFile(t, dir, "graph/schema.resolvers.go")
	todoFile := readFile(t, dir, "graph/todo.resolvers.go")
	root := readFile(t, dir, "graph/resolver.go")

	for _, want := range []string{
		"// Code generated by github.com/99designs/gqlgen version v",
		"// Todos is the resolver for the todos field.",
		"func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {",
		`panic(fmt.Errorf("not implemented: Todos - todos"))`,
		"func (r *queryResolver) Todo(ctx context.Context, id string) (*model.Todo, error) {",
		"// Query returns QueryResolver implementation.",
		"func (r *Resolver) Query() QueryResolver { return &queryResolver{r} }",
		"type queryResolver struct{ *Resolver }",
	} {
		assert.Contains(t, schemaFile, want)
	}
	for _, want := range []string{
		"func (r *todoResolver) User(ctx context.Context, obj *model.Todo) (*model.User, error) {",
		"func (r *newTodoResolver) Tag(ctx context.Context, obj *model.NewTodo, data *string) error {",
		"type (\n\ttodoResolver    struct{ *Resolver }\n\tnewTodoResolver struct{ *Resolver }\n)",
	} {
		assert.Contains(t, todoFile, want)
	}
	assert.Contains(t, root, "type Resolver struct{}")
	assert.NotContains(t, root, "Code generated")
	testmodule.Go(t, dir, "vet", "./graph/")

	t.Run("bodies, comments and helpers survive regeneration", func(t *testing.T) {
		edited := strings.Replace(schemaFile, `panic(fmt.Errorf("not implemented: Todos - todos"))`, `return r.todos, nil`, 1)
		edited = strings.Replace(edited, "// Todos is the resolver for the todos field.", "// Todos lists every todo.\n// It never fails.", 1)
		edited = strings.Replace(edited, "func (r *queryResolver) Todo(ctx context.Context, id string) (*model.Todo, error) {",
			"func (r *queryResolver) Todo(ctx context.Context, id string) (found *model.Todo, err error) {", 1)
		edited += "\nfunc helper() string { return strings.ToUpper(\"x\") }\n"
		edited = strings.Replace(edited, "import (", "import (\n\t\"strings\"", 1)
		writeFile(t, dir, "graph/schema.resolvers.go", edited)
		writeFile(t, dir, "graph/resolver.go", "package graph\n\nimport \"example/model\"\n\ntype Resolver struct{ todos []*model.Todo }\n")

		require.NoError(t, generate(t))
		again := readFile(t, dir, "graph/schema.resolvers.go")
		assert.Contains(t, again, "return r.todos, nil")
		assert.Contains(t, again, "// Todos lists every todo.\n// It never fails.\nfunc (r *queryResolver) Todos(")
		assert.Contains(t, again, "(found *model.Todo, err error)")
		assert.Contains(t, again, "// !!! WARNING !!!")
		assert.Contains(t, again, "func helper() string { return strings.ToUpper(\"x\") }")
		assert.Contains(t, readFile(t, dir, "graph/resolver.go"), "todos []*model.Todo", "resolver.go is never rewritten")
		testmodule.Go(t, dir, "vet", "./graph/")

		require.NoError(t, generate(t))
		assert.Equal(t, again, readFile(t, dir, "graph/schema.resolvers.go"), "a second run changes nothing")
	})
}

func TestFollowSchemaOptions(t *testing.T) {
	cases := []struct {
		name    string
		options string
		config  string // appended after the resolver section
		files   map[string]string
		file    string
		want    []string
		notWant []string
	}{
		{
			name:    "filename_template",
			options: `, filename_template: "{name}.custom.go"`,
			file:    "graph/todo.custom.go",
			want:    []string{"func (r *todoResolver) User("},
		},
		{
			name:    "omit_template_comment",
			options: ", omit_template_comment: true",
			file:    "graph/schema.resolvers.go",
			notWant: []string{"is the resolver for", "returns QueryResolver implementation"},
		},
		{
			name:    "omit_resolver_embedding",
			options: ", omit_resolver_embedding: true",
			file:    "graph/schema.resolvers.go",
			want:    []string{"type queryResolver struct{ r *Resolver }", "return &queryResolver{r}"},
		},
		{
			name:    "defined_resolver_types",
			options: ", defined_resolver_types: true",
			file:    "graph/schema.resolvers.go",
			want: []string{"type queryResolver Resolver\n",
				"func (r *Resolver) Query() QueryResolver { return (*queryResolver)(r) }"},
			notWant: []string{"struct{ *Resolver }", "&queryResolver{r}"},
		},
		{
			name:    "no version in the notice",
			config:  "omit_gqlgen_version_in_file_notice: true\n",
			file:    "graph/schema.resolvers.go",
			want:    []string{"// Code generated by github.com/99designs/gqlgen\n"},
			notWant: []string{"version v"},
		},
		{
			name:    "no notice",
			config:  "omit_gqlgen_file_notice: true\n",
			file:    "graph/schema.resolvers.go",
			notWant: []string{"Code generated"},
		},
		{
			name:    "resolver_template",
			options: ", resolver_template: custom.gotpl",
			files: map[string]string{"custom.gotpl": `{{ reserveImport "context" }}{{ reserveImport "fmt" }}
// Custom template.
{{ range .Resolvers }}func (r *{{ lcFirst .Object.Name }}{{ ucFirst $.ResolverType }}) {{ .Field.GoFieldName }}{{ .Field.ShortResolverDeclaration }} { {{ .Implementation }} }
{{ end }}{{ range .Objects }}func (r *{{ $.ResolverType }}) {{ ucFirst .Name }}() {{ .ResolverInterface | ref }} { return &{{ lcFirst .Name }}{{ ucFirst $.ResolverType }}{r} }
{{ end }}{{ .ResolverTypeDeclarations }}`},
			file: "graph/schema.resolvers.go",
			want: []string{"// Custom template.", "func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := moduleWith(t, strings.Replace(layoutFollowSchema, "%s", tc.options, 1)+tc.config, tc.files)
			require.NoError(t, generate(t))
			got := readFile(t, dir, tc.file)
			for _, w := range tc.want {
				assert.Contains(t, got, w)
			}
			for _, w := range tc.notWant {
				assert.NotContains(t, got, w)
			}
			testmodule.Go(t, dir, "vet", "./graph/")
		})
	}
}

func TestPreserveResolver(t *testing.T) {
	dir := moduleWith(t, strings.Replace(layoutFollowSchema, "%s", ", preserve_resolver: true", 1), nil)
	require.NoError(t, generate(t))
	writeFile(t, dir, "graph/schema.resolvers.go", "package graph\n\n// mine\n")
	require.NoError(t, generate(t))
	assert.Equal(t, "package graph\n\n// mine\n", readFile(t, dir, "graph/schema.resolvers.go"))
	assert.Contains(t, readFile(t, dir, "graph/todo.resolvers.go"), "func (r *todoResolver) User(")
}

type implementer struct{ name string }

func (i implementer) Name() string { return i.name }

func (implementer) Implement(prev string, f *codegen.Field) string {
	if prev != "" {
		return prev
	}
	return `return nil, fmt.Errorf("todo: ` + f.Name + `")`
}

func TestResolverImplementer(t *testing.T) {
	dir := moduleWith(t, strings.Replace(layoutFollowSchema, "%s", "", 1), nil)
	require.NoError(t, generate(t, implementer{"a"}))
	assert.Contains(t, readFile(t, dir, "graph/schema.resolvers.go"), `return nil, fmt.Errorf("todo: todos")`)

	err := generate(t, implementer{"a"}, implementer{"b"})
	assert.EqualError(t, err, "multiple plugins implement ResolverImplementer")
}

func TestSingleFile(t *testing.T) {
	dir := moduleWith(t, strings.Replace(layoutSingleFile, "%s", "", 1), nil)
	require.NoError(t, generate(t))
	src := readFile(t, dir, "graph/resolver.go")
	for _, want := range []string{
		"// THIS CODE WILL BE UPDATED WITH SCHEMA CHANGES.",
		"type Resolver struct{}",
		"func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {\n\tpanic(\"not implemented\")\n}",
		"func (r *newTodoResolver) Tag(ctx context.Context, obj *model.NewTodo, data *string) error {",
		"func (r *Resolver) Todo() TodoResolver { return &todoResolver{r} }",
		"type (\n\tqueryResolver   struct{ *Resolver }\n\ttodoResolver    struct{ *Resolver }\n\tnewTodoResolver struct{ *Resolver }\n)",
	} {
		assert.Contains(t, src, want)
	}
	testmodule.Go(t, dir, "vet", "./graph/")

	src = strings.Replace(src, "func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {\n\tpanic(\"not implemented\")",
		"func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {\n\treturn r.todos, nil", 1)
	src = strings.Replace(src, "type Resolver struct{}", "// Resolver holds the data.\ntype Resolver struct{ todos []*model.Todo }", 1)
	writeFile(t, dir, "graph/resolver.go", src)
	require.NoError(t, generate(t))
	again := readFile(t, dir, "graph/resolver.go")
	assert.Contains(t, again, "([]*model.Todo, error) {\n\treturn r.todos, nil\n}")
	assert.Contains(t, again, "// Resolver holds the data.\ntype Resolver struct{ todos []*model.Todo }", "the root type is the user's")
	assert.NotContains(t, again, "WARNING", "nothing is left over")
	testmodule.Go(t, dir, "vet", "./graph/")
}

func TestSingleFilePreserve(t *testing.T) {
	dir := moduleWith(t, strings.Replace(layoutSingleFile, "%s", ", preserve_resolver: true", 1), nil)
	require.NoError(t, generate(t))
	assert.Contains(t, readFile(t, dir, "graph/resolver.go"), "// THIS CODE IS A STARTING POINT ONLY.")
	writeFile(t, dir, "graph/resolver.go", "package graph\n")
	require.NoError(t, generate(t))
	assert.Equal(t, "package graph\n", readFile(t, dir, "graph/resolver.go"))
}

func TestNoResolverSection(t *testing.T) {
	dir := moduleWith(t, "schema: [\"*.graphqls\"]\nexec: {filename: graph/generated.go, package: graph}\n", nil)
	require.NoError(t, generate(t))
	_, err := os.Stat(filepath.Join(dir, "graph", "resolver.go"))
	assert.True(t, os.IsNotExist(err))
}

func TestPreviousLeftover(t *testing.T) {
	src := "package x\n\nfunc A() {}\n\n" + leftoverMarker + "\n// text\n/*\nfunc old() {}\n\nfunc older() {}\n*/\n"
	assert.Equal(t, "func old() {}\n\nfunc older() {}", previousLeftover(src))
	assert.Equal(t, "", previousLeftover("package x\n/* not ours */\n"))
	assert.Equal(t, "a\n\nb", joinLeftovers("a", "b"))
	assert.Equal(t, "b", joinLeftovers("", "b"))
	assert.Equal(t, "a", joinLeftovers("a", ""))
	assert.Equal(t, "x /* y *\\/", commentSafe("x /* y */"))
}

func TestRootDeclaration(t *testing.T) {
	src := []byte("package x\n\n// Resolver is the root.\ntype Resolver struct {\n\tdb string\n}\n\ntype (\n\t// Other doc.\n\tOther struct{}\n\tmore  int\n)\n")
	assert.Equal(t, "// Resolver is the root.\ntype Resolver struct {\n\tdb string\n}", rootDeclaration(src, "Resolver"))
	assert.Equal(t, "// Other doc.\ntype Other struct{}", rootDeclaration(src, "Other"))
	assert.Equal(t, "", rootDeclaration(src, "Missing"))
	assert.Equal(t, "", rootDeclaration([]byte("not go"), "Resolver"))
}

// defined_resolver_types on an existing project, in both layouts: the
// per-object types become types defined by the root, bodies that use the
// root's fields keep compiling, nothing is left over, and switching back
// restores today's output byte for byte.
func TestDefinedResolverTypesSwitch(t *testing.T) {
	layouts := map[string]struct {
		layout string
		files  []string // resolver files; the first holds Query's resolvers
	}{
		"follow-schema": {layoutFollowSchema, []string{"graph/schema.resolvers.go", "graph/todo.resolvers.go"}},
		"single-file":   {layoutSingleFile, []string{"graph/resolver.go"}},
	}
	for name, l := range layouts {
		t.Run(name, func(t *testing.T) {
			dir := moduleWith(t, strings.Replace(l.layout, "%s", "", 1), nil)
			require.NoError(t, generate(t))
			stub := `panic(fmt.Errorf("not implemented: Todos - todos"))`
			if name == "single-file" {
				stub = `panic("not implemented")`
			}
			main := readFile(t, dir, l.files[0])
			require.Contains(t, main, stub)
			main = strings.Replace(main, stub, "return r.todos, nil", 1)
			if name == "single-file" {
				main = strings.Replace(main, "type Resolver struct{}", "type Resolver struct{ todos []*model.Todo }", 1)
			} else {
				writeFile(t, dir, "graph/resolver.go", "package graph\n\nimport \"example/model\"\n\ntype Resolver struct{ todos []*model.Todo }\n")
			}
			writeFile(t, dir, l.files[0], main)
			embedded := map[string]string{}
			require.NoError(t, generate(t))
			for _, f := range l.files {
				embedded[f] = readFile(t, dir, f)
			}
			testmodule.Go(t, dir, "vet", "./graph/")

			writeFile(t, dir, "gqlgen.yml", strings.Replace(l.layout, "%s", ", defined_resolver_types: true", 1))
			require.NoError(t, generate(t))
			all := ""
			for _, f := range l.files {
				all += readFile(t, dir, f)
			}
			assert.Contains(t, all, "func (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) {\n\treturn r.todos, nil\n}")
			assert.Contains(t, all, "func (r *Resolver) Todo() TodoResolver { return (*todoResolver)(r) }")
			assert.Contains(t, all, "queryResolver")
			assert.NotContains(t, all, "struct{ *Resolver }")
			assert.NotContains(t, all, "WARNING", "the old type declarations are not left over")
			testmodule.Go(t, dir, "vet", "./graph/")

			writeFile(t, dir, "gqlgen.yml", strings.Replace(l.layout, "%s", "", 1))
			require.NoError(t, generate(t))
			for _, f := range l.files {
				assert.Equal(t, embedded[f], readFile(t, dir, f), "switching back restores %s", f)
			}
		})
	}
}

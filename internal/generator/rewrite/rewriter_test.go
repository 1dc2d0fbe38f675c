package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fixtureDir = "testdata/resolvers"

func newFixture(t *testing.T) *Rewriter {
	t.Helper()
	r, err := New(fixtureDir)
	require.NoError(t, err)
	return r
}

func lf(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }

func TestMethodBody(t *testing.T) {
	r := newFixture(t)

	assert.Equal(t, `
	// user code, kept verbatim
	todo := &model.Todo{Text: str.TrimSpace(input.Text)}
	r.todos = append(r.todos, todo)
	return todo, nil
`, lf(r.GetMethodBody("mutationResolver", "CreateTodo")))
	assert.Equal(t, "\n\treturn r.todos, nil\n", lf(r.GetMethodBody("queryResolver", "Todos")), "value receiver")
	assert.Equal(t, " return &mutationResolver{r} ", r.GetMethodBody("Resolver", "Mutation"))
	assert.Equal(t, "", r.GetMethodBody("Resolver", "Empty"))

	assert.Equal(t, "", r.GetMethodBody("queryResolver", "Missing"))
	assert.Equal(t, "", r.GetMethodBody("otherResolver", "Todos"), "receiver must match")
	assert.Equal(t, "", r.GetMethodBody("", "helper"), "plain functions are not methods")
	assert.Equal(t, "", r.GetMethodBody("Resolver", "FromTest"), "test files are skipped")
	assert.Equal(t, "", r.GetMethodBody("Resolver", "Ignored"), "files excluded by build constraints are skipped")
}

func TestMethodComment(t *testing.T) {
	r := newFixture(t)
	assert.Equal(t, " CreateTodo is the resolver for the createTodo field.\n\nnolint:gocritic // keep it", r.GetMethodComment("mutationResolver", "CreateTodo"))
	assert.Equal(t, " Todos is the resolver for the todos field. ", r.GetMethodComment("queryResolver", "Todos"))
	assert.Equal(t, "", r.GetMethodComment("Resolver", "Empty"))
	assert.Equal(t, "", r.GetMethodComment("Resolver", "Missing"))
}

func TestGetPrevDecl(t *testing.T) {
	r := newFixture(t)
	d := r.GetPrevDecl("mutationResolver", "CreateTodo")
	require.NotNil(t, d)
	assert.Equal(t, "CreateTodo", d.Name.Name)
	assert.Len(t, d.Type.Params.List, 2)
	assert.Nil(t, r.GetPrevDecl("mutationResolver", "Nope"))
}

func TestExistingImports(t *testing.T) {
	r := newFixture(t)
	assert.Equal(t, []Import{
		{ImportPath: "context"},
		{ImportPath: "fmt"},
		{Alias: "str", ImportPath: "strings"},
		{ImportPath: "example.com/app/graph/model"},
	}, r.ExistingImports(filepath.Join(fixtureDir, "schema.resolvers.go")))

	abs, err := filepath.Abs(filepath.Join(fixtureDir, "resolver.go"))
	require.NoError(t, err)
	assert.Equal(t, []Import{{ImportPath: "example.com/app/graph/model"}}, r.ExistingImports(abs))

	assert.Nil(t, r.ExistingImports(filepath.Join(fixtureDir, "resolver_test.go")))
	assert.Nil(t, r.ExistingImports("nowhere.go"))
}

func TestRemainingSource(t *testing.T) {
	r := newFixture(t)
	file := filepath.Join(fixtureDir, "schema.resolvers.go")

	r.GetMethodBody("mutationResolver", "CreateTodo")
	r.GetMethodComment("queryResolver", "Todos")
	r.GetMethodBody("Resolver", "Mutation")
	r.MarkStructCopied("mutationResolver")
	r.MarkStructCopied("queryResolver")

	assert.Equal(t, `type helperType    int
func helper() string {
	return fmt.Sprint("help")
}
var leftover = 42`, lf(r.RemainingSource(file)))

	assert.Equal(t, "", r.RemainingSource("nowhere.go"))

	r.MarkStructCopied("helperType")
	assert.Equal(t, `func helper() string {
	return fmt.Sprint("help")
}
var leftover = 42`, lf(r.RemainingSource(file)), "a fully taken over group disappears")
}

func TestRemainingSourceUntouched(t *testing.T) {
	r := newFixture(t)
	assert.Equal(t, `type Resolver struct {
	todos []*model.Todo
}
func (r *Resolver) Empty() {}`, lf(r.RemainingSource(filepath.Join(fixtureDir, "resolver.go"))))
}

func TestNewOutsideModule(t *testing.T) {
	dir := t.TempDir()
	_, err := New(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), dir)
}

func TestNewMissingDirectory(t *testing.T) {
	r, err := New(filepath.Join(fixtureDir, "not-created-yet"))
	require.NoError(t, err)
	assert.Equal(t, "", r.GetMethodBody("Resolver", "Mutation"))
	assert.Nil(t, r.ExistingImports(filepath.Join(fixtureDir, "not-created-yet", "x.go")))
	assert.Equal(t, "", r.RemainingSource(filepath.Join(fixtureDir, "not-created-yet", "x.go")))
}

func TestNewKeepsWhatParses(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/app\n\ngo 1.26\n"), 0o644))
	src := "package graph\n\nfunc (r *R) Good() int {\n\treturn 1\n}\n\nfunc (r *R) Bad( {\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "r.go"), []byte(src), 0o644))

	r, err := New(root)
	require.NoError(t, err)
	assert.Equal(t, "\n\treturn 1\n", r.GetMethodBody("R", "Good"))
}

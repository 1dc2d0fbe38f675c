package codegen_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/templates"
)

func TestBuildDataBindsFields(t *testing.T) {
	data := newTestModule(t, "bind", nil).build()
	todo := data.Objects.ByName("Todo")
	if todo == nil {
		t.Fatal("no Todo object")
	}
	type binding struct {
		kind                      codegen.GoFieldType
		goName                    string
		resolver, ctx, noErr, vok bool
		args                      []string
	}
	for name, want := range map[string]binding{
		"id":       {kind: codegen.GoFieldVariable, goName: "ID"},
		"text":     {kind: codegen.GoFieldVariable, goName: "Text"},
		"owner":    {kind: codegen.GoFieldMethod, goName: "Owner", ctx: true},
		"priority": {kind: codegen.GoFieldMethod, goName: "Priority", noErr: true},
		"maybe":    {kind: codegen.GoFieldMethod, goName: "Maybe", vok: true},
		"sum":      {kind: codegen.GoFieldMethod, goName: "Sum", noErr: true, args: []string{"a", "b"}},
		"missing":  {kind: codegen.GoFieldVariable, goName: "Missing", resolver: true},
		"tagged":   {kind: codegen.GoFieldVariable, goName: "Label"},
		"forced":   {kind: codegen.GoFieldVariable, goName: "Forced", resolver: true},
		"renamed":  {kind: codegen.GoFieldVariable, goName: "Other"},
	} {
		var f *codegen.Field
		for _, candidate := range todo.Fields {
			if candidate.Name == name {
				f = candidate
			}
		}
		if f == nil {
			t.Errorf("Todo.%s: not built", name)
			continue
		}
		var args []string
		for _, a := range f.Args {
			args = append(args, a.Name)
		}
		got := binding{f.GoFieldType, f.GoFieldName, f.IsResolver, f.MethodHasContext, f.NoErr, f.VOkFunc, args}
		if got.kind != want.kind || got.goName != want.goName || got.resolver != want.resolver ||
			got.ctx != want.ctx || got.noErr != want.noErr || got.vok != want.vok || !slices.Equal(got.args, want.args) {
			t.Errorf("Todo.%s: got %+v, want %+v", name, got, want)
		}
	}
	if !todo.HasResolvers() || todo.Root || todo.IsConcurrent() == false {
		t.Errorf("Todo: HasResolvers %v Root %v IsConcurrent %v", todo.HasResolvers(), todo.Root, todo.IsConcurrent())
	}
}

func TestBuildDataRootsInterfacesDirectives(t *testing.T) {
	data := newTestModule(t, "bind", nil).build()
	q := data.QueryRoot
	if q == nil || !q.Root || data.MutationRoot != nil || data.SubscriptionRoot != nil {
		t.Fatalf("roots: query %v mutation %v subscription %v", q, data.MutationRoot, data.SubscriptionRoot)
	}
	var names []string
	for _, f := range q.Fields {
		names = append(names, f.Name)
	}
	if want := []string{"todos", "shape", "item", "__type", "__schema"}; !slices.Equal(names, want) {
		t.Errorf("query fields %v, want %v", names, want)
	}
	for _, f := range q.Fields {
		if !f.IsReserved() && !f.IsResolver {
			t.Errorf("Query.%s is not a resolver", f.Name)
		}
	}
	if item := q.Fields[2]; item.Args[1].Default != "x" || item.ArgsFunc() != "field_Query_item_args" {
		t.Errorf("Query.item: opt default %v, args func %q", item.Args[1].Default, item.ArgsFunc())
	}

	implementors := func(name string) []string {
		var out []string
		for _, impl := range data.Interfaces[name].Implementors {
			out = append(out, types(impl.Type.String())+map[bool]string{true: " &", false: ""}[impl.TakeRef])
		}
		return out
	}
	if got, want := implementors("Shape"), []string{"*bind.Square", "bind.Circle &", "*bind.Circle"}; !slices.Equal(got, want) {
		t.Errorf("Shape implementors %v, want %v", got, want)
	}
	if got, want := implementors("Anything"), []string{"*bind.Square", "bind.Circle &", "*bind.Circle", "bind.User &", "*bind.User"}; !slices.Equal(got, want) {
		t.Errorf("Anything implementors %v, want %v", got, want)
	}

	if _, ok := data.AllDirectives["audit"]; !ok {
		t.Error("runtime directive audit missing")
	}
	for _, name := range []string{"hidden", "skip", "include", "deprecated"} {
		if _, ok := data.AllDirectives[name]; ok {
			t.Errorf("skip_runtime directive %s is in AllDirectives", name)
		}
	}
	if d := data.AllDirectives["audit"]; d.ArgsFunc() != "dir_audit_args" || d.CallPath() != "ec.Directives.Audit" || d.IsBuiltIn() {
		t.Errorf("audit: args func %q call path %q", d.ArgsFunc(), d.CallPath())
	}

	newTodo := data.Inputs.ByName("NewTodo")
	if newTodo == nil || newTodo.Fields[1].Default != false {
		t.Errorf("NewTodo.done default: %v", newTodo)
	}
	if _, ok := data.ReferencedTypes["NString2string"]; !ok {
		var keys []string
		for k := range data.ReferencedTypes {
			keys = append(keys, k)
		}
		t.Errorf("no NString2string reference among %v", keys)
	}
	if src := data.AugmentedSources; len(src) == 0 || src[0].RelativePath != "../schema.graphqls" || src[0].Embeddable {
		t.Errorf("sources: %+v", src)
	}
}

// types trims the module path off a printed Go type.
func types(s string) string { return strings.ReplaceAll(s, "example.com/", "") }

func TestResolverSignatures(t *testing.T) {
	m := newTestModule(t, "bind", nil)
	data := m.build()
	err := templates.Render(templates.Options{
		PackageName: "generated",
		Filename:    "generated/signatures.go",
		Template: `
type QueryResolver interface {
{{- range .QueryRoot.Fields }}{{ if .IsResolver }}
	{{ .GoFieldName }}{{ .ShortResolverDeclaration }}
{{- end }}{{ end }}
}
type TodoResolver interface {
{{- range (.Objects.ByName "Todo").Fields }}{{ if .IsResolver }}
	{{ .GoFieldName }}{{ .ShortResolverDeclaration }}
	{{ .GoFieldName }}Batch{{ .ShortBatchResolverDeclaration }}
{{- end }}{{ end }}
}
type ComplexityRoot struct {
	Sum {{ ((.Objects.ByName "Todo").Fields | sum).ComplexitySignature }}
}
`,
		Funcs: map[string]any{"sum": func(fields []*codegen.Field) *codegen.Field {
			for _, f := range fields {
				if f.Name == "sum" {
					return f
				}
			}
			return nil
		}},
		Data:     data,
		Packages: data.Config.Packages,
	})
	if err != nil {
		t.Fatal(err)
	}
	got := m.read("generated/signatures.go")
	for _, want := range []string{
		"Todos(ctx context.Context) ([]*bind.Todo, error)",
		"Shape(ctx context.Context) (bind.Shape, error)",
		"Item(ctx context.Context, id string, opt *string) (*bind.Todo, error)",
		"Missing(ctx context.Context, obj *bind.Todo) (*string, error)",
		"MissingBatch(ctx context.Context, objs []*bind.Todo) ([]*string, error)",
		"Forced(ctx context.Context, obj *bind.Todo) (string, error)",
		"Sum func(childComplexity int, a int, b int) int",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("signatures lack %q:\n%s", want, got)
		}
	}
}

func TestBuildDataErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		files map[string]string
		want  string
	}{
		"implementor without the interface's methods": {
			files: map[string]string{"extra.go": "package bind\n\ntype Triangle struct{ Area float64 }\n",
				"extra.graphqls": "type Triangle implements Shape { area: Float! }\n"},
			want: "does not satisfy the interface",
		},
		"interface bound to a struct": {
			files: map[string]string{"gqlgen.yml": bindConfig + "  Shape:\n    model: example.com/bind.Circle\n"},
			want:  "is not an interface",
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := newTestModule(t, "bind", tc.files).tryBuild()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("BuildData error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// bindConfig is testdata/bind/gqlgen.yml, to extend.
const bindConfig = `schema: ["*.graphqls"]
exec:
  filename: generated/generated.go
  package: generated
autobind: ["example.com/bind"]
struct_tag: gql
directives:
  hidden:
    skip_runtime: true
models:
  Todo:
    fields:
      forced:
        resolver: true
      renamed:
        fieldName: Other
`

func TestGenerateCodeRejectsUnknownLayout(t *testing.T) {
	data := newTestModule(t, "bind", nil).build()
	data.Config.Exec.Layout = "sideways"
	if err := codegen.GenerateCode(data); err == nil || !strings.Contains(err.Error(), "sideways") {
		t.Errorf("GenerateCode with layout sideways: %v", err)
	}
	data.Config.Exec.Filename, data.Config.Exec.DirName = "", ""
	if err := codegen.GenerateCode(data); err == nil {
		t.Error("GenerateCode without exec config: want an error")
	}
}

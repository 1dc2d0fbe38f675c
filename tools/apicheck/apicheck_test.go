package apicheck

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// check type-checks src as package github.com/99designs/gqlgen/p.
func check(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n"+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check(modulePath+"/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func diffs(t *testing.T, upstream, ours string) []string {
	t.Helper()
	want := map[string]*types.Package{modulePath + "/p": check(t, upstream)}
	got := map[string]*types.Package{modulePath + "/p": check(t, ours)}
	var out []string
	for _, d := range Compare(want, got) {
		out = append(out, d.String())
	}
	return out
}

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name, upstream, ours string
		want                 []string // substrings, one a difference, in order
	}{
		{
			name:     "a method's parameters change",
			upstream: `type S struct{}; func (*S) Resolve(i int, recover, nonNull bool) {}`,
			ours:     `type F uint8; type S struct{}; func (*S) Resolve(i int, flags F) {}`,
			want:     []string{"p.S.Resolve: signature (int, github.com/99designs/gqlgen/p.F), upstream's (int, bool, bool)"},
		},
		{
			name:     "parameter names are not API",
			upstream: `func F(ctx int, next func(a, b string) error) {}`,
			ours:     `func F(x int, f func(string, string) error) {}`,
		},
		{
			name:     "a missing name, field and method",
			upstream: `type S struct{ A, B int }; func (S) M() {}; func G() {}; var V int; const C = 1`,
			ours:     `type S struct{ A int }`,
			want:     []string{"p.C: missing", "p.G: missing", "p.S.B: field missing", "p.S.M: method missing", "p.V: missing"},
		},
		{
			name:     "a method moved from the value to the pointer",
			upstream: `type S struct{}; func (S) M() {}`,
			ours:     `type S struct{}; func (*S) M() {}`,
			want:     []string{"p.S.M: method on the pointer only"},
		},
		{
			name:     "a method added to an interface",
			upstream: `type I interface{ A() }`,
			ours:     `type I interface{ A(); B() }`,
			want:     []string{"p.I.B: interface method added"},
		},
		{
			name:     "a field's type changes",
			upstream: `type S struct{ A []string }`,
			ours:     `type S struct{ A []any }`,
			want:     []string{"p.S.A: field of type []any, upstream's []string"},
		},
		{
			name:     "an alias of an equal type, unexported names and additions are fine",
			upstream: `type lit struct{}; var Null = &lit{}; type calls = int; func (S) Calls() []struct{ X int } { return nil }; type S struct{ A int }`,
			ours:     `type literal struct{}; var Null = &literal{}; type call = struct{ X int }; func (S) Calls() []call { return nil }; func (S) More() {}; type S = s; type s struct{ A, Extra int }`,
		},
		{
			name:     "a const value changes",
			upstream: `const Version = "v1"`,
			ours:     `const Version = "v2"`,
			want:     []string{`p.Version: const value "v2", upstream's "v1"`},
		},
		{
			name:     "generic signatures compare by position",
			upstream: `func R[T any](v T) T { return v }`,
			ours:     `func R[U any](w U) U { return w }`,
		},
		{
			name:     "a var becomes a func",
			upstream: `var Hook func()`,
			ours:     `func Hook() {}`,
			want:     []string{"p.Hook: is a func, upstream's is a var"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := diffs(t, tc.upstream, tc.ours)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d differences, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.Contains(got[i], tc.want[i]) {
					t.Errorf("difference %d = %q, want it to contain %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestInternalPackagesMayMove(t *testing.T) {
	if typeString(types.NewNamed(types.NewTypeName(0, types.NewPackage(modulePath+"/internal/code", "code"), "Packages", nil), types.NewStruct(nil, nil), nil)) !=
		typeString(types.NewNamed(types.NewTypeName(0, types.NewPackage(modulePath+"/internal/generator/code", "code"), "Packages", nil), types.NewStruct(nil, nil), nil)) {
		t.Error("a type of an internal package prints with its path")
	}
}

// Package stubgen is the plugin behind gqlgen's own test servers: it writes
// a resolver root whose every resolver method calls a function field, so a
// test sets only the functions it needs:
//
//	var r Stub
//	r.QueryResolver.Todos = func(ctx context.Context) ([]*Todo, error) { ... }
package stubgen

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/code"
	"github.com/99designs/gqlgen/plugin"
)

//go:embed stubs.gotpl
var stubsTemplate string

// Plugin writes the stub resolver file.
type Plugin struct {
	filename string
	typeName string
}

// New returns the plugin writing a stub root resolver called typename to
// filename.
func New(filename, typename string) plugin.Plugin {
	return &Plugin{filename: filename, typeName: typename}
}

var (
	_ plugin.CodeGenerator = (*Plugin)(nil)
	_ plugin.ConfigMutator = (*Plugin)(nil)
)

// Name identifies the plugin: "stubgen".
func (m *Plugin) Name() string { return "stubgen" }

// ResolverBuild is the stub template's data.
type ResolverBuild struct {
	*codegen.Data

	// TypeName is the stub root resolver's name.
	TypeName string
}

// MutateConfig deletes the previous stub file, so that loading the
// package does not trip over a stub of an older schema.
func (m *Plugin) MutateConfig(_ *config.Config) error {
	if err := os.Remove(m.filename); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the old stub: %w", err)
	}
	return nil
}

// GenerateCode writes the stub file, in the package of its directory.
func (m *Plugin) GenerateCode(data *codegen.Data) error {
	abs, err := filepath.Abs(m.filename)
	if err != nil {
		return err
	}
	build := &ResolverBuild{Data: data, TypeName: m.typeName}
	return templates.Render(templates.Options{
		PackageName:     code.NameForDir(filepath.Dir(abs)),
		Filename:        m.filename,
		Data:            build,
		Funcs:           build.funcs(),
		GeneratedHeader: true,
		Packages:        data.Config.Packages,
		Template:        stubsTemplate,
		PruneOptions:    data.Config.GetPruneOptions(),
	})
}

// stubbed is one object with resolvers, as the stub template lays it out.
type stubbed struct {
	Object *codegen.Object
	// Field is the name of the stub's struct field holding the functions;
	// Method the root resolver method returning the object's resolver;
	// Impl the unexported type implementing it.
	Field, Method, Impl string
	Resolvers           []*codegen.Field
}

// objects lists the objects, then the input objects, that have resolvers.
func (b *ResolverBuild) objects() []stubbed {
	var out []stubbed
	for _, list := range []codegen.Objects{b.Objects, b.Inputs} {
		for _, o := range list {
			if !o.HasResolvers() {
				continue
			}
			s := stubbed{
				Object: o,
				Field:  o.Name + "Resolver",
				Method: templates.UcFirst(o.Name),
				Impl:   templates.LcFirst(b.TypeName) + templates.UcFirst(o.Name),
			}
			for _, f := range o.Fields {
				if f.IsResolver || f.IsBatch() {
					s.Resolvers = append(s.Resolvers, f)
				}
			}
			out = append(out, s)
		}
	}
	return out
}

func (b *ResolverBuild) funcs() template.FuncMap {
	return template.FuncMap{
		"stubbedObjects": b.objects,
		"signature":      signature,
		"forward":        forward,
	}
}

// signature is the resolver method's parameters and results.
func signature(f *codegen.Field) string {
	if f.IsBatch() {
		return f.ShortBatchResolverDeclaration()
	}
	return f.ShortResolverDeclaration()
}

// forward is the body of a stub method: a call of the function field with
// the method's parameters.
func forward(s stubbed, f *codegen.Field) string {
	params := []string{"ctx"}
	switch {
	case f.IsInputObject():
		params = append(params, "obj", "data")
	case f.IsBatch():
		params = append(params, "objs")
	case !s.Object.Root:
		params = append(params, "obj")
	}
	if !f.IsInputObject() {
		if args := f.StubCallArgs(); args != "" {
			params = append(params, args)
		}
	}
	return "return r." + s.Field + "." + f.GoFieldName + "(" + strings.Join(params, ", ") + ")"
}

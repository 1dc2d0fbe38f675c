// Package resolvergen is the plugin that writes the resolver implementation
// files: a method per resolver field, each panicking until the user fills it
// in, plus the root resolver type and one small type per object with
// resolvers. The files belong to the user, so regeneration carries forward
// every method body and doc comment already written (through
// internal/generator/rewrite) and keeps code it no longer generates in a commented-out
// block at the end of the file.
//
// Two layouts are supported (resolver.layout in gqlgen.yml): single-file, one
// file holding everything, and follow-schema, one file per schema file
// (resolver.filename_template, default "{name}.resolvers.go") with the root
// type in resolver.filename, written only when that file does not exist.
package resolvergen

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"strings"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/rewrite"
	"github.com/99designs/gqlgen/plugin"
)

//go:embed resolver.gotpl
var defaultTemplate string

// Plugin writes resolver implementation files. It has no settings: the
// resolver section of gqlgen.yml configures it.
type Plugin struct{}

// New returns the resolver plugin.
func New() plugin.Plugin { return &Plugin{} }

var _ plugin.CodeGenerator = (*Plugin)(nil)

// Name identifies the plugin to api.ReplacePlugin: "resolvergen".
func (m *Plugin) Name() string { return "resolvergen" }

// GenerateCode writes the resolver files for data, in the configured
// layout. It does nothing when gqlgen.yml has no resolver section.
func (m *Plugin) GenerateCode(data *codegen.Data) error {
	rc := &data.Config.Resolver
	if !rc.IsDefined() {
		return nil
	}
	switch rc.Layout {
	case config.LayoutSingleFile:
		return generateSingleFile(data)
	case config.LayoutFollowSchema:
		return generateFollowSchema(data)
	}
	return nil
}

// The declarations templates receive. A custom resolver_template sees the
// same data as the built-in one.
type (
	// ResolverBuild is the data of one resolver file.
	ResolverBuild struct {
		*File
		// HasRoot says the file declares the root resolver type too
		// (single-file layout).
		HasRoot bool
		// PackageName is the file's package.
		PackageName string
		// ResolverType is the root resolver type's name (resolver.type).
		ResolverType string
		// OmitTemplateComment leaves out the generated doc comments.
		OmitTemplateComment bool
		// OmitResolverEmbedding holds the root resolver in a field r of
		// the per-object types instead of embedding it.
		OmitResolverEmbedding bool
		// DefinedResolverTypes declares the per-object types as types
		// defined by the root resolver type and converts the root to them.
		DefinedResolverTypes bool
	}

	// File is what goes into one resolver file.
	File struct {
		// Objects are the types whose resolver types this file declares.
		// They are kept apart from Resolvers because an object extended
		// in another schema file has methods in that file's resolver file
		// while its type is declared here.
		Objects []*codegen.Object
		// Resolvers are the methods, in schema order.
		Resolvers []*Resolver
		// RemainingSource is the code of the existing file that is not
		// generated any more; it is kept commented out.
		RemainingSource string

		name     string
		imports  []rewrite.Import
		rootDecl string // the existing root type declaration (single-file)
	}

	// Resolver is one resolver method.
	Resolver struct {
		// Object declares the field.
		Object *codegen.Object
		// Field is the field the method resolves.
		Field *codegen.Field
		// PrevDecl is the method's declaration in the existing file; its
		// result names are kept.
		PrevDecl *ast.FuncDecl
		// Comment is the doc comment of the existing method, without
		// comment markers.
		Comment string
		// ImplementationStr is the existing method's body, "" if new.
		ImplementationStr string
		// ImplementationRender, when set, writes the body from
		// ImplementationStr (a plugin.ResolverImplementer).
		ImplementationRender func(prevImplementation string, r *codegen.Field) string
	}
)

// Imports reserves the existing file's imports, aliases included, in the
// file being rendered, so that carried-over bodies keep compiling. It
// returns "" for use in templates.
func (f *File) Imports() string {
	for _, imp := range f.imports {
		var err error
		if imp.Alias == "" {
			_, err = templates.CurrentImports.Reserve(imp.ImportPath)
		} else {
			_, err = templates.CurrentImports.Reserve(imp.ImportPath, imp.Alias)
		}
		// A clash with an import the template reserved first is harmless:
		// pruning drops whatever the file does not use.
		_ = err
	}
	return ""
}

// Implementation is the method body: the plugin's, else the existing one,
// else a panic naming the method and the field.
func (r *Resolver) Implementation() string {
	switch {
	case r.ImplementationRender != nil:
		return r.ImplementationRender(r.ImplementationStr, r.Field)
	case r.ImplementationStr != "":
		return r.ImplementationStr
	}
	return fmt.Sprintf("panic(fmt.Errorf(%q))", "not implemented: "+r.Field.GoFieldName+" - "+r.Field.Name)
}

// ResolverTypeDeclarations declares the per-object resolver types, such as
// "queryResolver struct{ *Resolver }" (with omit_resolver_embedding,
// "struct{ r *Resolver }"; with defined_resolver_types, "Resolver"). Several are grouped in one column-aligned
// type ( ... ) block, as gofumpt wants adjacent one-line type declarations;
// a single one is a plain declaration; none gives "".
func (b *ResolverBuild) ResolverTypeDeclarations() string {
	if len(b.Objects) == 0 {
		return ""
	}
	body := "struct{ *" + b.ResolverType + " }"
	switch {
	case b.DefinedResolverTypes:
		body = b.ResolverType
	case b.OmitResolverEmbedding:
		body = "struct{ r *" + b.ResolverType + " }"
	}
	names := make([]string, len(b.Objects))
	for i, o := range b.Objects {
		names[i] = implTypeName(o, b.ResolverType)
	}
	if len(names) == 1 {
		return "type " + names[0] + " " + body
	}
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	lines := []string{"type ("}
	for _, n := range names {
		lines = append(lines, "\t"+n+strings.Repeat(" ", width-len(n))+" "+body)
	}
	return strings.Join(append(lines, ")"), "\n")
}

// implTypeName is the unexported type implementing o's resolver interface.
func implTypeName(o *codegen.Object, resolverType string) string {
	return templates.LcFirst(o.Name) + templates.UcFirst(resolverType)
}

// collector gathers the resolvers of some objects from the existing files
// of the resolver package.
type collector struct {
	data     *codegen.Data
	rw       *rewrite.Rewriter
	rootType string
	// implement is the ResolverImplementer plugin, if any.
	implement func(string, *codegen.Field) string
}

func newCollector(data *codegen.Data) (*collector, error) {
	rw, err := rewrite.New(data.Config.Resolver.Dir())
	if err != nil {
		return nil, err
	}
	c := &collector{data: data, rw: rw, rootType: data.Config.Resolver.Type}
	for _, p := range data.Plugins {
		impl, ok := p.(plugin.ResolverImplementer)
		if !ok {
			continue
		}
		if c.implement != nil {
			return nil, errors.New("multiple plugins implement ResolverImplementer")
		}
		c.implement = impl.Implement
	}
	return c, nil
}

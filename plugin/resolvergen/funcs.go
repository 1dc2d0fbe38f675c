package resolvergen

import (
	"strings"
	"text/template"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/templates"
)

// funcs are the template functions of resolver.gotpl; a custom template may
// use them too. They spell the declarations, so the template only lays them
// out.
func (b *ResolverBuild) funcs() template.FuncMap {
	return template.FuncMap{
		"receiverType":      func(o *codegen.Object) string { return implTypeName(o, b.ResolverType) },
		"resolverDoc":       b.resolverDoc,
		"resolverSignature": resolverSignature,
		"rootMethodDoc":     b.rootMethodDoc,
		"rootMethod":        b.rootMethod,
		"rootDecl":          b.rootTypeDecl,
		"commentSafe":       commentSafe,
		// reserveIfFree imports path unless its name is taken already,
		// typically by an import carried over from the existing file.
		"reserveIfFree": func(path string) string {
			_, _ = templates.CurrentImports.Reserve(path)
			return ""
		},
	}
}

// resolverDoc is the method's doc comment: the existing one, else (unless
// omit_template_comment) one naming the field.
func (b *ResolverBuild) resolverDoc(r *Resolver) string {
	if r.Comment != "" && !r.Field.IsBatch() {
		// gofmt puts the space after "//" back where the comment text
		// had one; directives such as //nolint:x keep none.
		return "//" + strings.ReplaceAll(r.Comment, "\n", "\n//")
	}
	if b.OmitTemplateComment {
		return ""
	}
	kind := "resolver"
	if r.Field.IsBatch() {
		kind = "batch resolver"
	}
	return "// " + r.Field.GoFieldName + " is the " + kind + " for the " + r.Field.Name + " field."
}

// resolverSignature is the method's parameters and results. An existing
// declaration's result names are kept.
func resolverSignature(r *Resolver) string {
	switch {
	case r.Field.IsBatch():
		return r.Field.ShortBatchResolverDeclaration()
	case r.PrevDecl != nil:
		return r.Field.ShortResolverSignature(r.PrevDecl.Type)
	}
	return r.Field.ShortResolverDeclaration()
}

func (b *ResolverBuild) rootMethodDoc(o *codegen.Object) string {
	if b.OmitTemplateComment {
		return ""
	}
	return "// " + templates.UcFirst(o.Name) + " returns " + templates.CurrentImports.LookupType(o.ResolverInterface) + " implementation."
}

// rootMethod is the root resolver's method returning o's resolver: a new
// struct holding the root, or with defined_resolver_types the root itself
// converted, which allocates nothing.
func (b *ResolverBuild) rootMethod(o *codegen.Object) string {
	impl := implTypeName(o, b.ResolverType)
	ret := "&" + impl + "{r}"
	if b.DefinedResolverTypes {
		ret = "(*" + impl + ")(r)"
	}
	return "func (r *" + b.ResolverType + ") " + templates.UcFirst(o.Name) + "() " +
		templates.CurrentImports.LookupType(o.ResolverInterface) + " { return " + ret + " }"
}

// rootTypeDecl declares the root resolver type: as the existing file did, or
// as an empty struct.
func (b *ResolverBuild) rootTypeDecl() string {
	if b.File != nil && b.File.rootDecl != "" {
		return b.File.rootDecl
	}
	return "type " + b.ResolverType + " struct{}"
}

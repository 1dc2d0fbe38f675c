// Package rewrite reads the Go files a previous generator run left in a
// directory, typically resolver implementations written by the user, so
// that regenerating them can carry the user's code forward: method bodies
// and comments, imports, and whatever else the files declared.
package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// Rewriter holds the parsed files of one package directory and remembers
// which declarations the generator has taken over ("copied"), so that
// RemainingSource can return the rest.
type Rewriter struct {
	fset        *token.FileSet
	files       []*sourceFile
	copied      map[ast.Decl]bool
	copiedTypes map[*ast.TypeSpec]bool
}

type sourceFile struct {
	path string // absolute
	src  []byte
	ast  *ast.File
}

// Import is one import declaration of an existing file. Alias is empty for
// an import that binds the package's own name.
type Import struct {
	Alias      string
	ImportPath string
}

// New parses the Go files of the package in dir: the non-test files the
// default build context would compile. dir must lie inside a Go module (or
// GOPATH); it need not exist yet, in which case the Rewriter is empty.
// Parsing reads the files directly, without the go command or type
// checking, so it costs little even for large resolver packages.
func New(dir string) (*Rewriter, error) {
	if code.ImportPathForDir(dir) == "" {
		return nil, fmt.Errorf("import path not found for directory: %q", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolving %s: %w", dir, err)
	}
	r := &Rewriter{fset: token.NewFileSet(), copied: map[ast.Decl]bool{}, copiedTypes: map[*ast.TypeSpec]bool{}}

	entries, err := os.ReadDir(abs)
	if os.IsNotExist(err) {
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", dir, err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(abs, name); err != nil || !ok {
			continue
		}
		path := filepath.Join(abs, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		// A file that does not parse still yields the declarations before
		// the error, which is as much as the user's code can give us.
		f, _ := parser.ParseFile(r.fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if f == nil {
			continue
		}
		r.files = append(r.files, &sourceFile{path: path, src: src, ast: f})
	}
	return r, nil
}

// text returns the source between two positions of the same file.
func (r *Rewriter) text(from, to token.Pos) string {
	start, end := r.fset.Position(from), r.fset.Position(to)
	for _, f := range r.files {
		if f.path == start.Filename && start.Filename == end.Filename {
			return string(f.src[start.Offset:end.Offset])
		}
	}
	return ""
}

// GetPrevDecl finds the method methodname on receiver type structname (or a
// pointer to it) and marks it as taken over. It returns nil if there is none.
func (r *Rewriter) GetPrevDecl(structname, methodname string) *ast.FuncDecl {
	for _, f := range r.files {
		for _, d := range f.ast.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Name.Name != methodname || fn.Recv == nil || receiverName(fn) != structname {
				continue
			}
			r.copied[fn] = true
			return fn
		}
	}
	return nil
}

// receiverName is the receiver's base type name, or "" for functions and for
// receivers that are not a plain (pointer to a) type name.
func receiverName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return ""
	}
	t := fn.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// GetMethodComment returns the doc comment of a method, one line per comment
// with the comment markers removed ("// text" gives " text", a directive
// such as "//nolint:x" gives "nolint:x"). The method is marked as taken over.
func (r *Rewriter) GetMethodComment(structname, methodname string) string {
	fn := r.GetPrevDecl(structname, methodname)
	if fn == nil || fn.Doc == nil {
		return ""
	}
	lines := make([]string, 0, len(fn.Doc.List))
	for _, c := range fn.Doc.List {
		text := c.Text
		if body, ok := strings.CutPrefix(text, "//"); ok {
			text = body
		} else if body, ok := strings.CutPrefix(text, "/*"); ok {
			text = strings.TrimSuffix(body, "*/")
		}
		lines = append(lines, text)
	}
	return strings.Join(lines, "\n")
}

// GetMethodBody returns the source between the braces of a method's body,
// exactly as written, and marks the method as taken over.
func (r *Rewriter) GetMethodBody(structname, methodname string) string {
	fn := r.GetPrevDecl(structname, methodname)
	if fn == nil || fn.Body == nil {
		return ""
	}
	return r.text(fn.Body.Lbrace+1, fn.Body.Rbrace)
}

// MarkStructCopied marks the declaration of type name as taken over, so
// that RemainingSource leaves it out. In a grouped declaration
// (type ( ... )) only that type's spec is left out.
func (r *Rewriter) MarkStructCopied(name string) {
	for _, f := range r.files {
		for _, d := range f.ast.Decls {
			gen, ok := d.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok && ts.Name.Name == name {
					r.copiedTypes[ts] = true
				}
			}
		}
	}
}

// remainingTypes returns the source of a type declaration without the specs
// taken over: the declaration as written when none was, nothing when all
// were, otherwise one "type" line per remaining spec.
func (r *Rewriter) remainingTypes(gen *ast.GenDecl) string {
	var kept []*ast.TypeSpec
	for _, spec := range gen.Specs {
		if ts, ok := spec.(*ast.TypeSpec); ok && !r.copiedTypes[ts] {
			kept = append(kept, ts)
		}
	}
	switch len(kept) {
	case len(gen.Specs):
		return r.text(gen.Pos(), gen.End())
	case 0:
		return ""
	}
	parts := make([]string, len(kept))
	for i, ts := range kept {
		parts[i] = "type " + r.text(ts.Pos(), ts.End())
	}
	return strings.Join(parts, "\n")
}

func (r *Rewriter) file(filename string) *sourceFile {
	abs, err := filepath.Abs(filename)
	if err != nil {
		return nil
	}
	i := slices.IndexFunc(r.files, func(f *sourceFile) bool { return f.path == abs })
	if i < 0 {
		return nil
	}
	return r.files[i]
}

// ExistingImports lists the imports of filename in source order, or nil if
// the file was not part of the package.
func (r *Rewriter) ExistingImports(filename string) []Import {
	f := r.file(filename)
	if f == nil {
		return nil
	}
	var imps []Import
	for _, spec := range f.ast.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		imp := Import{ImportPath: path}
		if spec.Name != nil {
			imp.Alias = spec.Name.Name
		}
		imps = append(imps, imp)
	}
	return imps
}

// RemainingSource returns the declarations of filename that were not taken
// over and are not imports, as written and separated by newlines, with
// surrounding space trimmed. Doc comments above those declarations are not
// included.
func (r *Rewriter) RemainingSource(filename string) string {
	f := r.file(filename)
	if f == nil {
		return ""
	}
	var buf bytes.Buffer
	for _, d := range f.ast.Decls {
		if r.copied[d] {
			continue
		}
		text := r.text(d.Pos(), d.End())
		if gen, ok := d.(*ast.GenDecl); ok {
			switch gen.Tok {
			case token.IMPORT:
				continue
			case token.TYPE:
				if text = r.remainingTypes(gen); text == "" {
					continue
				}
			}
		}
		buf.WriteString(text)
		buf.WriteByte('\n')
	}
	return strings.TrimSpace(buf.String())
}

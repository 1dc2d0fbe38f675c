// Package imports finishes a generated Go file: it deletes the imports the
// file does not use and formats the result. It never adds imports, so it
// needs no package loading beyond package names, which come from the
// generator's shared cache.
package imports

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/tools/imports"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// PruneOptions tunes Prune.
type PruneOptions struct {
	// SkipImportGrouping formats with go/format only, leaving the import
	// block as one sorted group instead of splitting standard library,
	// third-party and local (imports.LocalPrefix) imports into groups.
	SkipImportGrouping bool
	// UseBufferPooling reuses the intermediate buffer across calls.
	UseBufferPooling bool
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Prune removes the imports src does not use and returns the gofmt-formatted
// file. Blank and dot imports are always kept. An import without a name is
// taken to bind its package's declared name, looked up through packages
// (one batched lookup per file for names not cached yet). filename is used
// in error messages and, when grouping, to decide what counts as local.
func Prune(filename string, src []byte, packages *code.Packages, opts PruneOptions) ([]byte, error) {
	if packages == nil {
		packages = code.NewPackages()
	}
	if out, ok := pruneChunked(filename, src, packages, opts); ok {
		return out, nil
	}
	return pruneWhole(filename, src, packages, opts, newNameUse())
}

// pruneWhole prunes and formats src in one piece. names adds what the rest
// of the file uses and declares when src is only its head (see
// pruneChunked).
func pruneWhole(filename string, src []byte, packages *code.Packages, opts PruneOptions, names nameUse) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.AllErrors)
	if err != nil {
		return nil, err
	}
	names.add(file)
	unused, err := unusedImports(file, packages, names)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filename, err)
	}

	var buf *bytes.Buffer
	if opts.UseBufferPooling {
		buf = bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		defer bufPool.Put(buf)
	} else {
		buf = new(bytes.Buffer)
	}
	if decl, block, ok := canonicalBlock(fset, file, unused, !opts.SkipImportGrouping); ok {
		return rebuilt(buf, fset, file, src, decl, block)
	}
	return edited(buf, fset, file, src, unused, filename, opts)
}

// rebuilt replaces the import declaration with block and formats the file:
// with the imports already in order, one gofmt pass finishes it.
func rebuilt(buf *bytes.Buffer, fset *token.FileSet, file *ast.File, src []byte, decl *ast.GenDecl, block string) ([]byte, error) {
	tf := fset.File(file.Pos())
	start, end := tf.Offset(decl.Pos()), tf.Offset(decl.End())
	if block == "" {
		if decl.Doc != nil {
			start = tf.Offset(decl.Doc.Pos())
		}
		start, end = widen(src, span{start, end})
	}
	buf.Write(src[:start])
	buf.WriteString(block)
	buf.Write(src[end:])
	return format.Source(buf.Bytes())
}

// edited deletes the unused specs from the source text and leaves sorting
// and grouping to gofmt or x/tools/imports. It handles any import layout.
func edited(buf *bytes.Buffer, fset *token.FileSet, file *ast.File, src []byte, unused map[*ast.ImportSpec]bool, filename string, opts PruneOptions) ([]byte, error) {
	removeSpans(buf, src, importSpans(fset, file, unused))
	if opts.SkipImportGrouping {
		return format.Source(buf.Bytes())
	}
	return imports.Process(filename, buf.Bytes(), &imports.Options{
		FormatOnly: true,
		Comments:   true,
		TabIndent:  true,
		TabWidth:   8,
	})
}

// errAmbiguous is unusedImports' answer when it cannot tell (see
// nameUse.ambiguous).
var errAmbiguous = errors.New("an import binds a predeclared name")

// unusedImports returns the import specs of file whose bound name does not
// stand for a package in the selectors names saw.
func unusedImports(file *ast.File, packages *code.Packages, names nameUse) (map[*ast.ImportSpec]bool, error) {
	used := names.packageNames()
	var unnamed []string
	paths := make(map[*ast.ImportSpec]string, len(file.Imports))
	for _, spec := range file.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", spec.Path.Value, err)
		}
		paths[spec] = path
		if spec.Name == nil && path != "C" {
			unnamed = append(unnamed, path)
		}
	}
	if len(unnamed) > 0 {
		packages.LoadAllNames(unnamed...)
	}

	unused := map[*ast.ImportSpec]bool{}
	for _, spec := range file.Imports {
		path := paths[spec]
		var name string
		switch {
		case spec.Name != nil:
			name = spec.Name.Name
		case path == "C":
			continue
		default:
			name = packages.NameForPackage(path)
		}
		if name == "_" || name == "." || used[name] {
			continue
		}
		if names.ambiguous[name] {
			return nil, errAmbiguous
		}
		unused[spec] = true
	}
	return unused, nil
}

// span is a half-open byte range of the source to delete.
type span struct{ start, end int }

// importSpans turns the unused specs into byte ranges: a whole declaration
// when none of its specs survive (or it had none), otherwise each spec with its comments and,
// when it sits alone on its lines, the lines themselves.
func importSpans(fset *token.FileSet, file *ast.File, unused map[*ast.ImportSpec]bool) []span {
	tf := fset.File(file.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }

	var spans []span
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			continue
		}
		dropped := 0
		for _, s := range gen.Specs {
			if unused[s.(*ast.ImportSpec)] {
				dropped++
			}
		}
		switch {
		case dropped == 0 && len(gen.Specs) > 0:
		case dropped == len(gen.Specs):
			start := gen.Pos()
			if gen.Doc != nil {
				start = gen.Doc.Pos()
			}
			spans = append(spans, span{off(start), off(gen.End())})
		default:
			for _, s := range gen.Specs {
				spec := s.(*ast.ImportSpec)
				if !unused[spec] {
					continue
				}
				start, end := spec.Pos(), spec.End()
				if spec.Doc != nil {
					start = spec.Doc.Pos()
				}
				if spec.Comment != nil {
					end = spec.Comment.End()
				}
				spans = append(spans, span{off(start), off(end)})
			}
		}
	}
	return spans
}

// removeSpans writes src without the given spans into buf. A span that is
// alone on its lines takes the lines with it; otherwise a statement-ending
// semicolon directly after it goes too, so "a"; "b" stays valid.
func removeSpans(buf *bytes.Buffer, src []byte, spans []span) {
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	last := 0
	for _, s := range spans {
		start, end := widen(src, s)
		if start < last {
			start = last
		}
		buf.Write(src[last:start])
		last = end
	}
	buf.Write(src[last:])
}

func widen(src []byte, s span) (int, int) {
	lineStart := s.start
	for lineStart > 0 && isBlank(src[lineStart-1]) {
		lineStart--
	}
	lineEnd := s.end
	for lineEnd < len(src) && isBlank(src[lineEnd]) {
		lineEnd++
	}
	if (lineStart == 0 || src[lineStart-1] == '\n') && (lineEnd == len(src) || src[lineEnd] == '\n') {
		if lineEnd < len(src) {
			lineEnd++
		}
		return lineStart, lineEnd
	}
	if lineEnd < len(src) && src[lineEnd] == ';' {
		return s.start, lineEnd + 1
	}
	return s.start, s.end
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r'
}

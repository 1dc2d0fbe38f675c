package imports

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/imports"
)

// canonicalBlock handles the shape Render produces: a single parenthesized
// import declaration without comments or blank lines, one spec per line. For it, the surviving imports are
// written out afresh, sorted and (when grouped is set) split into groups the
// way golang.org/x/tools/imports orders them: standard library, then
// third-party, then appengine, then paths under imports.LocalPrefix. That
// saves the parse-and-print round trip of imports.Process. The block is ""
// when no import survives. ok is false for any other shape.
func canonicalBlock(fset *token.FileSet, file *ast.File, unused map[*ast.ImportSpec]bool, grouped bool) (*ast.GenDecl, string, bool) {
	var decl *ast.GenDecl
	for _, d := range file.Decls {
		if gen, ok := d.(*ast.GenDecl); ok && gen.Tok == token.IMPORT {
			if decl != nil {
				return nil, "", false
			}
			decl = gen
		}
	}
	if decl == nil || !decl.Lparen.IsValid() {
		return nil, "", false
	}
	for _, c := range file.Comments {
		if c.End() >= decl.Pos() && c.Pos() <= decl.End() {
			return nil, "", false
		}
	}
	// One spec per line and no blank lines: a single run, which both gofmt
	// and x/tools/imports sort as a whole.
	line := func(p token.Pos) int { return fset.Position(p).Line }
	prev := line(decl.Lparen)
	for _, s := range decl.Specs {
		if line(s.Pos()) != prev+1 || line(s.End()) != prev+1 {
			return nil, "", false
		}
		prev++
	}
	if line(decl.Rparen) != prev+1 {
		return nil, "", false
	}

	type entry struct {
		group      int
		path, name string
		literal    string
	}
	var kept []entry
	for _, s := range decl.Specs {
		spec := s.(*ast.ImportSpec)
		if unused[spec] {
			continue
		}
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, "", false
		}
		e := entry{path: path, literal: spec.Path.Value}
		if spec.Name != nil {
			e.name = spec.Name.Name
		}
		if grouped {
			e.group = importGroup(path)
		}
		kept = append(kept, e)
	}
	if len(kept) == 0 {
		return decl, "", true
	}

	slices.SortFunc(kept, func(a, b entry) int {
		return cmp.Or(cmp.Compare(a.group, b.group), strings.Compare(a.path, b.path), strings.Compare(a.name, b.name))
	})
	kept = slices.CompactFunc(kept, func(a, b entry) bool { return a.path == b.path && a.name == b.name })

	var b strings.Builder
	b.WriteString("import (\n")
	for i, e := range kept {
		if i > 0 && e.group != kept[i-1].group {
			b.WriteByte('\n')
		}
		b.WriteByte('\t')
		if e.name != "" {
			b.WriteString(e.name + " ")
		}
		b.WriteString(e.literal + "\n")
	}
	b.WriteString(")")
	return decl, b.String(), true
}

// importGroup numbers the section an import belongs in, in the order
// golang.org/x/tools/imports lays them out.
func importGroup(path string) int {
	if imports.LocalPrefix != "" {
		for _, prefix := range strings.Split(imports.LocalPrefix, ",") {
			if strings.HasPrefix(path, prefix) || strings.TrimSuffix(prefix, "/") == path {
				return 3
			}
		}
	}
	if strings.HasPrefix(path, "appengine") {
		return 2
	}
	if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
		return 1
	}
	return 0
}

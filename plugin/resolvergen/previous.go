package resolvergen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
)

// leftoverMarker starts the commented-out block of code that is no longer
// generated, at the end of a resolver file.
const leftoverMarker = "// !!! WARNING !!!"

// previousLeftover returns the code commented out at the end of an existing
// resolver file by an earlier run, "" when there is none. It is carried
// forward so that running the generator twice loses nothing.
func previousLeftover(src string) string {
	i := strings.Index(src, leftoverMarker)
	if i < 0 {
		return ""
	}
	rest := src[i:]
	open := strings.Index(rest, "/*")
	end := strings.LastIndex(rest, "*/")
	if open < 0 || end < open {
		return ""
	}
	return strings.TrimSpace(rest[open+2 : end])
}

// joinLeftovers appends the code left over by this run to what earlier
// runs left.
func joinLeftovers(previous, current string) string {
	switch {
	case previous == "":
		return current
	case current == "":
		return previous
	}
	return previous + "\n\n" + current
}

// commentSafe keeps code from ending the block comment it is written into.
func commentSafe(code string) string {
	return strings.ReplaceAll(code, "*/", "*\\/")
}

// rootDeclaration returns the declaration of type name in the Go source
// src, with its doc comment, "" if src does not declare it. The single-file
// layout keeps the user's root resolver type, dependencies and all.
func rootDeclaration(src []byte, name string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	text := func(from, to token.Pos) string {
		return string(src[fset.Position(from).Offset:fset.Position(to).Offset])
	}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			if ts.Name.Name != name {
				continue
			}
			if len(gd.Specs) == 1 && !gd.Lparen.IsValid() {
				from := gd.Pos()
				if gd.Doc != nil {
					from = gd.Doc.Pos()
				}
				return text(from, gd.End())
			}
			decl := "type " + text(ts.Pos(), ts.End())
			if ts.Doc != nil {
				decl = text(ts.Doc.Pos(), ts.Doc.End()) + "\n" + decl
			}
			return decl
		}
	}
	return ""
}

func readSource(name string) []byte {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	return src
}

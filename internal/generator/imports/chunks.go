package imports

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"runtime"
	"sync"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// Large files (the executable schema of a big schema is megabytes) are
// parsed and formatted in pieces, one per core: gofmt's output for a run of
// top-level declarations does not depend on what surrounds it, provided
// the run starts and ends at a blank line between declarations. So the
// file is cut at such blank lines into a head (the header, package clause,
// imports) and bodies; each body is parsed, mined for the package names it
// uses and formatted on its own; then the head's imports are pruned with
// what the bodies use, and the pieces are joined with one blank line, as
// gofmt separates them. Whenever a piece does not parse or print as
// expected, the file is done whole instead, which also reports errors with
// the right positions.

// chunkThreshold is the size from which Prune splits a file; smaller files
// gain less than the splitting costs. A variable for tests.
var chunkThreshold = 256 << 10

// chunksPerCore balances the pieces: more pieces than cores, so that a
// slow piece does not leave a core idle at the end.
const chunksPerCore = 4

// piece is one formatted body.
type piece struct {
	formatted []byte // without the package clause formatting added
	names     nameUse
	ok        bool
}

// nameUse is what a file says about identifiers at package level: the
// names used as a selector's operand without a declaration the parser
// could see, and the names declared at top level.
type nameUse struct {
	used     map[string]bool
	declared map[string]bool
	// ambiguous are predeclared names (int, len, …) left unresolved where
	// it was not checked whether they are a selector's operand; an import
	// binding one of them cannot be judged.
	ambiguous map[string]bool
}

func newNameUse() nameUse {
	return nameUse{used: map[string]bool{}, declared: map[string]bool{}, ambiguous: map[string]bool{}}
}

// addUnresolved is add without walking the syntax tree: it takes the
// identifiers the parser left unresolved. In valid code such an identifier
// is a predeclared one, a package name (and those are only used as a
// selector's operand), or a top-level declaration in another piece; the
// predeclared names are set aside as ambiguous.
func (n nameUse) addUnresolved(file *ast.File) {
	for _, id := range file.Unresolved {
		if types.Universe.Lookup(id.Name) != nil {
			n.ambiguous[id.Name] = true
		} else {
			n.used[id.Name] = true
		}
	}
	//nolint:staticcheck // see add
	for name := range file.Scope.Objects {
		n.declared[name] = true
	}
}

// add records what file uses and declares.
func (n nameUse) add(file *ast.File) {
	ast.Inspect(file, func(node ast.Node) bool {
		sel, ok := node.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		//nolint:staticcheck // the parser's own resolution is exactly what tells a package name from a local one
		if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
			n.used[id.Name] = true
		}
		return true
	})
	//nolint:staticcheck // see above
	for name := range file.Scope.Objects {
		n.declared[name] = true
	}
}

// merge adds o's names to n.
func (n nameUse) merge(o nameUse) {
	for name := range o.used {
		n.used[name] = true
	}
	for name := range o.declared {
		n.declared[name] = true
	}
	for name := range o.ambiguous {
		n.ambiguous[name] = true
	}
}

// packageNames is the set of names that refer to imported packages: used
// as a selector operand somewhere, and declared nowhere at top level (a
// parser that saw the whole file would have resolved those to the
// declaration).
func (n nameUse) packageNames() map[string]bool {
	res := make(map[string]bool, len(n.used))
	for name := range n.used {
		if !n.declared[name] {
			res[name] = true
		}
	}
	return res
}

// pruneChunked is Prune for large files. ok is false when the file is not
// large or cannot be split, or a piece did not parse: the caller then
// handles the whole file.
func pruneChunked(filename string, src []byte, packages *code.Packages, opts PruneOptions) ([]byte, bool) {
	procs := runtime.GOMAXPROCS(0)
	if len(src) < chunkThreshold || procs < 2 {
		return nil, false
	}
	fset := token.NewFileSet()
	header, err := parser.ParseFile(fset, filename, src, parser.ImportsOnly|parser.ParseComments)
	if err != nil || header.Name == nil {
		return nil, false
	}
	headEnd := fset.Position(header.Name.End()).Offset
	if n := len(header.Decls); n > 0 {
		headEnd = fset.Position(header.Decls[n-1].End()).Offset
	}
	cuts := chooseCuts(splitPoints(src, headEnd), len(src), headEnd, procs*chunksPerCore)
	if len(cuts) == 0 {
		return nil, false
	}

	prefix := []byte("package " + header.Name.Name + "\n\n")
	pieces := make([]piece, len(cuts))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(procs, len(cuts)) {
		wg.Go(func() {
			for i := range next {
				end := len(src)
				if i+1 < len(cuts) {
					end = cuts[i+1]
				}
				pieces[i] = formatPiece(prefix, src[cuts[i]:end])
			}
		})
	}
	for i := range cuts {
		next <- i
	}
	close(next)
	wg.Wait()

	names := newNameUse()
	for _, p := range pieces {
		if !p.ok {
			return nil, false
		}
		names.merge(p.names)
	}
	head, err := pruneWhole(filename, src[:cuts[0]], packages, opts, names)
	if err != nil {
		return nil, false
	}
	size := len(head)
	for _, p := range pieces {
		size += 1 + len(p.formatted)
	}
	out := make([]byte, 0, size)
	out = append(out, head...)
	for _, p := range pieces {
		out = append(out, '\n')
		out = append(out, p.formatted...)
	}
	return out, true
}

// formatPiece parses body as a file of its own behind the package clause
// prefix, and formats it as gofmt would.
func formatPiece(prefix, body []byte) piece {
	src := make([]byte, 0, len(prefix)+len(body))
	src = append(append(src, prefix...), body...)
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil || len(file.Imports) > 0 {
		return piece{}
	}
	names := newNameUse()
	names.addUnresolved(file)
	var buf bytes.Buffer
	buf.Grow(len(src) + len(src)/8)
	if err := format.Node(&buf, fset, file); err != nil {
		return piece{}
	}
	out, ok := bytes.CutPrefix(buf.Bytes(), prefix)
	if !ok || len(out) == 0 {
		return piece{}
	}
	return piece{formatted: out, names: names, ok: true}
}

// chooseCuts picks among the split points (ascending offsets after
// headEnd) the starts of about n pieces of similar size.
func chooseCuts(points []int, size, headEnd, n int) []int {
	if len(points) == 0 || n < 1 {
		return nil
	}
	target := max((size-headEnd)/n, 1)
	cuts := []int{points[0]}
	for _, p := range points[1:] {
		if p-cuts[len(cuts)-1] >= target && size-p >= target/2 {
			cuts = append(cuts, p)
		}
	}
	return cuts
}

// splitPoints returns the offsets, from offset from on, at which a line
// starts a top-level declaration or comment right after a blank line,
// outside any bracket, comment or literal. The scan knows just enough Go
// lexical structure to skip comments and literals; a wrong guess can only
// make a piece fail to parse, which sends the file down the whole-file
// path.
func splitPoints(src []byte, from int) []int {
	var points []int
	depth := 0
	blank := true // the current line has nothing but white space so far
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\n':
			if blank && depth == 0 && i+1 > from && startsDecl(src[i+1:]) {
				points = append(points, i+1)
			}
			blank = true
			continue
		case ' ', '\t', '\r':
			continue
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				i = skipTo(src, i+2, "\n") - 1 // the newline is handled above
			} else if i+1 < len(src) && src[i+1] == '*' {
				i = skipTo(src, i+2, "*/") + 1
			}
		case '"', '\'':
			i = skipQuoted(src, i+1, c)
		case '`':
			i = skipTo(src, i+1, "`")
		}
		blank = false
	}
	return points
}

// skipTo returns the offset of the first occurrence of end in src at or
// after i, or the last offset of src.
func skipTo(src []byte, i int, end string) int {
	if i >= len(src) {
		return len(src) - 1
	}
	if k := bytes.Index(src[i:], []byte(end)); k >= 0 {
		return i + k
	}
	return len(src) - 1
}

// skipQuoted returns the offset of the quote closing an interpreted
// string or rune literal whose contents start at i.
func skipQuoted(src []byte, i int, quote byte) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case quote:
			return i
		case '\n': // unterminated: let the caller see the line end
			return i - 1
		}
	}
	return len(src) - 1
}

// startsDecl reports whether line begins a top-level declaration or a
// comment, in column one.
func startsDecl(line []byte) bool {
	for _, kw := range []string{"func", "type", "var", "const"} {
		if rest, ok := bytes.CutPrefix(line, []byte(kw)); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '(') {
			return true
		}
	}
	return bytes.HasPrefix(line, []byte("//")) || bytes.HasPrefix(line, []byte("/*"))
}

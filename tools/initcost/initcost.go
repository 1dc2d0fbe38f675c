// Package initcost measures how much work a package gives the Go type
// checker's initialization-order pass.
//
// Before it orders the package-level variables, the type checker (go/types
// and the compiler's types2 alike) takes every function and method out of
// the graph of package-level references, joining each of its callers to
// each of its callees. Functions that reach one another through calls,
// method values or method expressions make one strongly connected set, and
// inside such a set the joined edges pile up until every member points at
// every other: the pass then costs about the cube of the set's size. A
// generated executable schema of a few thousand types whose object
// functions call one another directly spends nearly all of its compile
// there.
//
// Measure builds the same graph the checker builds (package-level
// constants, variables, functions and concrete methods, with an edge for
// every reference from one declaration to another) and reports the size
// of its largest strongly connected set of functions, which is what a
// generator has to keep small.
package initcost

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"
)

// Report describes the reference graph of one package.
type Report struct {
	Funcs int // functions and methods with a declaration in the package
	Vars  int // package-level variables and constants
	Edges int // references from one declaration to another

	// LargestSCC is the number of functions in the largest set of
	// functions that all reach one another through references between
	// functions, and Sample names a few of them (sorted).
	LargestSCC int
	Sample     []string
	// Sets are the names of the members of every such set of two
	// functions or more, each sorted.
	Sets [][]string

	// Work is the number of caller-callee pairs the checker joins while it
	// takes the functions out of the graph, counted by doing what it does,
	// up to the budget given to Measure; WorkCapped says the budget ran out.
	Work       int64
	WorkCapped bool
}

// Measure builds the reference graph of the package made of files from
// their syntax alone: type-checking a package whose functions make a large
// set is what takes too long. Names are resolved as the package sees them
// at top level: an identifier naming a package-level function, variable or
// constant refers to it, and a selector x.m refers to every method named m
// declared in the package. Local names that shadow package-level ones, and
// a method name declared on several types, make edges the checker would
// not make; so the figures are an upper bound, which is what a limit
// needs. budget bounds the simulated work (0: do not simulate).
func Measure(files []*ast.File, budget int64) Report {
	g := &graph{index: map[string]int{}}
	var decls []ast.Node
	var owners []int
	methods := map[string][]int{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.Name == "_" || (d.Recv == nil && d.Name.Name == "init") {
					continue
				}
				key, recv := d.Name.Name, ""
				if d.Recv != nil && len(d.Recv.List) == 1 {
					recv = receiverName(d.Recv.List[0].Type)
					key = recv + "." + key
				}
				n := g.node(key, true)
				if recv != "" {
					methods[d.Name.Name] = append(methods[d.Name.Name], n)
				}
				decls, owners = append(decls, d), append(owners, n)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for _, name := range vs.Names {
						if name.Name != "_" {
							decls, owners = append(decls, vs), append(owners, g.node(name.Name, false))
						}
					}
				}
			}
		}
	}
	for i, d := range decls {
		from := owners[i]
		seen := map[int]bool{}
		add := func(to int) {
			if !seen[to] {
				seen[to] = true
				g.succ[from] = append(g.succ[from], to)
				g.edges++
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				// The name and receiver are not references; the body is.
				if n.Body != nil {
					ast.Inspect(n.Body, func(m ast.Node) bool { g.visit(m, methods, add); return true })
				}
				return false
			case *ast.ValueSpec:
				for _, v := range n.Values {
					ast.Inspect(v, func(m ast.Node) bool { g.visit(m, methods, add); return true })
				}
				return false
			}
			return true
		})
	}
	r := Report{Edges: g.edges}
	for _, f := range g.isFunc {
		if f {
			r.Funcs++
		} else {
			r.Vars++
		}
	}
	big, sets := g.funcSCCs()
	r.LargestSCC = len(big)
	for _, set := range sets {
		var names []string
		for _, n := range set {
			names = append(names, g.names[n])
		}
		sort.Strings(names)
		r.Sets = append(r.Sets, names)
	}
	var names []string
	for _, n := range big {
		names = append(names, g.names[n])
	}
	sort.Strings(names)
	if len(names) > 8 {
		names = names[:8]
	}
	r.Sample = names
	if budget > 0 {
		r.Work, r.WorkCapped = g.removeFuncs(budget)
	}
	return r
}

// visit adds the references n makes: a package-level name, or a method
// selected by name.
func (g *graph) visit(n ast.Node, methods map[string][]int, add func(int)) {
	switch n := n.(type) {
	case *ast.SelectorExpr:
		for _, m := range methods[n.Sel.Name] {
			add(m)
		}
	case *ast.Ident:
		if to, ok := g.index[n.Name]; ok {
			add(to)
		}
	}
}

// receiverName is the name of the type of a method's receiver.
func receiverName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

type graph struct {
	names  []string
	isFunc []bool
	index  map[string]int // package-level functions, variables and constants
	succ   [][]int
	edges  int
}

func (g *graph) node(name string, isFunc bool) int {
	n := len(g.names)
	g.names = append(g.names, name)
	g.isFunc = append(g.isFunc, isFunc)
	g.succ = append(g.succ, nil)
	if !strings.Contains(name, ".") {
		g.index[name] = n
	}
	return n
}

// funcSCCs returns the members of the largest strongly connected component
// of the subgraph of functions, and every component of two or more
// (Tarjan's algorithm, iterative so that deep call chains do not grow the
// goroutine stack).
func (g *graph) funcSCCs() (best []int, sets [][]int) {
	isFunc := g.isFunc
	const unvisited = -1
	index := make([]int, len(g.names))
	low := make([]int, len(g.names))
	onStack := make([]bool, len(g.names))
	for i := range index {
		index[i] = unvisited
	}
	var stack []int
	next := 0
	type frame struct{ v, edge int }
	for root := range g.names {
		if !isFunc[root] || index[root] != unvisited {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			top := &calls[len(calls)-1]
			v := top.v
			if top.edge < len(g.succ[v]) {
				w := g.succ[v][top.edge]
				top.edge++
				if !isFunc[w] {
					continue
				}
				if index[w] == unvisited {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, 0})
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				if p := calls[len(calls)-1].v; low[v] < low[p] {
					low[p] = low[v]
				}
			}
			if low[v] == index[v] {
				var comp []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				if len(comp) > len(best) {
					best = comp
				}
				if len(comp) > 1 {
					sets = append(sets, comp)
				}
			}
		}
	}
	return best, sets
}

// ParseDir parses the Go files of the package in dir, leaving out tests.
func ParseDir(dir string) ([]*ast.File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// removeFuncs does what the checker does to the graph: it takes the
// functions in the order of their initial cost (callers times callees),
// joins each one's callers to its callees and counts the pairs, until
// budget pairs.
func (g *graph) removeFuncs(budget int64) (int64, bool) {
	n := len(g.names)
	pred := make([]map[int]bool, n)
	succ := make([]map[int]bool, n)
	for i := range n {
		pred[i], succ[i] = map[int]bool{}, map[int]bool{}
	}
	for v, ws := range g.succ {
		for _, w := range ws {
			succ[v][w] = true
			pred[w][v] = true
		}
	}
	var funcs []int
	for i, f := range g.isFunc {
		if f {
			funcs = append(funcs, i)
		}
	}
	// The checker's sort is not stable and its nodes come from a map: ties
	// fall in no particular order, which a fixed shuffle stands for.
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(funcs), func(i, j int) { funcs[i], funcs[j] = funcs[j], funcs[i] })
	sort.SliceStable(funcs, func(a, b int) bool {
		return len(pred[funcs[a]])*len(succ[funcs[a]]) < len(pred[funcs[b]])*len(succ[funcs[b]])
	})
	var work int64
	for _, v := range funcs {
		for p := range pred[v] {
			if p == v {
				continue
			}
			for s := range succ[v] {
				if s != v {
					succ[p][s] = true
					pred[s][p] = true
					work++
				}
			}
			delete(succ[p], v)
			if work > budget {
				return work, true
			}
		}
		for s := range succ[v] {
			delete(pred[s], v)
		}
	}
	return work, false
}

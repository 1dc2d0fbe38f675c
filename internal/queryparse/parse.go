// Package queryparse parses GraphQL executable documents (operations and
// fragments) into gqlparser's AST, the same tree gqlparser's parser builds,
// in a fraction of its time and allocations.
//
// gqlparser's parser allocates every node, and every node's position, on
// its own, and copies a whole token to the heap for each position: a
// document of a hundred thousand fields costs several hundred thousand
// allocations, and the garbage collector's time to match. Here nodes and
// positions are carved from blocks allocated a few at a time, and each
// selection set is copied once, at its exact length, into a shared block.
// Tokens come from gqlparser's own lexer, so names, values and positions
// are read exactly as gqlparser reads them.
//
// Parse handles well-formed documents without comments or descriptions.
// For anything else (a syntax or lexical error, a comment, a description,
// more tokens than the limit, nesting deeper than gqlparser allows) it
// reports false, and the caller parses with gqlparser, which then produces
// the tree or the error it always has: the fast path can only change how
// long a document takes, never its outcome.
package queryparse

import (
	"slices"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/lexer"
	"github.com/vektah/gqlparser/v2/parser"
)

// Parse parses src, an executable document, as
// parser.ParseQueryWithTokenLimit(src, tokenLimit) would when it succeeds.
// ok is false when Parse leaves the document to gqlparser: then doc is nil.
func Parse(src *ast.Source, tokenLimit int) (doc *ast.QueryDocument, ok bool) {
	doc, _, ok = parse(src, tokenLimit, false)
	return doc, ok
}

// ParseSharing parses src as Parse does, except that a plain leaf field (no
// arguments, directives or selections) that repeats one of the last
// shareWindow selections of its selection set (the same alias and name) is
// that field's *ast.Field again rather than a node of its own; shared
// reports whether any field was shared. A document of a million repeated
// fields then costs a few bytes a token (its selection sets' entries)
// instead of a node and a position each.
//
// The tree has the same selections, in the same order, and validates and
// executes as Parse's: the repeated field has the same name, parent type
// and (no) arguments as the one it repeats, and field merging keeps the
// first of them. What differs is the position of a repeated field, which
// is its first occurrence's: a caller whose validation of a shared tree
// reports errors parses again with Parse, so that each error names its own
// occurrence. (The document is valid or not alike either way: a rule that
// fails a repeated plain leaf fails its first occurrence too.)
func ParseSharing(src *ast.Source, tokenLimit int) (doc *ast.QueryDocument, shared, ok bool) {
	return parse(src, tokenLimit, true)
}

// shareWindow is how many of the preceding selections of a set a plain
// leaf field is compared with: repeats of a pattern of up to that many
// fields are shared, at a cost of a few string comparisons a field.
const shareWindow = 16

func parse(src *ast.Source, tokenLimit int, share bool) (doc *ast.QueryDocument, shared, ok bool) {
	p := &state{lex: lexer.New(src), limit: tokenLimit, share: share}
	if stack, ok := pendingPool.Get().(*[]ast.Selection); ok {
		p.pending = (*stack)[:0]
	}
	defer func() {
		if cap(p.pending) <= maxPooledPending {
			clear(p.pending) // left by a parse given up midway
			pendingPool.Put(&p.pending)
		}
		if r := recover(); r != nil {
			if _, gaveUp := r.(giveUp); !gaveUp {
				panic(r)
			}
			doc, shared, ok = nil, false, false
		}
	}()
	p.read()
	doc = p.document()
	return doc, p.shared, true
}

// pendingPool keeps the stacks of selections being parsed, up to
// maxPooledPending selections each: a set of a hundred thousand fields
// would otherwise grow one from nothing, copying it on the way, for every
// request.
var pendingPool sync.Pool // of *[]ast.Selection

const maxPooledPending = 1 << 17

// giveUp is panicked, and recovered by Parse, when the document is one for
// gqlparser: unwinding a recursive descent by return values would test a
// flag after every call.
type giveUp struct{}

// state is one parse: the lexer with the current token, the limits, and
// the blocks nodes are carved from.
type state struct {
	lex    lexer.Lexer
	tok    lexer.Token
	tokens int   // consumed so far, counted as gqlparser counts them
	limit  int   // 0: none
	depth  int32 // nesting, counted as gqlparser counts it (32 bits: with the two flags, one word)
	share  bool  // ParseSharing
	shared bool  // a field was shared

	fields    block[fieldNode]
	positions block[ast.Position]
	values    block[ast.Value]
	args      block[ast.Argument]
	inlines   block[inlineNode]
	spreads   block[ast.FragmentSpread]

	// pending holds the selections of the sets being parsed, innermost
	// last; sets holds finished sets, each a capped window of it.
	pending []ast.Selection
	sets    []ast.Selection
}

// fieldNode is a field with its position, carved together: the commonest
// node, written and later read (by the validator, by error reporting) with
// its position, is then one stretch of memory rather than two.
type fieldNode struct {
	field ast.Field
	pos   ast.Position
}

// inlineNode is an inline fragment with its position, as fieldNode is.
type inlineNode struct {
	fragment ast.InlineFragment
	pos      ast.Position
}

// block hands out pointers to zero values of T, allocating them in runs
// that grow with the document, from 8 to 1,024 at a time.
type block[T any] struct {
	free []T
	run  int
}

func (b *block[T]) take() *T {
	if len(b.free) == 0 {
		b.run = min(max(2*b.run, 8), 1024)
		b.free = make([]T, b.run)
	}
	x := &b.free[0]
	b.free = b.free[1:]
	return x
}

// read consumes the current token and reads the next one.
func (p *state) read() {
	t, err := p.lex.ReadToken()
	if err != nil || t.Kind == lexer.Comment || t.Kind == lexer.Invalid {
		panic(giveUp{})
	}
	p.tok = t
}

// next consumes the current token, counting it against the limit.
func (p *state) next() {
	p.tokens++
	if p.limit > 0 && p.tokens > p.limit {
		panic(giveUp{})
	}
	p.read()
}

// expect consumes a token of kind.
func (p *state) expect(kind lexer.Type) {
	if p.tok.Kind != kind {
		panic(giveUp{})
	}
	p.next()
}

// name consumes a name and returns it.
func (p *state) name() string {
	if p.tok.Kind != lexer.Name {
		panic(giveUp{})
	}
	v := p.tok.Value
	p.next()
	return v
}

// pos returns a position of its own holding the current token's.
func (p *state) pos() *ast.Position {
	at := p.positions.take()
	*at = p.tok.Pos
	return at
}

// nest enters one more level of nesting; leave undoes it.
func (p *state) nest() {
	if p.depth >= parser.MaxNestingDepth {
		panic(giveUp{})
	}
	p.depth++
}

func (p *state) leave() { p.depth-- }

// document parses definitions up to the end of the input. Like gqlparser,
// it gives the document the position of its last definition.
func (p *state) document() *ast.QueryDocument {
	doc := &ast.QueryDocument{}
	for p.tok.Kind != lexer.EOF {
		doc.Position = p.pos()
		switch {
		case p.tok.Kind == lexer.BraceL:
			op := &ast.OperationDefinition{Position: p.pos(), Operation: ast.Query}
			op.SelectionSet = p.selectionSet()
			doc.Operations = append(doc.Operations, op)
		case p.tok.Kind != lexer.Name:
			panic(giveUp{})
		case p.tok.Value == "fragment":
			doc.Fragments = append(doc.Fragments, p.fragmentDefinition())
		default:
			doc.Operations = append(doc.Operations, p.operation())
		}
	}
	return doc
}

// operation parses an operation that starts with its type.
func (p *state) operation() *ast.OperationDefinition {
	op := &ast.OperationDefinition{Position: p.pos()}
	switch p.tok.Value {
	case "query":
		op.Operation = ast.Query
	case "mutation":
		op.Operation = ast.Mutation
	case "subscription":
		op.Operation = ast.Subscription
	default:
		panic(giveUp{})
	}
	p.next()
	if p.tok.Kind == lexer.Name {
		op.Name = p.name()
	}
	op.VariableDefinitions = p.variableDefinitions()
	op.Directives = p.directives(false)
	op.SelectionSet = p.selectionSet()
	return op
}

func (p *state) fragmentDefinition() *ast.FragmentDefinition {
	def := &ast.FragmentDefinition{Position: p.pos()}
	p.next() // fragment
	if p.tok.Value == "on" {
		panic(giveUp{})
	}
	def.Name = p.name()
	def.VariableDefinition = p.variableDefinitions()
	if p.tok.Kind != lexer.Name || p.tok.Value != "on" {
		panic(giveUp{})
	}
	p.next()
	def.TypeCondition = p.name()
	def.Directives = p.directives(false)
	def.SelectionSet = p.selectionSet()
	return def
}

// variableDefinitions parses an optional, non-empty, parenthesised list.
func (p *state) variableDefinitions() ast.VariableDefinitionList {
	if p.tok.Kind != lexer.ParenL {
		return nil
	}
	p.next()
	if p.tok.Kind == lexer.ParenR {
		panic(giveUp{})
	}
	var defs ast.VariableDefinitionList
	for p.tok.Kind != lexer.ParenR {
		def := &ast.VariableDefinition{Position: p.pos()}
		p.expect(lexer.Dollar)
		def.Variable = p.name()
		p.expect(lexer.Colon)
		def.Type = p.typeReference()
		if p.tok.Kind == lexer.Equals {
			p.next()
			def.DefaultValue = p.value(true)
		}
		def.Directives = p.directives(false)
		defs = append(defs, def)
	}
	p.next()
	return defs
}

func (p *state) typeReference() *ast.Type {
	t := &ast.Type{}
	if p.tok.Kind == lexer.BracketL {
		p.next()
		p.nest()
		t.Position = p.pos()
		t.Elem = p.typeReference()
		p.expect(lexer.BracketR)
		p.leave()
	} else {
		t.Position = p.pos()
		t.NamedType = p.name()
	}
	if p.tok.Kind == lexer.Bang {
		p.next()
		t.NonNull = true
	}
	return t
}

// selectionSet parses a required, non-empty selection set.
func (p *state) selectionSet() ast.SelectionSet {
	if p.tok.Kind != lexer.BraceL {
		panic(giveUp{})
	}
	p.nest()
	p.next()
	if p.tok.Kind == lexer.BraceR {
		panic(giveUp{})
	}
	mark := len(p.pending)
	for p.tok.Kind != lexer.BraceR {
		var sel ast.Selection
		if p.tok.Kind == lexer.Spread {
			sel = p.fragment()
		} else {
			sel = p.field(mark)
		}
		if len(p.pending) == cap(p.pending) {
			// Doubling, in powers of two from 16: append grows a large
			// slice by a quarter, which for a set of a million fields
			// allocates five times its final size on the way.
			p.pending = slices.Grow(p.pending, max(cap(p.pending), 16))
		}
		p.pending = append(p.pending, sel)
	}
	p.next()
	p.leave()
	set := p.keep(p.pending[mark:])
	clear(p.pending[mark:]) // let go of the nodes
	p.pending = p.pending[:mark]
	return set
}

// keep copies sels into the shared block of finished sets, returning a
// window whose capacity ends with it, so that appending to one set never
// writes into the next.
func (p *state) keep(sels []ast.Selection) ast.SelectionSet {
	n := len(sels)
	if cap(p.sets)-len(p.sets) < n {
		p.sets = make([]ast.Selection, 0, max(n, min(2*cap(p.sets), 4096), 16))
	}
	start := len(p.sets)
	p.sets = append(p.sets, sels...)
	return p.sets[start : start+n : start+n]
}

// field parses a field of the selection set whose selections start at
// p.pending[mark].
func (p *state) field(mark int) *ast.Field {
	pos := p.tok.Pos
	alias := p.name()
	name := alias
	if p.tok.Kind == lexer.Colon {
		p.next()
		name = p.name()
	}
	if p.share && p.tok.Kind != lexer.ParenL && p.tok.Kind != lexer.At && p.tok.Kind != lexer.BraceL {
		if f := p.repeated(mark, alias, name); f != nil {
			p.shared = true
			return f
		}
	}
	node := p.fields.take()
	f := &node.field
	node.pos = pos
	f.Position = &node.pos
	f.Alias, f.Name = alias, name
	f.Arguments = p.arguments(false)
	f.Directives = p.directives(false)
	if p.tok.Kind == lexer.BraceL {
		f.SelectionSet = p.selectionSet()
	}
	return f
}

// repeated returns the plain leaf field alias: name among the last
// shareWindow selections of the set being parsed, if there is one.
func (p *state) repeated(mark int, alias, name string) *ast.Field {
	for i := len(p.pending) - 1; i >= max(mark, len(p.pending)-shareWindow); i-- {
		f, ok := p.pending[i].(*ast.Field)
		if ok && f.Alias == alias && f.Name == name && f.Arguments == nil && f.Directives == nil && f.SelectionSet == nil {
			return f
		}
	}
	return nil
}

// fragment parses what follows "...": a named spread or an inline
// fragment.
func (p *state) fragment() ast.Selection {
	p.next() // ...
	if p.tok.Value == "on" && p.tok.Kind != lexer.Name {
		// gqlparser reads any token spelled "on" as the keyword.
		panic(giveUp{})
	}
	if p.tok.Kind == lexer.Name && p.tok.Value != "on" {
		s := p.spreads.take()
		s.Position = p.pos()
		s.Name = p.name()
		s.Directives = p.directives(false)
		return s
	}
	node := p.inlines.take()
	f := &node.fragment
	node.pos = p.tok.Pos
	f.Position = &node.pos
	if p.tok.Kind == lexer.Name { // on
		p.next()
		f.TypeCondition = p.name()
	}
	f.Directives = p.directives(false)
	f.SelectionSet = p.selectionSet()
	return f
}

// arguments parses an optional, non-empty, parenthesised list.
func (p *state) arguments(constant bool) ast.ArgumentList {
	if p.tok.Kind != lexer.ParenL {
		return nil
	}
	p.next()
	if p.tok.Kind == lexer.ParenR {
		panic(giveUp{})
	}
	var args ast.ArgumentList
	for p.tok.Kind != lexer.ParenR {
		a := p.args.take()
		a.Position = p.pos()
		a.Name = p.name()
		p.expect(lexer.Colon)
		a.Value = p.value(constant)
		args = append(args, a)
	}
	p.next()
	return args
}

func (p *state) directives(constant bool) ast.DirectiveList {
	var list ast.DirectiveList
	for p.tok.Kind == lexer.At {
		p.next()
		d := &ast.Directive{Position: p.pos()}
		d.Name = p.name()
		d.Arguments = p.arguments(constant)
		list = append(list, d)
	}
	return list
}

// value parses a value; constant refuses variables.
func (p *state) value(constant bool) *ast.Value {
	v := p.values.take()
	v.Position = p.pos()
	switch p.tok.Kind {
	case lexer.BracketL:
		p.nest()
		v.Kind = ast.ListValue
		p.next()
		for p.tok.Kind != lexer.BracketR {
			v.Children = append(v.Children, &ast.ChildValue{Value: p.value(constant)})
		}
		p.next()
		p.leave()
		return v
	case lexer.BraceL:
		p.nest()
		v.Kind = ast.ObjectValue
		p.next()
		for p.tok.Kind != lexer.BraceR {
			c := &ast.ChildValue{Position: p.pos()}
			c.Name = p.name()
			p.expect(lexer.Colon)
			c.Value = p.value(constant)
			v.Children = append(v.Children, c)
		}
		p.next()
		p.leave()
		return v
	case lexer.Dollar:
		if constant {
			panic(giveUp{})
		}
		p.next()
		v.Kind = ast.Variable
		v.Raw = p.name()
		return v
	case lexer.Int:
		v.Kind = ast.IntValue
	case lexer.Float:
		v.Kind = ast.FloatValue
	case lexer.String:
		v.Kind = ast.StringValue
	case lexer.BlockString:
		v.Kind = ast.BlockValue
	case lexer.Name:
		switch p.tok.Value {
		case "true", "false":
			v.Kind = ast.BooleanValue
		case "null":
			v.Kind = ast.NullValue
		default:
			v.Kind = ast.EnumValue
		}
	default:
		panic(giveUp{})
	}
	v.Raw = p.tok.Value
	p.next()
	return v
}

package fieldset

import (
	"fmt"
	"strings"
)

// maxDepth bounds how deeply selections may nest, so that a pathological
// directive argument cannot exhaust the stack. Real keys nest two or three
// levels.
const maxDepth = 64

// Parse reads a FieldSet (the fields argument of @key, @requires and
// @provides, e.g. `id owner { org { id } }`) into one Field per leaf
// selection, each path starting with prefix. Arguments such as `(limit: 4)`
// are accepted and dropped from the path; an inline fragment `... on T`
// becomes the single path segment "... on T"; commas and #-comments are
// ignored as GraphQL ignores them. The error names the offending offset.
//
// Every returned Field has its own backing array: appending to one never
// writes into another or into prefix.
func Parse(raw string, prefix []string) (Set, error) {
	p := &fieldSetParser{lex: lexer{src: raw}, out: Set{}}
	if err := p.selections(prefix, false, 0); err != nil {
		return nil, fmt.Errorf("invalid field set %q: %w", raw, err)
	}
	return p.out, nil
}

// tokenKind classifies the few tokens a FieldSet may contain.
type tokenKind int

const (
	tokEOF tokenKind = iota
	tokName
	tokOpenBrace
	tokCloseBrace
	tokSpread
	tokArguments // a whole balanced "( ... )" group, skipped as one token
)

type token struct {
	kind tokenKind
	text string // the name, for tokName
	pos  int    // byte offset in the source
}

// lexer splits a FieldSet into tokens, one lookahead at a time.
type lexer struct {
	src  string
	pos  int
	peek *token
}

func (l *lexer) next() (token, error) {
	if l.peek != nil {
		t := *l.peek
		l.peek = nil
		return t, nil
	}
	return l.scan()
}

func (l *lexer) lookahead() (token, error) {
	if l.peek == nil {
		t, err := l.scan()
		if err != nil {
			return token{}, err
		}
		l.peek = &t
	}
	return *l.peek, nil
}

func (l *lexer) scan() (token, error) {
	l.skipIgnored()
	start := l.pos
	if start >= len(l.src) {
		return token{kind: tokEOF, pos: start}, nil
	}
	c := l.src[start]
	switch {
	case c == '{':
		l.pos++
		return token{kind: tokOpenBrace, pos: start}, nil
	case c == '}':
		l.pos++
		return token{kind: tokCloseBrace, pos: start}, nil
	case c == '(':
		if err := l.skipArguments(); err != nil {
			return token{}, err
		}
		return token{kind: tokArguments, pos: start}, nil
	case strings.HasPrefix(l.src[start:], "..."):
		l.pos += 3
		return token{kind: tokSpread, pos: start}, nil
	case isNameStart(c):
		l.pos++
		for l.pos < len(l.src) && isNameContinue(l.src[l.pos]) {
			l.pos++
		}
		return token{kind: tokName, text: l.src[start:l.pos], pos: start}, nil
	}
	return token{}, fmt.Errorf("unexpected %q at offset %d", rune(c), start)
}

// skipIgnored moves past whitespace, commas and comments.
func (l *lexer) skipIgnored() {
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case ' ', '\t', '\n', '\r', ',':
			l.pos++
		case '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' && l.src[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

// skipArguments moves past a parenthesised argument list, including nested
// parentheses and string values that contain parentheses. Its content does
// not matter to a field path, only where it ends.
func (l *lexer) skipArguments() error {
	open := l.pos
	depth := 0
	for l.pos < len(l.src) {
		switch c := l.src[l.pos]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				l.pos++
				return nil
			}
		case '"':
			if err := l.skipString(); err != nil {
				return err
			}
			continue
		}
		l.pos++
	}
	return fmt.Errorf("arguments opened at offset %d are never closed", open)
}

// skipString moves past a "quoted" or """block""" string value.
func (l *lexer) skipString() error {
	open := l.pos
	if strings.HasPrefix(l.src[l.pos:], `"""`) {
		end := strings.Index(l.src[l.pos+3:], `"""`)
		if end < 0 {
			return fmt.Errorf("block string opened at offset %d is never closed", open)
		}
		l.pos += 3 + end + 3
		return nil
	}
	for l.pos++; l.pos < len(l.src); l.pos++ {
		switch l.src[l.pos] {
		case '\\':
			l.pos++
		case '"':
			l.pos++
			return nil
		}
	}
	return fmt.Errorf("string opened at offset %d is never closed", open)
}

func isNameStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isNameContinue(c byte) bool {
	return isNameStart(c) || ('0' <= c && c <= '9')
}

// fieldSetParser is a recursive-descent parser over the lexer's tokens that
// collects leaf paths into out.
type fieldSetParser struct {
	lex lexer
	out Set
}

// selections reads selections until the end of input (top level) or the
// "}" that closes the current group (inBraces), adding each leaf under path.
func (p *fieldSetParser) selections(path []string, inBraces bool, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("selections nest deeper than %d levels", maxDepth)
	}
	for {
		t, err := p.lex.next()
		if err != nil {
			return err
		}
		var segment string
		switch t.kind {
		case tokEOF:
			if inBraces {
				return fmt.Errorf("missing \"}\" at end of input")
			}
			return nil
		case tokCloseBrace:
			if !inBraces {
				return fmt.Errorf("unexpected \"}\" at offset %d", t.pos)
			}
			return nil
		case tokOpenBrace:
			// A group with nothing before it adds no segment; accepted as
			// upstream accepts it.
			if err := p.selections(path, true, depth+1); err != nil {
				return err
			}
			continue
		case tokArguments:
			return fmt.Errorf("arguments at offset %d follow no field", t.pos)
		case tokName:
			segment = t.text
			if after, err := p.lex.lookahead(); err != nil {
				return err
			} else if after.kind == tokArguments {
				_, _ = p.lex.next()
			}
		case tokSpread:
			segment, err = p.inlineFragment(t)
			if err != nil {
				return err
			}
		}

		after, err := p.lex.lookahead()
		if err != nil {
			return err
		}
		if after.kind != tokOpenBrace {
			if segment == "" {
				return fmt.Errorf("\"...\" at offset %d is followed by neither \"on Type\" nor \"{\"", t.pos)
			}
			p.out = append(p.out, extend(path, segment))
			continue
		}
		_, _ = p.lex.next()
		inner := path
		if segment != "" {
			inner = extend(path, segment)
		}
		if err := p.selections(inner, true, depth+1); err != nil {
			return err
		}
	}
}

// inlineFragment reads what follows "...": either "on TypeName", giving the
// segment "... on TypeName", or nothing (a fragment without a type
// condition, which adds no segment). Named fragment spreads cannot appear in
// a FieldSet.
func (p *fieldSetParser) inlineFragment(spread token) (string, error) {
	t, err := p.lex.lookahead()
	if err != nil {
		return "", err
	}
	if t.kind != tokName {
		return "", nil
	}
	_, _ = p.lex.next()
	if t.text != "on" {
		return "", fmt.Errorf("fragment spread %q at offset %d: a field set allows only inline fragments", t.text, spread.pos)
	}
	typeName, err := p.lex.next()
	if err != nil {
		return "", err
	}
	if typeName.kind != tokName {
		return "", fmt.Errorf("missing type name after \"... on\" at offset %d", spread.pos)
	}
	return "... on " + typeName.text, nil
}

// extend returns a fresh path: path followed by segment.
func extend(path []string, segment string) []string {
	out := make([]string, len(path), len(path)+1)
	copy(out, path)
	return append(out, segment)
}

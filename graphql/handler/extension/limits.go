package extension

import (
	"context"
	"fmt"
	"math"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/lexer"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
)

// Limits refuses documents that are too big to be worth validating or
// running, before they are validated: too many tokens, too deep, too many
// aliases or directives, or too many field selections once fragments are
// expanded. A zero field sets no bound, so the zero Limits refuses nothing.
//
// Each refusal is one GraphQL error whose message names the measure and the
// limit, with extensions.code set to the limit's code (TokenLimitExceeded
// and so on); like a validation failure, it is sent with HTTP status 422.
// A refused document is not cached. Counting is linear in the size of the
// document, whatever its fragments expand to.
//
// Add it with Use, after AutomaticPersistedQuery if both are used, so that
// the token count sees the query APQ restores:
//
//	srv := handler.New(es)
//	srv.Use(extension.RecommendedLimits())
//
// This extension is this module's own; upstream gqlgen has none.
type Limits struct {
	// MaxTokens bounds the lexical tokens of the query text (names,
	// punctuation, values; not comments or commas). It is checked before
	// the query is parsed.
	MaxTokens int
	// MaxDepth bounds how deeply fields nest in an operation, fragments
	// expanded: { a { b } } has depth 2.
	MaxDepth int
	// MaxAliases bounds the aliased fields of an operation, fragments
	// expanded: a fragment spread twice counts twice.
	MaxAliases int
	// MaxDirectives bounds the directives used in an operation, fragments
	// expanded.
	MaxDirectives int
	// MaxFanOut bounds the field selections of an operation once every
	// inline fragment and fragment spread is expanded in place: what the
	// executor would collect. Fragments that spread each other twice, n
	// deep, fan out to 2^n selections from a few lines of text.
	MaxFanOut int
}

// The codes in extensions.code of the errors Limits returns.
const (
	TokenLimitExceeded     = "TOKEN_LIMIT_EXCEEDED"
	DepthLimitExceeded     = "DEPTH_LIMIT_EXCEEDED"
	AliasLimitExceeded     = "ALIAS_LIMIT_EXCEEDED"
	DirectiveLimitExceeded = "DIRECTIVE_LIMIT_EXCEEDED"
	FanOutLimitExceeded    = "FANOUT_LIMIT_EXCEEDED"
)

func init() {
	for _, code := range []string{TokenLimitExceeded, DepthLimitExceeded, AliasLimitExceeded,
		DirectiveLimitExceeded, FanOutLimitExceeded} {
		errcode.RegisterErrorType(code, errcode.KindProtocol)
	}
}

// RecommendedLimits returns limits that the queries of ordinary clients,
// and the introspection query of GraphiQL and Apollo tools, stay well
// within, while every hostile document of this module's benchmark
// (thousands of aliases, repeated fields or tokens, exponential fragment
// fan-out, deep nesting) is refused before validation:
//
//	MaxTokens 2,000 · MaxDepth 20 · MaxAliases 30 · MaxDirectives 50 · MaxFanOut 10,000
//
// The token bound matters most: validation compares fields that share a
// response name, and a few shapes of document still cost time quadratic in
// their length (one field repeated with both a field and a named fragment
// spread inside it: { a { n ...F } a { n ...F } … } takes about 0.25 s of
// CPU at a thousand repeats); 2,000 tokens keeps each of them to tens of
// milliseconds. The full
// introspection query is about 300 tokens. Tighten the limits to what your
// clients send; GraphQL Armor's defaults are stricter still (depth 6,
// aliases 15, tokens 1,000).
func RecommendedLimits() *Limits {
	return &Limits{
		MaxTokens:     2_000,
		MaxDepth:      20,
		MaxAliases:    30,
		MaxDirectives: 50,
		MaxFanOut:     10_000,
	}
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
	graphql.DocumentChecker
} = &Limits{}

// ExtensionName reports "Limits".
func (*Limits) ExtensionName() string { return "Limits" }

// Validate fails when a limit is negative.
func (l *Limits) Validate(graphql.ExecutableSchema) error {
	if l.MaxTokens < 0 || l.MaxDepth < 0 || l.MaxAliases < 0 || l.MaxDirectives < 0 || l.MaxFanOut < 0 {
		return fmt.Errorf("extension.Limits: a limit is negative: %+v", *l)
	}
	return nil
}

// MutateOperationParameters counts the tokens of the query, stopping one
// past the limit, so that an overlong query is never parsed. A query the
// lexer cannot read is left for the parser to report.
func (l *Limits) MutateOperationParameters(_ context.Context, params *graphql.RawParams) *gqlerror.Error {
	if l.MaxTokens <= 0 || len(params.Query) <= l.MaxTokens {
		// A token is at least one byte long.
		return nil
	}
	lex := lexer.New(&ast.Source{Input: params.Query})
	for n := 0; ; {
		tok, err := lex.ReadToken()
		switch {
		case err != nil || tok.Kind == lexer.EOF:
			return nil
		case tok.Kind == lexer.Comment:
			continue
		case n == l.MaxTokens:
			return limitError(TokenLimitExceeded, "query has more than %d tokens", l.MaxTokens)
		}
		n++
	}
}

// CheckDocument measures each operation of doc against the limits.
func (l *Limits) CheckDocument(_ context.Context, doc *ast.QueryDocument) *gqlerror.Error {
	if l.MaxDepth <= 0 && l.MaxAliases <= 0 && l.MaxDirectives <= 0 && l.MaxFanOut <= 0 {
		return nil
	}
	m := measurer{doc: doc, fragments: map[string]*measure{}}
	for _, op := range doc.Operations {
		size := m.selections(op.SelectionSet)
		size.directives = add(size.directives, int64(len(op.Directives)))
		if err := l.check(op, size); err != nil {
			return err
		}
	}
	return nil
}

func (l *Limits) check(op *ast.OperationDefinition, size measure) *gqlerror.Error {
	name := "operation"
	if op.Name != "" {
		name = "operation " + op.Name
	}
	switch {
	case over(size.depth, l.MaxDepth):
		return limitError(DepthLimitExceeded, "%s has depth %d, which exceeds the limit of %d", name, size.depth, l.MaxDepth)
	case over(size.aliases, l.MaxAliases):
		return limitError(AliasLimitExceeded, "%s has %s aliases, which exceeds the limit of %d", name, count(size.aliases), l.MaxAliases)
	case over(size.directives, l.MaxDirectives):
		return limitError(DirectiveLimitExceeded, "%s has %s directives, which exceeds the limit of %d", name, count(size.directives), l.MaxDirectives)
	case over(size.fanOut, l.MaxFanOut):
		return limitError(FanOutLimitExceeded, "%s selects %s fields once its fragments are expanded, which exceeds the limit of %d", name, count(size.fanOut), l.MaxFanOut)
	}
	return nil
}

func over(n int64, limit int) bool { return limit > 0 && n > int64(limit) }

// count writes n, which saturates at saturated.
func count(n int64) string {
	if n >= saturated {
		return "more than 2^62"
	}
	return fmt.Sprint(n)
}

func limitError(code, format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	errcode.Set(err, code)
	return err
}

// measure is what Limits counts in a selection set, fragments expanded.
type measure struct {
	depth, aliases, directives, fanOut int64
}

// saturated caps the counts: fragments that spread each other twice,
// sixty-four deep, count past any integer.
const saturated = math.MaxInt64 / 2

func add(a, b int64) int64 { return min(a+b, saturated) }

// measurer measures selection sets, each named fragment once: its measure
// is kept and added wherever it is spread, which keeps the cost linear in
// the document however far its fragments fan out.
type measurer struct {
	doc       *ast.QueryDocument
	fragments map[string]*measure
}

func (m *measurer) selections(set ast.SelectionSet) measure {
	var total measure
	for _, sel := range set {
		var part measure
		switch sel := sel.(type) {
		case *ast.Field:
			part = m.selections(sel.SelectionSet)
			part.depth = add(part.depth, 1)
			part.fanOut = add(part.fanOut, 1)
			part.directives = add(part.directives, int64(len(sel.Directives)))
			if sel.Alias != "" && sel.Alias != sel.Name {
				part.aliases = add(part.aliases, 1)
			}
		case *ast.InlineFragment:
			part = m.selections(sel.SelectionSet)
			part.directives = add(part.directives, int64(len(sel.Directives)))
		case *ast.FragmentSpread:
			part = m.fragment(sel.Name)
			part.directives = add(part.directives, int64(len(sel.Directives)))
		}
		total.depth = max(total.depth, part.depth)
		total.aliases = add(total.aliases, part.aliases)
		total.directives = add(total.directives, part.directives)
		total.fanOut = add(total.fanOut, part.fanOut)
	}
	return total
}

// fragment returns the measure of the named fragment. A fragment that is
// unknown, or spreads itself, counts as empty where it recurs: validation
// refuses such documents after this check.
func (m *measurer) fragment(name string) measure {
	if known, ok := m.fragments[name]; ok {
		if known == nil {
			return measure{}
		}
		return *known
	}
	def := m.doc.Fragments.ForName(name)
	if def == nil {
		return measure{}
	}
	m.fragments[name] = nil // in progress
	size := m.selections(def.SelectionSet)
	size.directives = add(size.directives, int64(len(def.Directives)))
	m.fragments[name] = &size
	return size
}

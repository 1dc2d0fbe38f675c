package extension_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/executor/testexecutor"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/introspection"
)

// checkLimits runs both checks of l on query, as the executor does:
// tokens first, then the parsed document.
func checkLimits(t *testing.T, l *extension.Limits, query string) *gqlerror.Error {
	t.Helper()
	if err := l.MutateOperationParameters(context.Background(), &graphql.RawParams{Query: query}); err != nil {
		return err
	}
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	require.NoError(t, err)
	return l.CheckDocument(context.Background(), doc)
}

// fanOut chains n fragments, each spreading the next twice.
func fanOut(n int) string {
	var b strings.Builder
	b.WriteString("query Q { ...F0 }\n")
	for i := range n {
		fmt.Fprintf(&b, "fragment F%d on Query { ...F%d ...F%d }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "fragment F%d on Query { name @skip(if: false) a: name }\n", n)
	return b.String()
}

func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		limits  extension.Limits
		query   string
		code    string
		message string
	}{
		{"tokens at the limit", extension.Limits{MaxTokens: 6}, "{ a { b } }", "", ""},
		{"tokens over the limit", extension.Limits{MaxTokens: 5}, "{ a { b c } }",
			extension.TokenLimitExceeded, "query has more than 5 tokens"},
		{"comments and commas are not tokens", extension.Limits{MaxTokens: 6}, "{ a, # many words here\n { b } }", "", ""},
		{"depth at the limit", extension.Limits{MaxDepth: 2}, "{ a { b } c }", "", ""},
		{"depth over the limit", extension.Limits{MaxDepth: 2}, "query Deep { a { b { c } } }",
			extension.DepthLimitExceeded, "operation Deep has depth 3, which exceeds the limit of 2"},
		{"depth through fragments", extension.Limits{MaxDepth: 2},
			"{ a { ...F } } fragment F on T { ... on T { b { c } } }",
			extension.DepthLimitExceeded, "operation has depth 3, which exceeds the limit of 2"},
		{"aliases counted per spread", extension.Limits{MaxAliases: 3},
			"{ ...F ...G } fragment F on Q { x: a y: a } fragment G on Q { ...F }",
			extension.AliasLimitExceeded, "operation has 4 aliases, which exceeds the limit of 3"},
		{"a field named as itself is no alias", extension.Limits{MaxAliases: 1}, "{ a: a b: b x: c }", "", ""},
		{"directives everywhere", extension.Limits{MaxDirectives: 3},
			"query @d { a @d ... @d { b } ...F @d } fragment F on Q @d { c }",
			extension.DirectiveLimitExceeded, "operation has 5 directives, which exceeds the limit of 3"},
		{"fan-out of inline fragments", extension.Limits{MaxFanOut: 3}, "{ ... { a ... { a } } ... { a a } }",
			extension.FanOutLimitExceeded, "operation selects 4 fields once its fragments are expanded, which exceeds the limit of 3"},
		{"fan-out of 2^20", extension.Limits{MaxFanOut: 10_000}, fanOut(20),
			extension.FanOutLimitExceeded, "operation Q selects 2097152 fields once its fragments are expanded, which exceeds the limit of 10000"},
		{"fan-out past any integer", extension.Limits{MaxFanOut: 10}, fanOut(80),
			extension.FanOutLimitExceeded, "operation Q selects more than 2^62 fields once its fragments are expanded, which exceeds the limit of 10"},
		{"a fragment cycle ends", extension.Limits{MaxFanOut: 10},
			"{ ...A } fragment A on Q { a ...B } fragment B on Q { b ...A }", "", ""},
		{"an unknown fragment counts nothing", extension.Limits{MaxFanOut: 1}, "{ a ...Nowhere }", "", ""},
		{"no limits refuse nothing", extension.Limits{}, fanOut(40), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkLimits(t, &tc.limits, tc.query)
			if tc.code == "" {
				require.Nil(t, err)
				return
			}
			require.NotNil(t, err)
			assert.Equal(t, tc.message, err.Message)
			assert.Equal(t, tc.code, err.Extensions["code"])
			assert.Equal(t, errcode.KindProtocol, errcode.GetErrorKind(gqlerror.List{err}))
		})
	}
}

// TestLimitsLeaveLexerErrorsToTheParser: a query the lexer cannot read is
// not counted past the error, so the client gets the parser's message.
func TestLimitsLeaveLexerErrorsToTheParser(t *testing.T) {
	l := &extension.Limits{MaxTokens: 2}
	assert.Nil(t, l.MutateOperationParameters(context.Background(), &graphql.RawParams{Query: `{ "unterminated a b c d`}))
}

func TestRecommendedLimitsPassIntrospection(t *testing.T) {
	assert.Nil(t, checkLimits(t, extension.RecommendedLimits(), introspection.Query))
}

func TestLimitsValidate(t *testing.T) {
	assert.NoError(t, extension.RecommendedLimits().Validate(nil))
	assert.Error(t, (&extension.Limits{MaxDepth: -1}).Validate(nil))
}

// TestLimitsInTheExecutor: the executor runs the document check after
// parsing and before validation, and does not cache a refused document.
func TestLimitsInTheExecutor(t *testing.T) {
	exec := testexecutor.New()
	cache := graphql.MapCache[*ast.QueryDocument]{}
	exec.SetQueryCache(cache)
	exec.Use(&extension.Limits{MaxDepth: 1})
	ctx := graphql.StartOperationTrace(context.Background())

	_, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ user { id } }"})
	require.Len(t, errs, 1)
	assert.Equal(t, extension.DepthLimitExceeded, errs[0].Extensions["code"])
	assert.Empty(t, cache)

	// The limit comes before validation: an unknown field too deep is
	// refused for its depth.
	_, errs = exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ user { nope } }"})
	require.Len(t, errs, 1)
	assert.Equal(t, extension.DepthLimitExceeded, errs[0].Extensions["code"])

	_, errs = exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)
	assert.Len(t, cache, 1)
}

package executor_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
)

const capSchema = `type Query { name: String  pet(id: Int): Pet }  type Pet { name: String  age: Int }`

// unknownFields selects n fields the schema does not have: n errors.
func unknownFields(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		fmt.Fprintf(&b, " x%d", i)
	}
	b.WriteString(" }")
	return b.String()
}

// gqlparserErrors validates query with gqlparser's own validator and its
// default rules, uncapped.
func gqlparserErrors(t *testing.T, schema *ast.Schema, query string) gqlerror.List {
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	require.NoError(t, err)
	return validator.ValidateWithRules(schema, doc, rules.NewDefaultRules())
}

func validationErrors(t *testing.T, exec *executor.Executor, query string) gqlerror.List {
	ctx := graphql.StartOperationTrace(context.Background())
	_, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query})
	return errs
}

func messages(errs gqlerror.List) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s %v", e.Message, e.Locations)
	}
	return out
}

// TestValidationErrorCap: validation reports at most 100 errors, then
// graphql-js's closing error; those 100 are gqlparser's first 100.
func TestValidationErrorCap(t *testing.T) {
	es := newScriptedSchema(t, capSchema)
	exec := executor.New(es)
	for _, tc := range []struct {
		query  string
		errors int
		capped bool
	}{
		{unknownFields(99), 99, false},
		{unknownFields(100), 100, false},
		{unknownFields(101), 101, true},
		{unknownFields(5000), 101, true},
		// Forty-five thousand conflicts between three hundred aliases.
		{"{" + strings.Repeat(" a: name a: pet { age }", 150) + " }", 101, true},
	} {
		errs := validationErrors(t, exec, tc.query)
		want := gqlparserErrors(t, es.Schema(), tc.query)
		require.Len(t, errs, tc.errors)
		if !tc.capped {
			assert.Equal(t, messages(want), messages(errs))
			continue
		}
		assert.Equal(t, messages(want[:100]), messages(errs[:100]))
		last := errs[100]
		assert.Equal(t, "Too many validation errors, error limit reached. Validation aborted.", last.Message)
		assert.Equal(t, "GRAPHQL_VALIDATION_FAILED", last.Extensions["code"])
		assert.Empty(t, last.Locations)
	}
}

// TestValidationMatchesGqlparser: through the executor, with the
// field-merging rule replaced, a document gets the errors gqlparser's
// validator gives it, in the same order, whether the rules are the
// defaults or come from a rules function.
func TestValidationMatchesGqlparser(t *testing.T) {
	es := newScriptedSchema(t, capSchema)
	queries := []string{
		"{ name name: pet { name } }",
		"{ pet(id: 1) { name } pet(id: 2) { name } ...F } fragment F on Query { pet(id: 3) { a: name a: age } }",
		"{ ... on Query { name: pet { age } } name ... { name } }",
		"query Q($v: Int) { pet(id: $v) { name age: name } pet(id: $v) { age } nope }",
	}
	withFn := executor.New(es)
	withFn.SetDefaultRulesFn(rules.NewDefaultRules)
	for _, exec := range []*executor.Executor{executor.New(es), withFn} {
		for _, q := range queries {
			want := gqlparserErrors(t, es.Schema(), q)
			require.NotEmpty(t, want, q)
			assert.Equal(t, messages(want), messages(validationErrors(t, exec, q)), q)
		}
	}
}

package executor_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler/lru"
)

// TestSharedFieldsErrorsAreGqlparsers: the executor parses with repeated
// plain leaf fields sharing one node (queryparse.ParseSharing); a document
// with validation errors is parsed again unshared, so that every error,
// with its locations, is the one gqlparser reports for that occurrence.
func TestSharedFieldsErrorsAreGqlparsers(t *testing.T) {
	es := newScriptedSchema(t, capSchema)
	exec := executor.New(es)
	for _, q := range []string{
		"{ nope nope name nope }",
		"{ a: name a: pet(id: 1) { name } a: name }",
		"{ pet { name name nope } name name }",
		"{ pet pet }",
		"{ name(x: 1) name name(x: 1) }",
	} {
		want := gqlparserErrors(t, es.parsed, q)
		got := validationErrors(t, exec, q)
		if assert.NotEmpty(t, want, q) {
			assert.Equal(t, messages(want), messages(got), q)
		}
	}
	// A valid document with repeated fields: no errors, as gqlparser.
	q := "{ name name pet { name age name age } name }"
	assert.Empty(t, gqlparserErrors(t, es.parsed, q))
	assert.Equal(t, gqlerror.List(nil), validationErrors(t, exec, q))
}

// docRecorder is a DocumentChecker that records the documents it is given.
type docRecorder struct{ docs []*ast.QueryDocument }

func (*docRecorder) ExtensionName() string                   { return "docRecorder" }
func (*docRecorder) Validate(graphql.ExecutableSchema) error { return nil }
func (d *docRecorder) CheckDocument(_ context.Context, doc *ast.QueryDocument) *gqlerror.Error {
	d.docs = append(d.docs, doc)
	return nil
}

// TestFailedValidationIsKept: with a query cache, a document that failed
// validation is kept (the checkers are given the same document again, and
// the errors are the same), and what a caller does to the errors it got
// does not reach the next caller. Without a query cache, or with a rules
// function, every request parses and validates.
func TestFailedValidationIsKept(t *testing.T) {
	const q = "{ nope name pet { nope } }"
	for _, c := range []struct {
		name  string
		setup func(*executor.Executor)
		kept  bool
	}{
		{"lru", func(e *executor.Executor) { e.SetQueryCache(lru.New[*ast.QueryDocument](10)) }, true},
		{"no cache", func(*executor.Executor) {}, false},
		{"rules function", func(e *executor.Executor) {
			e.SetQueryCache(lru.New[*ast.QueryDocument](10))
			e.SetDefaultRulesFn(func() *rules.Rules { return rules.NewDefaultRules() })
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			es := newScriptedSchema(t, capSchema)
			exec := executor.New(es)
			rec := &docRecorder{}
			exec.Use(rec)
			c.setup(exec)
			want := messages(gqlparserErrors(t, es.parsed, q))
			first := validationErrors(t, exec, q)
			assert.Equal(t, want, messages(first))
			first[0].Message, first[0].Locations[0].Column, first[0].Extensions["code"] = "edited", 99, "EDITED"
			second := validationErrors(t, exec, q)
			assert.Equal(t, want, messages(second))
			assert.Equal(t, "GRAPHQL_VALIDATION_FAILED", second[0].Extensions["code"])
			if assert.Len(t, rec.docs, 2) {
				assert.Equal(t, c.kept, rec.docs[0] == rec.docs[1], "the same document both times")
			}
		})
	}
}

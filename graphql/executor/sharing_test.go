package executor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql/executor"
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

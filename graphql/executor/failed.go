package executor

import (
	"maps"
	"slices"

	golru "github.com/hashicorp/golang-lru/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// Documents that failed validation are kept too, beside the query cache: a
// client that keeps sending the same invalid query (a stale persisted
// operation, a bad deploy) would otherwise have it parsed and validated on
// every request, its error messages written from scratch (validation is
// the dearest step of a small request, five to ten times its execution).
// The result of validation depends only on the document and the rules,
// both fixed for a query text, so a kept failure answers with the same
// errors. The DocumentCheckers still run on the kept document, as they do
// on every document before its validation.
//
// The cache is small and holds only short queries, so that what it keeps
// stays well under a megabyte whatever clients send; it is on only while
// a query cache is (graphql.NoCache turns both off) and while the rules
// are the same for every request (not with a rules function), and is
// emptied when the rules change.
const (
	failedEntries  = 64
	failedMaxQuery = 2 << 10 // bytes of query text
)

// failedDocument is a document that failed validation with its errors, as
// they were returned (codes set, messages capped).
type failedDocument struct {
	doc  *ast.QueryDocument
	errs gqlerror.List
}

// resetFailed starts an empty failure cache, or none when failures may
// not be kept.
func (e *Executor) resetFailed() {
	e.failed = nil
	if _, none := e.cache.(graphql.NoCache[*ast.QueryDocument]); none || e.cache == nil || e.rulesFn != nil {
		return
	}
	e.failed, _ = golru.New[string, failedDocument](failedEntries)
}

// keepFailed keeps a document that failed validation, with a copy of its
// errors: the caller's may be changed on their way to the response.
func (e *Executor) keepFailed(query string, doc *ast.QueryDocument, errs gqlerror.List) {
	if e.failed != nil && len(query) <= failedMaxQuery {
		e.failed.Add(query, failedDocument{doc: doc, errs: cloneErrors(errs)})
	}
}

// cloneErrors copies errs deeply enough that a presenter or extension that
// edits one (message, path, locations, extensions) does not edit the
// original.
func cloneErrors(errs gqlerror.List) gqlerror.List {
	out := make(gqlerror.List, len(errs))
	for i, err := range errs {
		c := *err
		c.Locations = slices.Clone(err.Locations)
		c.Path = slices.Clone(err.Path)
		c.Extensions = maps.Clone(err.Extensions)
		out[i] = &c
	}
	return out
}

package executor

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/internal/queryparse"
)

// CreateOperationContext prepares the operation params asks for: the
// parameter mutators run first (they may rewrite the query), then the query
// is parsed and validated or found in the cache, the operation is picked by
// name, the variables are coerced, and the context mutators run last.
//
// The operation context is returned even when there are errors, so that a
// transport can still report its timings. Errors carry the code
// GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED, except those an
// extension returns.
//
// ctx must carry a start time (graphql.StartOperationTrace).
func (e *Executor) CreateOperationContext(
	ctx context.Context,
	params *graphql.RawParams,
) (*graphql.OperationContext, gqlerror.List) {
	oc := &graphql.OperationContext{
		DisableIntrospection:   true,
		RecoverFunc:            e.recover,
		ResolverMiddleware:     e.hooks.field,
		RootResolverMiddleware: e.hooks.rootField,
	}
	oc.Stats.OperationStart = graphql.GetStartTime(ctx)
	oc.Stats.Read = params.ReadTime
	if e.goroutineLimit > 0 {
		oc.SetGoroutineLimit(e.goroutineLimit)
	}

	// Extensions find the operation context in their context. Without any,
	// nobody looks, and the extra context is not worth its allocation.
	if e.hooks.mutates {
		ctx = graphql.WithOperationContext(ctx, oc)
	}
	for _, m := range e.hooks.paramMutators {
		if err := m.MutateOperationParameters(ctx, params); err != nil {
			return oc, gqlerror.List{err}
		}
	}

	oc.RawQuery = params.Query
	oc.OperationName = params.OperationName
	oc.Extensions = params.Extensions
	oc.Headers = params.Headers

	doc, cached, errs := e.document(ctx, &oc.Stats, params.Query)
	if errs != nil {
		return oc, errs
	}
	oc.Doc = doc

	oc.Operation = doc.Operations.ForName(params.OperationName)
	if oc.Operation == nil {
		return oc, gqlerror.List{codedErrorf(errcode.ValidationFailed, "operation %s not found", params.OperationName)}
	}

	vars, err := coerceVariables(e.es.Schema(), oc.Operation, params.Variables)
	if gqlErr, ok := err.(*gqlerror.Error); ok && gqlErr != nil {
		capMessage(gqlErr)
		errcode.Set(gqlErr, errcode.ValidationFailed)
		return oc, gqlerror.List{gqlErr}
	}
	oc.Variables = vars
	if cached && len(oc.Operation.VariableDefinitions) == 0 {
		// Nothing was validated: no clock reading needed.
		oc.Stats.Validation.End = oc.Stats.Validation.Start
	} else {
		oc.Stats.Validation.End = graphql.Now()
	}

	for _, m := range e.hooks.ctxMutators {
		if err := m.MutateOperationContext(ctx, oc); err != nil {
			return oc, gqlerror.List{err}
		}
	}
	return oc, nil
}

// document returns the parsed and validated document of query, from a
// DocumentProvider or the cache when it is there (cached is then set), and records the parsing and
// validation start times. Only documents that pass validation are cached; variables play no
// part, so one cached document serves every request with the same text.
func (e *Executor) document(
	ctx context.Context,
	stats *graphql.Stats,
	query string,
) (doc *ast.QueryDocument, cached bool, errs gqlerror.List) {
	doc, cached = e.prepared(ctx, query)
	if !cached {
		doc, cached = e.cache.Get(ctx, query)
	}
	// One clock reading serves a cached document: neither phase ran, so
	// parsing starts and ends, and validation starts, at the same instant.
	stats.Parsing.Start = graphql.Now()
	if cached {
		stats.Parsing.End, stats.Validation.Start = stats.Parsing.Start, stats.Parsing.Start
		return doc, true, nil
	}

	if e.failed != nil {
		if f, ok := e.failed.Get(query); ok {
			stats.Parsing.End = stats.Parsing.Start
			stats.Validation.Start = graphql.Now()
			for _, c := range e.hooks.docCheckers {
				if err := c.CheckDocument(ctx, f.doc); err != nil {
					return nil, false, gqlerror.List{err}
				}
			}
			return nil, false, cloneErrors(f.errs)
		}
	}

	doc, shared, err := parse(query, e.tokenLimit)
	if gqlErr, ok := err.(*gqlerror.Error); ok && gqlErr != nil {
		capMessage(gqlErr)
		errcode.Set(gqlErr, errcode.ParseFailed)
		return nil, false, gqlerror.List{gqlErr}
	}
	// Two readings, as upstream takes them: tracing extensions show parsing
	// and validation as separate spans.
	stats.Parsing.End = graphql.Now()
	stats.Validation.Start = graphql.Now()

	if doc == nil || len(doc.Operations) == 0 {
		return nil, false, gqlerror.List{codedErrorf(errcode.ValidationFailed, "no operation provided")}
	}
	for _, c := range e.hooks.docCheckers {
		if err := c.CheckDocument(ctx, doc); err != nil {
			return nil, false, gqlerror.List{err}
		}
	}
	errs = e.validate(doc)
	if len(errs) > 0 && shared {
		// Repeated fields share their first occurrence's node (and
		// position): the errors are taken from a tree with a node for
		// every field, so that each names its own occurrence.
		if unshared, ok := queryparse.Parse(&ast.Source{Input: query}, e.tokenLimit); ok {
			doc, errs = unshared, e.validate(unshared)
		}
	}
	if len(errs) > 0 {
		for _, gqlErr := range errs {
			errcode.Set(gqlErr, errcode.ValidationFailed)
		}
		e.keepFailed(query, doc, errs)
		return nil, false, errs
	}
	e.cache.Add(ctx, query, doc)
	return doc, false, nil
}

// prepared returns the document a DocumentProvider prepared for query, if
// one did.
func (e *Executor) prepared(ctx context.Context, query string) (*ast.QueryDocument, bool) {
	for _, p := range e.hooks.docProviders {
		if doc, ok := p.PreparedDocument(ctx, query); ok {
			return doc, true
		}
	}
	return nil, false
}

// parse parses query as gqlparser's parser does, through queryparse where
// it can: the same tree, faster, with repeated plain leaf fields sharing
// one node (shared reports it; queryparse.ParseSharing says what that
// changes). What queryparse leaves (errors, comments, descriptions,
// limits) gqlparser parses, with its own errors.
func parse(query string, tokenLimit int) (doc *ast.QueryDocument, shared bool, err error) {
	src := &ast.Source{Input: query}
	if doc, shared, ok := queryparse.ParseSharing(src, tokenLimit); ok {
		return doc, shared, nil
	}
	doc, err = parser.ParseQueryWithTokenLimit(src, tokenLimit)
	return doc, false, err
}

// codedErrorf returns a new error with the formatted message and the code
// in its extensions.
func codedErrorf(code, format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	errcode.Set(err, code)
	return err
}

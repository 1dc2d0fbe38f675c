// Package executor runs GraphQL requests against an ExecutableSchema: it
// parses and validates the query (through a document cache), picks the
// operation, coerces the variables, runs the handler extensions, and turns
// the schema's responses into what a transport writes.
//
// Everything that does not depend on the request is prepared once, when the
// executor is configured: the validation rule list and the middleware chains.
// A request whose document is in the cache therefore costs only the operation
// context, the variable map and the response contexts.
package executor

import (
	"context"

	golru "github.com/hashicorp/golang-lru/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/graphql"
)

// Executor turns decoded requests into operations of one schema and runs
// them; it implements graphql.GraphExecutor for the transports.
//
// Configure an Executor (Use, Set…, Around…) before serving requests with
// it: the setters are not synchronised with requests in flight.
type Executor struct {
	es graphql.ExecutableSchema

	// exts are the extensions in the order they were added, and hooks the
	// chains built from them.
	exts  []graphql.HandlerExtension
	hooks hooks

	presenter graphql.ErrorPresenterFunc
	recover   graphql.RecoverFunc
	cache     graphql.Cache[*ast.QueryDocument]
	// failed keeps documents that failed validation (failed.go); nil
	// when they are not kept.
	failed *golru.Cache[string, failedDocument]

	// tokenLimit caps the tokens the parser reads; 0 means no cap.
	tokenLimit int
	// goroutineLimit is set on every operation (SetGoroutineLimit); 0
	// means none.
	goroutineLimit int
	// silent selects the validation rules that do not suggest names.
	silent bool
	// rulesFn, when set, supplies the validation rules for each request.
	rulesFn func() *rules.Rules
	// rules are the validation rules when rulesFn is nil, sorted by name.
	rules *ruleSet
}

var _ graphql.GraphExecutor = (*Executor)(nil)

// New returns an Executor for es with the default error presenter and
// recover function, no query cache and no extensions.
func New(es graphql.ExecutableSchema) *Executor {
	e := &Executor{
		es:        es,
		presenter: graphql.DefaultErrorPresenter,
		recover:   graphql.DefaultRecover,
		cache:     graphql.NoCache[*ast.QueryDocument]{},
	}
	e.hooks = buildHooks(nil)
	e.prepareRules()
	return e
}

// SetQueryCache sets the cache of parsed and validated documents, keyed by
// the query text.
func (e *Executor) SetQueryCache(cache graphql.Cache[*ast.QueryDocument]) {
	e.cache = cache
	e.resetFailed()
}

// SetErrorPresenter sets the function every error passes through before it
// is added to a response.
func (e *Executor) SetErrorPresenter(f graphql.ErrorPresenterFunc) {
	e.presenter = f
}

// SetRecoverFunc sets the function that turns a panic in a resolver into an
// error.
func (e *Executor) SetRecoverFunc(f graphql.RecoverFunc) {
	e.recover = f
}

// SetParserTokenLimit caps the number of tokens the parser reads from one
// query; a longer query fails to parse. 0 removes the cap.
func (e *Executor) SetParserTokenLimit(limit int) {
	e.tokenLimit = limit
	e.resetFailed()
}

// SetGoroutineLimit caps, for every operation, the goroutines resolving
// its fields at once besides the operation's own (see
// graphql.OperationContext.SetGoroutineLimit); 0 or less removes the cap.
func (e *Executor) SetGoroutineLimit(limit int) {
	e.goroutineLimit = max(limit, 0)
}

// SetDisableSuggestion makes validation errors stop suggesting similar
// field and type names ("Did you mean …?"), so that they do not reveal the
// schema.
func (e *Executor) SetDisableSuggestion(value bool) {
	e.silent = value
	e.prepareRules()
	e.resetFailed()
}

// SetDefaultRulesFn replaces the default validation rules: f is called for
// every query that is not in the cache, and its result is validated
// against, with the suggestion setting applied to it.
func (e *Executor) SetDefaultRulesFn(f func() *rules.Rules) {
	e.rulesFn = f
	e.prepareRules()
	e.resetFailed()
}

// PresentRecoveredError turns a value recovered from a panic into the error
// a client sees: the recover function, then the error presenter.
func (e *Executor) PresentRecoveredError(ctx context.Context, err any) error {
	return e.presenter(ctx, e.recover(ctx, err))
}

package executor_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/executor/testexecutor"
)

// run sends one request through exec the way a transport does and returns
// the first response.
func run(exec graphql.GraphExecutor, params *graphql.RawParams) *graphql.Response {
	ctx := graphql.StartOperationTrace(context.Background())
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		return exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
	}
	next, ctx := exec.DispatchOperation(ctx, opCtx)
	return next(ctx)
}

func runQuery(exec graphql.GraphExecutor, query string) *graphql.Response {
	return run(exec, &graphql.RawParams{Query: query})
}

func code(err *gqlerror.Error) any { return err.Extensions["code"] }

func TestQueryReachesTheSchema(t *testing.T) {
	resp := runQuery(testexecutor.New(), "{ name }")
	assert.Empty(t, resp.Errors)
	assert.JSONEq(t, `{"name":"test"}`, string(resp.Data))
}

func TestRequestErrors(t *testing.T) {
	cases := []struct {
		name    string
		params  graphql.RawParams
		code    string
		message string
	}{
		{"empty document", graphql.RawParams{Query: ""}, errcode.ValidationFailed, "no operation provided"},
		{"only a fragment", graphql.RawParams{Query: "fragment F on Query { name }"}, errcode.ValidationFailed, "no operation provided"},
		{"syntax error", graphql.RawParams{Query: "{ name"}, errcode.ParseFailed, "Expected Name, found <EOF>"},
		{"bare word", graphql.RawParams{Query: "invalid"}, errcode.ParseFailed, "Unexpected Name \"invalid\""},
		{"unknown field", graphql.RawParams{Query: "{ nam }"}, errcode.ValidationFailed, `Cannot query field "nam" on type "Query". Did you mean "name"?`},
		{"object without selection", graphql.RawParams{Query: "{ user }"}, errcode.ValidationFailed, `Field "user" of type "User!" must have a selection of subfields. Did you mean "user { ... }"?`},
		{"unknown operation", graphql.RawParams{Query: "query A { name }", OperationName: "B"}, errcode.ValidationFailed, "operation B not found"},
		{"several operations, none named", graphql.RawParams{Query: "query A { name } query B { name }"}, errcode.ValidationFailed, "operation  not found"},
		{"missing variable", graphql.RawParams{Query: "query($id: Int!) { find(id: $id) }"}, errcode.ValidationFailed, "must be defined"},
		{"null variable", graphql.RawParams{Query: "query($id: Int!) { find(id: $id) }", Variables: map[string]any{"id": nil}}, errcode.ValidationFailed, "cannot be null"},
		{"mistyped variable", graphql.RawParams{Query: "query($id: Int!) { find(id: $id) }", Variables: map[string]any{"id": "x"}}, errcode.ValidationFailed, "cannot use string as Int"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := run(testexecutor.New(), &tc.params)
			assert.Nil(t, resp.Data)
			require.Len(t, resp.Errors, 1)
			assert.Equal(t, tc.code, code(resp.Errors[0]))
			assert.Equal(t, tc.message, resp.Errors[0].Message)
		})
	}
}

func TestValidationErrorsKeepRuleAndLocation(t *testing.T) {
	_, errs := testexecutor.New().CreateOperationContext(
		graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "{ name\n  zzz }"},
	)
	require.Len(t, errs, 1)
	assert.Equal(t, "FieldsOnCorrectType", errs[0].Rule)
	assert.Equal(t, []gqlerror.Location{{Line: 2, Column: 3}}, errs[0].Locations)
	assert.Equal(t, "input:2:3: Cannot query field \"zzz\" on type \"Query\".\n", errs.Error())
}

func TestSeveralValidationErrorsComeInRuleOrder(t *testing.T) {
	// NoUnusedFragments sorts after FieldsOnCorrectType, as in gqlparser.
	_, errs := testexecutor.New().CreateOperationContext(
		graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "fragment F on Query { name } { nope }"},
	)
	require.Len(t, errs, 2)
	assert.Equal(t, "FieldsOnCorrectType", errs[0].Rule)
	assert.Equal(t, "NoUnusedFragments", errs[1].Rule)
}

func TestOperationContextFromParams(t *testing.T) {
	headers := map[string][]string{"X-Test": {"1"}}
	extensions := map[string]any{"client": "tests"}
	read := graphql.TraceTiming{Start: graphql.Now(), End: graphql.Now()}
	ctx := graphql.StartOperationTrace(context.Background())
	opCtx, errs := testexecutor.New().CreateOperationContext(ctx, &graphql.RawParams{
		Query:         "query A { name } query B($id: Int!) { find(id: $id) }",
		OperationName: "B",
		Variables:     map[string]any{"id": json.Number("7")},
		Extensions:    extensions,
		Headers:       headers,
		ReadTime:      read,
	})
	require.Empty(t, errs)
	assert.Equal(t, "B", opCtx.OperationName)
	assert.Equal(t, "B", opCtx.Operation.Name)
	assert.Equal(t, "query A { name } query B($id: Int!) { find(id: $id) }", opCtx.RawQuery)
	assert.Equal(t, map[string]any{"id": int64(7)}, opCtx.Variables)
	assert.Equal(t, extensions, opCtx.Extensions)
	assert.Equal(t, headers, map[string][]string(opCtx.Headers))
	assert.Equal(t, read, opCtx.Stats.Read)
	assert.Equal(t, graphql.GetStartTime(ctx), opCtx.Stats.OperationStart)
	assert.True(t, opCtx.DisableIntrospection)
	assert.NotNil(t, opCtx.RecoverFunc)
	assert.NotNil(t, opCtx.ResolverMiddleware)
	assert.NotNil(t, opCtx.RootResolverMiddleware)
	assert.NotNil(t, opCtx.Doc)
}

func TestVariablesWithoutDefinitionsAreAnEmptyMap(t *testing.T) {
	opCtx, errs := testexecutor.New().CreateOperationContext(
		graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "{ name }", Variables: map[string]any{"unused": 1}},
	)
	require.Empty(t, errs)
	assert.NotNil(t, opCtx.Variables)
	assert.Empty(t, opCtx.Variables)
}

// Transports decode with json.Number at every depth; coercion must accept
// it in nested input objects and lists as well as at the top.
func TestVariablesDecodedAsJSONNumbers(t *testing.T) {
	es := newScriptedSchema(t, `
		input Range { from: Int!  to: Float  steps: [Int!] }
		type Query { span(r: Range!, ids: [Int!]!, f: Float!): Int! }
	`)
	exec := executor.New(es)
	opCtx, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()), &graphql.RawParams{
		Query: "query($r: Range!, $ids: [Int!]!, $f: Float!) { span(r: $r, ids: $ids, f: $f) }",
		Variables: map[string]any{
			"r":   map[string]any{"from": json.Number("1"), "to": json.Number("2.5"), "steps": []any{json.Number("3")}},
			"ids": []any{json.Number("9007199254740993")},
			"f":   json.Number("1e3"),
		},
	})
	require.Empty(t, errs)
	r := opCtx.Variables["r"].(map[string]any)
	assert.Equal(t, json.Number("1"), r["from"])
	assert.Equal(t, json.Number("2.5"), r["to"])
	assert.Equal(t, []any{json.Number("3")}, r["steps"])
	assert.Equal(t, []any{json.Number("9007199254740993")}, opCtx.Variables["ids"])
	assert.InDelta(t, 1000.0, opCtx.Variables["f"], 0)

	_, errs = exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()), &graphql.RawParams{
		Query:     "query($ids: [Int!]!) { span(r: {from: 1}, ids: $ids, f: 1) }",
		Variables: map[string]any{"ids": []any{json.Number("1.5")}},
	})
	require.Len(t, errs, 1)
	assert.Equal(t, errcode.ValidationFailed, code(errs[0]))
	assert.Equal(t, ast.Path{ast.PathName("variable"), ast.PathName("ids"), ast.PathIndex(0)}, errs[0].Path)
}

func TestQueryCache(t *testing.T) {
	exec := testexecutor.New()
	cache := graphql.MapCache[*ast.QueryDocument]{}
	exec.SetQueryCache(cache)

	resp := runQuery(exec, "query Cached { name }")
	require.Empty(t, resp.Errors)
	doc, ok := cache["query Cached { name }"]
	require.True(t, ok, "a valid document is stored")
	assert.Equal(t, "Cached", doc.Operations[0].Name)

	runQuery(exec, "{ nope }")
	runQuery(exec, "{ broken")
	assert.Len(t, cache, 1, "documents that fail are not stored")

	// What the cache holds is trusted: it is neither parsed nor validated.
	other, err := parser.ParseQuery(&ast.Source{Input: "query Other { name }"})
	require.NoError(t, err)
	cache["query Cached { name }"] = other
	opCtx, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "query Cached { name }"})
	require.Empty(t, errs)
	assert.Same(t, other, opCtx.Doc)
	assert.Equal(t, "Other", opCtx.Operation.Name)
}

func TestCacheIsConsultedByTheQueryAfterParameterMutators(t *testing.T) {
	exec := testexecutor.New()
	cache := graphql.MapCache[*ast.QueryDocument]{}
	exec.SetQueryCache(cache)
	exec.Use(paramMutator(func(_ context.Context, p *graphql.RawParams) *gqlerror.Error {
		p.Query = "{ name }"
		return nil
	}))
	resp := runQuery(exec, "anything at all")
	require.Empty(t, resp.Errors)
	assert.Contains(t, cache, "{ name }")
	assert.NotContains(t, cache, "anything at all")
}

func TestStats(t *testing.T) {
	exec := testexecutor.New()
	exec.SetQueryCache(graphql.MapCache[*ast.QueryDocument]{})
	ctx := graphql.StartOperationTrace(context.Background())

	for _, round := range []string{"miss", "hit"} {
		opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ name }"})
		require.Empty(t, errs, round)
		s := opCtx.Stats
		for name, tm := range map[string]any{
			"Parsing.Start": s.Parsing.Start, "Parsing.End": s.Parsing.End,
			"Validation.Start": s.Validation.Start, "Validation.End": s.Validation.End,
		} {
			assert.NotZero(t, tm, "%s %s", round, name)
		}
		assert.False(t, s.Parsing.End.Before(s.Parsing.Start), round)
		assert.False(t, s.Validation.Start.Before(s.Parsing.End), round)
		assert.False(t, s.Validation.End.Before(s.Validation.Start), round)
		assert.False(t, s.Parsing.Start.Before(s.OperationStart), round)
		if round == "hit" {
			assert.Equal(t, s.Parsing.End, s.Validation.Start)
		}
	}

	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ nope }"})
	require.NotEmpty(t, errs)
	assert.NotZero(t, opCtx.Stats.Parsing.End)
	assert.NotZero(t, opCtx.Stats.Validation.Start)
	assert.Zero(t, opCtx.Stats.Validation.End, "validation did not finish")

	opCtx, errs = exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{"})
	require.NotEmpty(t, errs)
	assert.NotZero(t, opCtx.Stats.Parsing.Start)
	assert.Zero(t, opCtx.Stats.Parsing.End, "parsing did not finish")
	assert.Nil(t, opCtx.Doc)
}

func TestCreateOperationContextNeedsAStartTime(t *testing.T) {
	assert.Panics(t, func() {
		_, _ = testexecutor.New().CreateOperationContext(context.Background(), &graphql.RawParams{Query: "{ name }"})
	})
}

func TestSuggestionsCanBeDisabled(t *testing.T) {
	const (
		fieldWith     = `Cannot query field "nam" on type "Query". Did you mean "name"?`
		fieldWithout  = `Cannot query field "nam" on type "Query".`
		leafWith      = `Field "user" of type "User!" must have a selection of subfields. Did you mean "user { ... }"?`
		leafWithout   = `Field "user" of type "User!" must have a selection of subfields.`
		fieldQuery    = "{ nam }"
		leafQuery     = "{ user }"
		silentRule    = "FieldsOnCorrectTypeWithoutSuggestions"
		suggestRule   = "FieldsOnCorrectType"
		leafSilent    = "ScalarLeafsWithoutSuggestions"
		leafSuggested = "ScalarLeafs"
	)
	exec := testexecutor.New()
	check := func(query, message, rule string) {
		t.Helper()
		resp := runQuery(exec, query)
		require.Len(t, resp.Errors, 1)
		assert.Equal(t, message, resp.Errors[0].Message)
		assert.Equal(t, rule, resp.Errors[0].Rule)
	}
	check(fieldQuery, fieldWith, suggestRule)
	check(leafQuery, leafWith, leafSuggested)
	exec.SetDisableSuggestion(true)
	for range 2 {
		check(fieldQuery, fieldWithout, silentRule)
		check(leafQuery, leafWithout, leafSilent)
	}
	exec.SetDisableSuggestion(false)
	check(fieldQuery, fieldWith, suggestRule)
}

func TestRulesFunction(t *testing.T) {
	t.Run("is asked for every query that is validated", func(t *testing.T) {
		exec := testexecutor.New()
		calls := 0
		exec.SetDefaultRulesFn(func() *rules.Rules { calls++; return rules.NewDefaultRules() })
		runQuery(exec, "{ name }")
		runQuery(exec, "{ name }")
		assert.Equal(t, 2, calls)

		exec.SetQueryCache(graphql.MapCache[*ast.QueryDocument]{})
		runQuery(exec, "{ name }")
		runQuery(exec, "{ name }")
		assert.Equal(t, 3, calls, "cached documents are not validated again")
	})

	t.Run("its rules are the ones applied", func(t *testing.T) {
		const unused = "{ name } fragment Unused on Query { name }"
		exec := testexecutor.New()
		require.Len(t, runQuery(exec, unused).Errors, 1)
		exec.SetDefaultRulesFn(func() *rules.Rules {
			set := rules.NewDefaultRules()
			set.RemoveRule("NoUnusedFragments")
			return set
		})
		assert.Empty(t, runQuery(exec, unused).Errors)
	})

	t.Run("a shared set follows the suggestion setting both ways", func(t *testing.T) {
		shared := rules.NewDefaultRules()
		exec := testexecutor.New()
		exec.SetDefaultRulesFn(func() *rules.Rules { return shared })
		messages := func() string { return runQuery(exec, "{ nam }").Errors.Error() }
		with := messages()
		exec.SetDisableSuggestion(true)
		without := messages()
		assert.NotEqual(t, with, without)
		exec.SetDisableSuggestion(false)
		assert.Equal(t, with, messages())
		inner := shared.GetInner()
		assert.Contains(t, inner, "FieldsOnCorrectType")
		assert.NotContains(t, inner, "FieldsOnCorrectTypeWithoutSuggestions")
	})
}

func TestParserTokenLimit(t *testing.T) {
	query := "{" + strings.Repeat(" name", 30) + " }"
	exec := testexecutor.New()
	assert.Empty(t, runQuery(exec, query).Errors)

	exec.SetParserTokenLimit(10)
	for range 2 {
		resp := runQuery(exec, query)
		require.Len(t, resp.Errors, 1)
		assert.Equal(t, errcode.ParseFailed, code(resp.Errors[0]))
		assert.Contains(t, resp.Errors[0].Message, "10")
	}
	exec.SetParserTokenLimit(0)
	assert.Empty(t, runQuery(exec, query).Errors)
}

func TestErrorsAddedByResolvers(t *testing.T) {
	exec := testexecutor.NewError()
	var seen, returned gqlerror.List
	exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		resp := next(ctx)
		seen, returned = graphql.GetErrors(ctx), resp.Errors
		return resp
	})
	resp := runQuery(exec, "{ name }")
	assert.Equal(t, "null", string(resp.Data))
	require.Len(t, resp.Errors, 1)
	assert.Equal(t, "resolver error", resp.Errors[0].Message)
	assert.Len(t, seen, 1)
	assert.Len(t, returned, 1)
}

func TestErrorsWhileStartingEndTheOperation(t *testing.T) {
	es := newScriptedSchema(t, "type Query { a: Int }")
	es.exec = func(ctx context.Context) graphql.ResponseHandler {
		graphql.AddError(ctx, errors.New("cannot start"))
		return func(context.Context) *graphql.Response {
			t.Error("the handler must not be called")
			return nil
		}
	}
	exec := executor.New(es)
	ctx := graphql.StartOperationTrace(context.Background())
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ a }"})
	require.Empty(t, errs)
	next, ctx := exec.DispatchOperation(ctx, opCtx)
	resp := next(ctx)
	require.NotNil(t, resp)
	assert.Nil(t, resp.Data)
	require.Len(t, resp.Errors, 1)
	assert.Equal(t, "cannot start", resp.Errors[0].Message)
	assert.Nil(t, next(ctx), "only one response")
}

func TestResponseExtensions(t *testing.T) {
	es := newScriptedSchema(t, "type Query { a: Int }")
	es.exec = func(context.Context) graphql.ResponseHandler {
		return graphql.OneShot(&graphql.Response{Data: []byte(`{"a":1}`), Extensions: map[string]any{"lost": true}})
	}
	exec := executor.New(es)
	exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		graphql.RegisterExtension(ctx, "added", 1)
		return next(ctx)
	})
	resp := runQuery(exec, "{ a }")
	assert.Equal(t, map[string]any{"added": 1}, resp.Extensions)

	plain := runQuery(executor.New(es), "{ a }")
	assert.Empty(t, plain.Extensions, "the response context's extensions replace the schema's")
}

func TestDispatchError(t *testing.T) {
	exec := testexecutor.New()
	exec.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		presented := graphql.DefaultErrorPresenter(ctx, err)
		presented.Message = "presented: " + presented.Message
		return presented
	})
	var calls int
	exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		calls++
		graphql.RegisterExtension(ctx, "seen", true)
		return next(ctx)
	})
	resp := exec.DispatchError(context.Background(), gqlerror.List{gqlerror.Errorf("a"), gqlerror.Errorf("b")})
	assert.Equal(t, 1, calls)
	require.Len(t, resp.Errors, 2)
	assert.Equal(t, "presented: a", resp.Errors[0].Message)
	assert.Equal(t, "presented: b", resp.Errors[1].Message)
	assert.Nil(t, resp.Data)
	assert.Equal(t, map[string]any{"seen": true}, resp.Extensions)

	plain := testexecutor.New().DispatchError(context.Background(), gqlerror.List{gqlerror.Errorf("c")})
	require.Len(t, plain.Errors, 1)
	assert.Equal(t, "c", plain.Errors[0].Message)
	assert.Empty(t, plain.Extensions)
}

func TestPresentRecoveredError(t *testing.T) {
	exec := testexecutor.New()
	exec.SetRecoverFunc(func(_ context.Context, v any) error { return errors.New("recovered " + v.(string)) })
	exec.SetErrorPresenter(func(_ context.Context, err error) *gqlerror.Error {
		return &gqlerror.Error{Message: err.Error(), Extensions: map[string]any{"code": "PANIC"}}
	})
	err := exec.PresentRecoveredError(context.Background(), "boom")
	var gqlErr *gqlerror.Error
	require.ErrorAs(t, err, &gqlErr)
	assert.Equal(t, "recovered boom", gqlErr.Message)
	assert.Equal(t, "PANIC", gqlErr.Extensions["code"])
}

func TestRecoverFuncReachesTheOperation(t *testing.T) {
	exec := testexecutor.New()
	var called bool
	exec.SetRecoverFunc(func(context.Context, any) error { called = true; return errors.New("x") })
	opCtx, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()),
		&graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)
	_ = opCtx.RecoverFunc(context.Background(), "panic")
	assert.True(t, called)
}

func TestCancelledContextEndsTheResponses(t *testing.T) {
	exec := testexecutor.New()
	ctx, cancel := context.WithCancel(graphql.StartOperationTrace(context.Background()))
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)

	next, rctx := exec.DispatchOperation(ctx, opCtx)
	require.NotNil(t, next(rctx))
	next, rctx = exec.DispatchOperation(ctx, opCtx)
	require.NotNil(t, next(rctx), "an operation context can be dispatched again")
	cancel()
	next, rctx = exec.DispatchOperation(ctx, opCtx)
	assert.Nil(t, next(rctx))
}

func TestDispatchOperationContext(t *testing.T) {
	exec := testexecutor.New()
	ctx := graphql.StartOperationTrace(context.Background())
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)

	_, rctx := exec.DispatchOperation(ctx, opCtx)
	assert.Same(t, opCtx, graphql.GetOperationContext(rctx))

	withOp := graphql.WithOperationContext(ctx, opCtx)
	_, rctx = exec.DispatchOperation(withOp, opCtx)
	assert.Equal(t, withOp, rctx, "a context already carrying the operation is used as it is")

	type key struct{}
	exec.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		return next(context.WithValue(ctx, key{}, "marked"))
	})
	next, rctx := exec.DispatchOperation(ctx, opCtx)
	assert.Equal(t, "marked", rctx.Value(key{}), "the context the interceptor passed on is returned")
	assert.Same(t, opCtx, graphql.GetOperationContext(rctx))
	assert.JSONEq(t, `{"name":"test"}`, string(next(rctx).Data))
}

func TestOperationInterceptorCanAnswer(t *testing.T) {
	exec := testexecutor.New()
	exec.AroundOperations(func(ctx context.Context, _ graphql.OperationHandler) graphql.ResponseHandler {
		return graphql.OneShot(graphql.ErrorResponse(ctx, "refused"))
	})
	ctx := graphql.StartOperationTrace(context.Background())
	opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ name }"})
	require.Empty(t, errs)
	next, ctx := exec.DispatchOperation(ctx, opCtx)
	resp := next(ctx)
	require.Len(t, resp.Errors, 1)
	assert.Equal(t, "refused", resp.Errors[0].Message)
	assert.Nil(t, next(ctx))
}

// Validation runs are pooled; concurrent queries must each get their own
// errors and nothing of another's.
func TestConcurrentValidation(t *testing.T) {
	exec := testexecutor.New()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				field := "bad" + strconv.Itoa(i*100+j)
				resp := runQuery(exec, "{ "+field+" }")
				if len(resp.Errors) != 1 || !strings.Contains(resp.Errors[0].Message, `"`+field+`"`) {
					t.Errorf("query with %s: %v", field, resp.Errors)
					return
				}
				if resp := runQuery(exec, "{ name }"); len(resp.Errors) != 0 {
					t.Errorf("valid query: %v", resp.Errors)
					return
				}
			}
		})
	}
	wg.Wait()
}

// A query may answer in several payloads (@defer). Each has its own errors
// and extensions, whichever context the handler is called with.
func TestEveryResponseHasItsOwnErrorsAndExtensions(t *testing.T) {
	es := newScriptedSchema(t, "type Query { a: Int }")
	es.exec = func(context.Context) graphql.ResponseHandler {
		n := 0
		return func(ctx context.Context) *graphql.Response {
			if n == 3 {
				return nil
			}
			n++
			graphql.AddError(ctx, errors.New("payload "+strconv.Itoa(n)))
			return &graphql.Response{Data: []byte(`{}`)}
		}
	}
	exec := executor.New(es)
	exec.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		graphql.RegisterExtension(ctx, "payload", true)
		return next(ctx)
	})
	type key struct{}
	for _, other := range []bool{false, true} {
		ctx := graphql.StartOperationTrace(context.Background())
		opCtx, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: "{ a }"})
		require.Empty(t, errs)
		next, rctx := exec.DispatchOperation(ctx, opCtx)
		if other {
			rctx = context.WithValue(rctx, key{}, 1)
		}
		for i := 1; i <= 3; i++ {
			resp := next(rctx)
			require.NotNil(t, resp)
			require.Len(t, resp.Errors, 1, "payload %d", i)
			assert.Equal(t, "payload "+strconv.Itoa(i), resp.Errors[0].Message)
			assert.Equal(t, map[string]any{"payload": true}, resp.Extensions)
		}
		assert.Nil(t, next(rctx))
	}
}

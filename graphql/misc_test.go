package graphql

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/codec"
)

func TestAddUpload(t *testing.T) {
	decode := func(s string) map[string]any {
		var m map[string]any
		if err := codec.Unmarshal([]byte(s), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	up := Upload{Filename: "f.txt"}
	tests := []struct {
		vars string
		path string
		want string // the variables afterwards, with the upload as "UP", or the error
	}{
		{`{"file":null}`, "variables.file", `{"file":"UP"}`},
		{`{}`, "variables.file", `{"file":"UP"}`},
		{`{"req":{"file":null,"n":1}}`, "variables.req.file", `{"req":{"file":"UP","n":1}}`},
		{`{"files":[null,null]}`, "variables.files.1", `{"files":[null,"UP"]}`},
		{`{"req":[{"file":null},{"file":null}]}`, "variables.req.0.file", `{"req":[{"file":"UP"},{"file":null}]}`},
		{`{"a":[[null]]}`, "variables.a.0.0", `{"a":[["UP"]]}`},
		{`{}`, "variables.", `{"":"UP"}`},
		{`{"file":null}`, "file", `invalid operations paths for key 0`},
		{`{"file":null}`, "vars.file", `invalid operations paths for key 0`},
		{`{}`, "variables.req.file", `path is missing "variables." prefix, key: 0, path: variables.req.file`},
		{`{"req":null}`, "variables.req.file", `path is missing "variables." prefix, key: 0, path: variables.req.file`},
		{`{"files":[null]}`, "variables.files.1", `invalid operations path for key 0: variables.files.1 does not lead to a list element or object field`},
		{`{"files":[null]}`, "variables.files.-1", `invalid operations path for key 0: variables.files.-1 does not lead to a list element or object field`},
		{`{"files":{"0":null}}`, "variables.files.0", `invalid operations path for key 0: variables.files.0 does not lead to a list element or object field`},
		{`{"file":"x"}`, "variables.file.name", `invalid operations path for key 0: variables.file.name does not lead to a list element or object field`},
	}
	for _, tt := range tests {
		p := &RawParams{Variables: decode(tt.vars)}
		err := p.AddUpload(up, "0", tt.path)
		var got string
		if err != nil {
			got = err.Message
		} else {
			b, merr := codec.Marshal(p.Variables)
			if merr != nil {
				t.Fatal(merr)
			}
			got = strings.ReplaceAll(string(b), `{"File":null,"Filename":"f.txt","Size":0,"ContentType":""}`, `"UP"`)
		}
		if got != tt.want {
			t.Errorf("AddUpload(%s, %q):\n got %s\nwant %s", tt.vars, tt.path, got, tt.want)
		}
	}

	nilVars := &RawParams{}
	if err := nilVars.AddUpload(up, "k", "variables.file"); err == nil {
		t.Error("AddUpload into nil variables succeeded")
	}
	if err := nilVars.AddUpload(up, "k", "variables.a.b"); err == nil || !strings.Contains(err.Message, "missing") {
		t.Errorf("AddUpload below nil variables = %v", err)
	}
}

func TestRawParamsJSON(t *testing.T) {
	var p RawParams
	in := `{"query":"{a}","operationName":"Op","variables":{"n":12345678901234567890},"extensions":{"persistedQuery":{"version":1}},"Headers":{"X":["y"]},"ReadTime":{}}`
	if err := codec.Unmarshal([]byte(in), &p); err != nil {
		t.Fatal(err)
	}
	if p.Query != "{a}" || p.OperationName != "Op" || p.Variables["n"] != json.Number("12345678901234567890") || p.Headers != nil {
		t.Errorf("decoded %+v", p)
	}
	p.Headers = http.Header{"X": {"y"}}
	out, err := codec.Marshal(&p)
	if err != nil || string(out) != `{"query":"{a}","operationName":"Op","variables":{"n":12345678901234567890},"extensions":{"persistedQuery":{"version":1}}}` {
		t.Errorf("encoded %s, %v", out, err)
	}
}

func TestResponseJSON(t *testing.T) {
	yes := true
	tests := []struct {
		r    Response
		want string
	}{
		{Response{}, `{"data":null}`},
		{Response{Data: json.RawMessage(`{"a":1}`)}, `{"data":{"a":1}}`},
		{
			Response{
				Errors:     gqlerror.List{{Message: "bad", Path: ast.Path{ast.PathName("a"), ast.PathIndex(0)}}},
				Data:       json.RawMessage(`{"a":[null]}`),
				Label:      "l",
				Path:       ast.Path{ast.PathName("a")},
				HasNext:    &yes,
				Extensions: map[string]any{"z": 1, "b": "<"},
			},
			`{"errors":[{"message":"bad","path":["a",0]}],"data":{"a":[null]},"label":"l","path":["a"],"hasNext":true,"extensions":{"b":"\u003c","z":1}}`,
		},
	}
	for _, tt := range tests {
		got, err := codec.Marshal(&tt.r)
		if err != nil || string(got) != tt.want {
			t.Errorf("Marshal(%+v):\n got %s, %v\nwant %s", tt.r, got, err, tt.want)
		}
	}
}

func TestErrorResponseAndOneShot(t *testing.T) {
	r := ErrorResponse(t.Context(), "bad %s at %d", "thing", 3)
	if r.Data != nil || len(r.Errors) != 1 || r.Errors[0].Message != "bad thing at 3" || r.Errors[0].Path != nil {
		t.Errorf("ErrorResponse = %+v", r)
	}
	h := OneShot(r)
	if h(t.Context()) != r || h(t.Context()) != nil || h(t.Context()) != nil {
		t.Error("OneShot did not yield the response exactly once")
	}
	if OneShot(nil)(t.Context()) != nil {
		t.Error("OneShot(nil) yielded something")
	}
}

func TestStats(t *testing.T) {
	var s Stats
	if s.GetExtension("apq") != nil {
		t.Error("empty Stats has an extension")
	}
	s.SetExtension("apq", 1)
	s.SetExtension("apq", 2)
	s.SetExtension("complexity", "x")
	if s.GetExtension("apq") != 2 || s.GetExtension("complexity") != "x" {
		t.Errorf("extensions = %v, %v", s.GetExtension("apq"), s.GetExtension("complexity"))
	}

	fixed := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	restore := Now
	Now = func() time.Time { return fixed }
	defer func() { Now = restore }()
	ctx := StartOperationTrace(t.Context())
	if got := GetStartTime(ctx); !got.Equal(fixed) {
		t.Errorf("GetStartTime = %v", got)
	}
	mustPanic(t, "missing start time: <nil>", func() { GetStartTime(t.Context()) })
}

func TestCaches(t *testing.T) {
	ctx := t.Context()
	m := MapCache[int]{}
	if _, ok := m.Get(ctx, "a"); ok {
		t.Error("empty MapCache hit")
	}
	m.Add(ctx, "a", 1)
	if v, ok := m.Get(ctx, "a"); !ok || v != 1 {
		t.Errorf("MapCache.Get = %v, %v", v, ok)
	}

	var c Cache[*ast.QueryDocument] = NoCache[*ast.QueryDocument]{}
	c.Add(ctx, "q", &ast.QueryDocument{})
	if v, ok := c.Get(ctx, "q"); ok || v != nil {
		t.Error("NoCache kept a value")
	}
	var _ Cache[string] = &NoCache[string]{}
	var _ Cache[string] = MapCache[string]{}
}

// hooks implements every extension interface, to pin their method sets.
type hooks struct{}

func (hooks) ExtensionName() string                  { return "hooks" }
func (hooks) Validate(schema ExecutableSchema) error { return nil }
func (hooks) MutateOperationParameters(ctx context.Context, request *RawParams) *gqlerror.Error {
	return nil
}
func (hooks) MutateOperationContext(ctx context.Context, opCtx *OperationContext) *gqlerror.Error {
	return nil
}
func (hooks) InterceptOperation(ctx context.Context, next OperationHandler) ResponseHandler {
	return next(ctx)
}
func (hooks) InterceptResponse(ctx context.Context, next ResponseHandler) *Response { return next(ctx) }
func (hooks) InterceptRootField(ctx context.Context, next RootResolver) Marshaler   { return next(ctx) }
func (hooks) InterceptField(ctx context.Context, next Resolver) (any, error)        { return next(ctx) }
func (hooks) Supports(r *http.Request) bool                                         { return true }
func (hooks) Do(w http.ResponseWriter, r *http.Request, exec GraphExecutor)         {}
func (hooks) CreateOperationContext(ctx context.Context, params *RawParams) (*OperationContext, gqlerror.List) {
	return nil, nil
}
func (hooks) DispatchOperation(ctx context.Context, opCtx *OperationContext) (ResponseHandler, context.Context) {
	return nil, ctx
}
func (hooks) DispatchError(ctx context.Context, list gqlerror.List) *Response { return nil }
func (hooks) Schema() *ast.Schema                                             { return nil }
func (hooks) Complexity(context.Context, string, string, int, map[string]any) (int, bool) {
	return 0, false
}
func (hooks) Exec(ctx context.Context) ResponseHandler { return OneShot(&Response{}) }
func (hooks) ExecWithEventContext(ctx context.Context) ResponseHandlerWithContext {
	return func(ctx context.Context) (context.Context, *Response) { return ctx, nil }
}

var (
	_ HandlerExtension                 = hooks{}
	_ OperationParameterMutator        = hooks{}
	_ OperationContextMutator          = hooks{}
	_ OperationInterceptor             = hooks{}
	_ ResponseInterceptor              = hooks{}
	_ RootFieldInterceptor             = hooks{}
	_ FieldInterceptor                 = hooks{}
	_ Transport                        = hooks{}
	_ GraphExecutor                    = hooks{}
	_ ExecutableSchemaWithEventContext = hooks{}

	_ OperationMiddleware = func(ctx context.Context, next OperationHandler) ResponseHandler { return next(ctx) }
	_ ResponseMiddleware  = func(ctx context.Context, next ResponseHandler) *Response { return next(ctx) }
	_ FieldMiddleware     = func(ctx context.Context, next Resolver) (any, error) { return next(ctx) }
	_ RootFieldMiddleware = func(ctx context.Context, next RootResolver) Marshaler { return next(ctx) }
	_ Status              = http.StatusOK
)

func TestSchemaTypes(t *testing.T) {
	type resolvers struct{ name string }
	cfg := Config[*resolvers, struct{}, struct{ n int }]{Resolvers: &resolvers{"r"}, Complexity: struct{ n int }{2}}
	state := ExecutableSchemaState[*resolvers, struct{}, struct{ n int }]{
		SchemaData: cfg.Schema, Resolvers: cfg.Resolvers, Directives: cfg.Directives, ComplexityRoot: cfg.Complexity,
	}
	if state.Resolvers.name != "r" || state.ComplexityRoot.n != 2 {
		t.Errorf("state = %+v", state)
	}
	_ = []any{Query{}, Mutation{}, Subscription{}}
	if !strings.HasPrefix(Version, "v0.17.") {
		t.Errorf("Version = %s", Version)
	}
}

func TestWrapContextMarshaler(t *testing.T) {
	ctx := fieldChain(newResponseCtx(t))
	ok := WrapContextMarshaler(ctx, MarshalFloatContext(1.25))
	if got := written(ok); got != "1.25" {
		t.Errorf("wrapped marshaler wrote %s", got)
	}
	bad := WrapContextMarshaler(ctx, MarshalFloatContext(1/zero()))
	if got := written(bad); got != "null" {
		t.Errorf("failing wrapped marshaler wrote %s", got)
	}
	errs := GetErrors(ctx)
	if len(errs) != 1 || errs[0].Message != "cannot marshal infinite no NaN float values" || errs[0].Path.String() != "users[3].friends[0].name" {
		t.Errorf("errors = %v", errs)
	}
}

func zero() float64 { return 0 }

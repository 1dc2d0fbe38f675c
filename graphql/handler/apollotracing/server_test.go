package apollotracing_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/apollotracing"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// postJSON is just enough of a transport to drive the executor: a JSON
// request body in, one JSON response out.
type postJSON struct{}

func (postJSON) Supports(r *http.Request) bool { return r.Method == http.MethodPost }

func (postJSON) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	params := &graphql.RawParams{Headers: r.Header}
	params.ReadTime.Start = graphql.Now()
	if err := decodeBody(r, params); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	params.ReadTime.End = graphql.Now()

	var resp *graphql.Response
	if opCtx, errs := exec.CreateOperationContext(ctx, params); errs != nil {
		resp = exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs)
	} else {
		responses, ctx := exec.DispatchOperation(ctx, opCtx)
		resp = responses(ctx)
	}
	writeJSON(w, resp)
}

func TestThroughServer(t *testing.T) {
	tickingClock(t, time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), 100)
	srv := testserver.New()
	srv.AddTransport(postJSON{})
	srv.Use(apollotracing.Tracer{})

	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(`{"query":"{ name }"}`)))

	var resp struct {
		Data       struct{ Name string }
		Extensions struct {
			Tracing apollotracing.TracingExtension `json:"tracing"`
		} `json:"extensions"`
	}
	if err := codec.Unmarshal(w.Body.Bytes(), &resp); err != nil || resp.Data.Name != "test" {
		t.Fatalf("response %s (%v)", w.Body.Bytes(), err)
	}
	tr := &resp.Extensions.Tracing
	if tr.Version != 1 || len(tr.Execution.Resolvers) != 1 {
		t.Fatalf("trace %s", w.Body.Bytes())
	}
	r := tr.Execution.Resolvers[0]
	if len(r.Path) != 1 || r.Path[0] != ast.PathName("name") || r.ParentType != "Query" ||
		r.FieldName != "name" || r.ReturnType != "String!" {
		t.Errorf("resolver %+v", r)
	}
	// Each phase follows the one before it on the ticking clock.
	phases := []struct {
		name  string
		start time.Duration
		dur   time.Duration
	}{
		{"parsing", tr.Parsing.StartOffset, tr.Parsing.Duration},
		{"validation", tr.Validation.StartOffset, tr.Validation.Duration},
		{"resolver", r.StartOffset, r.Duration},
	}
	var prevEnd time.Duration
	for _, p := range phases {
		if p.start < prevEnd || p.dur <= 0 {
			t.Errorf("%s at %v for %v, after %v", p.name, p.start, p.dur, prevEnd)
		}
		prevEnd = p.start + p.dur
	}
	if tr.Duration < prevEnd || !tr.EndTime.Equal(tr.StartTime.Add(tr.Duration)) {
		t.Errorf("operation %v..%v (%v), last phase ended at %v", tr.StartTime, tr.EndTime, tr.Duration, prevEnd)
	}
}

func TestServerErrorWithoutOperation(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(postJSON{})
	srv.Use(apollotracing.Tracer{})

	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(`{}`)))
	var resp struct {
		Errors []struct{ Message string }
	}
	if err := codec.Unmarshal(w.Body.Bytes(), &resp); err != nil || len(resp.Errors) != 1 {
		t.Fatalf("response %s (%v)", w.Body.Bytes(), err)
	}
}

// decodeBody decodes the request body into v with the codec.
func decodeBody(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return codec.Unmarshal(body, v)
}

// writeJSON writes v with the codec, and a newline, as an Encoder would.
func writeJSON(w io.Writer, v any) {
	b, _ := codec.Marshal(v)
	_, _ = w.Write(append(b, '\n'))
}

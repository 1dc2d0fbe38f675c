package shapes

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

func newServer(middleware *atomic.Int64) *handler.Server {
	cfg := Config{Resolvers: NewResolver()}
	cfg.Directives.Upper = func(ctx context.Context, obj any, next graphql.Resolver) (any, error) {
		v, err := next(ctx)
		switch s := v.(type) {
		case string:
			return strings.ToUpper(s), err
		case *string:
			if s != nil {
				u := strings.ToUpper(*s)
				return &u, err
			}
		}
		return v, err
	}
	srv := handler.New(NewExecutableSchema(cfg))
	srv.AddTransport(transport.POST{})
	if middleware != nil {
		srv.AroundFields(func(ctx context.Context, next graphql.Resolver) (any, error) {
			middleware.Add(1)
			return next(ctx)
		})
	}
	return srv
}

func post(t *testing.T, h http.Handler, query string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query})
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return strings.TrimSpace(rec.Body.String())
}

// everyField selects every field of the fixture once.
const everyField = `{
  hero { ...all sidekick { name } friends { name } friend(name: "robin") { name age } }
  heroByName(name: "robin") { ...all }
  greeting
  heroes { name }
}
fragment all on Hero { name age tags motto mood title nickname(prefix: "the ") shout rank secret }`

const everyFieldAnswer = `{"data":{"hero":{"name":"batman","age":40,"tags":["dark","rich"],"motto":"JUSTICE","mood":"GRIM","title":"Sir batman","nickname":"the batman","shout":"BATMAN!","rank":6,"secret":"******","sidekick":{"name":"robin"},"friends":[{"name":"robin"}],"friend":{"name":"robin","age":null}},"heroByName":{"name":"robin","age":null,"tags":["young"],"motto":"HOLY","mood":"HAPPY","title":"Sir robin","nickname":"the robin","shout":"ROBIN!","rank":5,"secret":"*****"},"greeting":"HELLO","heroes":[{"name":"batman"},{"name":"robin"}]}}`

// TestSameAnswerWithFieldMiddleware runs every field with and without a
// field middleware: the answer is the same, and the user's code is reached
// through the same generated function, the one docs/generated-code.md says
// to put a breakpoint in.
func TestSameAnswerWithFieldMiddleware(t *testing.T) {
	takeTraces()
	if got := post(t, newServer(nil), everyField); got != everyFieldAnswer {
		t.Fatalf("without middleware:\n got %s\nwant %s", got, everyFieldAnswer)
	}
	direct := takeTraces()
	var seen atomic.Int64
	if got := post(t, newServer(&seen), everyField); got != everyFieldAnswer {
		t.Fatalf("with field middleware:\n got %s\nwant %s", got, everyFieldAnswer)
	}
	through := takeTraces()
	if seen.Load() == 0 {
		t.Fatal("the field middleware saw no field")
	}
	for coord, fn := range breakpoints {
		for name, traces := range map[string]map[string][]string{"without middleware": direct, "with field middleware": through} {
			stack, ok := traces[coord]
			if !ok {
				t.Errorf("%s %s: user code not called", coord, name)
				continue
			}
			if !slices.ContainsFunc(stack, func(f string) bool { return f == fn || strings.HasPrefix(f, fn+".") }) {
				t.Errorf("%s %s: %s is not on the stack %v", coord, name, fn, stack)
			}
		}
	}
	if len(direct) != len(breakpoints) || len(through) != len(breakpoints) {
		t.Errorf("user code of %d fields called without middleware, %d with; the test knows %d", len(direct), len(through), len(breakpoints))
	}
}

#!/usr/bin/env bash
# migration-roundtrip.sh: the migration described in docs/migrating.md, done
# for real on a small project (make migration; needs the Go module proxy):
#
#  1. upstream: a new module with upstream gqlgen $UPSTREAM from the proxy,
#     `gqlgen init`, two resolvers written, generate, build, a query test;
#  2. to this checkout: replace => this repository, go mod tidy, generate,
#     build, `gqlgen version` names the fork, the same query test and the
#     same response bytes;
#  3. back to upstream: drop the replace, go mod tidy, check that the fork's
#     generated code does not build against upstream (so the guide's
#     "regenerate" step is needed), regenerate, build, same test and bytes.
#
# Every command has a time limit (STEP_TIMEOUT seconds, default 600); the
# project lives in $WORK (a new temporary directory unless set), removed at
# the end unless KEEP=1. Prints the time each phase took.
set -euo pipefail

UPSTREAM=${UPSTREAM:-v0.17.98}
STEP_TIMEOUT=${STEP_TIMEOUT:-600}
repo=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/gqlgen-migration.XXXXXX")}
app=$WORK/app
if [ "${KEEP:-}" != 1 ]; then trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK"' EXIT; fi

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'migration-roundtrip: FAIL: %s\n' "$*" >&2; exit 1; }
# step runs a command in the project with the time limit; its output goes
# to the log and is shown if it fails.
step() {
	say "$*"
	if ! (cd "$app" && timeout "$STEP_TIMEOUT" "$@") >"$WORK/step.log" 2>&1; then
		cat "$WORK/step.log" >&2
		fail "$* (exit status above; time limit ${STEP_TIMEOUT}s)"
	fi
}
gqlgen() { step go tool gqlgen "$@"; }

# query runs the project's test, which posts a mutation and a query to the
# generated server in process, checks the answer and writes the response
# bytes to answer-$1.json.
query() {
	step env ANSWER_FILE="$WORK/answer-$1.json" go test -count=1 ./...
	[ -s "$WORK/answer-$1.json" ] || fail "the query test wrote no answer for $1"
}

started=$SECONDS
phase=$SECONDS
mkdir -p "$app"
say "project in $app (upstream $UPSTREAM, this checkout $repo)"

# --- 1. upstream ---------------------------------------------------------
step go mod init example.com/app
step go get -tool "github.com/99designs/gqlgen@$UPSTREAM"
gqlgen init

resolvers=graph/schema.resolvers.go
grep -q 'not implemented: CreateTodo' "$app/$resolvers" || fail "init wrote no CreateTodo stub"
# Implement both resolvers: a mutation that stores a todo and a query that
# lists them (the stubs panic with "not implemented").
perl -0pi -e 's/panic\(fmt\.Errorf\("not implemented: CreateTodo - createTodo"\)\)/todo := &model.Todo{ID: fmt.Sprintf("T%d", len(r.todos)+1), Text: input.Text, User: &model.User{ID: input.UserID, Name: "user " + input.UserID}}\n\tr.todos = append(r.todos, todo)\n\treturn todo, nil/; s/panic\(fmt\.Errorf\("not implemented: Todos - todos"\)\)/return r.todos, nil/' "$app/$resolvers"
perl -0pi -e 's/type Resolver struct\{\}/type Resolver struct{ todos []*model.Todo }/; s/(package graph\n)/$1\nimport "example.com\/app\/graph\/model"\n/' "$app/graph/resolver.go"
cat >"$app/query_test.go" <<'EOF'
package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	"example.com/app/graph"
)

// TestQuery posts a mutation then a query and checks the exact answers.
func TestQuery(t *testing.T) {
	srv := handler.New(graph.NewExecutableSchema(graph.Config{Resolvers: &graph.Resolver{}}))
	srv.AddTransport(transport.POST{})
	post := func(body string) string {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	created := post(`{"query":"mutation($t: String!) { createTodo(input: {text: $t, userId: \"U1\"}) { id text done user { id name } } }","variables":{"t":"<write> \"tests\""}}`)
	listed := post(`{"query":"{ todos { id text user { name } } }"}`)
	want := `{"data":{"createTodo":{"id":"T1","text":"\u003cwrite\u003e \"tests\"","done":false,"user":{"id":"U1","name":"user U1"}}}}`
	if created != want {
		t.Errorf("createTodo:\n got %s\nwant %s", created, want)
	}
	want = `{"data":{"todos":[{"id":"T1","text":"\u003cwrite\u003e \"tests\"","user":{"name":"user U1"}}]}}`
	if listed != want {
		t.Errorf("todos:\n got %s\nwant %s", listed, want)
	}
	if name := os.Getenv("ANSWER_FILE"); name != "" {
		if err := os.WriteFile(name, []byte(created+"\n"+listed+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
EOF
gqlgen generate
step go build ./...
query upstream
cp "$app/graph/generated.go" "$WORK/generated-upstream.go"
say "phase 1 (upstream) took $((SECONDS - phase))s"

# --- 2. to this checkout (docs/migrating.md) -----------------------------
phase=$SECONDS
step go mod edit -replace "github.com/99designs/gqlgen=$repo"
step go mod tidy
gqlgen generate
step go build ./...
gqlgen version
grep -q '^build: clean-room fork of gqlgen' "$WORK/step.log" || fail "gqlgen version does not name the fork: $(cat "$WORK/step.log")"
! cmp -s "$app/graph/generated.go" "$WORK/generated-upstream.go" || fail "generate did not rewrite generated.go"
query fork
cmp "$WORK/answer-upstream.json" "$WORK/answer-fork.json" || fail "the fork answers differently from upstream"
for tag in go_json sonic jsoniter; do
	step go test -count=1 -tags "$tag" ./...
done
say "phase 2 (to this checkout, tested under every codec tag) took $((SECONDS - phase))s"

# --- 3. back to upstream (docs/migrating.md) -----------------------------
phase=$SECONDS
step go mod edit -dropreplace github.com/99designs/gqlgen
step go mod tidy
say "go build with the fork's generated code against upstream (must fail)"
if (cd "$app" && timeout "$STEP_TIMEOUT" go build ./...) >"$WORK/step.log" 2>&1; then
	fail "the fork's generated code built against upstream: the guide's regenerate step would be unnecessary"
fi
say "as expected, it does not build; the first errors:"
head -4 "$WORK/step.log" >&2
gqlgen generate
step go build ./...
gqlgen version
! grep -q 'fork' "$WORK/step.log" || fail "gqlgen version still names the fork after going back"
query back
cmp "$WORK/answer-upstream.json" "$WORK/answer-back.json" || fail "upstream answers differently after the round trip"
say "phase 3 (back to upstream) took $((SECONDS - phase))s"

say "migration round trip passed in $((SECONDS - started))s"

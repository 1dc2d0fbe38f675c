package trusteddocs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql/handler/extension"
)

// ids are the manifest's operation ids by operation name.
func ids(t *testing.T) map[string]string {
	t.Helper()
	var m struct {
		Operations []struct{ ID, Name string }
	}
	if err := json.Unmarshal(Manifest, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, op := range m.Operations {
		out[op.Name] = op.ID
	}
	return out
}

func newServer(t *testing.T, mode extension.TrustedDocumentsMode, logger *slog.Logger) http.Handler {
	t.Helper()
	srv, err := NewServer(NewResolver(), mode, logger)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// byID sends only the id of a manifest operation, as Apollo Client's
// persisted-queries link does.
func byID(id string) client.Option {
	return client.Extensions(map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": id}})
}

// book is what BookFields selects; the manifest's documents ask for
// __typename too, as Apollo's tool writes them.
type book struct {
	ID, Title, Author string
	Typename          string `json:"__typename"`
}

func TestClientOperationsRunByID(t *testing.T) {
	c := client.New(newServer(t, extension.TrustedDocumentsEnforce, nil))
	id := ids(t)

	var added struct{ AddBook book }
	c.MustPost("", &added, byID(id["AddBook"]), client.Operation("AddBook"),
		client.Var("title", "A Wizard of Earthsea"), client.Var("author", "Ursula K. Le Guin"))
	if added.AddBook != (book{"3", "A Wizard of Earthsea", "Ursula K. Le Guin", "Book"}) {
		t.Errorf("addBook = %+v", added.AddBook)
	}
	var one struct{ Book *book }
	c.MustPost("", &one, byID(id["Book"]), client.Var("id", "2"))
	if one.Book == nil || *one.Book != (book{"2", "Kindred", "Octavia E. Butler", "Book"}) {
		t.Errorf("book = %+v", one.Book)
	}
	var all struct{ Books []book }
	c.MustPost("", &all, byID(id["Books"]))
	if len(all.Books) != 3 || all.Books[2].Title != "A Wizard of Earthsea" {
		t.Errorf("books = %+v", all.Books)
	}
}

func TestOtherRequestsAreRefused(t *testing.T) {
	srv := newServer(t, extension.TrustedDocumentsEnforce, nil)
	for _, tc := range []struct {
		name, body, want string
	}{
		{
			"a free-form query",
			`{"query":"{ books { title } }"}`,
			`{"errors":[{"message":"only trusted documents are served: send a document's id (extensions.persistedQuery.sha256Hash or documentId)","extensions":{"code":"TRUSTED_DOCUMENT_REQUIRED"}}],"data":null}`,
		},
		{
			"an unknown id",
			`{"documentId":"sha256:0000"}`,
			`{"errors":[{"message":"unknown trusted document \"sha256:0000\"","extensions":{"code":"TRUSTED_DOCUMENT_NOT_FOUND"}}],"data":null}`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/query", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", "application/json")
			srv.ServeHTTP(w, r)
			if w.Code != http.StatusUnprocessableEntity || w.Body.String() != tc.want {
				t.Errorf("got %d %s, want 422 %s", w.Code, w.Body, tc.want)
			}
		})
	}
}

func TestLogModeAnswersAndLogs(t *testing.T) {
	var logged bytes.Buffer
	c := client.New(newServer(t, extension.TrustedDocumentsLog, slog.New(slog.NewTextHandler(&logged, nil))))
	var resp struct{ Books []struct{ Title string } }
	c.MustPost(`query Titles { books { title } }`, &resp)
	if len(resp.Books) != 2 {
		t.Errorf("books = %+v", resp.Books)
	}
	var all struct{ Books []book }
	c.MustPost("", &all, byID(ids(t)["Books"]))
	if got := logged.String(); strings.Count(got, "not a trusted document") != 1 ||
		!strings.Contains(got, `operationName="" query="query Titles { books { title } }"`) {
		t.Errorf("logged:\n%s", got)
	}
}

// The committed manifest is what @apollo/generate-persisted-query-manifest
// writes from client/*.graphql today: the test runs the tool (installed in
// client/node_modules by npm ci from the lock file, once) and compares.
func TestManifestIsTheToolsOutput(t *testing.T) {
	node := requireTool(t, "node")
	requireTool(t, "npm")
	ensureNodeModules(t)

	dir := t.TempDir()
	output := filepath.Join(dir, "manifest.json")
	config := filepath.Join(dir, "config.json")
	cfg := fmt.Sprintf(`{"documents": ["*.graphql"], "output": %q}`, output)
	if err := os.WriteFile(config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "node_modules/@apollo/generate-persisted-query-manifest/cli.js", "--config", config)
	cmd.Dir = "client"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generate-persisted-query-manifest: %v\n%s", err, out)
	}
	got, err := os.ReadFile(output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, Manifest) {
		t.Errorf("client/persisted-query-manifest.json is stale: run `npm run manifest` in client/; the tool writes\n%s", got)
	}
}

// requireTool returns the path of a command the test needs. Without it the
// test is skipped, loudly, or fails when CI=true.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("%s is not installed: the manifest cannot be generated with Apollo's tool (install Node >= 20 and npm)", name)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	fmt.Fprintln(os.Stderr, "!!! SKIPPED: "+msg)
	t.Skip(msg)
	return ""
}

// ensureNodeModules runs npm ci in client/ unless an earlier run did it
// from the same lock file.
func ensureNodeModules(t *testing.T) {
	t.Helper()
	lock, err := os.Stat("client/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	installed, err := os.Stat("client/node_modules/.package-lock.json")
	if err == nil && !installed.ModTime().Before(lock.ModTime()) {
		return
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = "client"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci in client/: %v\n%s", err, out)
	}
}

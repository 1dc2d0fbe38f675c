package extension_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// apolloManifest is a manifest in the format
// @apollo/generate-persisted-query-manifest writes (the integration suite
// loads one the tool wrote); to the server an id is any string.
const (
	nameBody = "query Name {\n  name\n}"
	nameID   = "7ba0b7e2e1cfa14e8f4aa2d2e2e6e4a5d1b0f5a0b5a3f1e0b0a8c0d9e4f3a2b1"
	findBody = "query Find($id: Int!) {\n  find(id: $id)\n}"
	findID   = "find-by-id"
)

var apolloManifest = `{
  "format": "apollo-persisted-query-manifest",
  "version": 1,
  "operations": [
    {"id": "` + nameID + `", "name": "Name", "type": "query", "body": ` + quote(nameBody) + `},
    {"id": "` + findID + `", "name": "Find", "type": "query", "body": ` + quote(findBody) + `}
  ]
}`

func quote(s string) string {
	return `"` + strings.ReplaceAll(s, "\n", `\n`) + `"`
}

func trusted(t *testing.T, manifest string, mode extension.TrustedDocumentsMode) *extension.TrustedDocuments {
	t.Helper()
	td, err := extension.NewTrustedDocuments(strings.NewReader(manifest))
	require.NoError(t, err)
	td.Mode = mode
	return td
}

// trustedServer is the test schema behind the real POST and GET
// transports, with td and then APQ.
func trustedServer(td *extension.TrustedDocuments, apq graphql.Cache[string]) *testserver.TestServer {
	srv := testserver.New()
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.Use(td)
	if apq != nil {
		srv.Use(extension.AutomaticPersistedQuery{Cache: apq})
	}
	return srv
}

func hashOnly(hash string) string {
	return `{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + hash + `"}}}`
}

func TestTrustedDocumentsEnforce(t *testing.T) {
	apq := graphql.MapCache[string]{}
	srv := trustedServer(trusted(t, apolloManifest, extension.TrustedDocumentsEnforce), apq)
	// ran records each operation that runs: its stats and its query text.
	type ran struct {
		stats *extension.TrustedDocumentStats
		query string
	}
	var runs []ran
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		runs = append(runs, ran{extension.GetTrustedDocumentStats(ctx), graphql.GetOperationContext(ctx).RawQuery})
		return next(ctx)
	})

	notFound := func(id string) string {
		return `{"errors":[{"message":"unknown trusted document \"` + id + `\"","extensions":{"code":"TRUSTED_DOCUMENT_NOT_FOUND"}}],"data":null}`
	}
	const required = `{"errors":[{"message":"only trusted documents are served: send a document's id (extensions.persistedQuery.sha256Hash or documentId)","extensions":{"code":"TRUSTED_DOCUMENT_REQUIRED"}}],"data":null}`
	cases := []struct {
		name       string
		body       string
		wantStatus int
		wantBody   string
		wantStats  *extension.TrustedDocumentStats
	}{
		{"hash only", hashOnly(nameID), http.StatusOK, `{"data":{"name":"test"}}`, &extension.TrustedDocumentStats{ID: nameID, Name: "Name"}},
		{"documentId", `{"documentId":"` + findID + `","variables":{"id":1}}`, http.StatusOK, `{"data":{"name":"test"}}`, &extension.TrustedDocumentStats{ID: findID, Name: "Find"}},
		{"documentId with the sha256 prefix", `{"documentId":"sha256:` + nameID + `"}`, http.StatusOK, `{"data":{"name":"test"}}`, &extension.TrustedDocumentStats{ID: nameID, Name: "Name"}},
		{"the exact text of a document", `{"query":` + quote(nameBody) + `}`, http.StatusOK, `{"data":{"name":"test"}}`, &extension.TrustedDocumentStats{ID: nameID, Name: "Name"}},
		{"hash with its own text", `{"query":` + quote(nameBody) + `,"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + nameID + `"}}}`, http.StatusOK, `{"data":{"name":"test"}}`, &extension.TrustedDocumentStats{ID: nameID, Name: "Name"}},
		{"free-form query", `{"query":"{ name }"}`, http.StatusUnprocessableEntity, required, nil},
		{"no query at all", `{}`, http.StatusUnprocessableEntity, required, nil},
		{"unknown hash", hashOnly(apqHash), http.StatusUnprocessableEntity, notFound(apqHash), nil},
		{"APQ registration of an unknown hash", `{"query":"{ name }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + apqHash + `"}}}`, http.StatusUnprocessableEntity, notFound(apqHash), nil},
		{"unknown documentId", `{"documentId":"nope"}`, http.StatusUnprocessableEntity, notFound("nope"), nil},
		{
			"a known id with another text", `{"query":"{ name }","documentId":"` + nameID + `"}`, http.StatusUnprocessableEntity,
			`{"errors":[{"message":"the query sent with id \"` + nameID + `\" is not the trusted document of that id","extensions":{"code":"TRUSTED_DOCUMENT_REQUIRED"}}],"data":null}`, nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			runs = nil
			resp := post(srv, tc.body)
			assert.Equal(t, tc.wantStatus, resp.Code)
			assert.Equal(t, tc.wantBody, resp.Body.String())
			if tc.wantStatus != http.StatusOK {
				assert.Empty(t, runs, "nothing ran")
				return
			}
			require.Len(t, runs, 1)
			assert.Equal(t, tc.wantStats, runs[0].stats)
			body := map[string]string{nameID: nameBody, findID: findBody}[tc.wantStats.ID]
			assert.Equal(t, body, runs[0].query, "the manifest's text ran")
		})
	}
	assert.Empty(t, apq, "no hash was registered through APQ")

	// GET, and the GraphQL-over-HTTP media type, which asks for 400.
	w := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/graphql?documentId="+url.QueryEscape(nameID), nil)
	srv.ServeHTTP(w, r)
	assert.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, `{"data":{"name":"test"}}`, w.Body.String())
	w = httptest.NewRecorder()
	r = httptest.NewRequest(http.MethodGet, "/graphql?query="+url.QueryEscape("{ name }"), nil)
	r.Header.Set("Accept", "application/graphql-response+json")
	srv.ServeHTTP(w, r)
	assert.Equal(t, http.StatusBadRequest, w.Code)
	assert.Equal(t, required, w.Body.String())
}

func TestTrustedDocumentsLogAndOff(t *testing.T) {
	for _, mode := range []extension.TrustedDocumentsMode{extension.TrustedDocumentsLog, extension.TrustedDocumentsOff} {
		t.Run(mode.String(), func(t *testing.T) {
			var logged bytes.Buffer
			td := trusted(t, apolloManifest, mode)
			td.Logger = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{
				ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
					if a.Key == slog.TimeKey {
						return slog.Attr{}
					}
					return a
				},
			}))
			apq := graphql.MapCache[string]{}
			srv := trustedServer(td, apq)

			// Trusted documents are served and never logged.
			resp := post(srv, hashOnly(nameID))
			assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())
			resp = post(srv, `{"query":`+quote(nameBody)+`}`)
			assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())
			assert.Empty(t, logged.String())

			// A free-form query runs.
			resp = post(srv, `{"query":"query Free { name }","operationName":"Free"}`)
			assert.Equal(t, http.StatusOK, resp.Code)
			assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())

			// An unknown hash is left to APQ, which registers it and then
			// serves it from its cache.
			resp = post(srv, hashOnly(apqHash))
			assert.Equal(t, `{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}],"data":null}`, resp.Body.String())
			resp = post(srv, `{"query":"{ name }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"`+apqHash+`"}}}`)
			assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())
			resp = post(srv, hashOnly(apqHash))
			assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())
			assert.Equal(t, graphql.MapCache[string]{apqHash: "{ name }"}, apq)

			// An unknown documentId has nothing else to resolve it.
			resp = post(srv, `{"documentId":"nope"}`)
			assert.Equal(t, http.StatusUnprocessableEntity, resp.Code)

			if mode == extension.TrustedDocumentsOff {
				assert.Empty(t, logged.String())
				return
			}
			want := `level=WARN msg="GraphQL operation is not a trusted document" operationName=Free query="query Free { name }"` + "\n" +
				`level=WARN msg="GraphQL operation is not a trusted document" operationName="" query="{ name }"` + "\n" +
				`level=WARN msg="GraphQL operation is not a trusted document" operationName="" query="{ name }"` + "\n"
			assert.Equal(t, want, logged.String())
		})
	}
}

// A trusted document is parsed and validated once, when the extension is
// added: every request gets the same document, and the query cache is not
// even asked for it.
func TestTrustedDocumentsPreparedOnce(t *testing.T) {
	srv := trustedServer(trusted(t, apolloManifest, extension.TrustedDocumentsOff), nil)
	cache := &countingCache{}
	srv.SetQueryCache(cache)
	var docs []*ast.QueryDocument
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		docs = append(docs, graphql.GetOperationContext(ctx).Doc)
		return next(ctx)
	})
	for range 3 {
		assert.Equal(t, `{"data":{"name":"test"}}`, post(srv, hashOnly(nameID)).Body.String())
	}
	require.Len(t, docs, 3)
	assert.Same(t, docs[0], docs[1])
	assert.Same(t, docs[0], docs[2])
	assert.Zero(t, cache.gets)

	post(srv, `{"query":"{ name }"}`)
	assert.Equal(t, 1, cache.gets, "free-form queries still go through the cache")
}

type countingCache struct {
	graphql.MapCache[*ast.QueryDocument]
	gets int
}

func (c *countingCache) Get(ctx context.Context, key string) (*ast.QueryDocument, bool) {
	c.gets++
	if c.MapCache == nil {
		c.MapCache = graphql.MapCache[*ast.QueryDocument]{}
	}
	return c.MapCache.Get(ctx, key)
}

func (c *countingCache) Add(ctx context.Context, key string, doc *ast.QueryDocument) {
	if c.MapCache == nil {
		c.MapCache = graphql.MapCache[*ast.QueryDocument]{}
	}
	c.MapCache.Add(ctx, key, doc)
}

func TestTrustedDocumentsPlainMap(t *testing.T) {
	td := trusted(t, `{"q1": "query Name { name }", "q2": "{ find(id: 2) }"}`, extension.TrustedDocumentsEnforce)
	srv := trustedServer(td, nil)
	var stats []*extension.TrustedDocumentStats
	var queries []string
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		stats = append(stats, extension.GetTrustedDocumentStats(ctx))
		queries = append(queries, graphql.GetOperationContext(ctx).RawQuery)
		return next(ctx)
	})
	assert.Equal(t, `{"data":{"name":"test"}}`, post(srv, `{"documentId":"q1"}`).Body.String())
	assert.Equal(t, `{"data":{"name":"test"}}`, post(srv, `{"documentId":"q2"}`).Body.String())
	assert.Equal(t, []*extension.TrustedDocumentStats{{ID: "q1", Name: "Name"}, {ID: "q2"}}, stats)
	assert.Equal(t, []string{"query Name { name }", "{ find(id: 2) }"}, queries)
}

func TestTrustedDocumentsManifestErrors(t *testing.T) {
	cases := []struct {
		name, manifest, want string
	}{
		{"not JSON", `{`, `reading trusted documents: neither an Apollo persisted query manifest ("format": "apollo-persisted-query-manifest") nor a JSON object of ids to documents`},
		{"not an object", `[1]`, `reading trusted documents: neither an Apollo persisted query manifest ("format": "apollo-persisted-query-manifest") nor a JSON object of ids to documents`},
		{"a plain map with a non-string value", `{"a": "{ name }", "b": 1}`, `reading trusted documents: neither an Apollo persisted query manifest ("format": "apollo-persisted-query-manifest") nor a JSON object of ids to documents`},
		{"another format", `{"format": "relay", "version": 1}`, `reading trusted documents: neither an Apollo persisted query manifest ("format": "apollo-persisted-query-manifest") nor a JSON object of ids to documents`},
		{"another version", `{"format": "apollo-persisted-query-manifest", "version": 2, "operations": []}`, "reading trusted documents: an Apollo persisted query manifest of version 2 is not supported (only 1)"},
		{"an operation without id", `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"name": "X", "body": "{ name }"}]}`, `reading trusted documents: operation 0 ("X") has no id`},
		{"an empty document", `{"a": " "}`, `reading trusted documents: document "a" has no text`},
		{"one id, two documents", `{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "a", "body": "{ name }"}, {"id": "a", "body": "{ find(id: 1) }"}]}`, `reading trusted documents: id "a" is given to two different documents`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := extension.NewTrustedDocuments(strings.NewReader(tc.manifest))
			require.Error(t, err)
			assert.EqualError(t, err, tc.want)
		})
	}

	_, err := extension.LoadTrustedDocuments(filepath.Join(t.TempDir(), "missing.json"))
	require.ErrorIs(t, err, os.ErrNotExist)
	path := filepath.Join(t.TempDir(), "manifest.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"format": "x", "version": 1}`), 0o600))
	_, err = extension.LoadTrustedDocuments(path)
	assert.EqualError(t, err, "loading trusted documents from "+path+`: neither an Apollo persisted query manifest ("format": "apollo-persisted-query-manifest") nor a JSON object of ids to documents`)
	require.NoError(t, os.WriteFile(path, []byte(apolloManifest), 0o600))
	td, err := extension.LoadTrustedDocuments(path)
	require.NoError(t, err)
	assert.Equal(t, `{"data":{"name":"test"}}`, post(trustedServer(td, nil), hashOnly(nameID)).Body.String())
}

// A manifest that does not fit the schema stops the server from starting,
// naming the document and its operation.
func TestTrustedDocumentsValidate(t *testing.T) {
	cases := []struct {
		name, manifest, want string
	}{
		{
			"an unknown field",
			`{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "x1", "name": "Stale", "type": "query", "body": "query Stale { age }"}]}`,
			`trusted document "x1" (operation Stale) does not validate against the schema: x1:1:15: Cannot query field "age" on type "Query". Did you mean "name"?`,
		},
		{
			"a syntax error",
			`{"x2": "query Broken { name"}`,
			`trusted document "x2" does not parse: x2:1:20: Expected Name, found <EOF>`,
		},
		{
			"a plain map's operation name",
			`{"x3": "query Named { find }"}`,
			`trusted document "x3" (operation Named) does not validate against the schema: x3:1:15: Field "find" argument "id" of type "Int!" is required, but it was not provided.`,
		},
		{
			"no operation",
			`{"x4": "fragment F on Query { name }"}`,
			`trusted document "x4" has no operation`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			td := trusted(t, tc.manifest, extension.TrustedDocumentsEnforce)
			err := td.Validate(newTestSchema())
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			assert.PanicsWithError(t, tc.want, func() { testserver.New().Use(td) })
		})
	}

	assert.EqualError(t, (&extension.TrustedDocuments{}).Validate(nil),
		"TrustedDocuments has no manifest: create it with LoadTrustedDocuments or NewTrustedDocuments")
	td := trusted(t, `{}`, extension.TrustedDocumentsMode(7))
	assert.EqualError(t, td.Validate(nil), `unknown trusted documents mode "TrustedDocumentsMode(7)": want enforce, log or off`)
	assert.Equal(t, "TrustedDocuments", td.ExtensionName())
}

// testSchema has the schema of testserver, for calling Validate directly.
type testSchema struct {
	graphql.ExecutableSchema
	schema *ast.Schema
}

func (s testSchema) Schema() *ast.Schema { return s.schema }

func newTestSchema() testSchema {
	return testSchema{schema: gqlparser.MustLoadSchema(&ast.Source{Input: `
type Query { name: String!  find(id: Int!): String! }
type Mutation { name: String! }
type Subscription { name: String! }
`})}
}

// Validate prepares the documents once per schema: calling it before Use,
// as the docs suggest, does not parse them twice.
func TestTrustedDocumentsValidateOncePerSchema(t *testing.T) {
	td := trusted(t, apolloManifest, extension.TrustedDocumentsEnforce)
	_, ok := td.PreparedDocument(context.Background(), nameBody)
	assert.False(t, ok, "nothing is prepared before Validate")

	es := newTestSchema()
	require.NoError(t, td.Validate(es))
	first, ok := td.PreparedDocument(context.Background(), nameBody)
	require.True(t, ok)
	require.NoError(t, td.Validate(es))
	again, _ := td.PreparedDocument(context.Background(), nameBody)
	assert.Same(t, first, again)

	require.NoError(t, td.Validate(newTestSchema()))
	other, _ := td.PreparedDocument(context.Background(), nameBody)
	assert.NotSame(t, first, other, "another schema gets documents validated against it")
	_, ok = td.PreparedDocument(context.Background(), "{ name }")
	assert.False(t, ok, "only manifest texts are prepared")
}

func TestTrustedDocumentsMode(t *testing.T) {
	for _, m := range []extension.TrustedDocumentsMode{extension.TrustedDocumentsEnforce, extension.TrustedDocumentsLog, extension.TrustedDocumentsOff} {
		got, err := extension.ParseTrustedDocumentsMode(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, got)
	}
	assert.Equal(t, extension.TrustedDocumentsEnforce, extension.TrustedDocumentsMode(0), "the zero mode enforces")
	_, err := extension.ParseTrustedDocumentsMode("Enforce")
	assert.EqualError(t, err, `unknown trusted documents mode "Enforce": want enforce, log or off`)
}

// Without TrustedDocuments a documentId is ignored, as upstream gqlgen
// ignores an unknown request member.
func TestDocumentIDWithoutTrustedDocuments(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(transport.POST{})
	resp := post(srv, `{"query":"{ name }","documentId":"whatever"}`)
	assert.Equal(t, `{"data":{"name":"test"}}`, resp.Body.String())
}

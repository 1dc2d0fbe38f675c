package extension

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
)

// TrustedDocuments serves the operations of a manifest (an allow-list of
// persisted documents that a client build extracted from its sources) by
// their ids, and in the default mode serves nothing else.
//
// A request names a document by extensions.persistedQuery.sha256Hash (what
// Apollo Client's persisted-queries link sends, with
// @apollo/persisted-query-lists for manifest ids) or by documentId (the
// GraphQL-over-HTTP persisted documents appendix, and Relay; a
// "sha256:<hex>" id also finds the bare hex id). A request that sends the
// exact text of a manifest document is served as if it named it.
//
// Two manifest formats are read: the Apollo persisted query manifest that
// @apollo/generate-persisted-query-manifest writes
// ({"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id","name","type","body"}]})
// and a plain JSON object of ids to documents (Relay's persisted queries).
// The documents are parsed and validated against the schema once, when the
// extension is added to a server (Validate); a document that does not
// validate makes Validate fail with its id and operation name, so that a
// server does not start with a manifest built for another schema. Requests
// then use the prepared documents without parsing or validating them
// again; the validation rules are gqlparser's defaults, whatever rules the
// server validates free-form queries with, and DocumentCheckers such as
// Limits do not see them.
//
// Errors (extensions.code): TrustedDocumentNotFound for an id that is not
// in the manifest, TrustedDocumentRequired for a query that is not one of
// its documents. Both are sent, like a validation failure, before anything
// is parsed or run, with HTTP status 422 (400 for
// application/graphql-response+json).
//
// With AutomaticPersistedQuery, add TrustedDocuments first: it then answers
// every request before APQ sees it, so that when enforcing no hash is ever
// registered, and APQ leaves alone the requests it served from the
// manifest.
//
//	docs, err := extension.LoadTrustedDocuments("persisted-query-manifest.json")
//	if err != nil { … }
//	srv.Use(docs)
//
// This extension is this module's own; upstream gqlgen has none.
type TrustedDocuments struct {
	// Mode says what happens to requests that do not name a manifest
	// document; the zero value is TrustedDocumentsEnforce.
	Mode TrustedDocumentsMode
	// Logger receives, in TrustedDocumentsLog mode, one warning for each
	// operation that runs and is not a manifest document, with its
	// operation name and query. Nil means slog.Default().
	Logger *slog.Logger

	// docs are the manifest's documents in manifest order; byID and byText
	// index them, and hold parsed documents once Validate has run.
	docs   []*trustedDocument
	byID   map[string]*trustedDocument
	byText map[string]*trustedDocument
	// preparedFor is the schema the documents were last validated
	// against, so that Use after a Validate of one's own does not do the
	// work twice.
	preparedFor *ast.Schema
}

// TrustedDocumentsMode selects how TrustedDocuments treats requests that
// do not name one of its documents. In every mode, requests that do are
// served from the manifest.
type TrustedDocumentsMode int

const (
	// TrustedDocumentsEnforce refuses every other request: nothing is
	// parsed or run, and APQ registration never happens.
	TrustedDocumentsEnforce TrustedDocumentsMode = iota
	// TrustedDocumentsLog lets other requests run as without the extension
	// and logs each such operation, for rolling enforcement out.
	TrustedDocumentsLog
	// TrustedDocumentsOff lets other requests run as without the
	// extension, silently.
	TrustedDocumentsOff
)

// String reports "enforce", "log" or "off".
func (m TrustedDocumentsMode) String() string {
	switch m {
	case TrustedDocumentsEnforce:
		return "enforce"
	case TrustedDocumentsLog:
		return "log"
	case TrustedDocumentsOff:
		return "off"
	}
	return fmt.Sprintf("TrustedDocumentsMode(%d)", int(m))
}

// ParseTrustedDocumentsMode reads "enforce", "log" or "off", as String
// writes them, for flags and configuration files.
func ParseTrustedDocumentsMode(s string) (TrustedDocumentsMode, error) {
	for _, m := range []TrustedDocumentsMode{TrustedDocumentsEnforce, TrustedDocumentsLog, TrustedDocumentsOff} {
		if s == m.String() {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown trusted documents mode %q: want enforce, log or off", s)
}

// The codes in extensions.code of the errors TrustedDocuments returns.
const (
	TrustedDocumentNotFound = "TRUSTED_DOCUMENT_NOT_FOUND"
	TrustedDocumentRequired = "TRUSTED_DOCUMENT_REQUIRED"
)

func init() {
	errcode.RegisterErrorType(TrustedDocumentNotFound, errcode.KindProtocol)
	errcode.RegisterErrorType(TrustedDocumentRequired, errcode.KindProtocol)
}

// TrustedDocumentStats describes the manifest document an operation was
// served from; see GetTrustedDocumentStats.
type TrustedDocumentStats struct {
	// ID is the document's id in the manifest.
	ID string
	// Name is its operation name as the manifest gives it (Apollo's
	// manifest) or as the document declares it; empty for an anonymous
	// operation of a plain map.
	Name string
}

// trustedDocumentsStatsKey is where the stats live in graphql.Stats.
const trustedDocumentsStatsKey = "TrustedDocuments"

// GetTrustedDocumentStats returns the manifest document the operation in
// ctx was served from, or nil if it was not served from one.
func GetTrustedDocumentStats(ctx context.Context) *TrustedDocumentStats {
	if !graphql.HasOperationContext(ctx) {
		return nil
	}
	stats, _ := graphql.GetOperationContext(ctx).Stats.GetExtension(trustedDocumentsStatsKey).(*TrustedDocumentStats)
	return stats
}

// trustedDocument is one document of the manifest.
type trustedDocument struct {
	stats TrustedDocumentStats
	body  string
	// doc is body parsed and validated against the schema by Validate.
	doc *ast.QueryDocument
}

// apolloManifestFormat is the "format" of Apollo's manifest.
const apolloManifestFormat = "apollo-persisted-query-manifest"

// apolloManifest is the file @apollo/generate-persisted-query-manifest
// writes.
type apolloManifest struct {
	Format     string `json:"format"`
	Version    int    `json:"version"`
	Operations []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
		Type string `json:"type"`
		Body string `json:"body"`
	} `json:"operations"`
}

// LoadTrustedDocuments reads the manifest at path (see TrustedDocuments
// for its formats); the documents are parsed and validated when the
// extension is added to a server.
func LoadTrustedDocuments(path string) (*TrustedDocuments, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("loading trusted documents: %w", err)
	}
	defer f.Close()
	t, err := readTrustedDocuments(f)
	if err != nil {
		return nil, fmt.Errorf("loading trusted documents from %s: %w", path, err)
	}
	return t, nil
}

// NewTrustedDocuments reads a manifest from r, as LoadTrustedDocuments
// reads a file.
func NewTrustedDocuments(r io.Reader) (*TrustedDocuments, error) {
	t, err := readTrustedDocuments(r)
	if err != nil {
		return nil, fmt.Errorf("reading trusted documents: %w", err)
	}
	return t, nil
}

func readTrustedDocuments(r io.Reader) (*TrustedDocuments, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	t := &TrustedDocuments{byID: map[string]*trustedDocument{}, byText: map[string]*trustedDocument{}}

	// A plain map has only string values; Apollo's manifest has a number
	// and an array, so it never decodes as one.
	var plain map[string]string
	if codec.Unmarshal(data, &plain) == nil && plain["format"] != apolloManifestFormat {
		ids := make([]string, 0, len(plain))
		for id := range plain {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if err := t.add(id, "", plain[id]); err != nil {
				return nil, err
			}
		}
		return t, nil
	}

	var m apolloManifest
	if err := codec.Unmarshal(data, &m); err != nil || m.Format != apolloManifestFormat {
		return nil, fmt.Errorf("neither an Apollo persisted query manifest (\"format\": %q) nor a JSON object of ids to documents", apolloManifestFormat)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("an Apollo persisted query manifest of version %d is not supported (only 1)", m.Version)
	}
	for i, op := range m.Operations {
		if op.ID == "" {
			return nil, fmt.Errorf("operation %d (%q) has no id", i, op.Name)
		}
		if err := t.add(op.ID, op.Name, op.Body); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// add records one document; an id given twice must have the same body.
func (t *TrustedDocuments) add(id, name, body string) error {
	if strings.TrimSpace(body) == "" {
		return fmt.Errorf("document %q has no text", id)
	}
	if prev, ok := t.byID[id]; ok {
		if prev.body != body {
			return fmt.Errorf("id %q is given to two different documents", id)
		}
		return nil
	}
	d := &trustedDocument{stats: TrustedDocumentStats{ID: id, Name: name}, body: body}
	t.docs = append(t.docs, d)
	t.byID[id] = d
	if _, ok := t.byText[body]; !ok {
		t.byText[body] = d
	}
	return nil
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
	graphql.DocumentProvider
	graphql.OperationContextMutator
} = &TrustedDocuments{}

// ExtensionName reports "TrustedDocuments".
func (*TrustedDocuments) ExtensionName() string { return "TrustedDocuments" }

// Validate parses every document of the manifest and validates it against
// schema, and fails with the first that does not pass, naming its id and
// operation; a server's Use panics with that error, so call Validate
// yourself first to handle it. It also fails for a mode it does not know
// and for an extension that no manifest was read into. The documents
// prepared for the last schema validated against are the ones served; a
// second call with the same schema does nothing more. Like the server's
// own settings, it must not be called while requests are served.
func (t *TrustedDocuments) Validate(schema graphql.ExecutableSchema) error {
	if t.byID == nil {
		return errors.New("TrustedDocuments has no manifest: create it with LoadTrustedDocuments or NewTrustedDocuments")
	}
	if _, err := ParseTrustedDocumentsMode(t.Mode.String()); err != nil {
		return err
	}
	if t.preparedFor != nil && t.preparedFor == schema.Schema() {
		return nil
	}
	parsed := make([]*ast.QueryDocument, len(t.docs))
	for i, d := range t.docs {
		doc, err := parser.ParseQuery(&ast.Source{Name: d.stats.ID, Input: d.body})
		if err != nil {
			return fmt.Errorf("trusted document %s does not parse: %w", d.describe(nil), err)
		}
		if len(doc.Operations) == 0 {
			return fmt.Errorf("trusted document %s has no operation", d.describe(doc))
		}
		if errs := validator.ValidateWithRules(schema.Schema(), doc, nil); len(errs) > 0 {
			more := ""
			if len(errs) > 1 {
				more = fmt.Sprintf(" (and %d more errors)", len(errs)-1)
			}
			return fmt.Errorf("trusted document %s does not validate against the schema: %w%s", d.describe(doc), errs[0], more)
		}
		parsed[i] = doc
	}
	for i, d := range t.docs {
		d.doc = parsed[i]
		if d.stats.Name == "" && len(d.doc.Operations) == 1 {
			d.stats.Name = d.doc.Operations[0].Name
		}
	}
	t.preparedFor = schema.Schema()
	return nil
}

// describe names d in errors: its id, and its operation name when the
// manifest or doc (nil if it did not parse) gives one.
func (d *trustedDocument) describe(doc *ast.QueryDocument) string {
	name := d.stats.Name
	if name == "" && doc != nil && len(doc.Operations) == 1 {
		name = doc.Operations[0].Name
	}
	if name == "" {
		return fmt.Sprintf("%q", d.stats.ID)
	}
	return fmt.Sprintf("%q (operation %s)", d.stats.ID, name)
}

// MutateOperationParameters serves a request that names a manifest
// document with that document's text and, when enforcing, refuses every
// other request.
func (t *TrustedDocuments) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	id, byDocumentID := params.DocumentID, params.DocumentID != ""
	if !byDocumentID {
		if raw := params.Extensions["persistedQuery"]; raw != nil {
			if pq, ok := decodePersistedQuery(raw); ok {
				id = pq.hash
			}
		}
	}

	var d *trustedDocument
	switch {
	case id != "":
		d = t.lookup(id)
		if d == nil && (byDocumentID || t.Mode == TrustedDocumentsEnforce) {
			// Nothing but the manifest resolves a documentId; an
			// unknown hash is left to APQ unless enforcing.
			return trustedError(TrustedDocumentNotFound, "unknown trusted document %q", id)
		}
		if d != nil && params.Query != "" && params.Query != d.body {
			d = nil
			if t.Mode == TrustedDocumentsEnforce {
				return trustedError(TrustedDocumentRequired, "the query sent with id %q is not the trusted document of that id", id)
			}
		}
	case params.Query != "":
		d = t.byText[params.Query]
	}
	if d == nil {
		if t.Mode == TrustedDocumentsEnforce {
			return trustedError(TrustedDocumentRequired,
				"only trusted documents are served: send a document's id (extensions.persistedQuery.sha256Hash or documentId)")
		}
		return nil
	}
	params.Query = d.body
	graphql.GetOperationContext(ctx).Stats.SetExtension(trustedDocumentsStatsKey, &d.stats)
	return nil
}

// lookup finds id, or for a "sha256:" id of the persisted documents
// appendix, the bare hash.
func (t *TrustedDocuments) lookup(id string) *trustedDocument {
	if d, ok := t.byID[id]; ok {
		return d
	}
	if hash, ok := strings.CutPrefix(id, "sha256:"); ok {
		return t.byID[hash]
	}
	return nil
}

// PreparedDocument returns the document Validate prepared for query, when
// query is the text of a manifest document.
func (t *TrustedDocuments) PreparedDocument(_ context.Context, query string) (*ast.QueryDocument, bool) {
	d, ok := t.byText[query]
	if !ok || d.doc == nil {
		return nil, false
	}
	return d.doc, true
}

// MutateOperationContext logs, in TrustedDocumentsLog mode, an operation
// that is about to run and is not a manifest document (including one that
// APQ resolved from its cache after this extension saw the request).
func (t *TrustedDocuments) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if t.Mode != TrustedDocumentsLog {
		return nil
	}
	if _, trusted := oc.Stats.GetExtension(trustedDocumentsStatsKey).(*TrustedDocumentStats); trusted {
		return nil
	}
	if _, known := t.byText[oc.RawQuery]; known {
		return nil
	}
	logger := t.Logger
	if logger == nil {
		logger = slog.Default()
	}
	logger.WarnContext(ctx, "GraphQL operation is not a trusted document",
		slog.String("operationName", oc.OperationName), slog.String("query", oc.RawQuery))
	return nil
}

func trustedError(code, format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	errcode.Set(err, code)
	return err
}

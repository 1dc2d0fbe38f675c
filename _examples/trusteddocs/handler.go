package trusteddocs

import (
	"bytes"
	_ "embed"
	"fmt"
	"log/slog"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// Manifest is the client's persisted query manifest, as
// @apollo/generate-persisted-query-manifest wrote it (npm run manifest in
// client/; TestManifestIsTheToolsOutput checks it is current).
//
//go:embed client/persisted-query-manifest.json
var Manifest []byte

// NewServer serves the schema with the client's manifest enforced in mode,
// and logs in TrustedDocumentsLog mode to logger (nil: slog.Default()). It
// fails, naming the operation, if the manifest does not validate against
// the schema.
func NewServer(r *Resolver, mode extension.TrustedDocumentsMode, logger *slog.Logger) (*handler.Server, error) {
	es := NewExecutableSchema(Config{Resolvers: r})
	docs, err := extension.NewTrustedDocuments(bytes.NewReader(Manifest))
	if err != nil {
		return nil, err
	}
	docs.Mode, docs.Logger = mode, logger
	if err := docs.Validate(es); err != nil {
		return nil, fmt.Errorf("client/persisted-query-manifest.json: %w", err)
	}

	srv := handler.New(es)
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](100))
	// TrustedDocuments first: when enforcing, a hash it does not know is
	// refused before APQ could register it.
	srv.Use(docs)
	srv.Use(extension.AutomaticPersistedQuery{Cache: lru.New[string](100)})
	return srv, nil
}

package extension

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
)

// AutomaticPersistedQuery implements Apollo's automatic persisted queries:
// a client sends the SHA-256 hash of its query in
// extensions.persistedQuery instead of the query; a server that does not
// know the hash answers PersistedQueryNotFound, and the client sends the
// query with the hash once, for the server to remember.
//
// See https://github.com/apollographql/apollo-link-persisted-queries.
type AutomaticPersistedQuery struct {
	// Cache maps hashes to queries. It must not be nil.
	Cache graphql.Cache[string]
}

// ApqStats describes how a request used automatic persisted queries; see
// GetApqStats.
type ApqStats struct {
	// Hash is the hash the request named.
	Hash string
	// SentQuery reports whether the request carried the query along with
	// its hash, rather than the hash alone.
	SentQuery bool
}

// Messages and code of the APQ protocol. Clients look for the message.
const (
	persistedQueryNotFound     = "PersistedQueryNotFound"
	persistedQueryNotFoundCode = "PERSISTED_QUERY_NOT_FOUND"
)

// apqStatsKey is where the stats live in graphql.Stats.
const apqStatsKey = "APQ"

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = AutomaticPersistedQuery{}

// ExtensionName reports "AutomaticPersistedQuery".
func (AutomaticPersistedQuery) ExtensionName() string { return "AutomaticPersistedQuery" }

// Validate fails when there is no cache.
func (a AutomaticPersistedQuery) Validate(graphql.ExecutableSchema) error {
	if a.Cache == nil {
		return errors.New("AutomaticPersistedQuery.Cache can not be nil")
	}
	return nil
}

// MutateOperationParameters resolves a persisted query: a request with a
// hash and no query gets the query stored under the hash, and a request
// with both has its hash checked and the query stored. Requests without
// extensions.persistedQuery pass unchanged, and so do requests that
// TrustedDocuments, added before it, served from its manifest.
func (a AutomaticPersistedQuery) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	raw := params.Extensions["persistedQuery"]
	if raw == nil || GetTrustedDocumentStats(ctx) != nil {
		return nil
	}
	pq, ok := decodePersistedQuery(raw)
	if !ok {
		return gqlerror.Errorf("invalid APQ extension data")
	}
	if pq.version != 1 {
		return gqlerror.Errorf("unsupported APQ version")
	}

	sent := params.Query != ""
	if sent {
		if !hashMatches(pq.hash, params.Query) {
			return gqlerror.Errorf("provided APQ hash does not match query")
		}
		a.Cache.Add(ctx, pq.hash, params.Query)
	} else {
		query, found := a.Cache.Get(ctx, pq.hash)
		if !found {
			err := gqlerror.Errorf(persistedQueryNotFound)
			errcode.Set(err, persistedQueryNotFoundCode)
			return err
		}
		params.Query = query
	}

	graphql.GetOperationContext(ctx).Stats.SetExtension(apqStatsKey, &ApqStats{Hash: pq.hash, SentQuery: sent})
	return nil
}

// GetApqStats returns how the operation in ctx used automatic persisted
// queries, or nil if it did not.
func GetApqStats(ctx context.Context) *ApqStats {
	stats, _ := graphql.GetOperationContext(ctx).Stats.GetExtension(apqStatsKey).(*ApqStats)
	return stats
}

// hashMatches reports whether hash is the lower-case hexadecimal SHA-256
// of query.
func hashMatches(hash, query string) bool {
	if len(hash) != 2*sha256.Size {
		return false
	}
	sum := sha256.Sum256([]byte(query))
	var text [2 * sha256.Size]byte
	hex.Encode(text[:], sum[:])
	return string(text[:]) == hash
}

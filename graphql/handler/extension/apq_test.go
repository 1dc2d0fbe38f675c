package extension_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

const (
	apqQuery = "{ name }"
	// apqHash is the SHA-256 of apqQuery in lower-case hex.
	apqHash = "30166fc3298853f22709fce1e4a00e98f1b6a3160eaaaf9cb3b7db6a16073b07"
)

func pq(version any, hash any) map[string]any {
	return map[string]any{"persistedQuery": map[string]any{"version": version, "sha256Hash": hash}}
}

func TestAPQ(t *testing.T) {
	cases := []struct {
		name       string
		cache      graphql.MapCache[string]
		params     graphql.RawParams
		wantErr    string
		wantCode   any
		wantQuery  string
		wantStored bool
		wantStats  *extension.ApqStats
	}{
		{
			name:      "no extension leaves the request alone",
			params:    graphql.RawParams{Query: "original"},
			wantQuery: "original",
		},
		{
			name:      "a null extension leaves the request alone",
			params:    graphql.RawParams{Query: "original", Extensions: map[string]any{"persistedQuery": nil}},
			wantQuery: "original",
		},
		{
			name:     "unknown hash without query",
			params:   graphql.RawParams{Extensions: pq(1, apqHash)},
			wantErr:  "PersistedQueryNotFound",
			wantCode: "PERSISTED_QUERY_NOT_FOUND",
		},
		{
			name:      "known hash without query",
			cache:     graphql.MapCache[string]{apqHash: apqQuery},
			params:    graphql.RawParams{Extensions: pq(1, apqHash)},
			wantQuery: apqQuery,
			wantStats: &extension.ApqStats{Hash: apqHash},
		},
		{
			name:       "hash with its query is stored",
			params:     graphql.RawParams{Query: apqQuery, Extensions: pq(json.Number("1"), apqHash)},
			wantQuery:  apqQuery,
			wantStored: true,
			wantStats:  &extension.ApqStats{Hash: apqHash, SentQuery: true},
		},
		{
			name:    "hash that is not the query's",
			params:  graphql.RawParams{Query: "{ other }", Extensions: pq(1, apqHash)},
			wantErr: "provided APQ hash does not match query",
		},
		{
			name:    "upper-case hash",
			params:  graphql.RawParams{Query: apqQuery, Extensions: pq(1, "30166FC3298853F22709FCE1E4A00E98F1B6A3160EAAAF9CB3B7DB6A16073B07")},
			wantErr: "provided APQ hash does not match query",
		},
		{
			name:    "version 2",
			params:  graphql.RawParams{Extensions: pq(2, apqHash)},
			wantErr: "unsupported APQ version",
		},
		{
			name:    "not an object",
			params:  graphql.RawParams{Extensions: map[string]any{"persistedQuery": "asdf"}},
			wantErr: "invalid APQ extension data",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, oc := opContext()
			cache := tc.cache
			if cache == nil {
				cache = graphql.MapCache[string]{}
			}
			err := extension.AutomaticPersistedQuery{Cache: cache}.MutateOperationParameters(ctx, &tc.params)
			if tc.wantErr != "" {
				require.NotNil(t, err)
				assert.Equal(t, tc.wantErr, err.Message)
				assert.Equal(t, tc.wantCode, err.Extensions["code"])
				assert.Nil(t, extension.GetApqStats(ctx))
				return
			}
			require.Equal(t, (*gqlerror.Error)(nil), err)
			assert.Equal(t, tc.wantQuery, tc.params.Query)
			if tc.wantStored {
				assert.Equal(t, apqQuery, cache[apqHash])
			}
			assert.Equal(t, tc.wantStats, extension.GetApqStats(ctx))
			if tc.wantStats != nil {
				assert.Equal(t, tc.wantStats, oc.Stats.GetExtension("APQ"), "kept under upstream's key")
			}
		})
	}
}

// The extension data is decoded as upstream gqlgen decodes it (through
// mapstructure); these outcomes were observed with upstream.
func TestAPQExtensionDecoding(t *testing.T) {
	const (
		found       = "found"
		notFound    = "PersistedQueryNotFound"
		invalid     = "invalid APQ extension data"
		unsupported = "unsupported APQ version"
	)
	type hashVersion struct {
		Version    int
		Sha256Hash string
	}
	cases := []struct {
		data any
		want string
	}{
		{map[string]any{"version": json.Number("1"), "sha256Hash": "x"}, found},
		{map[string]any{"version": json.Number("1.0"), "sha256Hash": "x"}, invalid},
		{map[string]any{"version": json.Number("1e0"), "sha256Hash": "x"}, invalid},
		{map[string]any{"version": json.Number("abc"), "sha256Hash": "x"}, invalid},
		{map[string]any{"version": 1.9, "sha256Hash": "x"}, found},
		{map[string]any{"version": float32(1), "sha256Hash": "x"}, found},
		{map[string]any{"version": uint(1), "sha256Hash": "x"}, found},
		{map[string]any{"version": "1", "sha256Hash": "x"}, invalid},
		{map[string]any{"version": true, "sha256Hash": "x"}, invalid},
		{map[string]any{"VERSION": 1, "SHA256HASH": "x"}, found},
		{map[string]any{"version": 1, "sha256Hash": 5}, invalid},
		{map[string]any{"version": 1, "sha256Hash": []byte("x")}, invalid},
		{map[string]any{"version": 1, "sha256Hash": json.Number("5")}, notFound},
		{map[string]any{"version": 1}, notFound},
		{map[string]any{"version": 1, "sha256Hash": nil}, notFound},
		{map[string]any{"version": nil, "sha256Hash": "x"}, unsupported},
		{map[string]any{}, unsupported},
		{map[string]string{"sha256Hash": "x"}, unsupported},
		{map[int]any{1: 2}, invalid},
		{[]any{1}, invalid},
		{"asdf", invalid},
		{5, invalid},
		{false, invalid},
		{hashVersion{Version: 1, Sha256Hash: "x"}, found},
		{&map[string]any{"version": 1, "sha256Hash": "x"}, found},
	}
	for _, tc := range cases {
		ctx, _ := opContext()
		params := &graphql.RawParams{Extensions: map[string]any{"persistedQuery": tc.data}}
		err := extension.AutomaticPersistedQuery{Cache: graphql.MapCache[string]{"x": "{ name }"}}.
			MutateOperationParameters(ctx, params)
		got := found
		if err != nil {
			got = err.Message
		}
		assert.Equal(t, tc.want, got, "%#v", tc.data)
		if got == found {
			assert.Equal(t, "{ name }", params.Query)
		}
	}
}

func TestAPQValidate(t *testing.T) {
	assert.EqualError(t, extension.AutomaticPersistedQuery{}.Validate(nil), "AutomaticPersistedQuery.Cache can not be nil")
	assert.NoError(t, extension.AutomaticPersistedQuery{Cache: graphql.MapCache[string]{}}.Validate(nil))
	assert.Equal(t, "AutomaticPersistedQuery", extension.AutomaticPersistedQuery{}.ExtensionName())
	assert.Panics(t, func() { testserver.New().Use(extension.AutomaticPersistedQuery{}) })
}

func TestAPQThroughTheServer(t *testing.T) {
	srv := testserver.New()
	srv.AddTransport(jsonPOST{})
	srv.Use(&extension.AutomaticPersistedQuery{Cache: graphql.MapCache[string]{}})
	var stats []*extension.ApqStats
	srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		stats = append(stats, extension.GetApqStats(ctx))
		return next(ctx)
	})
	hashOnly := `{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + apqHash + `"}}}`
	withQuery := `{"query":"{ name }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + apqHash + `"}}}`

	resp := post(srv, hashOnly)
	assert.Equal(t, http.StatusOK, resp.Code)
	assert.Equal(t, `{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}],"data":null}`, resp.Body.String())

	resp = post(srv, withQuery)
	assert.JSONEq(t, `{"data":{"name":"test"}}`, resp.Body.String())
	resp = post(srv, hashOnly)
	assert.JSONEq(t, `{"data":{"name":"test"}}`, resp.Body.String())

	require.Len(t, stats, 3)
	assert.Nil(t, stats[0], "a refused request has no stats")
	assert.Equal(t, &extension.ApqStats{Hash: apqHash, SentQuery: true}, stats[1])
	assert.Equal(t, &extension.ApqStats{Hash: apqHash, SentQuery: false}, stats[2])
}

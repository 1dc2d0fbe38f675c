package extension_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
)

// limited returns a test server using limit, and a pointer to the stats the
// last response saw.
func limited(limit *extension.ComplexityLimit) (*testserver.TestServer, **extension.ComplexityStats) {
	srv := testserver.New()
	srv.AddTransport(jsonPOST{})
	srv.Use(limit)
	stats := new(*extension.ComplexityStats)
	srv.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		*stats = extension.GetComplexityStats(ctx)
		return next(ctx)
	})
	return srv, stats
}

func TestComplexityLimit(t *testing.T) {
	srv, stats := limited(&extension.ComplexityLimit{
		Func: func(_ context.Context, opCtx *graphql.OperationContext) int {
			if opCtx.OperationName == "Generous" {
				return 10
			}
			return 3
		},
	})
	cases := []struct {
		name, body, want string
		cost, complexity int
		limit            int
	}{
		{"at the limit", `{"query":"{ name }"}`, `{"data":{"name":"test"}}`, 3, 3, 3},
		{"below the limit", `{"query":"{ name }"}`, `{"data":{"name":"test"}}`, 1, 1, 3},
		{
			"above the limit", `{"query":"{ name }"}`,
			`{"errors":[{"message":"operation has complexity 4, which exceeds the limit of 3","extensions":{"code":"COMPLEXITY_LIMIT_EXCEEDED"}}],"data":null}`,
			4, 4, 3,
		},
		{"a limit per operation", `{"query":"query Generous { name }","operationName":"Generous"}`, `{"data":{"name":"test"}}`, 4, 4, 10},
		{"every field counts", `{"query":"{ a: name b: name }"}`, `{"data":{"name":"test"}}`, 1, 2, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			*stats = nil
			srv.SetCalculatedComplexity(tc.cost)
			resp := post(srv, tc.body)
			assert.Equal(t, 200, resp.Code, "refusals are not HTTP errors")
			assert.Equal(t, tc.want, resp.Body.String())
			require.NotNil(t, *stats)
			assert.Equal(t, extension.ComplexityStats{Complexity: tc.complexity, ComplexityLimit: tc.limit}, **stats)
		})
	}
}

func TestFixedComplexityLimit(t *testing.T) {
	srv, stats := limited(extension.FixedComplexityLimit(2))
	srv.SetCalculatedComplexity(5)
	resp := post(srv, `{"query":"{ name }"}`)
	assert.Contains(t, resp.Body.String(), "operation has complexity 5, which exceeds the limit of 2")
	assert.Equal(t, &extension.ComplexityStats{Complexity: 5, ComplexityLimit: 2}, *stats)

	// __schema costs nothing, whatever the schema says of its fields.
	resp = post(srv, `{"query":"query IntrospectionQuery { __schema { queryType { name } } }","operationName":"IntrospectionQuery"}`)
	assert.JSONEq(t, `{"data":{"name":"test"}}`, resp.Body.String())
	assert.Equal(t, &extension.ComplexityStats{Complexity: 0, ComplexityLimit: 2}, *stats)
}

func TestFixedComplexityLimitOptions(t *testing.T) {
	srv, stats := limited(extension.FixedComplexityLimit(100,
		complexity.WithIgnoreFields(map[string]struct{}{"Query.find": {}})))
	srv.SetCalculatedComplexity(0) // below 1: the default costs apply
	post(srv, `{"query":"{ name find(id: 1) }"}`)
	assert.Equal(t, 1, (*stats).Complexity)
}

func TestComplexityLimitExtension(t *testing.T) {
	limit := &extension.ComplexityLimit{}
	assert.EqualError(t, limit.Validate(nil), "ComplexityLimit func can not be nil")
	assert.Equal(t, "ComplexityLimit", limit.ExtensionName())
	assert.Panics(t, func() { testserver.New().Use(limit) })

	ctx, _ := opContext()
	assert.Nil(t, extension.GetComplexityStats(ctx))
}

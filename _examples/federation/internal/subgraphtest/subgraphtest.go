// Package subgraphtest sends queries to a subgraph's handler in process,
// through gqlgen's client package, for the subgraphs' tests.
package subgraphtest

import (
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/99designs/gqlgen/client"
)

// Query posts query with vars (may be nil) to h and returns the response's
// data and errors as JSON text ("null" for an absent member), for exact
// comparison with assert.JSONEq.
func Query(t *testing.T, h http.Handler, query string, vars map[string]any) (data, errs string) {
	t.Helper()
	var opts []client.Option
	for name, value := range vars {
		opts = append(opts, client.Var(name, value))
	}
	resp, err := client.New(h).RawPost(query, opts...)
	require.NoError(t, err)
	require.NotNil(t, resp)
	d, err := json.Marshal(resp.Data)
	require.NoError(t, err)
	errs = "null"
	if len(resp.Errors) > 0 {
		errs = string(resp.Errors)
	}
	return string(d), errs
}

// Reps builds the representations variable of an _entities query: one map
// per entity, each with its __typename and the given fields.
func Reps(typename string, fields ...map[string]any) []any {
	reps := make([]any, len(fields))
	for i, f := range fields {
		rep := map[string]any{"__typename": typename}
		for k, v := range f {
			rep[k] = v
		}
		reps[i] = rep
	}
	return reps
}

// CheckService asserts that h answers `{ _service { sdl } }` without
// errors and that the SDL carries the schema file at schemaPath as written:
// a gateway composes what _service says, so nothing of it may be lost.
func CheckService(t *testing.T, h http.Handler, schemaPath string) {
	t.Helper()
	data, errs := Query(t, h, `{ _service { sdl } }`, nil)
	require.Equal(t, "null", errs)
	var got struct {
		Service struct{ SDL string } `json:"_service"`
	}
	require.NoError(t, json.Unmarshal([]byte(data), &got))
	schema, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	assert.Contains(t, got.Service.SDL, string(schema), "_service.sdl must carry %s as written", schemaPath)
}

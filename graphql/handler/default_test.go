package handler_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
)

func TestNewDefaultServer(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
		type Character { name: String! }
		type Query { hero(id: ID!): Character }
	`})
	//nolint:staticcheck // the deprecated constructor is what is under test
	srv := handler.NewDefaultServer(fixedSchema{schema})
	var introspection []bool
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		introspection = append(introspection, !graphql.GetOperationContext(ctx).DisableIntrospection)
		return next(ctx)
	})

	do := func(method, target, contentType, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, target, strings.NewReader(body))
		if contentType != "" {
			r.Header.Set("Content-Type", contentType)
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		return w
	}

	resp := do(http.MethodPost, "/", "application/json", `{"query":"{ hero(id: \"1\") { name } }"}`)
	assert.Equal(t, http.StatusOK, resp.Code)
	assert.JSONEq(t, `{"data":{"hero":{"name":"R2-D2"}}}`, resp.Body.String())

	resp = do(http.MethodGet, `/?query={hero(id:"1"){name}}`, "", "")
	assert.Equal(t, http.StatusOK, resp.Code)
	assert.JSONEq(t, `{"data":{"hero":{"name":"R2-D2"}}}`, resp.Body.String())

	resp = do(http.MethodOptions, "/", "", "")
	assert.Equal(t, http.StatusOK, resp.Code)

	resp = do(http.MethodPost, "/", "application/json",
		`{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"0000000000000000000000000000000000000000000000000000000000000000"}}}`)
	assert.Equal(t, http.StatusOK, resp.Code)
	assert.JSONEq(t, `{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}],"data":null}`, resp.Body.String())

	resp = do(http.MethodPut, "/", "text/plain", "")
	assert.Equal(t, http.StatusBadRequest, resp.Code)

	assert.Equal(t, []bool{true, true}, introspection)
}

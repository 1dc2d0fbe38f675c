package introspection

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// selections validates query against schema and returns, for every field it
// selects anywhere (through fragments too), "Parent.field" mapped to the
// selection, plus the parsed document.
func selections(t *testing.T, schema *ast.Schema, query string) (map[string]*ast.Field, *ast.QueryDocument) {
	t.Helper()
	doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
	require.Empty(t, errs, "the query must validate")

	found := map[string]*ast.Field{}
	pending := []ast.SelectionSet{}
	for _, op := range doc.Operations {
		pending = append(pending, op.SelectionSet)
	}
	for len(pending) > 0 {
		set := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		for _, sel := range set {
			switch sel := sel.(type) {
			case *ast.Field:
				found[sel.ObjectDefinition.Name+"."+sel.Name] = sel
				pending = append(pending, sel.SelectionSet)
			case *ast.FragmentSpread:
				pending = append(pending, sel.Definition.SelectionSet)
			case *ast.InlineFragment:
				pending = append(pending, sel.SelectionSet)
			}
		}
	}
	return found, doc
}

// introspectionFields lists "Parent.field" for every field of the __ object
// types that schema declares.
func introspectionFields(schema *ast.Schema) []string {
	var all []string
	for name, def := range schema.Types {
		if def.Kind != ast.Object || !strings.HasPrefix(name, "__") {
			continue
		}
		for _, f := range def.Fields {
			all = append(all, name+"."+f.Name)
		}
	}
	sort.Strings(all)
	return all
}

func TestQuerySelectsEveryIntrospectionField(t *testing.T) {
	schema := loadSchema(t, "type Query { a: Int }")
	tests := []struct {
		name    string
		query   string
		skipped []string // introspection fields the query must not select
	}{
		{"Query", Query, []string{"__Type.isOneOf"}},
		{"NewQuery zero options", NewQuery(QueryOptions{}), []string{"__Type.isOneOf"}},
		{"NewQuery with OneOf", NewQuery(QueryOptions{OneOf: true}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, doc := selections(t, schema, tt.query)
			require.Len(t, doc.Operations, 1)
			assert.Equal(t, "IntrospectionQuery", doc.Operations[0].Name)

			for _, name := range introspectionFields(schema) {
				sel, ok := found[name]
				if slices.Contains(tt.skipped, name) {
					assert.False(t, ok, "%s must not be selected", name)
					continue
				}
				if !assert.True(t, ok, "%s is not selected", name) {
					continue
				}
				// Wherever includeDeprecated exists the query must pass true,
				// so clients see deprecated schema elements as well.
				if sel.Definition.Arguments.ForName("includeDeprecated") != nil {
					arg := sel.Arguments.ForName("includeDeprecated")
					if assert.NotNil(t, arg, "%s lacks includeDeprecated", name) {
						assert.Equal(t, "true", arg.Value.Raw, name)
					}
				}
			}
		})
	}
}

func TestNewQueryZeroOptionsIsQuery(t *testing.T) {
	assert.Equal(t, Query, NewQuery(QueryOptions{}))
	assert.NotEqual(t, Query, NewQuery(QueryOptions{OneOf: true}))
}

func TestQueryTypeRefDepth(t *testing.T) {
	// graphql-js follows ofType nine levels by default; fewer would truncate
	// types such as [[[[Int!]!]!]!].
	schema := loadSchema(t, "type Query { a: Int }")
	for name, query := range map[string]string{
		"Query":      Query,
		"with OneOf": NewQuery(QueryOptions{OneOf: true}),
	} {
		t.Run(name, func(t *testing.T) {
			_, doc := selections(t, schema, query)
			typeRef := doc.Fragments.ForName("TypeRef")
			require.NotNil(t, typeRef)

			depth := 0
			for set := typeRef.SelectionSet; ; depth++ {
				var next *ast.Field
				for _, sel := range set {
					if f, ok := sel.(*ast.Field); ok && f.Name == "ofType" {
						next = f
					}
				}
				if next == nil {
					break
				}
				set = next.SelectionSet
			}
			assert.Equal(t, 9, depth)
		})
	}
}

package executor

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
)

// The fast path must agree with validator.VariableValues on every input:
// same values of the same Go types, same errors.
func TestCoerceVariablesAgreesWithGqlparser(t *testing.T) {
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
		scalar Any
		enum Color { RED GREEN }
		input In { a: Int }
		type Query { f(
			i: Int, f: Float, s: String, b: Boolean, id: ID, c: Color, any: Any, in: In, l: [Int]
		): Int  g(ni: Int!): Int  h(ns: String!): Int }
	`})
	decls := map[string]string{
		"i": "Int", "f": "Float", "s": "String", "b": "Boolean", "id": "ID", "c": "Color",
		"any": "Any", "in": "In", "l": "[Int]", "ni": "Int!", "ns": "String!", "di": "Int = 3",
	}
	values := []any{
		nil, 1, int32(2), int64(3), 1.0, 1.5, float32(2), "x", "12", "RED", "red", "BLUE", true,
		json.Number("7"), json.Number("7.5"), json.Number("1e400"), json.Number("99999999999999999999"),
		map[string]any{"a": 1}, []any{1, 2}, &[]int{1}[0], uint(4),
	}
	type outcome struct {
		vars map[string]any
		err  string
	}
	run := func(fn func(*ast.Schema, *ast.OperationDefinition, map[string]any) (map[string]any, error), op *ast.OperationDefinition, raw map[string]any) outcome {
		vars, err := fn(schema, op, raw)
		if err != nil {
			return outcome{err: err.Error()}
		}
		return outcome{vars: vars}
	}
	for name, typ := range decls {
		arg := name
		if name == "di" {
			arg = "i"
		}
		field := "f"
		switch name {
		case "ni":
			field = "g"
		case "ns":
			field = "h"
		}
		query := fmt.Sprintf("query($%s: %s) { %s(%s: $%s) }", name, typ, field, arg, name)
		doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
		require.Empty(t, errs, query)
		op := doc.Operations[0]
		inputs := []map[string]any{nil, {}}
		for _, v := range values {
			inputs = append(inputs, map[string]any{name: v})
		}
		for _, raw := range inputs {
			want := run(validator.VariableValues, op, raw)
			got := run(coerceVariables, op, raw)
			assert.Equal(t, want, got, "%s with %#v", query, raw)
			for k, v := range want.vars {
				assert.IsType(t, v, got.vars[k], "%s with %#v", query, raw)
			}
		}
	}
}

func TestCoerceVariablesWithoutDefinitions(t *testing.T) {
	op := &ast.OperationDefinition{}
	vars, err := coerceVariables(nil, op, map[string]any{"x": 1})
	require.NoError(t, err)
	assert.NotNil(t, vars)
	assert.Empty(t, vars)
}

package executor

import (
	"encoding/json"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
)

// coerceVariables coerces the request's variables for op as gqlparser's
// validator.VariableValues does, and with the same results and errors.
//
// Most operations declare a few variables of built-in scalar or enum types
// with values already of the right Go type. Those are checked here directly,
// which saves the allocations of VariableValues' reflection and error
// paths; anything else (lists, input objects, defaults, values that need
// conversion or fail) is left to VariableValues for the whole operation.
func coerceVariables(schema *ast.Schema, op *ast.OperationDefinition, raw map[string]any) (map[string]any, error) {
	if len(op.VariableDefinitions) == 0 {
		return map[string]any{}, nil
	}
	for _, def := range op.VariableDefinitions {
		if !simpleVariable(schema, def, raw) {
			return validator.VariableValues(schema, op, raw)
		}
	}
	coerced := make(map[string]any, len(op.VariableDefinitions))
	for _, def := range op.VariableDefinitions {
		value, present := raw[def.Variable]
		if !present {
			continue
		}
		if n, ok := value.(json.Number); ok {
			value = numberAs(def.Type.NamedType, n)
		}
		coerced[def.Variable] = value
	}
	return coerced, nil
}

// simpleVariable reports whether coerceVariables can coerce def's value
// without VariableValues: it is a valid value of a named scalar or enum type,
// absent from an optional variable without a default, or null for an
// optional variable.
func simpleVariable(schema *ast.Schema, def *ast.VariableDefinition, raw map[string]any) bool {
	if def.Type == nil || def.Type.Elem != nil || def.Definition == nil {
		return false
	}
	named := schema.Types[def.Type.NamedType]
	if named == nil || !leafKind(named) || !leafKind(def.Definition) {
		return false
	}
	value, present := raw[def.Variable]
	switch {
	case !present:
		return def.DefaultValue == nil && !def.Type.NonNull
	case value == nil:
		return !def.Type.NonNull
	}
	switch named.Kind {
	case ast.Enum:
		s, ok := value.(string)
		return ok && isEnumValue(named, s)
	case ast.Scalar:
		return validScalar(named.Name, value)
	}
	return false
}

// validScalar reports whether value is accepted for the scalar as it is,
// or, for a json.Number, after numberAs converts it. It only answers yes
// where VariableValues accepts the value and stores it unchanged.
func validScalar(scalar string, value any) bool {
	switch scalar {
	case "Int":
		switch v := value.(type) {
		case int, int32, int64:
			return true
		case json.Number:
			_, err := v.Int64()
			return err == nil
		}
	case "Float":
		switch v := value.(type) {
		case float64, float32, int, int32, int64:
			return true
		case json.Number:
			_, err := v.Float64()
			return err == nil
		}
	case "String":
		_, ok := value.(string)
		return ok
	case "Boolean":
		_, ok := value.(bool)
		return ok
	case "ID":
		switch value.(type) {
		case string, int, int32, int64:
			return true
		}
	default:
		// Custom scalars accept anything; only values that VariableValues
		// would dereference are left to it.
		switch value.(type) {
		case string, bool, int, int64, float64, json.Number, map[string]any, []any:
			return true
		}
	}
	return false
}

// numberAs converts a json.Number variable of a built-in numeric type to
// the Go value VariableValues produces for it; others keep the json.Number.
// validScalar has checked that the conversion succeeds.
func numberAs(scalar string, n json.Number) any {
	switch scalar {
	case "Int":
		i, _ := n.Int64()
		return i
	case "Float":
		f, _ := n.Float64()
		return f
	}
	return n
}

func leafKind(def *ast.Definition) bool {
	return def.Kind == ast.Scalar || def.Kind == ast.Enum
}

func isEnumValue(def *ast.Definition, s string) bool {
	for _, v := range def.EnumValues {
		if strings.EqualFold(s, v.Name) {
			return true
		}
	}
	return false
}

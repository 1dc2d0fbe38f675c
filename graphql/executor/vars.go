package executor

import (
	"encoding/json"
	"math"
	"reflect"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
)

// coerceVariables coerces the request's variables for op as gqlparser's
// validator.VariableValues does, and with the same results and errors.
//
// VariableValues walks every value with reflection and boxes it again,
// whatever its type. coerceVariablesDirect checks the values directly
// instead, for the valid values that decoders and Go callers produce; what
// it does not handle, errors included, goes to VariableValues, so that every
// error and every in-place rewrite of the request's values is its own.
func coerceVariables(schema *ast.Schema, op *ast.OperationDefinition, raw map[string]any) (map[string]any, error) {
	if vars, ok := coerceVariablesDirect(schema, op, raw); ok {
		return vars, nil
	}
	return validator.VariableValues(schema, op, raw)
}

// coerceVariablesDirect returns what VariableValues would return for a
// valid request, or false. The result shares the request's values, as
// VariableValues' result does; only the result map, the defaults of absent
// variables and the few top-level conversions VariableValues makes (a
// json.Number to int64 or float64, a float ID to int64, a single value
// wrapped into a list) allocate. It gives up where VariableValues fails, and
// also where VariableValues would rewrite a value inside the request's own
// maps and lists (a float ID nested in an input object or list, a single
// value for a nested list), so that the request is never changed here.
func coerceVariablesDirect(schema *ast.Schema, op *ast.OperationDefinition, raw map[string]any) (map[string]any, bool) {
	if len(op.VariableDefinitions) == 0 {
		return map[string]any{}, true
	}
	coerced := make(map[string]any, len(op.VariableDefinitions))
	for _, def := range op.VariableDefinitions {
		value, present, ok := coerceVariable(schema, def, raw)
		if !ok {
			return nil, false
		}
		if present {
			coerced[def.Variable] = value
		}
	}
	return coerced, true
}

// coerceVariable returns the coerced value of def and whether the variable
// is present in the result. ok is false where VariableValues must decide:
// the value is invalid, or coercing it is not one of the cases handled here.
func coerceVariable(schema *ast.Schema, def *ast.VariableDefinition, raw map[string]any) (value any, present, ok bool) {
	if def.Type == nil || def.Definition == nil || !def.Definition.IsInputType() {
		return nil, false, false
	}
	value, present = raw[def.Variable]
	if !present {
		if def.DefaultValue == nil {
			return nil, false, !def.Type.NonNull
		}
		// VariableValues builds the default afresh for every request and
		// then checks it as if the client had sent it.
		var err error
		if value, err = def.DefaultValue.Value(nil); err != nil {
			return nil, false, false
		}
	}
	if value == nil {
		return nil, true, !def.Type.NonNull
	}
	if def.Type.Elem != nil {
		value, ok = coerceListVariable(schema, def.Type, value)
		return value, true, ok
	}
	value, ok = coerceNamedVariable(schema, def.Type, value)
	return value, true, ok
}

// coerceNamedVariable coerces the non-null value of a variable of a named
// type. VariableValues converts a json.Number for an Int or Float variable
// (only at the top level, never inside lists or input objects), dereferences
// a pointer, and turns a whole float ID into an int64.
func coerceNamedVariable(schema *ast.Schema, typ *ast.Type, value any) (any, bool) {
	if n, isNumber := value.(json.Number); isNumber {
		switch typ.NamedType {
		case "Int":
			i, err := n.Int64()
			return i, err == nil
		case "Float":
			f, err := n.Float64()
			return f, err == nil
		}
	}
	if typ.NamedType == "ID" {
		switch f := value.(type) {
		case float64:
			return floatID(f)
		case float32:
			return floatID(float64(f))
		}
	}
	if reflect.TypeOf(value).Kind() == reflect.Pointer {
		return nil, false
	}
	return value, acceptsAsIs(schema, typ, value)
}

// floatID converts a float ID to the int64 VariableValues makes of it: a
// whole number no larger in magnitude than 2^53-1, beyond which the float
// may have been rounded.
func floatID(f float64) (any, bool) {
	if math.IsInf(f, 0) || f != math.Trunc(f) || math.Abs(f) > 1<<53-1 {
		return nil, false
	}
	return int64(f), true
}

// coerceListVariable coerces the non-null value of a variable of a list
// type. A []any is checked as it is. Any other value is wrapped into a
// one-element list whose element type is the value's own Go type, as
// VariableValues does; that is done here for the types a decoder produces
// and for lists of named types (VariableValues cannot store the inner
// list of a wrapped list of lists and keeps the bare element, so those are
// left to it).
func coerceListVariable(schema *ast.Schema, typ *ast.Type, value any) (any, bool) {
	if _, isList := value.([]any); isList {
		return value, acceptsAsIs(schema, typ, value)
	}
	if typ.Elem.Elem != nil || !acceptsAsIs(schema, typ.Elem, value) {
		return nil, false
	}
	switch v := value.(type) {
	case string:
		return []string{v}, true
	case json.Number:
		return []json.Number{v}, true
	case bool:
		return []bool{v}, true
	case int:
		return []int{v}, true
	case int64:
		return []int64{v}, true
	case float64:
		return []float64{v}, true
	case map[string]any:
		return []map[string]any{v}, true
	}
	return nil, false
}

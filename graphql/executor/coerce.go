package executor

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// acceptsAsIs reports whether validator.VariableValues accepts value, a
// non-nil value inside a variable of type typ, and leaves it as it is. It
// answers no where VariableValues fails, and also where it would rewrite
// something inside value (a float ID it turns into an int64, a single value
// it wraps into a list) or where the value's Go type is one this check does
// not model; coerceVariables then lets VariableValues do the work.
//
// Inside a variable, VariableValues keeps a json.Number as it is for every
// type, Int and Float included, so decoded JSON needs no conversion.
func acceptsAsIs(schema *ast.Schema, typ *ast.Type, value any) bool {
	if typ.Elem != nil {
		list, ok := value.([]any)
		if !ok {
			return false
		}
		for _, elem := range list {
			if elem == nil {
				if typ.Elem.NonNull {
					return false
				}
				continue
			}
			if !acceptsAsIs(schema, typ.Elem, elem) {
				return false
			}
		}
		return true
	}
	def := schema.Types[typ.NamedType]
	if def == nil {
		return false
	}
	switch def.Kind {
	case ast.Scalar:
		return scalarAsIs(def.Name, value)
	case ast.Enum:
		return enumAsIs(def, value)
	case ast.InputObject:
		return inputObjectAsIs(schema, def, value)
	}
	return false
}

// scalarAsIs reports whether VariableValues accepts value for the scalar
// unchanged. Int and Float accept numeric strings (a json.Number is one);
// custom scalars accept anything.
func scalarAsIs(scalar string, value any) bool {
	switch scalar {
	case "Int":
		switch v := value.(type) {
		case int, int32, int64:
			return true
		case float64:
			return wholeNumber(v)
		case float32:
			return wholeNumber(float64(v))
		case string:
			return intString(v)
		case json.Number:
			return intString(string(v))
		}
	case "Float":
		switch v := value.(type) {
		case float64, float32, int, int32, int64:
			return true
		case string:
			return floatString(v)
		case json.Number:
			return floatString(string(v))
		}
	case "String":
		switch value.(type) {
		case string, json.Number:
			return true
		}
	case "Boolean":
		_, ok := value.(bool)
		return ok
	case "ID":
		// A float ID is converted, so it is not accepted as it is.
		switch value.(type) {
		case string, json.Number, int, int32, int64:
			return true
		}
	default:
		return true
	}
	return false
}

func wholeNumber(f float64) bool {
	return !math.IsInf(f, 0) && f == math.Trunc(f)
}

func intString(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

func floatString(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// enumAsIs reports whether value names one of def's values. VariableValues
// compares names without regard to case and keeps the value as sent.
func enumAsIs(def *ast.Definition, value any) bool {
	var s string
	switch v := value.(type) {
	case string:
		s = v
	case json.Number:
		s = string(v)
	default:
		return false
	}
	for _, v := range def.EnumValues {
		if strings.EqualFold(s, v.Name) {
			return true
		}
	}
	return false
}

// inputObjectAsIs reports whether value is a valid def. VariableValues
// rejects unknown fields (a "__typename" key is allowed and kept), missing
// non-null fields unless they have a default (which it does not fill in),
// and null non-null fields; a null nullable field stays null.
func inputObjectAsIs(schema *ast.Schema, def *ast.Definition, value any) bool {
	object, ok := value.(map[string]any)
	if !ok {
		return false
	}
	// Every key is a field or __typename when the fields found, plus
	// __typename if present, account for all of them: lookups instead of
	// a walk over the map, which costs far more for the many small objects
	// of a large list.
	known := 0
	if _, present := object["__typename"]; present {
		known++
	}
	for _, field := range def.Fields {
		v, present := object[field.Name]
		if present && field.Name != "__typename" {
			known++
		}
		switch {
		case !present:
			if field.Type.NonNull && (field.DefaultValue == nil || !constValueOK(field.DefaultValue)) {
				return false
			}
		case v == nil:
			if field.Type.NonNull {
				return false
			}
		case !acceptsAsIs(schema, field.Type, v):
			return false
		}
	}
	return known == len(object)
}

// constValueOK reports whether v.Value(nil) succeeds, without building the
// value. VariableValues only excuses a missing non-null input field whose
// default can be built.
func constValueOK(v *ast.Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case ast.Variable:
		if d := v.VariableDefinition; d != nil && d.DefaultValue != nil {
			return constValueOK(d.DefaultValue)
		}
		return true
	case ast.IntValue:
		return intString(v.Raw)
	case ast.FloatValue:
		return floatString(v.Raw)
	case ast.BooleanValue:
		_, err := strconv.ParseBool(v.Raw)
		return err == nil
	case ast.StringValue, ast.BlockValue, ast.EnumValue, ast.NullValue:
		return true
	case ast.ListValue, ast.ObjectValue:
		for _, child := range v.Children {
			if !constValueOK(child.Value) {
				return false
			}
		}
		return true
	}
	return false
}

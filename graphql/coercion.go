package graphql

import "encoding/json"

// CoerceList applies GraphQL input coercion for list types: a single value
// where a list is expected becomes a one-element list. A typed slice of a
// kind decoders and resolvers commonly produce is converted to []any; nil
// stays nil.
func CoerceList(v any) []any {
	switch v := v.(type) {
	case nil:
		return nil
	case []any:
		return v
	case []string:
		return anySlice(v)
	case []json.Number:
		return anySlice(v)
	case []bool:
		return anySlice(v)
	case []int:
		return anySlice(v)
	case []int32:
		return anySlice(v)
	case []int64:
		return anySlice(v)
	case []float32:
		return anySlice(v)
	case []float64:
		return anySlice(v)
	case []map[string]any:
		return anySlice(v)
	}
	return []any{v}
}

func anySlice[E any](s []E) []any {
	out := make([]any, len(s))
	for i := range s {
		out[i] = s[i]
	}
	return out
}

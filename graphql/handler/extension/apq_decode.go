package extension

import (
	"encoding/json"
	"reflect"
	"strings"
)

// persistedQuery is the content of extensions.persistedQuery.
type persistedQuery struct {
	hash    string
	version int64
}

// decodePersistedQuery reads the "sha256Hash" and "version" entries of v,
// accepting what upstream gqlgen accepts through mapstructure: a map with
// string keys or a struct (or a pointer to one), keys matched exactly or
// else without regard to case, other entries ignored. The hash must be a
// string; the version an integer, a float (truncated) or a json.Number
// holding an integer. A missing or null entry is left at its zero value.
func decodePersistedQuery(v any) (persistedQuery, bool) {
	// The common case, from every JSON decoder, without reflection.
	if m, ok := v.(map[string]any); ok {
		var pq persistedQuery
		hash, hashOK := stringEntry(lookup(m, "sha256Hash"))
		version, versionOK := intEntry(lookup(m, "version"))
		pq.hash, pq.version = hash, version
		return pq, hashOK && versionOK
	}

	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		rv = rv.Elem()
	}
	var entry func(name string) any
	switch {
	case !rv.IsValid():
		return persistedQuery{}, true
	case rv.Kind() == reflect.Map && rv.Type().Key().Kind() == reflect.String:
		entry = func(name string) any { return reflectLookup(rv, name) }
	case rv.Kind() == reflect.Struct:
		entry = func(name string) any { return structLookup(rv, name) }
	default:
		return persistedQuery{}, false
	}
	hash, hashOK := stringEntry(entry("sha256Hash"))
	version, versionOK := intEntry(entry("version"))
	return persistedQuery{hash: hash, version: version}, hashOK && versionOK
}

// lookup returns m[name], or the value of a key equal to name without
// regard to case.
func lookup(m map[string]any, name string) any {
	if v, ok := m[name]; ok {
		return v
	}
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return nil
}

func reflectLookup(m reflect.Value, name string) any {
	key := reflect.ValueOf(name).Convert(m.Type().Key())
	if v := m.MapIndex(key); v.IsValid() {
		return v.Interface()
	}
	iter := m.MapRange()
	for iter.Next() {
		if strings.EqualFold(iter.Key().String(), name) {
			return iter.Value().Interface()
		}
	}
	return nil
}

func structLookup(s reflect.Value, name string) any {
	t := s.Type()
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && strings.EqualFold(f.Name, name) {
			return s.Field(i).Interface()
		}
	}
	return nil
}

// stringEntry accepts nil (as "") and values whose kind is string.
func stringEntry(v any) (string, bool) {
	rv := deref(v)
	switch {
	case !rv.IsValid():
		return "", true
	case rv.Kind() == reflect.String:
		return rv.String(), true
	}
	return "", false
}

// intEntry accepts nil (as 0), integers, floats (truncated) and json.Number
// integers.
func intEntry(v any) (int64, bool) {
	rv := deref(v)
	if !rv.IsValid() {
		return 0, true
	}
	if rv.Type() == numberType {
		i, err := json.Number(rv.String()).Int64()
		return i, err == nil
	}
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return int64(rv.Uint()), true
	case reflect.Float32, reflect.Float64:
		return int64(rv.Float()), true
	}
	return 0, false
}

var numberType = reflect.TypeFor[json.Number]()

func deref(v any) reflect.Value {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		rv = rv.Elem()
	}
	return rv
}

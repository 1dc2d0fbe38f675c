package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/goccy/go-yaml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gqlgen.schema.json at the module root describes gqlgen.yml for editors. The
// tests here keep it honest: the schema and the Config structs must accept the
// same keys at the same places, the file must be strict JSON using only the
// keywords schemaValidate understands, and real config files must pass it.

// schemaNode is one decoded JSON Schema object.
type schemaNode = map[string]any

// loadConfigSchema reads and decodes gqlgen.schema.json, failing on
// duplicate object keys, which encoding/json would silently collapse.
func loadConfigSchema(t *testing.T) schemaNode {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(), "gqlgen.schema.json"))
	require.NoError(t, err)
	require.True(t, json.Valid(data), "gqlgen.schema.json is not valid JSON")
	require.NoError(t, checkNoDuplicateKeys(json.NewDecoder(bytes.NewReader(data))))
	var doc schemaNode
	require.NoError(t, json.Unmarshal(data, &doc))
	return doc
}

// checkNoDuplicateKeys walks the token stream of one JSON value and reports
// the first object that names a key twice.
func checkNoDuplicateKeys(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return err
			}
			key := keyTok.(string)
			if seen[key] {
				return fmt.Errorf("duplicate key %q at offset %d", key, dec.InputOffset())
			}
			seen[key] = true
			if err := checkNoDuplicateKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		for dec.More() {
			if err := checkNoDuplicateKeys(dec); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	}
	return err
}

// schemaDeref follows $ref and single-entry allOf wrappers (used to put a
// description next to a reference) to the schema that does the work.
func schemaDeref(doc, node schemaNode) (schemaNode, error) {
	for range 16 {
		if ref, ok := node["$ref"].(string); ok {
			name, found := strings.CutPrefix(ref, "#/definitions/")
			target, ok := doc["definitions"].(schemaNode)[name].(schemaNode)
			if !found || !ok {
				return nil, fmt.Errorf("unresolvable $ref %q", ref)
			}
			node = target
			continue
		}
		if all, ok := node["allOf"].([]any); ok && len(all) == 1 {
			node = all[0].(schemaNode)
			continue
		}
		return node, nil
	}
	return nil, errors.New("$ref chain too long")
}

// schemaTypes returns the "type" keyword as a list.
func schemaTypes(node schemaNode) []string {
	switch v := node["type"].(type) {
	case string:
		return []string{v}
	case []any:
		out := make([]string, len(v))
		for i, s := range v {
			out[i], _ = s.(string)
		}
		return out
	}
	return nil
}

// yamlFieldKeys maps the keys goccy/go-yaml decodes into the struct type st
// to their fields: the yaml tag's name, else the json tag's, else the field
// name in lower case; "-" and unexported fields have no key.
func yamlFieldKeys(t *testing.T, st reflect.Type) map[string]reflect.StructField {
	keys := map[string]reflect.StructField{}
	for field := range st.Fields() {
		if !field.IsExported() {
			continue
		}
		require.False(t, field.Anonymous, "%s.%s: embedded fields are not handled by this test", st.Name(), field.Name)
		tag := field.Tag.Get("yaml")
		if tag == "" {
			tag = field.Tag.Get("json")
		}
		name, _, _ := strings.Cut(tag, ",")
		switch name {
		case "-":
			continue
		case "":
			name = strings.ToLower(field.Name)
		}
		keys[name] = field
	}
	return keys
}

type yamlFuncUnmarshaler interface {
	UnmarshalYAML(func(any) error) error
}

// customYAMLShapes lists, for each config type with its own UnmarshalYAML,
// the Go types whose YAML forms it accepts, in the order the schema lists the
// alternatives (anyOf or oneOf).
var customYAMLShapes = map[reflect.Type][]reflect.Type{
	reflect.TypeFor[StringList]():          {reflect.TypeFor[string](), reflect.TypeFor[[]string]()},
	reflect.TypeFor[ResolverBatchConfig](): {reflect.TypeFor[bool](), reflect.TypeFor[batchMapping]()},
}

// compareSchemaToType checks that node accepts exactly what the YAML decoder
// accepts for typ: the same JSON type, the same keys for structs (in both
// directions, and no others), and the same element shapes for maps and
// slices, recursively.
func compareSchemaToType(t *testing.T, doc, node schemaNode, typ reflect.Type, path string) {
	t.Helper()
	node, err := schemaDeref(doc, node)
	require.NoError(t, err, "at %s", path)
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}

	if reflect.PointerTo(typ).Implements(reflect.TypeFor[yamlFuncUnmarshaler]()) {
		alts, ok := customYAMLShapes[typ]
		require.True(t, ok, "%s (at %s) has its own UnmarshalYAML: add its shapes to customYAMLShapes", typ, path)
		choices, _ := node["anyOf"].([]any)
		if choices == nil {
			choices, _ = node["oneOf"].([]any)
		}
		require.Len(t, choices, len(alts), "at %s: %s takes %d forms", path, typ, len(alts))
		for i, alt := range alts {
			compareSchemaToType(t, doc, choices[i].(schemaNode), alt, fmt.Sprintf("%s<%s>", path, alt))
		}
		return
	}

	want := ""
	switch typ.Kind() {
	case reflect.Struct:
		want = "object"
		keys := yamlFieldKeys(t, typ)
		props, _ := node["properties"].(schemaNode)
		assert.ElementsMatch(t, slices.Sorted(maps.Keys(keys)), slices.Sorted(maps.Keys(props)),
			"at %s: keys of %s (first list) and schema properties (second list) differ", path, typ)
		for key, field := range keys {
			if prop, ok := props[key].(schemaNode); ok {
				compareSchemaToType(t, doc, prop, field.Type, path+"."+key)
			}
		}
		extra, ok := node["additionalProperties"].(schemaNode)
		require.True(t, ok, "at %s: %s rejects unknown keys, so additionalProperties must say so", path, typ)
		extra, err := schemaDeref(doc, extra)
		require.NoError(t, err)
		assert.Equal(t, schemaNode{}, extra["not"], "at %s: additionalProperties must match nothing", path)
	case reflect.Map:
		want = "object"
		require.Equal(t, reflect.String, typ.Key().Kind(), "at %s", path)
		assert.NotContains(t, node, "properties", "at %s: a map has no fixed keys", path)
		extra, ok := node["additionalProperties"].(schemaNode)
		require.True(t, ok, "at %s: a map needs additionalProperties describing its values", path)
		compareSchemaToType(t, doc, extra, typ.Elem(), path+".*")
	case reflect.Slice:
		want = "array"
		items, ok := node["items"].(schemaNode)
		require.True(t, ok, "at %s: a list needs items", path)
		compareSchemaToType(t, doc, items, typ.Elem(), path+"[]")
	case reflect.String:
		want = "string"
	case reflect.Bool:
		want = "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		want = "integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want = "integer"
		assert.Equal(t, 0.0, node["minimum"], "at %s: an unsigned field needs minimum 0", path)
	default:
		t.Fatalf("at %s: no JSON Schema counterpart for %s", path, typ)
	}
	types := schemaTypes(node)
	assert.Contains(t, types, want, "at %s: %s", path, typ)
	for _, other := range types {
		assert.Contains(t, []string{want, "null"}, other, "at %s: %s", path, typ)
	}
}

func TestConfigSchemaMatchesStructs(t *testing.T) {
	doc := loadConfigSchema(t)
	compareSchemaToType(t, doc, doc, reflect.TypeFor[Config](), "gqlgen.yml")
}

// schemaKeywords are the keywords the schema may use: those schemaValidate
// enforces and the annotations it may ignore.
var schemaKeywords = map[string]bool{
	"$ref": true, "allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"type": true, "enum": true, "properties": true, "additionalProperties": true,
	"items": true, "minimum": true, "maximum": true,

	"$schema": true, "$id": true, "$comment": true, "title": true,
	"description": true, "default": true, "definitions": true, "errorMessage": true,
}

func TestConfigSchemaIsWellFormed(t *testing.T) {
	doc := loadConfigSchema(t)
	assert.Equal(t, "http://json-schema.org/draft-07/schema#", doc["$schema"])

	jsonTypes := []string{"array", "boolean", "integer", "null", "number", "object", "string"}
	used := map[string]bool{}
	var walk func(node schemaNode, path string)
	walk = func(node schemaNode, path string) {
		for key, val := range node {
			assert.True(t, schemaKeywords[key], "%s: keyword %q is not understood by schemaValidate", path, key)
			switch key {
			case "$ref":
				_, err := schemaDeref(doc, node)
				assert.NoError(t, err, "%s", path)
				used[strings.TrimPrefix(val.(string), "#/definitions/")] = true
			case "properties", "definitions":
				for name, sub := range val.(schemaNode) {
					walk(sub.(schemaNode), path+"/"+key+"/"+name)
				}
			case "additionalProperties", "items", "not":
				walk(val.(schemaNode), path+"/"+key)
			case "allOf", "anyOf", "oneOf":
				for i, sub := range val.([]any) {
					walk(sub.(schemaNode), fmt.Sprintf("%s/%s/%d", path, key, i))
				}
			case "type":
				for _, name := range schemaTypes(node) {
					assert.Contains(t, jsonTypes, name, "%s", path)
				}
			case "description":
				assert.NotEmpty(t, val, "%s", path)
			}
		}
	}
	walk(doc, "#")
	for name := range doc["definitions"].(schemaNode) {
		assert.True(t, used[name], "definition %s is never referenced", name)
	}
}

// schemaValidate checks value (as goccy/go-yaml decodes it into any) against
// node and returns one message per violation. It knows the subset of draft-07
// listed in schemaKeywords, which is all gqlgen.schema.json uses.
func schemaValidate(doc, node schemaNode, value any, path string) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }

	if ref, ok := node["$ref"].(string); ok {
		target, err := schemaDeref(doc, schemaNode{"$ref": ref})
		if err != nil {
			return []string{path + ": " + err.Error()}
		}
		errs = append(errs, schemaValidate(doc, target, value, path)...)
	}
	if all, ok := node["allOf"].([]any); ok {
		for _, sub := range all {
			errs = append(errs, schemaValidate(doc, sub.(schemaNode), value, path)...)
		}
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		choices, ok := node[key].([]any)
		if !ok {
			continue
		}
		matched := 0
		for _, sub := range choices {
			if len(schemaValidate(doc, sub.(schemaNode), value, path)) == 0 {
				matched++
			}
		}
		if matched == 0 || (key == "oneOf" && matched > 1) {
			fail("%d of the %s alternatives match %v", matched, key, value)
		}
	}
	if not, ok := node["not"].(schemaNode); ok && len(schemaValidate(doc, not, value, path)) == 0 {
		fail("not allowed here")
	}
	if types := schemaTypes(node); types != nil && !slices.Contains(types, yamlValueType(value)) &&
		(yamlValueType(value) != "integer" || !slices.Contains(types, "number")) {
		fail("is %s, want %s", yamlValueType(value), strings.Join(types, " or "))
		return errs
	}
	if enum, ok := node["enum"].([]any); ok && !slices.Contains(enum, value) {
		fail("%v is not one of %v", value, enum)
	}
	if n, ok := yamlNumber(value); ok {
		if lo, ok := node["minimum"].(float64); ok && n < lo {
			fail("%v is below %v", value, lo)
		}
		if hi, ok := node["maximum"].(float64); ok && n > hi {
			fail("%v is above %v", value, hi)
		}
	}
	switch v := value.(type) {
	case map[string]any:
		props, _ := node["properties"].(schemaNode)
		for _, key := range slices.Sorted(maps.Keys(v)) {
			if sub, ok := props[key].(schemaNode); ok {
				errs = append(errs, schemaValidate(doc, sub, v[key], path+"."+key)...)
			} else if extra, ok := node["additionalProperties"].(schemaNode); ok {
				errs = append(errs, schemaValidate(doc, extra, v[key], path+"."+key)...)
			}
		}
	case []any:
		if items, ok := node["items"].(schemaNode); ok {
			for i, elem := range v {
				errs = append(errs, schemaValidate(doc, items, elem, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return errs
}

// yamlValueType names the JSON type of a decoded YAML value.
func yamlValueType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case float64:
		if v == math.Trunc(v) {
			return "integer"
		}
		return "number"
	}
	if _, ok := yamlNumber(v); ok {
		return "integer"
	}
	return fmt.Sprintf("unknown (%T)", v)
}

func yamlNumber(v any) (float64, bool) {
	switch n := reflect.ValueOf(v); n.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(n.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(n.Uint()), true
	case reflect.Float32, reflect.Float64:
		return n.Float(), true
	}
	return 0, false
}

// validateYAMLAgainstSchema decodes a config file and runs schemaValidate.
func validateYAMLAgainstSchema(t *testing.T, doc schemaNode, src []byte) []string {
	t.Helper()
	var value any
	require.NoError(t, yaml.Unmarshal(src, &value))
	if value == nil {
		value = map[string]any{}
	}
	return schemaValidate(doc, doc, value, "gqlgen.yml")
}

// decodeConfigStrictly decodes src as the loader does, without the work of
// CompleteConfig (which reads schema files).
func decodeConfigStrictly(src []byte) error {
	err := yaml.NewDecoder(bytes.NewReader(src), yaml.DisallowUnknownField()).Decode(DefaultConfig())
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// The config files shipped with the module: the one gqlgen init writes and
// the examples. Each must satisfy the schema and the loader.
func TestConfigSchemaAcceptsShippedConfigs(t *testing.T) {
	doc := loadConfigSchema(t)
	root := repoRoot()

	tmpl, err := template.ParseFiles(filepath.Join(root, "init-templates", "gqlgen.yml.gotmpl"))
	require.NoError(t, err)
	var initFile bytes.Buffer
	require.NoError(t, tmpl.Execute(&initFile, "example.com/app"))
	files := map[string][]byte{"gqlgen init": initFile.Bytes()}

	var paths []string
	for _, pattern := range []string{
		"_examples/benchmark/*/gqlgen.yml",
		"codegen/testdata/*/gqlgen.yml",
		"tools/demo/gqlgen.yml",
	} {
		matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pattern)))
		require.NoError(t, err)
		paths = append(paths, matches...)
	}
	require.NotEmpty(t, paths)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		rel, _ := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = data
	}

	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			require.NoError(t, decodeConfigStrictly(data), "the loader rejects it")
			assert.Empty(t, validateYAMLAgainstSchema(t, doc, data))
		})
	}
}

// The schema and the loader agree on small files. Where the schema is
// stricter than decoding (a layout the loader only rejects later, nulls that
// editors should flag), the case says so.
func TestConfigSchemaAgreesWithLoader(t *testing.T) {
	doc := loadConfigSchema(t)
	tests := []struct {
		name     string
		yaml     string
		schemaOK bool
		loaderOK bool
	}{
		{"empty", "", true, true},
		{"schema as one string", "schema: a.graphqls\n", true, true},
		{"schema as list", "schema: [a.graphqls, 'b/**/*.graphqls']\n", true, true},
		{"schema as number", "schema: 3\n", false, true}, // goccy reads 3 as "3"
		{"unknown top-level key", "shcema: a.graphqls\n", false, false},
		{"empty autobind", "autobind:\n", true, true},
		{"autobind as string", "autobind: example.com/app\n", false, false},
		{"exec follow-schema", "exec: {layout: follow-schema, dir: gen, filename_template: '{name}.gen.go', worker_limit: 8}\n", true, true},
		{"exec unknown layout", "exec: {layout: one-file, filename: g.go}\n", false, true},
		{"exec negative worker_limit", "exec: {filename: g.go, worker_limit: -1}\n", false, false},
		{"exec unknown key", "exec: {filename: g.go, dirname: x}\n", false, false},
		{"resolver batch bool", "resolver: {filename: r.go, batch: true}\n", true, true},
		{"resolver batch mapping", "resolver: {filename: r.go, batch: {enabled: true}}\n", true, true},
		{"resolver batch unknown key", "resolver: {filename: r.go, batch: {enable: true}}\n", false, false},
		{"federation", "federation: {filename: f.go, version: 2, options: {computed_requires: true}, representation_names: {User: UserRep}}\n", true, true},
		{"federation option not bool", "federation: {filename: f.go, options: {computed_requires: yes please}}\n", false, false},
		{"model unknown key", "model: {filename: m.go, layout: single-file}\n", false, false},
		{"models full entry", `models:
  User:
    model: [example.com/app.User, example.com/app.Person]
    forceGenerate: true
    fields:
      name: {fieldName: FullName, resolver: true, batch: false, type: string, omittable: true, forceGenerate: true, autoBindGetterHaser: false}
    extraFields:
      Secret: {type: string, description: hidden, overrideTags: 'json:"-"'}
    embedExtraFields:
      - {type: example.com/app.Base}
  Role:
    model: example.com/app.Role
    enum_values:
      ADMIN: {value: example.com/app.RoleAdmin}
`, true, true},
		{"models field unknown key", "models: {User: {fields: {name: {field_name: X}}}}\n", false, false},
		{"models enum value in Go spelling", "models: {Role: {model: a.Role, enum_values: {ADMIN: {Value: a.Admin}}}}\n", false, false},
		{"directive", "directives: {auth: {skip_runtime: true, implementation: 'func(ctx context.Context, obj any, next graphql.Resolver) (any, error) { return next(ctx) }'}}\n", true, true},
		{"directive unknown key", "directives: {auth: {skipRuntime: true}}\n", false, false},
		{"initialisms", "go_initialisms: {replace_defaults: true, initialisms: [CC, BCC]}\n", true, true},
		{"initialisms as string", "go_initialisms: {initialisms: CC}\n", false, false},
		{"switch as string", "omit_getters: maybe\n", false, false},
		{"pointer switches", "skip_import_grouping: true\nfast_validation: false\nuse_buffer_pooling: true\nenable_model_json_omitempty_tag: false\n", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			errs := validateYAMLAgainstSchema(t, doc, []byte(tt.yaml))
			assert.Equal(t, tt.schemaOK, len(errs) == 0, "schema: %v", errs)
			err := decodeConfigStrictly([]byte(tt.yaml))
			assert.Equal(t, tt.loaderOK, err == nil, "loader: %v", err)
		})
	}
}

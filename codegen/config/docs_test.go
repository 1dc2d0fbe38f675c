package config

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docs/config.md documents every gqlgen.yml key in one table. This test
// holds it and gqlgen.schema.json to the same set of keys, both ways, so a
// key added to one cannot be missing from the other.

// placeholder matches a documented name slot such as <Type> or <field>.
var placeholder = regexp.MustCompile(`<[^>]+>`)

// docKeyRow matches a table row of docs/config.md whose first cell is a key.
var docKeyRow = regexp.MustCompile("^\\| `([^`]+)` \\|")

// documentedKeys returns the keys of docs/config.md's table, with every
// placeholder written as *.
func documentedKeys(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(), "docs", "config.md"))
	require.NoError(t, err)
	var keys []string
	for _, line := range strings.Split(string(data), "\n") {
		if m := docKeyRow.FindStringSubmatch(line); m != nil {
			keys = append(keys, placeholder.ReplaceAllString(m[1], "*"))
		}
	}
	return keys
}

// schemaKeys returns every property path of the schema: objects' own
// properties joined by dots, a map's entries as *, a list's elements as [].
// Paths ending in a map entry (federation.options.*) name no key of their
// own and are left out.
func schemaKeys(t *testing.T, doc schemaNode) []string {
	t.Helper()
	defs, _ := doc["definitions"].(schemaNode)
	resolve := func(n schemaNode) schemaNode {
		for range 10 { // refs are never this deep; the bound stops a cycle
			ref, ok := n["$ref"].(string)
			if !ok {
				return n
			}
			def, ok := defs[strings.TrimPrefix(ref, "#/definitions/")].(schemaNode)
			require.True(t, ok, "unresolved $ref %s", ref)
			n = def
		}
		t.Fatalf("$ref chain too deep")
		return nil
	}
	seen := map[string]bool{}
	var walk func(n schemaNode, prefix string, depth int)
	walk = func(n schemaNode, prefix string, depth int) {
		require.Less(t, depth, 20, "schema nesting too deep at %s", prefix)
		n = resolve(n)
		for _, k := range []string{"oneOf", "anyOf", "allOf"} {
			branches, _ := n[k].([]any)
			for _, b := range branches {
				if b, ok := b.(schemaNode); ok {
					walk(b, prefix, depth+1)
				}
			}
		}
		props, _ := n["properties"].(schemaNode)
		for name, p := range props {
			seen[prefix+name] = true
			if p, ok := p.(schemaNode); ok {
				walk(p, prefix+name+".", depth+1)
			}
		}
		if extra, ok := n["additionalProperties"].(schemaNode); ok {
			if _, refuses := resolve(extra)["not"]; !refuses {
				walk(extra, prefix+"*.", depth+1)
			}
		}
		if items, ok := n["items"].(schemaNode); ok {
			walk(items, strings.TrimSuffix(prefix, ".")+"[].", depth+1)
		}
	}
	walk(doc, "", 0)
	keys := make([]string, 0, len(seen))
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestConfigDocsMatchSchema(t *testing.T) {
	documented := documentedKeys(t)
	schema := schemaKeys(t, loadConfigSchema(t))
	require.NotEmpty(t, schema)

	for i, k := range documented {
		assert.False(t, slices.Contains(documented[:i], k), "docs/config.md documents %s twice", k)
	}
	for _, k := range schema {
		assert.Contains(t, documented, k, "gqlgen.schema.json has %s; document it in docs/config.md", k)
	}
	for _, k := range documented {
		assert.Contains(t, schema, k, "docs/config.md documents %s, which gqlgen.schema.json does not have", k)
	}
	// A few keys at every kind of place, so that a walker that found
	// nothing, or a table that lost its rows, cannot pass.
	for _, k := range []string{"schema", "exec.filename", "resolver.batch.enabled", "models.*.fields.*.resolver",
		"models.*.embedExtraFields[].type", "directives.*.skip_runtime", "federation.version"} {
		assert.Contains(t, schema, k, "schema walker")
		assert.Contains(t, documented, k, "docs table")
	}
}

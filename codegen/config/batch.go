package config

import (
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Batch resolver settings are resolved in two passes, because the schema is
// not known when the YAML is read:
//
//   - at load time, with resolver.batch off, every field configured in YAML
//     without a batch key gets batch: false;
//   - in Init, after the schema directives are applied, with resolver.batch
//     on, every resolver field still without a batch setting gets batch: true
//     if its type supports batching and false otherwise.

func (c *Config) resolveModelBatchDefaults() {
	if c.Resolver.Batch.Enabled {
		return
	}
	c.defaultFieldBatch(func(string, TypeMapField) (bool, bool) { return false, true })
}

func (c *Config) applyGlobalBatchResolverDefaults() {
	if !c.Resolver.Batch.Enabled {
		return
	}
	supported := map[string]bool{}
	for name := range c.Models {
		supported[name] = true
		if def := c.Schema.Types[name]; def != nil {
			supported[name] = c.TypeSupportsBatchResolver(name, def)
		}
	}
	c.defaultFieldBatch(func(typeName string, f TypeMapField) (bool, bool) {
		return supported[typeName], f.Resolver
	})
}

// defaultFieldBatch sets Batch on every configured field that has none, to
// the value decide returns when it also returns true.
func (c *Config) defaultFieldBatch(decide func(typeName string, f TypeMapField) (value, set bool)) {
	for typeName, entry := range c.Models {
		for fieldName, f := range entry.Fields {
			if f.Batch != nil {
				continue
			}
			if v, ok := decide(typeName, f); ok {
				f.Batch = &v
				entry.Fields[fieldName] = f
			}
		}
	}
}

// BatchResolverUnsupportedReason says why fields of the schema type typeName
// cannot have batch resolvers, or returns "" when they can. Batching hands a
// resolver all the sibling parent objects at once, so it applies only to
// output types that have siblings and that user code resolves.
func (c *Config) BatchResolverUnsupportedReason(typeName string, schemaType *ast.Definition) string {
	if c.IsRoot(schemaType) {
		return "root types are resolved once per operation, so there are no sibling parents to batch"
	}
	if schemaType.Kind == ast.InputObject {
		return "input objects are arguments rather than resolved output types"
	}
	const resolvedByGqlgen = "resolved by gqlgen itself, not by user resolvers"
	if strings.HasPrefix(typeName, "__") {
		return "introspection types are " + resolvedByGqlgen
	}
	if c.Federation.IsDefined() && slices.Contains(federationOwnTypes, typeName) {
		return "federation built-in types are " + resolvedByGqlgen
	}
	return ""
}

// federationOwnTypes are the types the federation plugin adds and resolves.
var federationOwnTypes = []string{"_Service", "Entity"}

// TypeSupportsBatchResolver reports whether fields of typeName may have batch
// resolvers: exactly when BatchResolverUnsupportedReason has no reason.
func (c *Config) TypeSupportsBatchResolver(typeName string, schemaType *ast.Definition) bool {
	return c.BatchResolverUnsupportedReason(typeName, schemaType) == ""
}

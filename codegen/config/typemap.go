package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// TypeMap is the models section: schema type name → binding settings. Init
// adds the bindings found through directives, autobind and the builtins.
type TypeMap map[string]TypeMapEntry

// TypeMapField configures one field of a schema type. The same settings come
// from @goField in the schema.
type TypeMapField struct {
	// FieldName is the Go struct field or method to bind to, when it is not
	// the one the schema name suggests.
	FieldName string `yaml:"fieldName"`
	// Resolver forces a resolver method for the field even when a struct
	// field or method could serve it.
	Resolver bool `yaml:"resolver"`
	// Batch asks for a batch resolver: one call receiving all the parents
	// and returning ([]T, error), where a graphql.BatchErrors error reports
	// failures per parent. Nil defers to resolver.batch.
	Batch *bool `yaml:"batch,omitempty"`
	// Type overrides the Go type of the field in a generated model. It is
	// written as a builtin type ("string"), a qualified named type
	// ("github.com/org/pkg.Type"), or either of those behind any number of
	// "*" and "[]" prefixes. The generated package imports it, so it must not
	// import the generated package in turn.
	Type string `yaml:"type"`
	// Omittable wraps the field in graphql.Omittable (input fields); nil
	// leaves it to nullable_input_omittable.
	Omittable *bool `yaml:"omittable"`
	// ForceGenerate keeps the field in the generated model even when it has
	// a resolver and omit_resolver_fields is set.
	ForceGenerate bool `yaml:"forceGenerate"`
	// AutoBindGetterHaser overrides autobind_getter_haser for this field.
	AutoBindGetterHaser *bool `yaml:"autoBindGetterHaser"`
	// GeneratedMethod is set by plugins, never by the file: the name of a
	// method they generated for the field.
	GeneratedMethod string `yaml:"-"`
}

// TypeMapEntry configures one schema type.
type TypeMapEntry struct {
	// Model lists the Go types (or the names of Marshal/Unmarshal function
	// pairs) the schema type may bind to, as "import/path.Name"; the first
	// is the default. Key: model (a string or a list).
	Model StringList `yaml:"model,omitempty"`
	// ExtraFields adds fields to the generated model, by Go field name.
	ExtraFields map[string]ModelExtraField `yaml:"extraFields,omitempty"`
	// EmbedExtraFields adds embedded (anonymous) fields to the generated
	// model.
	EmbedExtraFields []ModelExtraField `yaml:"embedExtraFields,omitempty"`
	// Fields holds per-field settings, by schema field name.
	Fields map[string]TypeMapField `yaml:"fields,omitempty"`
	// EnumValues binds enum values, by schema value name, to Go constants
	// or variables of the model type.
	EnumValues map[string]EnumValue `yaml:"enum_values,omitempty"`
	// ForceGenerate makes modelgen generate the type even when autobind
	// found one.
	ForceGenerate bool `yaml:"forceGenerate,omitempty"`
}

// ModelExtraField is a Go field added to a generated model that has no
// counterpart in the schema.
type ModelExtraField struct {
	// Type is the field's Go type, in the notation of TypeMapField.Type.
	Type string `yaml:"type"`
	// Description becomes the field's doc comment.
	Description string `yaml:"description"`
	// OverrideTags replaces the field's struct tag.
	OverrideTags string `yaml:"overrideTags"`
}

// EnumValue binds one enum value to a Go constant or variable, written as
// "import/path.Name".
type EnumValue struct {
	Value string
}

// DirectiveConfig configures one schema directive.
type DirectiveConfig struct {
	// SkipRuntime leaves the directive out of the generated DirectiveRoot:
	// it only informs code generation. Key: skip_runtime.
	SkipRuntime bool `yaml:"skip_runtime"`
	// Implementation, when set, is Go source of a function literal used as
	// the directive's implementation, so no DirectiveRoot hook is generated
	// for it. Its signature is func(ctx context.Context, obj any, next
	// graphql.Resolver[, directive arguments...]) (any, error).
	// Key: implementation.
	Implementation *string
}

// Exists reports whether the models section mentions typeName at all.
func (tm TypeMap) Exists(typeName string) bool {
	_, ok := tm[typeName]
	return ok
}

// UserDefined reports whether typeName is bound to at least one Go type.
func (tm TypeMap) UserDefined(typeName string) bool {
	return len(tm[typeName].Model) > 0
}

// Add appends goType to the models of the schema type name.
func (tm TypeMap) Add(name, goType string) {
	entry := tm[name]
	entry.Model = append(entry.Model, goType)
	tm[name] = entry
}

// ForceGenerate sets the forceGenerate flag of the schema type name.
func (tm TypeMap) ForceGenerate(name string, forceGenerate bool) {
	entry := tm[name]
	entry.ForceGenerate = forceGenerate
	tm[name] = entry
}

// Check reports the first malformed entry: a model that names a package but
// no type in it, or enum value bindings without a model to bind them to.
// Entries are checked in name order.
func (tm TypeMap) Check() error {
	names := make([]string, 0, len(tm))
	for name := range tm {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		entry := tm[name]
		for _, m := range entry.Model {
			// "a/b.C" is fine; "a.b/c" has no type after its last slash.
			if strings.LastIndex(m, ".") < strings.LastIndex(m, "/") {
				return fmt.Errorf("model %s: invalid type specifier \"%s\" - you need to specify a struct to map to", name, entry.Model)
			}
		}
		if len(entry.Model) > 0 {
			continue
		}
		for _, value := range sortedKeys(entry.EnumValues) {
			if entry.EnumValues[value].Value != "" {
				return fmt.Errorf("model is empty for: %v, but enum value is specified for %v", name, value)
			}
		}
	}
	return nil
}

// ReferencedPackages returns the import paths of the packages the models
// name, without duplicates, in reverse lexical order. The map and any forms
// name no package.
func (tm TypeMap) ReferencedPackages() []string {
	var out []string
	for _, entry := range tm {
		for _, m := range entry.Model {
			if builtinModelType(m) != nil {
				continue
			}
			pkg, _ := code.PkgAndType(m)
			if pkg == "" {
				continue
			}
			pkg = code.QualifyPackagePath(pkg)
			if !slices.Contains(out, pkg) {
				out = append(out, pkg)
			}
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(out)))
	return out
}

// StringList is a list of strings that may be written in YAML as a single
// string as well.
type StringList []string

// UnmarshalYAML accepts a string or a sequence of strings.
func (a *StringList) UnmarshalYAML(unmarshal func(any) error) error {
	var one string
	if unmarshal(&one) == nil {
		*a = StringList{one}
		return nil
	}
	var many []string
	if err := unmarshal(&many); err != nil {
		return err
	}
	*a = many
	return nil
}

// Has reports whether the list contains file.
func (a StringList) Has(file string) bool {
	return slices.Contains(a, file)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

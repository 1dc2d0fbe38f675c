// Package modelgen is the plugin that writes Go types for the schema types
// gqlgen.yml does not bind to existing code: a struct per object and input
// object, an interface per interface and union, and a string type with its
// constants and (un)marshalers per enum. It then records every type it wrote
// in the configuration's models, so the executable schema binds to them.
//
// Users adjust the result with two hooks: FieldHook sees every field as it is
// built, MutateHook the whole ModelBuild before it is written.
package modelgen

import (
	"go/types"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/plugin"
)

// BuildMutateHook edits the complete model description before it is
// written. It must return the build to write (usually its argument).
type BuildMutateHook = func(b *ModelBuild) *ModelBuild

// FieldMutateHook edits one generated struct or interface field. td is the
// schema type declaring the field and fd its definition. Returning a nil
// field leaves the field out; an error stops generation.
type FieldMutateHook = func(td *ast.Definition, fd *ast.FieldDefinition, f *Field) (*Field, error)

// The description of the models file, which the build hook may edit.
type (
	// ModelBuild describes the models file: its package and the types in it,
	// each list sorted by GraphQL name.
	ModelBuild struct {
		// PackageName is the package clause of the file.
		PackageName string
		// Interfaces are the schema interfaces and unions, as Go interfaces.
		Interfaces []*Interface
		// Models are the structs: objects, input objects and the Base structs
		// of @goEmbedInterface interfaces.
		Models []*Object
		// Enums become string types with a constant per value.
		Enums []*Enum
		// Scalars lists the custom scalars nothing binds; they are mapped to
		// graphql.String.
		Scalars []string
	}

	// Interface is a generated Go interface for a schema interface or union.
	Interface struct {
		// Description becomes the doc comment.
		Description string
		// Name is the GraphQL name.
		Name string
		// Fields get a Get<GoName> method each (none with omit_getters).
		Fields []*Field
		// Implements names the interfaces this one extends; each contributes
		// an Is<Name> marker method.
		Implements []string
		// OmitCheck drops the Is<Name> marker methods (omit_interface_checks).
		OmitCheck bool
		// Models are the generated structs implementing the interface.
		Models []*Object
	}

	// Object is a generated struct.
	Object struct {
		// Description becomes the doc comment.
		Description string
		// Name is the GraphQL name (for Base structs, the prefixed name).
		Name string
		// Fields are the struct fields in declaration order.
		Fields []*Field
		// Implements names the interfaces and unions the type belongs to.
		Implements []string
		// Implementations pairs each entry of Implements with the getter
		// methods the struct needs for it. MutateConfig fills it in after
		// the build hook has run.
		Implementations []*Implementation
	}

	// Field is one field of a generated struct, or one getter of a generated
	// interface.
	Field struct {
		// Description becomes the field's doc comment.
		Description string
		// Name is the field's name in the schema; used for error messages and
		// to match interface fields to struct fields.
		Name string
		// GoName is the Go field name. Empty means an embedded field.
		GoName string
		// Type is the Go type of the field.
		Type types.Type
		// Tag is the struct tag, without the backquotes.
		Tag string
		// IsResolver is set when the field is resolved by a resolver
		// method; omit_resolver_fields then leaves it out of the struct,
		// unless ForceGenerate is set. Omittable wraps the type in
		// graphql.Omittable.
		IsResolver, Omittable, ForceGenerate bool
	}

	// Enum is a generated enum type.
	Enum struct {
		// Description becomes the doc comment.
		Description string
		// Name is the GraphQL name.
		Name string
		// Values are the constants, in schema order.
		Values []*EnumValue
		// OmitJSONMarshalers leaves out MarshalJSON and UnmarshalJSON
		// (omit_enum_json_marshalers).
		OmitJSONMarshalers bool
	}

	// EnumValue is one constant of a generated enum.
	EnumValue struct {
		// Description becomes the constant's doc comment.
		Description string
		// Name is the value as written in the schema, which is also the
		// constant's string value.
		Name string
	}
)

// Plugin generates the models file. Its zero value works, but New sets the
// default hooks; set a hook to nil to skip it.
type Plugin struct {
	// MutateHook, when set, is applied to the build before it is written.
	MutateHook BuildMutateHook
	// FieldHook, when set, is applied to every field as it is built.
	FieldHook FieldMutateHook
}

// New returns the models plugin with DefaultBuildMutateHook and
// DefaultFieldMutateHook.
func New() plugin.Plugin {
	return &Plugin{MutateHook: DefaultBuildMutateHook, FieldHook: DefaultFieldMutateHook}
}

var _ plugin.ConfigMutator = (*Plugin)(nil)

// Name identifies the plugin to api.ReplacePlugin: "modelgen".
func (m *Plugin) Name() string { return "modelgen" }

// DefaultBuildMutateHook returns b unchanged.
func DefaultBuildMutateHook(b *ModelBuild) *ModelBuild { return b }

// DefaultFieldMutateHook applies the @goTag directives of the field
// (GoTagFieldHook).
func DefaultFieldMutateHook(td *ast.Definition, fd *ast.FieldDefinition, f *Field) (*Field, error) {
	return GoTagFieldHook(td, fd, f)
}

// GoFieldHook returns f unchanged. @goField is applied by the configuration
// before models are built; the hook remains for code that names it.
func GoFieldHook(td *ast.Definition, fd *ast.FieldDefinition, f *Field) (*Field, error) {
	return f, nil
}

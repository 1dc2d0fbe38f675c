// Package fieldset models the FieldSet strings of Apollo Federation
// directives (@key(fields: "..."), @requires, @provides) as the list of leaf
// field paths they select, and names those paths in Go for the federation
// generator's templates.
package fieldset

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/templates"
)

// Set is a parsed FieldSet: one Field per leaf selection, in source order.
// `id owner { org { id } name }` is {id} {owner org id} {owner name}.
type Set []Field

// Field is the path from the entity to one selected leaf field, outermost
// name first. A segment is a field name or an inline fragment "... on T".
type Field []string

// New parses raw like Parse, with each path starting with prefix, and
// panics if raw is not a well-formed FieldSet (an unclosed "{", say). Use
// Parse to get the error instead.
func New(raw string, prefix []string) Set {
	set, err := Parse(raw, prefix)
	if err != nil {
		panic(err)
	}
	return set
}

// FieldDefinition follows f from schemaType through the field types in
// schema and returns a copy of the definition of the last field, renamed to
// f.ToGoPrivate() (so "owner { id }" yields a field named "ownerID"). It
// returns nil when any segment does not name a field of the object or
// interface it is looked up on; callers report that as an unknown field.
func (f Field) FieldDefinition(schemaType *ast.Definition, schema *ast.Schema) *ast.FieldDefinition {
	if len(f) == 0 || schemaType == nil {
		return nil
	}
	var def *ast.FieldDefinition
	owner := schemaType
	for i, segment := range f {
		if i > 0 {
			if schema == nil {
				return nil
			}
			owner = schema.Types[def.Type.Name()]
			if owner == nil || (owner.Kind != ast.Object && owner.Kind != ast.Interface) {
				return nil
			}
		}
		def = owner.Fields.ForName(withoutArguments(segment))
		if def == nil {
			return nil
		}
	}
	renamed := *def
	renamed.Name = f.ToGoPrivate()
	return &renamed
}

// TypeReference follows f from obj through objects and returns the codegen
// field of the last segment, whose TypeReference is the Go type the field
// has. It returns nil when a segment names no field of the object reached so
// far (or the path runs through a type that is not a generated object).
func (f Field) TypeReference(obj *codegen.Object, objects codegen.Objects) *codegen.Field {
	var found *codegen.Field
	for i, segment := range f {
		if i > 0 {
			if found.TypeReference == nil || found.TypeReference.Definition == nil {
				return nil
			}
			obj = objects.ByName(found.TypeReference.Definition.Name)
		}
		found = codegenField(obj, segment)
		if found == nil {
			return nil
		}
	}
	return found
}

// ToGo names f as an exported Go identifier: each segment converted by
// templates.ToGo and concatenated ({"owner", "id"} → "OwnerID").
func (f Field) ToGo() string {
	var b strings.Builder
	for _, segment := range f {
		b.WriteString(templates.ToGo(segment))
	}
	return b.String()
}

// ToGoPrivate names f as an unexported Go identifier: the first segment,
// without any arguments, converted by templates.ToGoPrivate, the rest by
// templates.ToGo ({"owner", "id"} → "ownerID").
func (f Field) ToGoPrivate() string {
	var b strings.Builder
	for i, segment := range f {
		if i == 0 {
			b.WriteString(templates.ToGoPrivate(withoutArguments(segment)))
			continue
		}
		b.WriteString(templates.ToGo(segment))
	}
	return b.String()
}

// Join returns the segments separated by sep, as the GraphQL names they are;
// templates use it to index nested representation maps.
func (f Field) Join(sep string) string {
	return strings.Join(f, sep)
}

// JoinGo returns the Go names (templates.ToGo) of the segments separated by
// sep; templates use it for selector chains such as entity.Owner.ID.
func (f Field) JoinGo(sep string) string {
	names := make([]string, len(f))
	for i, segment := range f {
		names[i] = templates.ToGo(segment)
	}
	return strings.Join(names, sep)
}

// LastIndex is the index of the last segment, len(f)-1 (-1 when f is
// empty); templates compare loop indexes against it.
func (f Field) LastIndex() int {
	return len(f) - 1
}

// codegenField finds the field of obj whose GraphQL name, ignoring any
// argument list, is name. It does not modify obj.
func codegenField(obj *codegen.Object, name string) *codegen.Field {
	if obj == nil {
		return nil
	}
	name = withoutArguments(name)
	for _, field := range obj.Fields {
		if field.FieldDefinition != nil && withoutArguments(field.Name) == name {
			return field
		}
	}
	return nil
}

// withoutArguments cuts a "(...)" argument list, and anything after it, off
// a segment built by hand ("foo(limit: 4)" → "foo"); Parse never leaves one.
func withoutArguments(segment string) string {
	name, _, _ := strings.Cut(segment, "(")
	return name
}

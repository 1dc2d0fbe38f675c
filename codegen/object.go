package codegen

import (
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
)

// Object is an object or input object type of the schema bound to Go.
type Object struct {
	*ast.Definition

	// Root marks the query, mutation and subscription types; Stream the
	// subscription root, whose fields return channels; DisableConcurrency
	// the mutation root, whose fields run one after another.
	Root, Stream, DisableConcurrency bool

	// Type is the Go type bound to the object; nil for operation roots,
	// which have no model. ResolverInterface is the <Object>Resolver
	// interface the generated code declares for its resolver fields.
	Type, ResolverInterface types.Type
	// Implements are the interfaces (and unions) the object belongs to.
	Implements []*ast.Definition
	// Fields are the object's fields in schema order; the query root also
	// has __schema and __type.
	Fields []*Field
	// Directives are the directives applied to the type definition.
	Directives []*Directive
	// PointersInUnmarshalInput makes an input's unmarshalInput function
	// return a pointer (return_pointers_in_unmarshalinput).
	PointersInUnmarshalInput bool
}

// GoFieldType says how a field's value is read from its Go object.
type GoFieldType int

const (
	// GoFieldUndefined: not bound (a resolver supplies the value).
	GoFieldUndefined GoFieldType = iota + 0
	// GoFieldMethod: a method call.
	GoFieldMethod
	// GoFieldVariable: a struct field.
	GoFieldVariable
	// GoFieldMap: an entry of a map[string]any model.
	GoFieldMap
)

// Objects is a list of objects.
type Objects []*Object

// ByName returns the object called name, compared case-insensitively, or
// nil.
func (os Objects) ByName(name string) *Object {
	for _, o := range os {
		if strings.EqualFold(o.Name, name) {
			return o
		}
	}
	return nil
}

// Reference is the Go type generated code handles the object as: Type when
// that can be nil, else a pointer to it.
func (o *Object) Reference() types.Type {
	if config.IsNilable(o.Type) {
		return o.Type
	}
	return types.NewPointer(o.Type)
}

// Implementors is the Go expression of the type names the object satisfies
// in fragment type conditions: its own and its interfaces'.
func (o *Object) Implementors() string {
	var b strings.Builder
	b.WriteString("[]string{")
	b.WriteString(strconv.Quote(o.Name))
	for _, i := range o.Implements {
		b.WriteString(", ")
		b.WriteString(strconv.Quote(i.Name))
	}
	b.WriteString("}")
	return b.String()
}

// HasResolvers reports whether any field needs a resolver method, so the
// object has a <Object>Resolver interface.
func (o *Object) HasResolvers() bool {
	return slices.ContainsFunc(o.Fields, func(f *Field) bool { return f.IsResolver || f.Batch })
}

// HasUnmarshal reports whether the input's Go type unmarshals itself
// (has an UnmarshalGQL method), so no unmarshalInput function is generated.
func (o *Object) HasUnmarshal() bool {
	if o.IsMap() {
		return false
	}
	named, ok := types.Unalias(o.Type).(*types.Named)
	if !ok {
		return false
	}
	for m := range named.Methods() {
		if m.Name() == "UnmarshalGQL" {
			return true
		}
	}
	return false
}

// HasDirectives reports whether the object or any of its fields has
// runtime directives.
func (o *Object) HasDirectives() bool {
	return len(o.Directives) > 0 || slices.ContainsFunc(o.Fields, (*Field).HasDirectives)
}

// HasSubscriptionContextField reports whether the object is the
// subscription root and a field of it delivers events with their own
// contexts (@subscriptionContext or subscription_context_field).
func (o *Object) HasSubscriptionContextField() bool {
	return o.Stream && slices.ContainsFunc(o.Fields, (*Field).UsesSubscriptionContext)
}

// InputObjectDirectives are the runtime directives applied to an input
// object type itself, run on the whole value once its fields are read.
func (o *Object) InputObjectDirectives() []*Directive {
	if o.Kind != ast.InputObject {
		return nil
	}
	var out []*Directive
	for _, d := range o.Directives {
		if !d.SkipRuntime && d.IsLocation(ast.LocationInputObject) {
			out = append(out, d)
		}
	}
	return out
}

// IsConcurrent reports whether any field of the object resolves
// concurrently.
func (o *Object) IsConcurrent() bool {
	return slices.ContainsFunc(o.Fields, (*Field).IsConcurrent)
}

// InvalidsIncrement is the statement counting one more invalid field of the
// field set fieldSetVar: atomic when fields may finish concurrently.
func (o *Object) InvalidsIncrement(fieldSetVar string) string {
	if o.IsConcurrent() {
		return "atomic.AddUint32(&" + fieldSetVar + ".Invalids, 1)"
	}
	return fieldSetVar + ".Invalids++"
}

// IsReserved reports whether the object is an introspection type (__Type…).
func (o *Object) IsReserved() bool { return strings.HasPrefix(o.Name, "__") }

// IsMap reports whether the object is bound to map[string]any.
func (o *Object) IsMap() bool { return o.Type == config.MapType }

// Description is the type's description in the schema.
func (o *Object) Description() string { return o.Definition.Description }

// HasField reports whether the object has a field called name.
func (o *Object) HasField(name string) bool {
	return slices.ContainsFunc(o.Fields, func(f *Field) bool { return f.Name == name })
}

// UniqueFields groups the fields by Go name; fields sharing a Go name share
// a ComplexityRoot entry.
func (o *Object) UniqueFields() map[string][]*Field {
	out := map[string][]*Field{}
	for _, f := range o.Fields {
		out[f.GoFieldName] = append(out[f.GoFieldName], f)
	}
	return out
}

// fieldNamed returns the field called name, or nil (also for a nil o).
func (o *Object) fieldNamed(name string) *Field {
	if o == nil {
		return nil
	}
	for _, f := range o.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

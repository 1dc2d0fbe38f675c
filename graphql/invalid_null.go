package graphql

import (
	"context"
	"errors"
	"log/slog"

	"github.com/vektah/gqlparser/v2/ast"
)

// NullSource names the Go construct that produced a forbidden null: the one
// thing about it that neither the schema nor the response path tells.
type NullSource string

// The sources an InvalidNullError can name.
const (
	// NullSourceResolver: a resolver returned nil.
	NullSourceResolver = NullSource("resolver")
	// NullSourceModelField: a field of the model struct was nil, and the
	// field has no resolver.
	NullSourceModelField = NullSource("model_field")
	// NullSourceModelMethod: a method of the model returned nil.
	NullSourceModelMethod = NullSource("model_method")
	// NullSourceMarshaler: a marshaler wrote null for a value that was not
	// nil (MarshalTime does so for the zero time).
	NullSourceMarshaler = NullSource("marshaler")
	// NullSourceRuntimeNonNull: a nullable field made non-null at run time
	// with MarkNonNull resolved to nil.
	NullSourceRuntimeNonNull = NullSource("runtime_non_null")
	// NullSourceUnknown: there was no field context to tell.
	NullSourceUnknown = NullSource("unknown")
)

// ErrInvalidNull is what every InvalidNullError matches with errors.Is.
var ErrInvalidNull = errors.New("invalid null")

// InvalidNullError is the error for a null in a position the schema (or
// MarkNonNull) declares non-null. It reaches error presenters wrapped in a
// *gqlerror.Error; find it with errors.As. AddInvalidNullError builds it.
type InvalidNullError struct {
	// Object is the GraphQL type that owns the field (the concrete type,
	// which the path cannot tell for a field reached through an interface),
	// and Field the field's name in the schema (its alias when unnamed).
	Object, Field string
	// DeclaredType is the type that forbids the null, such as "Item!"; for a
	// list element, the element's type.
	DeclaredType string
	// Source is what produced the null.
	Source NullSource
	// ListElement is set when the null is an element of a list, in which
	// case Path ends with the element's index.
	ListElement bool
	// Path is the response path of the null.
	Path ast.Path
}

// SchemaCoordinate returns "Object.field", or "" unless both are known.
func (e *InvalidNullError) SchemaCoordinate() string {
	if e.Object != "" && e.Field != "" {
		return e.Object + "." + e.Field
	}
	return ""
}

// Is makes errors.Is(err, ErrInvalidNull) true. ErrInvalidNull is not the
// cause of anything, so it is matched rather than unwrapped to.
func (e *InvalidNullError) Is(target error) bool { return target == ErrInvalidNull }

// Attrs describes the error as one slog group, "gql", holding the field
// coordinate, the declared type, the null source, whether it is a list
// element, and the path, leaving out what is empty. It returns nil when
// nothing is known.
func (e *InvalidNullError) Attrs() []slog.Attr {
	var attrs []slog.Attr
	add := func(a slog.Attr) {
		if attrs == nil {
			attrs = make([]slog.Attr, 0, 5)
		}
		attrs = append(attrs, a)
	}
	if c := e.SchemaCoordinate(); c != "" {
		add(slog.String("field", c))
	}
	if e.DeclaredType != "" {
		add(slog.String("type", e.DeclaredType))
	}
	if e.Source != "" {
		add(slog.String("null_source", string(e.Source)))
	}
	if e.ListElement {
		add(slog.Bool("list_element", true))
	}
	if p := e.Path.String(); p != "" {
		add(slog.String("path", p))
	}
	if attrs == nil {
		return nil
	}
	return []slog.Attr{slog.GroupAttrs("gql", attrs...)}
}

// Error says where the null is, which type forbids it and what produced
// it. The wording may change; match the type or ErrInvalidNull instead.
func (e *InvalidNullError) Error() string {
	msg := "cannot return null for non-null "
	if e.ListElement {
		msg += "element of "
	}
	msg += e.where()
	if e.DeclaredType != "" {
		msg += " (" + e.DeclaredType + ")"
	}
	return msg + ": " + e.cause()
}

// where names the position as precisely as known: the schema coordinate,
// else the field name, else the response path.
func (e *InvalidNullError) where() string {
	switch {
	case e.SchemaCoordinate() != "":
		return "field " + e.SchemaCoordinate()
	case e.Field != "":
		return "field " + e.Field
	case len(e.Path) > 0:
		return "response position " + e.Path.String()
	}
	return "position"
}

// cause explains the null. A marshaler that nulled a real value comes
// first: blaming the resolver would mislead.
func (e *InvalidNullError) cause() string {
	if e.Source == NullSourceMarshaler {
		return "the marshaler returned null for a non-nil value"
	}
	if e.ListElement {
		return "the list element was nil"
	}
	switch e.Source {
	case NullSourceRuntimeNonNull:
		return "the field was marked non-null at runtime and resolved to nil"
	case NullSourceResolver:
		return "the resolver returned nil"
	case NullSourceModelMethod:
		return "the model method returned nil"
	case NullSourceModelField:
		return "the model struct field was nil and the field has no resolver"
	}
	return "the value was nil"
}

// AddInvalidNullError reports that the position being resolved at ctx is
// null although its type is non-null. declaredType is that type ("Item!");
// when empty it is taken from the field's definition. What produced the
// null is read off the field context. Nothing is reported when an error
// was already added for the position: that error explains the null.
func AddInvalidNullError(ctx context.Context, declaredType string) {
	reportInvalidNull(ctx, declaredType, "")
}

// AddInvalidNullFromMarshaler is AddInvalidNullError for a marshaler that
// wrote null for a value that was not nil.
func AddInvalidNullFromMarshaler(ctx context.Context, declaredType string) {
	reportInvalidNull(ctx, declaredType, NullSourceMarshaler)
}

func reportInvalidNull(ctx context.Context, declaredType string, source NullSource) {
	fc := GetFieldContext(ctx)
	if HasFieldError(ctx, fc) {
		return
	}
	AddError(ctx, describeInvalidNull(fc, declaredType, source))
}

// describeInvalidNull builds the error for a null at fc. The field is the
// nearest context that names one: a list element's context carries only an
// index, and passing one marks the null as an element.
func describeInvalidNull(fc *FieldContext, declaredType string, source NullSource) *InvalidNullError {
	e := &InvalidNullError{DeclaredType: declaredType, Source: source, Path: fc.Path()}
	owner, name := fc, ""
	for ; owner != nil; owner = owner.Parent {
		if name = fieldName(owner); name != "" {
			break
		}
		if owner.Index != nil {
			e.ListElement = true
		}
	}
	if owner == nil {
		if e.Source == "" {
			e.Source = NullSourceUnknown
		}
		return e
	}
	e.Object, e.Field = owner.Object, name
	def := owner.Field.Definition
	if e.DeclaredType == "" && def != nil {
		e.DeclaredType = def.Type.String()
	}
	if e.Source == "" {
		e.Source = sourceOf(owner, def != nil && def.Type.NonNull)
	}
	return e
}

// fieldName is the schema name of the field fc stands for (its alias when
// it has no name), or "" for a context that names no field, such as a list
// element's.
func fieldName(fc *FieldContext) string {
	switch {
	case fc.Field.Field == nil:
		return ""
	case fc.Field.Name != "":
		return fc.Field.Name
	}
	return fc.Field.Alias
}

// sourceOf says which Go construct behind the field fc produced its nil.
func sourceOf(fc *FieldContext, declaredNonNull bool) NullSource {
	switch {
	case fc.NonNull && !declaredNonNull:
		return NullSourceRuntimeNonNull
	case fc.IsResolver:
		return NullSourceResolver
	case fc.IsMethod:
		return NullSourceModelMethod
	}
	return NullSourceModelField
}

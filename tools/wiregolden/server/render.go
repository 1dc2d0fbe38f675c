package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/99designs/gqlgen/graphql"
)

// object is a value of a GraphQL object type: it names its type (and the
// abstract types it satisfies) and resolves its own fields.
type object interface {
	types() []string
	resolve(r *renderer, f graphql.CollectedField, args map[string]any) (any, error)
}

// deferred is one @defer fragment waiting for its own incremental payload:
// the fields it holds, of which object, at which path.
type deferred struct {
	label  string
	path   ast.Path
	obj    object
	fields []graphql.CollectedField
}

// renderer writes one response's data by hand: it walks the selection set
// with graphql.CollectFields, resolves each field and appends its JSON to
// buf. Strings are written with only the escapes JSON requires, so HTML
// characters, U+2028 and invalid UTF-8 reach the transport raw, as generated
// code leaves them; objects with whitespace are produced on purpose by the
// Any scalar. A non-null field that ends up null nulls its parent.
type renderer struct {
	ctx      context.Context
	op       *graphql.OperationContext
	schema   *ast.Schema
	deferred []*deferred
}

// object renders the fields of sel that apply to obj.
func (r *renderer) object(obj object, sel ast.SelectionSet, path ast.Path) ([]byte, bool) {
	fields := graphql.CollectFields(r.op, sel, obj.types())
	var now []graphql.CollectedField
	groups := map[string]*deferred{}
	for _, f := range fields {
		if len(f.Deferrables) == 0 || f.IsNonDeferrable {
			now = append(now, f)
			continue
		}
		label := f.Deferrables[0].Label
		d := groups[label]
		if d == nil {
			d = &deferred{label: label, path: path, obj: obj}
			groups[label] = d
			r.deferred = append(r.deferred, d)
		}
		d.fields = append(d.fields, f)
	}
	return r.fields(obj, now, path)
}

// fields renders the given fields of obj as one JSON object.
func (r *renderer) fields(obj object, fields []graphql.CollectedField, path ast.Path) ([]byte, bool) {
	buf := []byte{'{'}
	for i, f := range fields {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendString(buf, f.Alias)
		buf = append(buf, ':')
		fieldPath := appendPath(path, ast.PathName(f.Alias))
		v, ok := r.field(obj, f, fieldPath)
		if !ok {
			return nil, false
		}
		buf = append(buf, v...)
	}
	return append(buf, '}'), true
}

// field resolves one field and renders its value against its declared type.
func (r *renderer) field(obj object, f graphql.CollectedField, path ast.Path) ([]byte, bool) {
	if f.Name == "__typename" {
		return appendString(nil, obj.types()[0]), true
	}
	typ := r.fieldType(obj.types()[0], f.Name)
	v, err := r.call(obj, f, path)
	if err != nil {
		r.addError(f.Field, path, err)
		if typ.NonNull {
			return nil, false
		}
		return []byte("null"), true
	}
	return r.value(typ, v, f, path)
}

// call runs a resolver through the operation's field middleware, with the
// field's FieldContext, turning a panic into an error through the
// operation's RecoverFunc, as generated code does.
func (r *renderer) call(obj object, f graphql.CollectedField, path ast.Path) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			if _, hard := p.(hardPanic); hard {
				panic(p)
			}
			err = r.op.Recover(r.ctx, p)
		}
	}()
	args := f.ArgumentMap(r.op.Variables)
	resolve := func(context.Context) (any, error) { return obj.resolve(r, f, args) }
	if r.op.ResolverMiddleware == nil {
		return resolve(r.ctx)
	}
	ctx := graphql.WithFieldContext(r.ctx, &graphql.FieldContext{Object: obj.types()[0], Field: f, Args: args, IsResolver: true})
	return r.op.ResolverMiddleware(ctx, resolve)
}

// failure is a value that failed on its own, such as one list element: it
// renders as null with an error at its path.
type failure struct{ err error }

// rawJSON is written as it is, valid JSON or not.
type rawJSON string

// hardPanic escapes the renderer, reaching the handler's own recovery.
type hardPanic string

func (r *renderer) fieldType(typeName, field string) *ast.Type {
	switch field {
	case "__schema":
		return ast.NonNullNamedType("__Schema", nil)
	case "__type":
		return ast.NamedType("__Type", nil)
	}
	def := r.schema.Types[typeName].Fields.ForName(field)
	if def == nil {
		panic(fmt.Sprintf("wiregolden: %s.%s is not in the schema", typeName, field))
	}
	return def.Type
}

// value renders v as a value of typ; a nil for a non-null type is an error
// on path and nulls the parent.
func (r *renderer) value(typ *ast.Type, v any, f graphql.CollectedField, path ast.Path) ([]byte, bool) {
	if fail, ok := v.(failure); ok {
		r.addError(f.Field, path, fail.err)
		if typ.NonNull {
			return nil, false
		}
		return []byte("null"), true
	}
	if isNil(v) {
		if typ.NonNull {
			r.addError(f.Field, path, fmt.Errorf("must not be null"))
			return nil, false
		}
		return []byte("null"), true
	}
	if typ.Elem != nil {
		items, ok := v.([]any)
		if !ok {
			panic(fmt.Sprintf("wiregolden: %T for list %s", v, typ))
		}
		buf := []byte{'['}
		for i, item := range items {
			if i > 0 {
				buf = append(buf, ',')
			}
			iv, ok := r.value(typ.Elem, item, f, appendPath(path, ast.PathIndex(i)))
			if !ok {
				if typ.NonNull {
					return nil, false
				}
				return []byte("null"), true
			}
			buf = append(buf, iv...)
		}
		return append(buf, ']'), true
	}
	if obj, ok := v.(object); ok {
		out, ok := r.object(obj, f.Selections, path)
		if !ok && !typ.NonNull {
			return []byte("null"), true
		}
		return out, ok
	}
	return appendScalar(nil, v), true
}

func (r *renderer) addError(f *ast.Field, path ast.Path, err error) {
	gerr, ok := err.(*gqlerror.Error)
	if !ok {
		gerr = &gqlerror.Error{Message: err.Error()}
	}
	if gerr.Path == nil {
		gerr.Path = path
	}
	if gerr.Locations == nil && f != nil && f.Position != nil {
		gerr.Locations = []gqlerror.Location{{Line: f.Position.Line, Column: f.Position.Column}}
	}
	graphql.AddError(r.ctx, gerr)
}

func appendPath(path ast.Path, elem ast.PathElement) ast.Path {
	out := make(ast.Path, len(path)+1)
	copy(out, path)
	out[len(path)] = elem
	return out
}

func isNil(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case *string:
		return v == nil
	case *introspectionType:
		return v == nil || v.t == nil
	}
	return false
}

// appendScalar writes a leaf value. Maps and lists (the Any scalar) are
// written with a space after ':' and ',' so the transport has to compact them.
func appendScalar(buf []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(buf, "null"...)
	case string:
		return appendString(buf, v)
	case *string:
		return appendString(buf, *v)
	case bool:
		return strconv.AppendBool(buf, v)
	case int:
		return strconv.AppendInt(buf, int64(v), 10)
	case int64:
		return strconv.AppendInt(buf, v, 10)
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return append(buf, "null"...)
		}
		return strconv.AppendFloat(buf, v, 'g', -1, 64)
	case json.Number:
		return append(buf, v...)
	case rawJSON:
		return append(buf, v...)
	case []any:
		buf = append(buf, '[')
		for i, item := range v {
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = appendScalar(buf, item)
		}
		return append(buf, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf = append(buf, '{')
		for i, k := range keys {
			if i > 0 {
				buf = append(buf, ", "...)
			}
			buf = appendString(buf, k)
			buf = append(buf, ": "...)
			buf = appendScalar(buf, v[k])
		}
		return append(buf, '}')
	}
	return appendString(buf, fmt.Sprint(v))
}

// appendString quotes s with the escapes JSON requires and nothing more:
// '<', '>', '&', U+2028, U+2029 and invalid UTF-8 are copied as they are.
func appendString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			buf = append(buf, '\\', c)
		case c == '\n':
			buf = append(buf, '\\', 'n')
		case c == '\r':
			buf = append(buf, '\\', 'r')
		case c == '\t':
			buf = append(buf, '\\', 't')
		case c < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		case c < utf8.RuneSelf:
			buf = append(buf, c)
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			buf = append(buf, s[i:i+size]...)
			i += size
			continue
		}
		i++
	}
	return append(buf, '"')
}

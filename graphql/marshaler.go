package graphql

import (
	"context"
	"io"
)

// Marshaler writes a value as JSON. Generated code builds a tree of
// Marshalers for a response and writes it in one pass; custom scalars and
// enums implement it to choose their wire form.
type Marshaler interface {
	MarshalGQL(w io.Writer)
}

// ContextMarshaler is a Marshaler that can see the request context and fail.
// A failure is reported as a field error and the value is written as null.
type ContextMarshaler interface {
	MarshalGQLContext(ctx context.Context, w io.Writer) error
}

// WriterFunc adapts a function to Marshaler.
type WriterFunc func(writer io.Writer)

// MarshalGQL calls f(w).
func (f WriterFunc) MarshalGQL(w io.Writer) { f(w) }

// ContextWriterFunc adapts a function to ContextMarshaler.
type ContextWriterFunc func(ctx context.Context, writer io.Writer) error

// MarshalGQLContext calls f(ctx, w).
func (f ContextWriterFunc) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	return f(ctx, w)
}

// Unmarshaler reads a value from its decoded input form: a string, bool,
// json.Number, int64, float64, map[string]any, []any or nil, as variables and
// literals arrive.
type Unmarshaler interface {
	UnmarshalGQL(v any) error
}

// ContextUnmarshaler is an Unmarshaler that can see the request context.
type ContextUnmarshaler interface {
	UnmarshalGQLContext(ctx context.Context, v any) error
}

// WrapContextMarshaler binds m to ctx so that it can be written where a plain
// Marshaler is expected. If m fails, the error is added to the response for
// the field in ctx and null is written in its place.
func WrapContextMarshaler(ctx context.Context, m ContextMarshaler) Marshaler {
	return boundMarshaler{ctx: ctx, m: m}
}

type boundMarshaler struct {
	ctx context.Context
	m   ContextMarshaler
}

func (b boundMarshaler) MarshalGQL(w io.Writer) {
	if err := b.m.MarshalGQLContext(b.ctx, w); err != nil {
		AddError(b.ctx, err)
		Null.MarshalGQL(w)
	}
}

// literal is a Marshaler for a fixed JSON token. Null, RequiredNull, True
// and False are pointers to literals, so that code can test for them by
// identity.
type literal struct{ text []byte }

func (l *literal) MarshalGQL(w io.Writer) {
	_, _ = w.Write(l.text)
}

// MarshalGQLContext writes the literal; it never fails.
func (l *literal) MarshalGQLContext(_ context.Context, w io.Writer) error {
	_, _ = w.Write(l.text)
	return nil
}

func (l *literal) appendGQL(dst []byte, ws *wireState) []byte { return append(dst, l.text...) }

var (
	// Null writes null. Generated code compares results with it (== Null)
	// to find values that resolved to nothing.
	Null = &literal{[]byte("null")}
	// True writes true.
	True = &literal{[]byte("true")}
	// False writes false.
	False = &literal{[]byte("false")}
	// RequiredNull also writes null, but is a different pointer from Null:
	// a field that was marked non-null at run time (MarkNonNull) and resolved
	// to nothing returns it, and the enclosing object propagates the null as
	// it would for a field declared non-null in the schema.
	RequiredNull = &literal{[]byte("null")}
)

// Array writes its elements as a JSON array.
type Array []Marshaler

// MarshalGQL writes [a[0],a[1],...], formatting the whole array in the
// writer's spare buffer (or a pooled one) and writing it at once.
func (a Array) MarshalGQL(w io.Writer) {
	dst, p := beginWrite(w, 2+8*len(a))
	endWrite(w, a.appendGQL(dst, nil), p)
}

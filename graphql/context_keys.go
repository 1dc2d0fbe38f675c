package graphql

import (
	"context"
	"time"
)

// ctxKey identifies the values this package keeps in a context. Small
// integers compare faster than the string keys context.WithValue is usually
// given, and lookups of the field context happen for every resolved field.
type ctxKey uint8

const (
	operationCtxKey ctxKey = iota + 1
	fieldCtxKey
	rootFieldCtxKey
	pathCtxKey
	responseCtxKey
	traceStartCtxKey
	inputIndexCtxKey
	unmarshalerMapCtxKey
	batchParentsCtxKey
)

// valueNode is a context that carries one value of this package. The field
// and path contexts embed one, so that attaching them to a context costs no
// allocation beyond the FieldContext or PathContext itself.
//
// A node is bound once: parent is set by the first With… call that uses it.
// Binding the same FieldContext or PathContext a second time allocates a
// fresh node, so that the context returned by the first call keeps its
// parent.
type valueNode struct {
	parent context.Context
	key    ctxKey
	value  any
}

// bind returns n, or a new node if n is already bound, attached to parent.
func (n *valueNode) bind(parent context.Context, key ctxKey, value any) context.Context {
	if n.parent != nil {
		n = new(valueNode)
	}
	n.parent, n.key, n.value = parent, key, value
	return n
}

func (n *valueNode) Value(key any) any {
	if k, ok := key.(ctxKey); ok && k == n.key {
		return n.value
	}
	return n.parent.Value(key)
}

func (n *valueNode) Deadline() (deadline time.Time, ok bool) { return n.parent.Deadline() }
func (n *valueNode) Done() <-chan struct{}                   { return n.parent.Done() }
func (n *valueNode) Err() error                              { return n.parent.Err() }

// String names the context chain for debugging, as the standard contexts do.
func (n *valueNode) String() string {
	return contextName(n.parent) + ".WithValue(" + n.key.String() + ")"
}

func contextName(c context.Context) string {
	if s, ok := c.(interface{ String() string }); ok {
		return s.String()
	}
	return "context"
}

func (k ctxKey) String() string {
	switch k {
	case operationCtxKey:
		return "graphql.OperationContext"
	case fieldCtxKey:
		return "graphql.FieldContext"
	case rootFieldCtxKey:
		return "graphql.RootFieldContext"
	case pathCtxKey:
		return "graphql.PathContext"
	case responseCtxKey:
		return "graphql.responseContext"
	case traceStartCtxKey:
		return "graphql.traceStart"
	case inputIndexCtxKey:
		return "graphql.InputUnmarshalerIndex"
	case unmarshalerMapCtxKey:
		return "graphql.unmarshalerMap"
	case batchParentsCtxKey:
		return "graphql.BatchParentState"
	}
	return "graphql.ctxKey"
}

package graphql

import (
	"context"

	"github.com/vektah/gqlparser/v2/ast"
)

// PathContext marks a position inside an argument or input value while it
// is being coerced, so that an error found there names the exact path (for
// example ["createUser", "input", "tags", 2]).
type PathContext struct {
	// ParentField is the field whose arguments are being coerced, if any.
	ParentField *FieldContext
	// Parent is the enclosing position inside the input.
	Parent *PathContext
	// Field is the input field or argument name at this position, if any.
	Field *string
	// Index is the list index at this position, if any.
	Index *int

	// name and index back Field and Index for the New… constructors, so that
	// a PathContext is a single allocation.
	name  string
	index int
	node  valueNode
}

// Path returns the path of the parent field followed by the names and
// indexes from the outermost input position to this one.
func (fic *PathContext) Path() ast.Path {
	n := 0
	for pc := fic; pc != nil; pc = pc.Parent {
		if pc.Index != nil || pc.Field != nil {
			n++
		}
	}
	var prefix ast.Path
	if fic.ParentField != nil {
		prefix = fic.ParentField.Path()
	}
	if n == 0 {
		return prefix
	}
	path := make(ast.Path, len(prefix)+n)
	copy(path, prefix)
	i := len(path)
	for pc := fic; pc != nil; pc = pc.Parent {
		switch {
		case pc.Index != nil:
			i--
			path[i] = ast.PathIndex(*pc.Index)
		case pc.Field != nil:
			i--
			path[i] = ast.PathName(*pc.Field)
		}
	}
	return path
}

// NewPathWithField returns a PathContext for the input field or argument
// named field.
func NewPathWithField(field string) *PathContext {
	pc := &PathContext{name: field}
	pc.Field = &pc.name
	return pc
}

// NewPathWithIndex returns a PathContext for a list element.
func NewPathWithIndex(index int) *PathContext {
	pc := &PathContext{index: index}
	pc.Index = &pc.index
	return pc
}

// WithPathContext links fic to the field context and the path context
// already in ctx (when there are), and returns a context carrying it.
func WithPathContext(ctx context.Context, fic *PathContext) context.Context {
	if fc := GetFieldContext(ctx); fc != nil {
		fic.ParentField = fc
	}
	if parent := GetPathContext(ctx); parent != nil {
		fic.Parent = parent
	}
	return fic.node.bind(ctx, pathCtxKey, fic)
}

// GetPathContext returns the innermost PathContext in ctx, or nil.
func GetPathContext(ctx context.Context) *PathContext {
	pc, _ := ctx.Value(pathCtxKey).(*PathContext)
	return pc
}

// GetPath returns the response path at ctx: that of the input position when
// an argument is being coerced, else that of the field being resolved, else
// nil.
func GetPath(ctx context.Context) ast.Path {
	if pc := GetPathContext(ctx); pc != nil {
		return pc.Path()
	}
	if fc := GetFieldContext(ctx); fc != nil {
		return fc.Path()
	}
	return nil
}

// Package complexity estimates the cost of a GraphQL operation before it
// runs, from its selections alone, so that a server can refuse operations
// that would be too expensive.
package complexity

import (
	"context"
	"math"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/graphql"
)

// Calculate returns the complexity of op, a validated operation of es's
// schema, with vars as its coerced variables.
//
// A field costs what es.Complexity reports for it when that is at least 1;
// otherwise 1 plus the cost of its selections (for scalars and enums, the
// fixed scalar value instead of 1). A field of an interface costs the most
// any implementation's field would. __schema and ignored fields cost
// nothing. Sums saturate at the largest int and ignore negative terms, so
// neither an overflow nor a buggy complexity function can make an operation
// look cheap.
func Calculate(ctx context.Context, es graphql.ExecutableSchema, op *ast.OperationDefinition, vars map[string]any, opts ...Option) int {
	c := calculator{es: es, schema: es.Schema(), vars: vars, settings: settings{scalarValue: 1}}
	for _, o := range opts {
		o(&c.settings)
	}
	return c.selections(ctx, op.SelectionSet)
}

type calculator struct {
	es       graphql.ExecutableSchema
	schema   *ast.Schema
	vars     map[string]any
	settings settings
}

func (c *calculator) selections(ctx context.Context, set ast.SelectionSet) int {
	total := 0
	for _, sel := range set {
		var cost int
		switch sel := sel.(type) {
		case *ast.Field:
			cost = c.field(ctx, sel)
		case *ast.InlineFragment:
			cost = c.selections(ctx, sel.SelectionSet)
		case *ast.FragmentSpread:
			if sel.Definition != nil {
				cost = c.selections(ctx, sel.Definition.SelectionSet)
			}
		}
		total = add(total, cost)
	}
	return total
}

func (c *calculator) field(ctx context.Context, f *ast.Field) int {
	if f.Definition == nil || f.ObjectDefinition == nil {
		return 0
	}
	typ := c.schema.Types[f.Definition.Type.Name()]
	if typ == nil || typ.Name == "__Schema" {
		return 0
	}
	if _, ignored := c.settings.ignore[f.ObjectDefinition.Name+"."+f.Name]; ignored {
		return 0
	}

	children := 0
	if typ.Kind == ast.Object || typ.Kind == ast.Interface || typ.Kind == ast.Union {
		children = c.selections(ctx, f.SelectionSet)
	}
	args := f.ArgumentMap(c.vars)

	if f.ObjectDefinition.Kind != ast.Interface {
		return c.cost(ctx, f.ObjectDefinition.Name, f.Name, typ.Kind, children, args)
	}
	// An interface has no costs of its own: assume the dearest implementation.
	dearest := 0
	for _, impl := range c.schema.GetPossibleTypes(f.ObjectDefinition) {
		dearest = max(dearest, c.cost(ctx, impl.Name, f.Name, typ.Kind, children, args))
	}
	return dearest
}

// cost is the complexity of the field fieldName of object, given the cost
// of its selections.
func (c *calculator) cost(ctx context.Context, object, fieldName string, kind ast.DefinitionKind, children int, args map[string]any) int {
	if custom, ok := c.es.Complexity(ctx, object, fieldName, children, args); ok && custom >= 1 {
		return custom
	}
	own := 1
	if kind == ast.Scalar || kind == ast.Enum {
		own = c.settings.scalarValue
	}
	return add(own, children)
}

// add sums two costs, skipping a negative one (and giving 1 when both are
// negative), and saturating at math.MaxInt.
func add(a, b int) int {
	switch {
	case a < 0 && b < 0:
		return 1
	case a < 0:
		return b
	case b < 0:
		return a
	case a > math.MaxInt-b:
		return math.MaxInt
	}
	return a + b
}

package codegen

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"

	"github.com/99designs/gqlgen/codegen/config"
)

// An argument marked @inlineArguments, of an input object type, is replaced
// in the schema by one argument per field of that input, so clients pass
// the fields directly; the resolver still receives the input value, which
// the generated code rebuilds from the expanded arguments. The expansion
// is recorded per field, process-wide, between api.Generate's schema
// loading and code generation.

// InlineArgsInfo records one expanded argument.
type InlineArgsInfo struct {
	// OriginalArgName is the argument's name, now the resolver parameter.
	OriginalArgName string
	// OriginalType is the name of the input object type.
	OriginalType string
	// OriginalASTType is the argument's type as declared.
	OriginalASTType *ast.Type
	// GoType is the Go type the resolver receives: the @goModel of the
	// input ("import/path.Name") or the input's name.
	GoType string
	// ExpandedArgs are the names of the arguments that replaced it, in
	// the input's field order.
	ExpandedArgs []string
}

var inlineArgs = struct {
	sync.Mutex
	byField map[string]*InlineArgsInfo
}{byField: map[string]*InlineArgsInfo{}}

func inlineKey(typeName, fieldName string) string { return typeName + "." + fieldName }

// GetInlineArgsMetadata returns the expansion recorded for the field, nil if
// none.
func GetInlineArgsMetadata(typeName, fieldName string) *InlineArgsInfo {
	inlineArgs.Lock()
	defer inlineArgs.Unlock()
	return inlineArgs.byField[inlineKey(typeName, fieldName)]
}

// ClearInlineArgsMetadata forgets every recorded expansion.
func ClearInlineArgsMetadata() {
	inlineArgs.Lock()
	defer inlineArgs.Unlock()
	inlineArgs.byField = map[string]*InlineArgsInfo{}
}

// ExpandInlineArguments expands the @inlineArguments arguments of the
// fields of schema's objects and interfaces, in place, and records each
// expansion. It fails for an argument whose type is not an input object.
func ExpandInlineArguments(schema *ast.Schema) error {
	for _, def := range schema.Types {
		if def.Kind != ast.Object && def.Kind != ast.Interface {
			continue
		}
		for _, field := range def.Fields {
			if err := expandFieldArgs(schema, def, field); err != nil {
				return err
			}
		}
	}
	return nil
}

func expandFieldArgs(schema *ast.Schema, owner *ast.Definition, field *ast.FieldDefinition) error {
	var out ast.ArgumentDefinitionList
	changed := false
	for _, arg := range field.Arguments {
		if arg.Directives.ForName(config.DirInlineArguments) == nil {
			out = append(out, arg)
			continue
		}
		input := schema.Types[arg.Type.Name()]
		switch {
		case input == nil:
			return fmt.Errorf("@inlineArguments on %s.%s(%s): type %s not found in schema",
				owner.Name, field.Name, arg.Name, arg.Type.Name())
		case input.Kind != ast.InputObject:
			return fmt.Errorf("@inlineArguments on %s.%s(%s): type %s must be an INPUT_OBJECT (input types only), got %s. The directive can only expand input object types into individual arguments",
				owner.Name, field.Name, arg.Name, input.Name, input.Kind)
		}
		info := &InlineArgsInfo{
			OriginalArgName: arg.Name,
			OriginalType:    input.Name,
			OriginalASTType: arg.Type,
			GoType:          inlineGoType(input),
		}
		for _, f := range input.Fields {
			out = append(out, &ast.ArgumentDefinition{
				Name: f.Name, Type: f.Type, Description: f.Description,
				DefaultValue: f.DefaultValue, Directives: f.Directives, Position: f.Position,
			})
			info.ExpandedArgs = append(info.ExpandedArgs, f.Name)
		}
		inlineArgs.Lock()
		inlineArgs.byField[inlineKey(owner.Name, field.Name)] = info
		inlineArgs.Unlock()
		changed = true
	}
	if changed {
		field.Arguments = out
	}
	return nil
}

// inlineGoType is the Go type named by the input's @goModel(model:), else
// the input's own name.
func inlineGoType(input *ast.Definition) string {
	if d := input.Directives.ForName(config.DirGoModel); d != nil {
		if a := d.Arguments.ForName(config.DirArgModel); a != nil {
			if v, err := a.Value.Value(nil); err == nil {
				if s, ok := v.(string); ok {
					return s
				}
			}
		}
	}
	return input.Name
}

// SerializeTransformedSchema returns the sources the generated code should
// embed: originalSources as they are, or, once arguments have been
// expanded, one built-in source printing the expanded schema (the
// schema clients see must have the expanded arguments).
func SerializeTransformedSchema(schema *ast.Schema, originalSources []*ast.Source) ([]*ast.Source, error) {
	inlineArgs.Lock()
	n := len(inlineArgs.byField)
	inlineArgs.Unlock()
	if n == 0 {
		return originalSources, nil
	}
	var buf bytes.Buffer
	formatter.NewFormatter(&buf).FormatSchema(schema)
	return []*ast.Source{{Name: "inline_arguments_transformed_schema.graphql", Input: buf.String(), BuiltIn: true}}, nil
}

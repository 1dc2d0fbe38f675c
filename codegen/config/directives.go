package config

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Names of the schema directives the generator reads. The schema must
// declare them; Init marks them skip_runtime.
const (
	DirGoEnum              = "goEnum"
	DirGoExtraField        = "goExtraField"
	DirGoField             = "goField"
	DirGoModel             = "goModel"
	DirGoTag               = "goTag"
	DirInlineArguments     = "inlineArguments"
	DirSubscriptionContext = "subscriptionContext"
)

// Names of the arguments of those directives.
const (
	DirArgAutoBindGetterHaser = "autoBindGetterHaser"
	DirArgBatch               = "batch"
	DirArgDescription         = "description"
	DirArgForceGenerate       = "forceGenerate"
	DirArgForceResolver       = "forceResolver"
	DirArgModel               = "model"
	DirArgModels              = "models"
	DirArgName                = "name"
	DirArgOmittable           = "omittable"
	DirArgOverrideTags        = "overrideTags"
	DirArgType                = "type"
	DirArgValue               = "value"
)

// codegenOnlyDirectives never reach the generated DirectiveRoot.
var codegenOnlyDirectives = []string{
	DirGoModel, DirGoExtraField, DirGoField, DirGoTag, DirGoEnum,
	DirInlineArguments, DirSubscriptionContext,
}

// injectTypesFromSchema folds the @go* directives of the schema into Models.
// Directive settings are added to (and for the same field, override) the
// YAML ones. Types are visited in name order so errors are deterministic.
func (c *Config) injectTypesFromSchema() error {
	for _, name := range codegenOnlyDirectives {
		c.Directives[name] = DirectiveConfig{SkipRuntime: true}
	}
	for _, name := range sortedKeys(c.Schema.Types) {
		def := c.Schema.Types[name]
		if c.IsRoot(def) {
			continue
		}
		c.applyGoModel(def)
		switch def.Kind {
		case ast.Object, ast.InputObject, ast.Interface:
			if err := c.applyGoFields(def); err != nil {
				return err
			}
			if err := c.applyGoExtraFields(def); err != nil {
				return err
			}
		case ast.Enum:
			c.applyGoEnum(def)
		}
	}
	return nil
}

// @goModel(model: String, models: [String!], forceGenerate: Boolean)
func (c *Config) applyGoModel(def *ast.Definition) {
	d := def.Directives.ForName(DirGoModel)
	if d == nil {
		return
	}
	if m, ok := stringArg(d, DirArgModel); ok {
		c.Models.Add(def.Name, m)
	}
	if v, ok := argValue(d, DirArgModels); ok {
		switch v := v.(type) {
		case []any:
			for _, m := range v {
				if s, ok := m.(string); ok {
					c.Models.Add(def.Name, s)
				}
			}
		case string: // a single value where a list is expected
			c.Models.Add(def.Name, v)
		}
	}
	if fg, ok := boolArg(d, DirArgForceGenerate); ok {
		c.Models.ForceGenerate(def.Name, fg)
	}
}

// @goField(forceResolver, name, omittable, type, autoBindGetterHaser,
// forceGenerate, batch) on fields. type and forceGenerate shape a generated
// model, so they are refused on types bound to a Go type.
func (c *Config) applyGoFields(def *ast.Definition) error {
	for _, field := range def.Fields {
		d := field.Directives.ForName(DirGoField)
		if d == nil {
			continue
		}
		entry := c.Models[def.Name]
		fc := entry.Fields[field.Name]
		bound := c.Models.UserDefined(def.Name)

		if d.Arguments.ForName(DirArgType) != nil {
			if bound {
				return notForBoundTypes(d, DirArgType)
			}
			if t, ok := stringArg(d, DirArgType); ok {
				fc.Type = t
			}
		}
		if v, ok := boolArg(d, DirArgForceResolver); ok {
			fc.Resolver = v
		}
		if v, ok := stringArg(d, DirArgName); ok {
			fc.FieldName = v
		}
		if v, ok := boolArg(d, DirArgOmittable); ok {
			fc.Omittable = &v
		}
		if v, ok := boolArg(d, DirArgAutoBindGetterHaser); ok {
			fc.AutoBindGetterHaser = &v
		}
		if v, ok := boolArg(d, DirArgBatch); ok {
			fc.Batch = &v
		}
		if d.Arguments.ForName(DirArgForceGenerate) != nil {
			if bound {
				return notForBoundTypes(d, DirArgForceGenerate)
			}
			if v, ok := boolArg(d, DirArgForceGenerate); ok {
				fc.ForceGenerate = v
			}
		}

		if entry.Fields == nil {
			entry.Fields = map[string]TypeMapField{}
		}
		entry.Fields[field.Name] = fc
		c.Models[def.Name] = entry
	}
	return nil
}

// @goExtraField(name, type!, overrideTags, description), repeatable on
// types. Without a name the field is embedded.
func (c *Config) applyGoExtraFields(def *ast.Definition) error {
	for _, d := range def.Directives.ForNames(DirGoExtraField) {
		if d.Arguments.ForName(DirArgType) == nil {
			continue
		}
		var extra ModelExtraField
		extra.Type, _ = stringArg(d, DirArgType)
		if extra.Type == "" {
			return directiveArgError(d, DirArgType, "cannot by empty")
		}
		extra.OverrideTags, _ = stringArg(d, DirArgOverrideTags)
		extra.Description, _ = stringArg(d, DirArgDescription)
		name, _ := stringArg(d, DirArgName)

		entry := c.Models[def.Name]
		if name == "" {
			entry.EmbedExtraFields = append(entry.EmbedExtraFields, extra)
		} else {
			if entry.ExtraFields == nil {
				entry.ExtraFields = map[string]ModelExtraField{}
			}
			entry.ExtraFields[name] = extra
		}
		c.Models[def.Name] = entry
	}
	return nil
}

// @goEnum(value: String!) on enum values. When any value of an enum carries
// it, the directives replace the enum_values of the YAML for that enum.
func (c *Config) applyGoEnum(def *ast.Definition) {
	if strings.HasPrefix(def.Name, "__") {
		return
	}
	values := map[string]EnumValue{}
	for _, v := range def.EnumValues {
		if d := v.Directives.ForName(DirGoEnum); d != nil {
			if s, ok := stringArg(d, DirArgValue); ok {
				values[v.Name] = EnumValue{Value: s}
			}
		}
	}
	if len(values) == 0 {
		return
	}
	entry := c.Models[def.Name]
	entry.EnumValues = values
	c.Models[def.Name] = entry
}

// argValue is the constant value of a directive argument; ok is false when
// the argument is missing, null, or not a constant.
func argValue(d *ast.Directive, name string) (any, bool) {
	arg := d.Arguments.ForName(name)
	if arg == nil || arg.Value == nil {
		return nil, false
	}
	v, err := arg.Value.Value(nil)
	if err != nil || v == nil {
		return nil, false
	}
	return v, true
}

func stringArg(d *ast.Directive, name string) (string, bool) {
	v, _ := argValue(d, name)
	s, ok := v.(string)
	return s, ok
}

func boolArg(d *ast.Directive, name string) (bool, bool) {
	v, _ := argValue(d, name)
	b, ok := v.(bool)
	return b, ok
}

func notForBoundTypes(d *ast.Directive, arg string) error {
	return directiveArgError(d, arg, "not applicable for user-defined models")
}

// directiveArgError describes a misused directive argument with the
// directive's source position.
func directiveArgError(d *ast.Directive, arg, problem string) error {
	src, line := "", 0
	if d.Position != nil {
		line = d.Position.Line
		if d.Position.Src != nil {
			src = d.Position.Src.Name
		}
	}
	return fmt.Errorf("argument '%s' for directive @%s (src: %s, line: %d) %s", arg, d.Name, src, line, problem)
}

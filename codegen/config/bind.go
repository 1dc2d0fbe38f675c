package config

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/internal/generator/code"
)

// The binder recognises these runtime types by their printed form, so user
// code may define look-alikes in other packages without confusing it.
const (
	omittableOrigin     = runtimePkg + ".Omittable[T any]"
	contextMarshalerRes = runtimePkg + ".ContextMarshaler"
)

// TypeReference binds the GraphQL type schemaType. bindTarget is the Go type
// found where the value lives (a struct field, a method result or parameter),
// or nil when there is none yet. The models configured for the named type are
// tried in order; the first whose Go type is compatible with bindTarget wins,
// and if bindTarget is not compatible but has MarshalGQL/UnmarshalGQL methods
// of its own (or the context variants) it is used as is. The result is
// recorded in References.
//
// A bindTarget of graphql.Omittable[T] binds T and marks the reference
// omittable; that is an error for a non-null schemaType.
func (b *Binder) TypeReference(schemaType *ast.Type, bindTarget types.Type) (ret *TypeReference, err error) {
	if bindTarget != nil {
		bindTarget = code.Unalias(bindTarget)
	}
	if inner, ok := omittableArg(bindTarget); ok {
		if schemaType.NonNull {
			return nil, fmt.Errorf("%s is wrapped with Omittable but non-null", schemaType.Name())
		}
		ref, err := b.TypeReference(schemaType, inner)
		if err != nil {
			return nil, err
		}
		ref.IsOmittable = true
		return ref, nil
	}
	if basic, ok := bindTarget.(*types.Basic); ok && basic.Kind() == types.Invalid {
		b.SawInvalid = true
		return nil, fmt.Errorf("%s has an invalid type", schemaType.Name())
	}

	name := schemaType.Name()
	models := b.cfg.Models[name].Model
	if len(models) == 0 {
		return nil, fmt.Errorf("%s was not found", name)
	}
	def := b.cfg.Schema.Types[name]

	for _, model := range models {
		ref, ok, err := b.tryModel(schemaType, def, model, bindTarget)
		if err != nil {
			return nil, err
		}
		if ok {
			b.PushRef(ref)
			return ref, nil
		}
	}
	return nil, fmt.Errorf("%s is incompatible with %s", name, bindTarget.String())
}

// tryModel binds schemaType to one configured model. ok is false when the
// model does not fit bindTarget and the next one should be tried; an error
// ends the search.
func (b *Binder) tryModel(schemaType *ast.Type, def *ast.Definition, model string, bindTarget types.Type) (ref *TypeReference, ok bool, err error) {
	ref = &TypeReference{Definition: def, GQL: schemaType, IsRoot: b.cfg.IsRoot(def)}

	// The untyped models take no part in compatibility checks: they fit
	// any target of their kind, and no target at all.
	if untyped := builtinModelType(model); untyped != nil {
		if !fitsUntyped(untyped, bindTarget) {
			return nil, false, nil
		}
		ref.GO = b.CopyModifiersFromAst(schemaType, untyped)
		return ref, true, nil
	}

	pkgName, typeName := code.PkgAndType(model)
	if pkgName == "" {
		return nil, false, fmt.Errorf("missing package name for %s", schemaType.Name())
	}
	obj, err := b.FindObject(pkgName, typeName)
	if err != nil {
		return nil, false, err
	}
	if err := b.describeModel(ref, obj, typeName); err != nil {
		return nil, false, err
	}

	ref.Target = ref.GO
	ref.GO = b.CopyModifiersFromAst(schemaType, ref.GO)

	if bindTarget != nil {
		if code.CompatibleTypes(ref.GO, bindTarget) != nil {
			// The field's own type may still know how to (un)marshal itself.
			switch {
			case hasMethods(bindTarget, "MarshalGQLContext", "UnmarshalGQLContext"):
				ref.IsContext = true
			case hasMethods(bindTarget, "MarshalGQL", "UnmarshalGQL"):
				ref.IsContext = false
			default:
				return nil, false, nil
			}
			ref.IsMarshaler = true
			ref.Marshaler, ref.Unmarshaler = nil, nil
		}
		ref.GO = bindTarget
	}
	ref.PointersInUnmarshalInput = b.cfg.ReturnPointersInUnmarshalInput
	return ref, true, nil
}

// describeModel fills in ref.GO and the marshaling fields for the model obj,
// found under the name typeName. In order of precedence the model is: an enum
// with value bindings, a MarshalX/UnmarshalX function pair, a type with
// context-aware or plain MarshalGQL/UnmarshalGQL methods, a named string type
// standing for a leaf type (marshalled as a string), or any other type.
func (b *Binder) describeModel(ref *TypeReference, obj types.Object, typeName string) error {
	t := code.Unalias(obj.Type())
	def := ref.Definition

	if values := b.enumValues(def); len(values) > 0 {
		return b.bindEnumValues(ref, obj, values)
	}
	if fn, isFunc := obj.(*types.Func); isFunc {
		pair, err := b.marshalPair(fn, typeName)
		if err != nil {
			return err
		}
		ref.GO, ref.IsContext = pair.goType, pair.context
		ref.Marshaler, ref.Unmarshaler = fn, pair.unmarshal
		return nil
	}

	ref.GO = t
	switch {
	case hasMethods(t, "MarshalGQLContext", "UnmarshalGQLContext"):
		ref.IsContext, ref.IsMarshaler = true, true
	case hasMethods(t, "MarshalGQL", "UnmarshalGQL"):
		ref.IsMarshaler = true
	case def != nil && def.IsLeafType() && namedStringBase(t) != nil:
		// A named string type bound to a scalar or enum is converted to
		// string and marshalled by the String scalar's functions.
		ref.CastType = namedStringBase(t)
		str, err := b.TypeReference(&ast.Type{NamedType: "String"}, nil)
		if err != nil {
			return err
		}
		ref.Marshaler, ref.Unmarshaler = str.Marshaler, str.Unmarshaler
	}
	return nil
}

// funcPair is what a MarshalX function tells about the binding it stands for.
type funcPair struct {
	goType    types.Type  // the marshalled type: the first parameter
	context   bool        // MarshalX returns graphql.ContextMarshaler
	unmarshal *types.Func // UnmarshalX, by name, in the same package
}

// marshalPair describes the function pair of fn, once per function for the
// life of the Binder: scalars bound to functions are referenced from many
// fields.
func (b *Binder) marshalPair(fn *types.Func, typeName string) (funcPair, error) {
	if pair, ok := b.pairs[fn]; ok {
		return pair, nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() == 0 || sig.Results().Len() == 0 {
		return funcPair{}, fmt.Errorf("%s.%s must take a value and return a marshaler", fn.Pkg().Path(), fn.Name())
	}
	pair := funcPair{
		goType:    code.Unalias(sig.Params().At(0).Type()),
		context:   code.Unalias(sig.Results().At(0).Type()).String() == contextMarshalerRes,
		unmarshal: types.NewFunc(0, fn.Pkg(), "Unmarshal"+typeName, nil),
	}
	if b.pairs == nil {
		b.pairs = map[*types.Func]funcPair{}
	}
	b.pairs[fn] = pair
	return pair, nil
}

// fitsUntyped reports whether a map or any model may bind to target.
func fitsUntyped(untyped, target types.Type) bool {
	if target == nil {
		return true
	}
	if untyped == MapType {
		_, ok := target.(*types.Map)
		return ok
	}
	_, ok := types.Unalias(target).(*types.Interface)
	return ok
}

// omittableArg unwraps graphql.Omittable[T] to T.
func omittableArg(t types.Type) (types.Type, bool) {
	named, ok := t.(*types.Named)
	if !ok || named.TypeArgs().Len() != 1 || named.Obj().Name() != "Omittable" ||
		named.Origin().String() != omittableOrigin {
		return t, false
	}
	return named.TypeArgs().At(0), true
}

// hasMethods reports whether t, or the type t points to, is a named type
// declaring all the methods (promoted methods do not count).
func hasMethods(t types.Type, names ...string) bool {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	for _, name := range names {
		found := false
		for m := range named.Methods() {
			if m.Name() == name {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// namedStringBase returns the basic string type under a named type (or a
// pointer to one), nil for anything else.
func namedStringBase(t types.Type) *types.Basic {
	t = types.Unalias(t)
	if ptr, ok := t.(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	if basic, ok := named.Underlying().(*types.Basic); ok && basic.Kind() == types.String {
		return basic
	}
	return nil
}

// enumValues returns the enum value bindings configured for def, nil unless
// def is a user enum with some.
func (b *Binder) enumValues(def *ast.Definition) map[string]EnumValue {
	if def == nil || def.Kind != ast.Enum || strings.HasPrefix(def.Name, "__") {
		return nil
	}
	return b.cfg.Models[def.Name].EnumValues
}

// bindEnumValues binds an enum whose values are each bound to a Go constant
// or variable of the model type. The values are marshalled through the
// String scalar's functions, by the generated value maps.
func (b *Binder) bindEnumValues(ref *TypeReference, obj types.Object, values map[string]EnumValue) error {
	def := ref.Definition
	if len(def.EnumValues) != len(values) {
		return fmt.Errorf("not all enum values are binded for %v", def.Name)
	}

	ref.GO = code.Unalias(obj.Type())
	if sig, ok := ref.GO.(*types.Signature); ok && sig.Params().Len() > 0 {
		ref.GO = code.Unalias(sig.Params().At(0).Type())
	}

	str, err := b.TypeReference(&ast.Type{NamedType: "String"}, nil)
	if err != nil {
		return err
	}
	ref.Marshaler, ref.Unmarshaler = str.Marshaler, str.Unmarshaler

	ref.EnumValues = make([]EnumValueReference, 0, len(values))
	for _, v := range def.EnumValues {
		binding, ok := values[v.Name]
		if !ok {
			return fmt.Errorf("enum value not found for: %v, of enum: %v", v.Name, def.Name)
		}
		pkgName, name := code.PkgAndType(binding.Value)
		if pkgName == "" {
			return fmt.Errorf("missing package name for %v", v.Name)
		}
		valueObj, err := b.FindObject(pkgName, name)
		if err != nil {
			return err
		}
		valueType := code.Unalias(valueObj.Type())
		if !types.AssignableTo(valueType, ref.GO) {
			return fmt.Errorf("wrong type: %v, for enum value: %v, expected type: %v, of enum: %v",
				valueType, v.Name, ref.GO, def.Name)
		}
		switch valueObj.(type) {
		case *types.Const, *types.Var:
		default:
			return fmt.Errorf("unsupported enum value for: %v, of enum: %v, only const and var allowed", v.Name, def.Name)
		}
		ref.EnumValues = append(ref.EnumValues, EnumValueReference{Definition: v, Object: valueObj})
	}
	return nil
}

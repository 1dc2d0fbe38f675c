package codegen

import (
	"errors"
	"fmt"
	"go/types"
	"log"
	"reflect"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/code"
)

// buildField binds one field of obj.
func (b *builder) buildField(obj *Object, def *ast.FieldDefinition) (*Field, error) {
	dirs, err := b.applied(def.Directives)
	if err != nil {
		return nil, err
	}
	f := &Field{
		FieldDefinition:          def,
		Object:                   obj,
		Directives:               dirs,
		GoFieldName:              templates.ToGo(def.Name),
		GoFieldType:              GoFieldVariable,
		GoReceiverName:           "obj",
		SubscriptionContextField: b.cfg.SubscriptionContextField,
	}
	if def.DefaultValue != nil {
		if f.Default, err = def.DefaultValue.Value(nil); err != nil {
			return nil, fmt.Errorf("default value %s is not valid: %w", def.Name, err)
		}
	}
	for _, a := range def.Arguments {
		arg, err := b.buildArg(obj, a)
		if err != nil {
			return nil, err
		}
		f.Args = append(f.Args, arg)
	}

	if err := b.bindField(obj, f); err != nil {
		if errors.Is(err, config.ErrTypeNotFound) {
			return nil, err
		}
		log.Println(err.Error())
		f.IsResolver = true
	}
	if err := b.completeField(f); err != nil {
		return nil, err
	}
	if err := b.applyBatch(obj, f); err != nil {
		return nil, err
	}
	if f.IsResolver && b.cfg.ResolversAlwaysReturnPointers && !f.TypeReference.IsPtr() && f.TypeReference.IsStruct() {
		f.TypeReference = b.binder.ReplaceWithPointer(f.TypeReference)
	}
	return f, nil
}

// buildArg binds an argument of a field of obj.
func (b *builder) buildArg(obj *Object, a *ast.ArgumentDefinition) (*FieldArgument, error) {
	ref, err := b.binder.TypeReference(a.Type, nil)
	if err != nil {
		return nil, err
	}
	dirs, err := b.applied(a.Directives)
	if err != nil {
		return nil, err
	}
	arg := &FieldArgument{
		ArgumentDefinition:             a,
		TypeReference:                  ref,
		Object:                         obj,
		VarName:                        templates.ToGoPrivate(a.Name),
		Directives:                     dirs,
		CallArgumentDirectivesWithNull: b.cfg.CallArgumentDirectivesWithNull,
	}
	if a.DefaultValue != nil {
		if arg.Default, err = a.DefaultValue.Value(nil); err != nil {
			return nil, fmt.Errorf("default value is not valid: %w", err)
		}
	}
	return arg, nil
}

// completeField gives a field that binding left without a type reference
// (resolvers, failed bindings) one of its own, and puts the directives of
// its type, except those of input objects, before its own.
func (b *builder) completeField(f *Field) error {
	if f.TypeReference == nil {
		ref, err := b.binder.TypeReference(f.Type, nil)
		if err != nil {
			return err
		}
		f.TypeReference = ref
	}
	typeDirs, err := b.applied(f.TypeReference.Definition.Directives)
	if err != nil {
		return err
	}
	var lead []*Directive
	for _, d := range typeDirs {
		if !d.IsLocation(ast.LocationInputObject) {
			lead = append(lead, d)
		}
	}
	if len(lead) > 0 {
		f.Directives = append(lead, f.Directives...)
	}
	return nil
}

// applyBatch decides whether the field has a batch resolver: as the field's
// configuration says, else (for resolver fields) as resolver.batch says.
func (b *builder) applyBatch(obj *Object, f *Field) error {
	explicit := b.cfg.Models[obj.Name].Fields[f.Name].Batch
	reason := b.cfg.BatchResolverUnsupportedReason(obj.Name, obj.Definition)
	switch {
	case explicit != nil:
		f.Batch = *explicit
	case b.cfg.Resolver.Batch.Enabled && f.IsResolver && reason == "":
		f.Batch = true
	}
	if !f.Batch {
		return nil
	}
	if reason != "" {
		return fmt.Errorf("batch resolver is not supported for field %s.%s: %s", obj.Name, f.Name, reason)
	}
	f.IsResolver = true
	return nil
}

// bindField decides where the value of f comes from. An error means no
// model field or method fits; the caller then makes f a resolver.
func (b *builder) bindField(obj *Object, f *Field) error {
	f.Stream = obj.Stream
	fieldCfg := b.cfg.Models[obj.Name].Fields[f.Name]

	switch {
	case f.Name == "__schema":
		b.bindExecMethod(f, "IntrospectSchema", false, false)
		// IntrospectSchema returns a pointer although __schema is non-null.
		ref, err := b.binder.TypeReference(f.Type, nil)
		if err != nil {
			return err
		}
		f.TypeReference = b.binder.ReplaceWithPointer(ref)
		return nil
	case f.Name == "__type":
		b.bindExecMethod(f, "IntrospectType", false, false)
		return nil
	case f.Name == "_entities":
		b.bindExecMethod(f, "__resolve_entities", true, true)
		return nil
	case f.Name == "_service":
		b.bindExecMethod(f, "__resolve__service", true, false)
		return nil
	case obj.Root, fieldCfg.Resolver:
		f.IsResolver = true
		return nil
	case obj.Type == config.MapType:
		f.GoFieldType = GoFieldMap
		return nil
	case fieldCfg.FieldName != "":
		f.GoFieldName = fieldCfg.FieldName
	}

	getterHaser := b.cfg.AutobindGetterHaser
	if fieldCfg.AutoBindGetterHaser != nil {
		getterHaser = *fieldCfg.AutoBindGetterHaser
	}
	if getterHaser && !f.Type.NonNull {
		if haser := haserMethod(obj.Type, f.GoFieldName); haser != nil {
			f.HasHaser, f.HaserMethodName = true, haser.Name()
		}
	}

	target, err := b.bindTarget(obj.Type, f.GoFieldName, getterHaser)
	if err != nil {
		return err
	}
	switch target := target.(type) {
	case *types.Func:
		return b.bindMethod(f, target)
	case *types.Var:
		ref, err := b.binder.TypeReference(f.Type, target.Type())
		if err != nil {
			return err
		}
		f.GoFieldType, f.GoFieldName, f.TypeReference = GoFieldVariable, target.Name(), ref
		return nil
	case nil:
		if b.cfg.IsRoot(b.schema.Types[f.Type.Name()]) {
			// A field returning an operation root needs no model: the
			// generated code hands out an empty root value.
			return nil
		}
		pos := b.binder.TypePosition(obj.Type)
		return fmt.Errorf("%s:%d adding resolver method for %s.%s, nothing matched", pos.Filename, pos.Line, obj.Name, f.Name)
	}
	return fmt.Errorf("unknown bind target %T for %s", target, f.Name)
}

// bindExecMethod binds f to a method of the execution context itself: the
// introspection and federation fields.
func (b *builder) bindExecMethod(f *Field, method string, withContext, noErr bool) {
	f.GoFieldType, f.GoReceiverName, f.GoFieldName = GoFieldMethod, "ec", method
	f.MethodHasContext, f.NoErr = withContext, noErr
}

// bindMethod binds f to method: the method's parameters (after an optional
// context) must be field arguments, matched by name, and its results the
// value alone, the value and an error, or the value and an ok flag.
func (b *builder) bindMethod(f *Field, method *types.Func) error {
	sig := method.Type().(*types.Signature)
	results := sig.Results()
	switch {
	case results.Len() == 1:
		f.NoErr = true
	case results.Len() == 2 && results.At(1).Type().String() == "bool":
		f.VOkFunc = true
	case results.Len() != 2:
		return errors.New("method has wrong number of args")
	}

	var params []*types.Var
	for p := range sig.Params().Variables() {
		params = append(params, p)
	}
	if len(params) > 0 && params[0].Type().String() == "context.Context" {
		f.MethodHasContext = true
		params = params[1:]
	}
	if sig.Variadic() && len(params) > len(f.Args) {
		params = params[:len(f.Args)]
	}
	args := make([]*FieldArgument, 0, len(params))
	for _, p := range params {
		arg := findArg(f.Args, p.Name())
		if arg == nil {
			pos := b.binder.ObjectPosition(method)
			return fmt.Errorf("%s:%d: arg %s not in schema", pos.Filename, pos.Line, p.Name())
		}
		ref, err := b.binder.TypeReference(arg.Type, p.Type())
		if err != nil {
			pos := b.binder.ObjectPosition(method)
			return fmt.Errorf("%s:%d: %w", pos.Filename, pos.Line, err)
		}
		b.binder.RemoveRef(arg.TypeReference)
		arg.TypeReference = ref
		args = append(args, arg)
	}

	ref, err := b.binder.TypeReference(f.Type, results.At(0).Type())
	if err != nil {
		return err
	}
	f.GoFieldType, f.GoReceiverName, f.GoFieldName = GoFieldMethod, "obj", method.Name()
	f.Args, f.TypeReference = args, ref
	return nil
}

// findArg returns the argument called name, compared case-insensitively.
func findArg(args []*FieldArgument, name string) *FieldArgument {
	for _, a := range args {
		if strings.EqualFold(a.Name, name) {
			return a
		}
	}
	return nil
}

// bindTarget finds the struct field or method of t that serves the field
// name. In order: a struct field whose tag (struct_tag) names it; with
// getterHaser, a GetName method; a method or a struct field of that name
// (both is ambiguous); the same, recursively, in embedded types.
func (b *builder) bindTarget(t types.Type, name string, getterHaser bool) (types.Object, error) {
	if found, err := b.taggedField(t, name); found != nil || err != nil {
		return found, err
	}
	if getterHaser {
		if getter, err := uniqueMethod(t, "Get"+name); getter != nil || err != nil {
			return getter, err
		}
	}
	method, err := uniqueMethod(t, name)
	if err != nil {
		return nil, err
	}
	field, err := uniqueField(t, name)
	if err != nil {
		return nil, err
	}
	switch {
	case method != nil && field != nil:
		return nil, fmt.Errorf("found more than one way to bind for %s", name)
	case method != nil:
		return method, nil
	case field != nil:
		return field, nil
	}
	return b.embeddedTarget(t, name, getterHaser)
}

// taggedField finds the exported struct field of t whose struct_tag value
// names the field.
func (b *builder) taggedField(t types.Type, name string) (types.Object, error) {
	key := b.cfg.StructTag
	st, ok := code.Unalias(t).Underlying().(*types.Struct)
	if key == "" || !ok {
		return nil, nil
	}
	var found types.Object
	for i := range st.NumFields() {
		fv := st.Field(i)
		if !fv.Exported() || fv.Embedded() {
			continue
		}
		val, ok := reflect.StructTag(st.Tag(i)).Lookup(key)
		if !ok || !sameFieldName(val, name) {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("tag %s is ambiguous; multiple fields have the same tag value of %s", key, val)
		}
		found = fv
	}
	return found, nil
}

// sameFieldName compares a tag value or Go field name with a field name,
// ignoring case, underscores and a ",omitempty" option.
func sameFieldName(goName, name string) bool {
	norm := func(s string) string { return strings.ReplaceAll(s, "_", "") }
	return strings.EqualFold(norm(strings.ReplaceAll(goName, ",omitempty", "")), norm(name))
}

// methodSet lists the methods declared for t: those of a named non-interface
// type itself (promoted ones are found through embedded fields), or all of
// an interface's.
func methodSet(t types.Type) []*types.Func {
	var out []*types.Func
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if iface, ok := t.Underlying().(*types.Interface); ok {
			return methodSet(iface)
		}
		for m := range t.Methods() {
			out = append(out, m)
		}
	case *types.Interface:
		for m := range t.Methods() {
			out = append(out, m)
		}
	}
	return out
}

// uniqueMethod finds the exported method of t called name, ignoring case.
func uniqueMethod(t types.Type, name string) (types.Object, error) {
	var found types.Object
	for _, m := range methodSet(t) {
		if !m.Exported() || !strings.EqualFold(m.Name(), name) {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("found more than one matching method to bind for %s", name)
		}
		found = m
	}
	return found, nil
}

// uniqueField finds the exported struct field of t that names the field.
func uniqueField(t types.Type, name string) (types.Object, error) {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	var found types.Object
	for fv := range st.Fields() {
		if !fv.Exported() || !sameFieldName(fv.Name(), name) {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("found more than one matching field to bind for %s", name)
		}
		found = fv
	}
	return found, nil
}

// embeddedTarget looks for the target in the embedded fields of a struct or
// the embedded interfaces of an interface; two matches are ambiguous.
func (b *builder) embeddedTarget(t types.Type, name string, getterHaser bool) (types.Object, error) {
	var inner []types.Type
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Struct:
		for fv := range u.Fields() {
			if !fv.Embedded() {
				continue
			}
			ft := code.Unalias(fv.Type())
			if p, ok := ft.(*types.Pointer); ok {
				ft = p.Elem()
			}
			inner = append(inner, ft)
		}
	case *types.Interface:
		for et := range u.EmbeddedTypes() {
			inner = append(inner, et)
		}
	}
	var found types.Object
	for _, it := range inner {
		hit, err := b.bindTarget(it, name, getterHaser)
		if err != nil {
			return nil, err
		}
		if hit == nil {
			continue
		}
		if found != nil {
			return nil, fmt.Errorf("found more than one way to bind for %s", name)
		}
		found = hit
	}
	return found, nil
}

// haserMethod finds the HasName() bool method of t, which protobuf
// generates to tell whether an optional field is set.
func haserMethod(t types.Type, name string) *types.Func {
	m, _ := uniqueMethod(t, "Has"+name)
	fn, ok := m.(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || sig.Results().At(0).Type().String() != "bool" {
		return nil
	}
	return fn
}

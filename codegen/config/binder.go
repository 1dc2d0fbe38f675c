package config

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/internal/generator/code"
)

// ErrTypeNotFound is wrapped by the errors of lookups that found the package
// but not the named type or function in it.
var ErrTypeNotFound = errors.New("unable to find type")

// The Go types behind the untyped model names: "map[string]any" (also
// spelled "map[string]interface{}") and "any" ("interface{}").
// TypeReference.IsMap compares against MapType by identity.
var (
	MapType       = types.NewMap(types.Typ[types.String], templates.AnyType)
	InterfaceType = templates.AnyType
)

// builtinModelType returns MapType or InterfaceType for the model names that
// denote them, nil for any other name.
func builtinModelType(name string) types.Type {
	switch name {
	case "map[string]any", "map[string]interface{}":
		return MapType
	case "any", "interface{}":
		return InterfaceType
	}
	return nil
}

// Binder pairs GraphQL types with Go types, using the type information of the
// Config's package cache. It records every TypeReference it hands out in
// References: the code generator emits one marshaler and unmarshaler per
// distinct reference. A Binder is not safe for concurrent use.
type Binder struct {
	// References are the type references handed out so far, in order.
	References []*TypeReference
	// SawInvalid is set when a bind target had an invalid type: Go code
	// referring to something not generated yet. The generator then knows
	// to bind again once it has written that code.
	SawInvalid bool

	cfg   *Config
	pkgs  *code.Packages
	tctx  *types.Context           // shared by instantiations, created on first use
	pairs map[*types.Func]funcPair // see marshalPair
}

// NewBinder returns a Binder over the Config's schema, models and packages.
// Call it after Init.
func (c *Config) NewBinder() *Binder {
	return &Binder{cfg: c, pkgs: c.Packages}
}

// PushRef records ref in References.
func (b *Binder) PushRef(ret *TypeReference) {
	b.References = append(b.References, ret)
}

// RemoveRef takes ref out of References, so nothing is generated for it; use
// it for a reference that another has replaced and that no field, argument or
// directive uses any more. Unknown references are ignored.
func (b *Binder) RemoveRef(ref *TypeReference) {
	b.References = slices.DeleteFunc(b.References, func(r *TypeReference) bool { return r == ref })
}

// PointerTo records and returns a copy of ref whose Go type is a pointer to
// ref's. ref itself stays recorded (see ReplaceWithPointer).
func (b *Binder) PointerTo(ref *TypeReference) *TypeReference {
	ptr := *ref
	ptr.GO = types.NewPointer(ref.GO)
	b.PushRef(&ptr)
	return &ptr
}

// ReplaceWithPointer is PointerTo followed by RemoveRef(ref): for when the
// pointer reference takes ref's place rather than joining it.
func (b *Binder) ReplaceWithPointer(ref *TypeReference) *TypeReference {
	ptr := b.PointerTo(ref)
	b.RemoveRef(ref)
	return ptr
}

// TypePosition is where the named type typ is declared, or a position with
// file "unknown" for other types.
func (b *Binder) TypePosition(typ types.Type) token.Position {
	if named, ok := code.Unalias(typ).(*types.Named); ok {
		return b.ObjectPosition(named.Obj())
	}
	return unknownPosition
}

// ObjectPosition is where obj is declared, or a position with file "unknown"
// when that cannot be told.
func (b *Binder) ObjectPosition(typ types.Object) token.Position {
	if typ == nil || typ.Pkg() == nil {
		return unknownPosition
	}
	pkg := b.pkgs.Load(typ.Pkg().Path())
	if pkg == nil || pkg.Fset == nil {
		return unknownPosition
	}
	return pkg.Fset.Position(typ.Pos())
}

var unknownPosition = token.Position{Filename: "unknown"}

// FindTypeFromName is FindType for a qualified name, "import/path.Name".
func (b *Binder) FindTypeFromName(name string) (types.Type, error) {
	pkgName, typeName := code.PkgAndType(name)
	return b.FindType(pkgName, typeName)
}

// FindType returns the Go type typeName of package pkgName. When the package
// declares a MarshalTypeName function, the type is that function's parameter
// type. Without a package, the map and any forms are understood.
func (b *Binder) FindType(pkgName, typeName string) (types.Type, error) {
	if pkgName == "" {
		if t := builtinModelType(typeName); t != nil {
			return t, nil
		}
	}
	obj, err := b.FindObject(pkgName, typeName)
	if err != nil {
		return nil, err
	}
	if fn, ok := obj.(*types.Func); ok {
		return marshalerInput(fn)
	}
	return code.Unalias(obj.Type()), nil
}

// FindObject looks typeName up among the package-level declarations of
// pkgName, loading the package if the cache does not have it. A function
// named "Marshal"+typeName wins over typeName itself, because a
// Marshal/Unmarshal pair is how a scalar is bound to functions. A missing
// declaration gives an error wrapping ErrTypeNotFound.
func (b *Binder) FindObject(pkgName, typeName string) (types.Object, error) {
	if pkgName == "" {
		return nil, fmt.Errorf("package cannot be nil in FindObject for type: %s", typeName)
	}
	pkg := b.pkgs.LoadWithTypes(pkgName)
	if pkg == nil {
		if err := b.pkgs.Errors(); err != nil {
			return nil, fmt.Errorf("package could not be loaded: %s.%s: %w", pkgName, typeName, err)
		}
		return nil, fmt.Errorf("required package was not loaded: %s.%s", pkgName, typeName)
	}
	if pkg.Types != nil {
		scope := pkg.Types.Scope()
		if obj := scope.Lookup("Marshal" + typeName); obj != nil {
			return obj, nil
		}
		if obj := scope.Lookup(typeName); obj != nil {
			return obj, nil
		}
	}
	return nil, fmt.Errorf("%w: %s.%s", ErrTypeNotFound, pkgName, typeName)
}

// DefaultUserObject returns the Go type of the first model of the schema type
// name. Unlike FindType it does not look through marshal functions: for a
// function binding it returns the function's signature.
func (b *Binder) DefaultUserObject(name string) (types.Type, error) {
	models := b.cfg.Models[name].Model
	if len(models) == 0 {
		return nil, fmt.Errorf("%s not found in typemap", name)
	}
	if t := builtinModelType(models[0]); t != nil {
		return t, nil
	}
	pkgName, typeName := code.PkgAndType(models[0])
	if pkgName == "" {
		return nil, fmt.Errorf("missing package name for %s", name)
	}
	obj, err := b.FindObject(pkgName, typeName)
	if err != nil {
		return nil, err
	}
	return code.Unalias(obj.Type()), nil
}

// InstantiateType instantiates the generic type orig with targs. Identical
// instantiations return identical types. A type that is not generic, or a
// wrong number of type arguments, is an error.
func (b *Binder) InstantiateType(orig types.Type, targs []types.Type) (types.Type, error) {
	var params *types.TypeParamList
	switch o := types.Unalias(orig).(type) {
	case *types.Named:
		params = o.TypeParams()
	case *types.Signature:
		params = o.TypeParams()
	}
	if params.Len() == 0 || params.Len() != len(targs) {
		return nil, fmt.Errorf("cannot instantiate %s with %d type arguments", orig, len(targs))
	}
	if b.tctx == nil {
		b.tctx = types.NewContext()
	}
	return types.Instantiate(b.tctx, orig, targs, false)
}

// CopyModifiersFromAst wraps base the way the GraphQL type t wraps its named
// type: a slice per list level, and a pointer where the GraphQL type is
// nullable and the Go type cannot be nil. List elements of struct type are
// pointers too, unless omit_slice_element_pointers is set.
func (b *Binder) CopyModifiersFromAst(t *ast.Type, base types.Type) types.Type {
	base = types.Unalias(base)
	if t.Elem != nil {
		elem := b.CopyModifiersFromAst(t.Elem, base)
		if _, isStruct := elem.Underlying().(*types.Struct); isStruct && !b.cfg.OmitSliceElementPointers {
			elem = types.NewPointer(elem)
		}
		return types.NewSlice(elem)
	}
	if t.NonNull || IsNilable(base) {
		return base
	}
	return types.NewPointer(base)
}

// IsNilable reports whether nil is a value of t: pointers, maps, slices,
// channels and interfaces, also behind names and aliases.
func IsNilable(t types.Type) bool {
	t = types.Unalias(t)
	if named, ok := t.(*types.Named); ok {
		t = named.Underlying()
	}
	switch t.(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface:
		return true
	}
	return false
}

// marshalerInput is the Go type a MarshalX function marshals: its first
// parameter.
func marshalerInput(fn *types.Func) (types.Type, error) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() == 0 {
		return nil, fmt.Errorf("%s.%s must take the value to marshal as its first parameter", fn.Pkg().Path(), fn.Name())
	}
	return code.Unalias(sig.Params().At(0).Type()), nil
}

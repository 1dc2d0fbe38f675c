package code

import (
	"fmt"
	"go/types"
	"strings"
)

// Unalias resolves type aliases, also under one or more pointers, so that
// the generator sees the type an alias stands for.
//
// One alias is kept by name: when the alias is declared outside any internal
// package for a type inside an internal package of the same tree, generated
// code could not import the target, so the alias's own name is returned (as a
// named type with the target's underlying type).
func Unalias(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.Pointer:
		return types.NewPointer(Unalias(t.Elem()))
	case *types.Alias:
		target := types.Unalias(t)
		if hidesInternal(t.String(), target.String()) {
			return types.NewNamed(t.Obj(), t.Underlying(), nil)
		}
		return target
	default:
		return t
	}
}

// hidesInternal reports whether an alias spelled alias (a qualified type
// string) gives outside access to target, a type under an "internal"
// directory of the same tree. The test is textual, on the last occurrence of
// "internal" in target.
func hidesInternal(alias, target string) bool {
	if strings.Contains(alias, "internal") {
		return false
	}
	i := strings.LastIndex(target, "internal")
	return i >= 0 && strings.HasPrefix(alias, target[:i])
}

// CompatibleTypes reports, as an error describing the first difference,
// whether a value of type actual can be bound where expected is wanted. It
// is deliberately loose: aliases are resolved, pointers are ignored at every
// level, channel directions and variadic flags are not compared, and named
// types match by package path and name only. An invalid actual type (one
// that referred to code not generated yet) matches any named type.
func CompatibleTypes(expected, actual types.Type) error {
	expected, actual = Unalias(expected), Unalias(actual)
	if e, ok := expected.(*types.Pointer); ok {
		return CompatibleTypes(e.Elem(), actual)
	}
	if a, ok := actual.(*types.Pointer); ok {
		return CompatibleTypes(expected, a.Elem())
	}

	mismatch := func() error {
		return fmt.Errorf("type mismatch: %s is a %s, %s is a %s", expected, typeKind(expected), actual, typeKind(actual))
	}

	switch e := expected.(type) {
	case *types.Basic:
		a, ok := actual.(*types.Basic)
		if !ok {
			return mismatch()
		}
		if a.Kind() != e.Kind() {
			return fmt.Errorf("basic types differ: %s != %s", e.Name(), a.Name())
		}
		return nil

	case *types.Named:
		switch a := actual.(type) {
		case *types.Named:
			ep, ap := namedPkgPath(e), namedPkgPath(a)
			if ep != ap {
				return fmt.Errorf("named types come from different packages: %s != %s", ep, ap)
			}
			if e.Obj().Name() != a.Obj().Name() {
				return fmt.Errorf("named types differ: %s != %s", e.Obj().Name(), a.Obj().Name())
			}
			return nil
		case *types.Basic:
			if a.Kind() == types.Invalid {
				return nil
			}
		}
		return mismatch()

	case *types.Slice:
		if a, ok := actual.(*types.Slice); ok {
			return CompatibleTypes(e.Elem(), a.Elem())
		}
		return mismatch()

	case *types.Array:
		a, ok := actual.(*types.Array)
		if !ok {
			return mismatch()
		}
		if e.Len() != a.Len() {
			return fmt.Errorf("array lengths differ: %d != %d", e.Len(), a.Len())
		}
		return CompatibleTypes(e.Elem(), a.Elem())

	case *types.Map:
		a, ok := actual.(*types.Map)
		if !ok {
			return mismatch()
		}
		if err := CompatibleTypes(e.Key(), a.Key()); err != nil {
			return err
		}
		return CompatibleTypes(e.Elem(), a.Elem())

	case *types.Chan:
		if a, ok := actual.(*types.Chan); ok {
			return CompatibleTypes(e.Elem(), a.Elem())
		}
		return mismatch()

	case *types.Struct:
		a, ok := actual.(*types.Struct)
		if !ok {
			return mismatch()
		}
		if e.NumFields() != a.NumFields() {
			return fmt.Errorf("structs have %d and %d fields", e.NumFields(), a.NumFields())
		}
		for i := range e.NumFields() {
			ef, af := e.Field(i), a.Field(i)
			if ef.Name() != af.Name() {
				return fmt.Errorf("struct field %d is %s in one and %s in the other", i, ef.Name(), af.Name())
			}
			if err := CompatibleTypes(ef.Type(), af.Type()); err != nil {
				return fmt.Errorf("struct field %s: %w", ef.Name(), err)
			}
		}
		return nil

	case *types.Tuple:
		a, ok := actual.(*types.Tuple)
		if !ok {
			return mismatch()
		}
		if e.Len() != a.Len() {
			return fmt.Errorf("tuples have %d and %d elements", e.Len(), a.Len())
		}
		for i := range e.Len() {
			if err := CompatibleTypes(e.At(i).Type(), a.At(i).Type()); err != nil {
				return err
			}
		}
		return nil

	case *types.Signature:
		a, ok := actual.(*types.Signature)
		if !ok {
			return mismatch()
		}
		if err := CompatibleTypes(e.Params(), a.Params()); err != nil {
			return fmt.Errorf("parameters: %w", err)
		}
		if err := CompatibleTypes(e.Results(), a.Results()); err != nil {
			return fmt.Errorf("results: %w", err)
		}
		return nil

	case *types.Interface:
		a, ok := actual.(*types.Interface)
		if !ok {
			return mismatch()
		}
		if e.NumMethods() != a.NumMethods() {
			return fmt.Errorf("interfaces have %d and %d methods", e.NumMethods(), a.NumMethods())
		}
		for i := range e.NumMethods() {
			em, am := e.Method(i), a.Method(i)
			if em.Name() != am.Name() {
				return fmt.Errorf("interface method %d is %s in one and %s in the other", i, em.Name(), am.Name())
			}
			if err := CompatibleTypes(em.Type(), am.Type()); err != nil {
				return fmt.Errorf("method %s: %w", em.Name(), err)
			}
		}
		return nil
	}
	return fmt.Errorf("cannot compare %s types", typeKind(expected))
}

func namedPkgPath(n *types.Named) string {
	if pkg := n.Obj().Pkg(); pkg != nil {
		return NormalizeVendor(pkg.Path())
	}
	return ""
}

// typeKind names the kind of a type for error messages.
func typeKind(t types.Type) string {
	switch t.(type) {
	case *types.Basic:
		return "basic type"
	case *types.Named:
		return "named type"
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Map:
		return "map"
	case *types.Chan:
		return "channel"
	case *types.Struct:
		return "struct"
	case *types.Tuple:
		return "tuple"
	case *types.Signature:
		return "function"
	case *types.Interface:
		return "interface"
	case *types.TypeParam:
		return "type parameter"
	default:
		return fmt.Sprintf("%T", t)
	}
}

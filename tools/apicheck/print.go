package apicheck

import (
	"fmt"
	"go/types"
	"strings"
)

// typeString prints t as a program outside the module sees it, so that
// upstream's type and ours print alike exactly when a program cannot tell
// them apart:
//   - aliases are seen through;
//   - parameter names, which a caller cannot see, are left out;
//   - an unexported named type prints as "pkg.<unexported>", since a program
//     cannot name it (it can still use its exported fields and methods,
//     which are compared where the type is exported);
//   - a type of an internal package prints as "internal.Name": a program
//     cannot import it, so the package it lives in may move.
func typeString(t types.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		writeType(b, types.Unalias(t))
	case *types.Basic:
		b.WriteString(t.Name())
	case *types.Pointer:
		b.WriteByte('*')
		writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		writeType(b, t.Elem())
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		writeType(b, t.Key())
		b.WriteByte(']')
		writeType(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		writeType(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		writeSignature(b, t)
	case *types.Tuple:
		writeTuple(b, t, false)
	case *types.Struct:
		b.WriteString("struct{")
		for i := range t.NumFields() {
			if i > 0 {
				b.WriteString("; ")
			}
			f := t.Field(i)
			if !f.Embedded() {
				b.WriteString(f.Name())
				b.WriteByte(' ')
			}
			writeType(b, f.Type())
			if tag := t.Tag(i); tag != "" {
				fmt.Fprintf(b, " %q", tag)
			}
		}
		b.WriteByte('}')
	case *types.Interface:
		writeInterface(b, t)
	case *types.Union:
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(" | ")
			}
			if t.Term(i).Tilde() {
				b.WriteByte('~')
			}
			writeType(b, t.Term(i).Type())
		}
	case *types.TypeParam:
		// Type parameters are compared by position: their names are not
		// part of the API.
		fmt.Fprintf(b, "$%d", t.Index())
	case *types.Named:
		writeNamed(b, t)
	default:
		b.WriteString(types.TypeString(t, qualify))
	}
}

func writeNamed(b *strings.Builder, t *types.Named) {
	obj := t.Obj()
	if obj.Pkg() == nil { // error, comparable
		b.WriteString(obj.Name())
		return
	}
	path := obj.Pkg().Path()
	switch {
	case !obj.Exported():
		b.WriteString(path + ".<unexported>")
		return
	case isInternal(path):
		b.WriteString("internal." + obj.Name())
	default:
		b.WriteString(path + "." + obj.Name())
	}
	if args := t.TypeArgs(); args != nil && args.Len() > 0 {
		b.WriteByte('[')
		for i := range args.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, args.At(i))
		}
		b.WriteByte(']')
	}
}

func isInternal(path string) bool {
	return strings.Contains(path+"/", "/internal/")
}

func writeInterface(b *strings.Builder, t *types.Interface) {
	if t.Empty() {
		b.WriteString("any")
		return
	}
	b.WriteString("interface{")
	n := 0
	sep := func() {
		if n > 0 {
			b.WriteString("; ")
		}
		n++
	}
	for i := range t.NumEmbeddeds() {
		if _, ok := t.EmbeddedType(i).(*types.Union); ok {
			sep()
			writeType(b, t.EmbeddedType(i))
		}
	}
	for i := range t.NumMethods() {
		m := t.Method(i)
		sep()
		if m.Exported() {
			b.WriteString(m.Name())
		} else {
			b.WriteString("<unexported>")
		}
		writeSignature(b, m.Signature())
	}
	b.WriteByte('}')
}

func writeSignature(b *strings.Builder, s *types.Signature) {
	if tp := s.TypeParams(); tp != nil && tp.Len() > 0 {
		b.WriteByte('[')
		for i := range tp.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, tp.At(i).Constraint())
		}
		b.WriteByte(']')
	}
	writeTuple(b, s.Params(), s.Variadic())
	if s.Results().Len() > 0 {
		b.WriteByte(' ')
		writeTuple(b, s.Results(), false)
	}
}

func writeTuple(b *strings.Builder, t *types.Tuple, variadic bool) {
	b.WriteByte('(')
	for i := range t.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		ty := t.At(i).Type()
		if variadic && i == t.Len()-1 {
			b.WriteString("...")
			ty = ty.(*types.Slice).Elem()
		}
		writeType(b, ty)
	}
	b.WriteByte(')')
}

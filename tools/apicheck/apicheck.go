// Package apicheck compares the exported API of this module with upstream
// gqlgen's: every package, name, signature, struct field, method and
// interface method that a program written against upstream v0.17.98 can use
// must be here with the same type. Additions are fine, except a method added
// to an exported interface (it breaks the types that implement it outside).
//
// Run it as `go run ./tools/apicheck` (or `make api`, part of `make test`).
// Differences kept on purpose are listed, each with its reason, in
// allowed.txt beside this file.
package apicheck

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Difference is one way in which ours breaks a program written for
// upstream. Key names the upstream object ("graphql.FieldSet.ResolveConcurrently");
// allowed.txt lists keys.
type Difference struct {
	Key    string
	Detail string
}

func (d Difference) String() string { return d.Key + ": " + d.Detail }

// Compare reports every difference between the upstream package set want and
// ours, got, both keyed by import path. A package of want that got lacks is
// one difference.
func Compare(want, got map[string]*types.Package) []Difference {
	var out []Difference
	paths := make([]string, 0, len(want))
	for p := range want {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		w := want[path]
		short := shortPath(path)
		g, ok := got[path]
		if !ok {
			out = append(out, Difference{short, "package missing"})
			continue
		}
		for _, name := range w.Scope().Names() {
			wo := w.Scope().Lookup(name)
			if !wo.Exported() {
				continue
			}
			out = append(out, compareObject(short+"."+name, wo, g.Scope().Lookup(name))...)
		}
	}
	return out
}

const modulePath = "github.com/99designs/gqlgen"

func shortPath(path string) string {
	if path == modulePath {
		return "gqlgen"
	}
	return strings.TrimPrefix(path, modulePath+"/")
}

// qualify writes every package by its path.
func qualify(p *types.Package) string { return p.Path() }

func compareObject(key string, w, g types.Object) []Difference {
	if g == nil {
		return []Difference{{key, "missing"}}
	}
	switch w := w.(type) {
	case *types.Func:
		gf, ok := g.(*types.Func)
		if !ok {
			return []Difference{{key, fmt.Sprintf("is a %s, upstream's is a func", kind(g))}}
		}
		return compareSignature(key, w.Signature(), gf.Signature())
	case *types.Var:
		if _, ok := g.(*types.Var); !ok {
			return []Difference{{key, fmt.Sprintf("is a %s, upstream's is a var", kind(g))}}
		}
		if ws, gs := typeString(w.Type()), typeString(g.Type()); ws != gs {
			return []Difference{{key, fmt.Sprintf("var of type %s, upstream's %s", gs, ws)}}
		}
	case *types.Const:
		gc, ok := g.(*types.Const)
		if !ok {
			return []Difference{{key, fmt.Sprintf("is a %s, upstream's is a const", kind(g))}}
		}
		if ws, gs := typeString(w.Type()), typeString(gc.Type()); ws != gs {
			return []Difference{{key, fmt.Sprintf("const of type %s, upstream's %s", gs, ws)}}
		}
		if !constant.Compare(w.Val(), token.EQL, gc.Val()) {
			return []Difference{{key, fmt.Sprintf("const value %s, upstream's %s", gc.Val(), w.Val())}}
		}
	case *types.TypeName:
		gt, ok := g.(*types.TypeName)
		if !ok {
			return []Difference{{key, fmt.Sprintf("is a %s, upstream's is a type", kind(g))}}
		}
		return compareType(key, w, gt)
	}
	return nil
}

func kind(o types.Object) string {
	switch o.(type) {
	case *types.Func:
		return "func"
	case *types.Var:
		return "var"
	case *types.Const:
		return "const"
	case *types.TypeName:
		return "type"
	}
	return fmt.Sprintf("%T", o)
}

func compareSignature(key string, w, g *types.Signature) []Difference {
	ws, gs := signatureString(w), signatureString(g)
	if ws != gs {
		return []Difference{{key, fmt.Sprintf("signature %s, upstream's %s", gs, ws)}}
	}
	return nil
}

// signatureString prints a signature with its type parameters and without
// parameter names, which a caller cannot see.
func signatureString(s *types.Signature) string {
	var b strings.Builder
	writeSignature(&b, s)
	return b.String()
}

func compareType(key string, w, g *types.TypeName) []Difference {
	wt, gt := w.Type(), g.Type()
	if w.IsAlias() {
		// An alias names another type: ours must name the same one.
		if ws, gs := typeString(types.Unalias(wt)), typeString(types.Unalias(gt)); ws != gs {
			return []Difference{{key, fmt.Sprintf("names %s, upstream's names %s", gs, ws)}}
		}
		return nil
	}
	// Ours may be an alias of a type defined elsewhere: what a program can
	// do with it is what it can do with the type named.
	gt = types.Unalias(gt)
	wn, _ := wt.(*types.Named)
	gn, ok := gt.(*types.Named)
	if wn == nil {
		return nil
	}
	if !ok {
		return []Difference{{key, fmt.Sprintf("is %s, upstream's a defined type", typeString(gt))}}
	}
	if wn.TypeParams().Len() != gn.TypeParams().Len() {
		return []Difference{{key, fmt.Sprintf("has %d type parameters, upstream's %d", gn.TypeParams().Len(), wn.TypeParams().Len())}}
	}
	var out []Difference
	switch wu := wn.Underlying().(type) {
	case *types.Struct:
		gu, ok := gn.Underlying().(*types.Struct)
		if !ok {
			return []Difference{{key, fmt.Sprintf("underlying %s, upstream's a struct", typeString(gn.Underlying()))}}
		}
		out = append(out, compareFields(key, wu, gu)...)
	case *types.Interface:
		gu, ok := gn.Underlying().(*types.Interface)
		if !ok {
			return []Difference{{key, fmt.Sprintf("underlying %s, upstream's an interface", typeString(gn.Underlying()))}}
		}
		out = append(out, compareInterface(key, wu, gu)...)
	default:
		if ws, gs := typeString(wu), typeString(gn.Underlying()); ws != gs {
			out = append(out, Difference{key, fmt.Sprintf("underlying %s, upstream's %s", gs, ws)})
		}
	}
	out = append(out, compareMethods(key, wn, gn)...)
	return out
}

func compareFields(key string, w, g *types.Struct) []Difference {
	have := map[string]*types.Var{}
	for i := range g.NumFields() {
		have[g.Field(i).Name()] = g.Field(i)
	}
	var out []Difference
	for i := range w.NumFields() {
		f := w.Field(i)
		if !f.Exported() {
			continue
		}
		k := key + "." + f.Name()
		gf, ok := have[f.Name()]
		switch {
		case !ok:
			out = append(out, Difference{k, "field missing"})
		case gf.Embedded() != f.Embedded():
			out = append(out, Difference{k, "embedded in one and not the other"})
		case typeString(gf.Type()) != typeString(f.Type()):
			out = append(out, Difference{k, fmt.Sprintf("field of type %s, upstream's %s", typeString(gf.Type()), typeString(f.Type()))})
		}
	}
	return out
}

func compareInterface(key string, w, g *types.Interface) []Difference {
	var out []Difference
	want := map[string]bool{}
	for i := range w.NumMethods() {
		m := w.Method(i)
		want[m.Name()] = true
		k := key + "." + m.Name()
		idx := -1
		for j := range g.NumMethods() {
			if g.Method(j).Name() == m.Name() {
				idx = j
			}
		}
		if idx < 0 {
			out = append(out, Difference{k, "interface method missing"})
			continue
		}
		out = append(out, compareSignature(k, m.Signature(), g.Method(idx).Signature())...)
	}
	for j := range g.NumMethods() {
		if m := g.Method(j); !want[m.Name()] {
			out = append(out, Difference{key + "." + m.Name(), "interface method added: upstream's implementations do not have it"})
		}
	}
	if !w.IsMethodSet() && typeString(w) != typeString(g) {
		out = append(out, Difference{key, fmt.Sprintf("constraint %s, upstream's %s", typeString(g), typeString(w))})
	}
	return out
}

// compareMethods checks the method sets of T and *T: a method upstream has
// on the value must be on ours' value too, or a T no longer satisfies an
// interface.
func compareMethods(key string, w, g *types.Named) []Difference {
	var out []Difference
	seen := map[string]bool{}
	for _, ptr := range []bool{false, true} {
		var wt, gt types.Type = w, g
		if ptr {
			wt, gt = types.NewPointer(w), types.NewPointer(g)
		}
		wm, gm := types.NewMethodSet(wt), types.NewMethodSet(gt)
		for i := range wm.Len() {
			m := wm.At(i).Obj().(*types.Func)
			if !m.Exported() || seen[m.Name()] {
				continue
			}
			seen[m.Name()] = true
			k := key + "." + m.Name()
			// m is exported: its package does not matter to Lookup.
			sel := gm.Lookup(nil, m.Name())
			if sel == nil {
				where := "method missing"
				if !ptr {
					if types.NewMethodSet(types.NewPointer(g)).Lookup(nil, m.Name()) != nil {
						where = "method on the pointer only; upstream's is on the value"
					}
				}
				out = append(out, Difference{k, where})
				continue
			}
			out = append(out, compareSignature(k, m.Signature(), sel.Obj().(*types.Func).Signature())...)
		}
	}
	return out
}

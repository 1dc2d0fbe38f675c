package modelgen

import (
	"fmt"
	"go/types"
	"strings"
)

// Implementation is one interface or union a generated struct belongs to,
// with the getter methods the struct declares for it.
type Implementation struct {
	// Interface is the GraphQL name of the interface or union.
	Interface string
	// Getters are the Get methods for the interface's fields that no
	// earlier Implementation of the struct already declared.
	Getters []*Getter
}

// Getter is a method of a generated struct returning one of its fields
// for an interface: func (this T) Get<Name>() <Type> { return this.<Field> }.
type Getter struct {
	// Name is the method name without "Get": the interface field's Go name.
	Name string
	// Field is the Go name of the struct field returned. It may be
	// promoted from an embedded Base struct.
	Field string
	// Type is the result type: the interface field's Go type.
	Type types.Type
	// Description is the interface field's description, written as the
	// method's doc comment.
	Description string
	// PointerOp is "&" or "*" when the struct field and Type differ by a
	// pointer, else "".
	PointerOp string
	// Slice is set for list fields: a []T is not a []I, so the getter
	// copies the elements into a new slice.
	Slice bool

	iface  string // GraphQL name of the interface
	source *Field // the interface field
}

// describe names the getter in error messages.
func (g *Getter) describe() string {
	return fmt.Sprintf("the getter for %s.%s", g.iface, g.source.Name)
}

// source returns the method's Go source for receiver type recv, with
// typeRef the result type as spelled in the file being written.
func (g *Getter) sourceFor(recv, typeRef string) string {
	head := fmt.Sprintf("func (this %s) Get%s() %s {", recv, g.Name, typeRef)
	if !g.Slice {
		return head + " return " + g.PointerOp + "this." + g.Field + " }"
	}
	field := "this." + g.Field
	lines := []string{
		head,
		"\tif " + field + " == nil { return nil }",
		"\tinterfaceSlice := make(" + typeRef + ", 0, len(" + field + "))",
		"\tfor _, concrete := range " + field + " { interfaceSlice = append(interfaceSlice, " + g.PointerOp + "concrete) }",
		"\treturn interfaceSlice",
		"}",
	}
	return strings.Join(lines, "\n")
}

// implementations pairs every model with its Implementations. A getter is
// generated once per Go name: interfaces sharing a field share its getter.
// The errors list getters that would not compile: two interface fields with
// one Go name, one field with two Go types, or no struct field to return.
// Such getters are still produced, so that custom templates see the getters
// they always saw.
func implementations(b *ModelBuild) (map[*Object][]*Implementation, []error) {
	ifaces := make(map[string]*Interface, len(b.Interfaces))
	for _, it := range b.Interfaces {
		ifaces[it.Name] = it
	}
	out := make(map[*Object][]*Implementation, len(b.Models))
	var errs []error
	for _, m := range b.Models {
		byName := map[string]*Getter{}
		impls := make([]*Implementation, 0, len(m.Implements))
		for _, name := range m.Implements {
			impl := &Implementation{Interface: name}
			impls = append(impls, impl)
			it := ifaces[name]
			if it == nil {
				continue // bound elsewhere: its methods are not ours to write
			}
			for _, f := range it.Fields {
				g, found := newGetter(m, name, f)
				if prev := byName[g.Name]; prev != nil {
					if err := compatibleGetters(m.Name, prev, g); err != nil {
						errs = append(errs, err)
					}
					continue
				}
				if !found {
					errs = append(errs, fmt.Errorf("type %q: %s has no field to return; generate field %q on %q, or set omit_getters",
						m.Name, g.describe(), f.Name, m.Name))
				}
				byName[g.Name] = g
				impl.Getters = append(impl.Getters, g)
			}
		}
		out[m] = impls
	}
	return out, errs
}

// newGetter builds the getter of model for interface field f. found is
// false when the model has neither a field with f's schema name nor an
// embedded struct that could hold one; the getter then returns the field
// named like the interface's.
func newGetter(model *Object, iface string, f *Field) (g *Getter, found bool) {
	g = &Getter{Name: f.GoName, Field: f.GoName, Type: f.Type, Description: f.Description, iface: iface, source: f}
	_, g.Slice = f.Type.(*types.Slice)
	_, wantPtr := f.Type.(*types.Pointer)

	havePtr := wantPtr // a promoted field is assumed to match
	embeds := false
	for _, mf := range model.Fields {
		if mf.GoName == "" {
			embeds = true
		}
		if mf.Name == f.Name {
			g.Field = mf.GoName
			_, havePtr = mf.Type.(*types.Pointer)
			found = true
			break
		}
	}
	switch {
	case wantPtr && !havePtr:
		g.PointerOp = "&"
	case havePtr && !wantPtr:
		g.PointerOp = "*"
	}
	return g, found || embeds
}

// compatibleGetters reports why getter b, wanted for a later interface,
// cannot reuse getter a of the same Go name.
func compatibleGetters(model string, a, b *Getter) error {
	if a.source.Name != b.source.Name {
		return fmt.Errorf("type %q: %s and %s both have Go name Get%s; rename one with @goField(name: ...) or gqlgen.yml fieldName",
			model, a.describe(), b.describe(), a.Name)
	}
	// Generated types are fresh types.Named values per reference, so
	// compare spellings.
	at, bt := types.TypeString(a.Type, nil), types.TypeString(b.Type, nil)
	if at != bt {
		return fmt.Errorf("type %q: %s returns %s but %s returns %s; give the interface fields one type",
			model, a.describe(), at, b.describe(), bt)
	}
	return nil
}

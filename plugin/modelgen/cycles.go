package modelgen

import (
	"go/types"
	"strings"
)

// pointerizeCycles makes struct-valued fields pointers where structs would
// otherwise contain each other (A has a B, B has an A) or themselves, which
// Go rejects as an invalid recursive type. It is only needed when
// struct_fields_always_pointers is off: non-null object fields are then
// plain struct values.
//
// Models are matched by the last element of the field type's name, the
// Go name of a generated struct.
func pointerizeCycles(models []*Object) {
	byName := make(map[string]*Object, len(models))
	for _, m := range models {
		if _, dup := byName[m.Name]; !dup {
			byName[m.Name] = m
		}
	}
	for _, a := range models {
		for _, fa := range a.Fields {
			if !isStruct(fa.Type) {
				continue
			}
			b := byName[lastNameElem(fa.Type)]
			if b == nil {
				continue
			}
			refersBack := false
			for _, fb := range b.Fields {
				if isStruct(fb.Type) && lastNameElem(fb.Type) == a.Name {
					fb.Type = types.NewPointer(fb.Type)
					refersBack = true
				}
			}
			// For a self-reference the loop above already made fa a
			// pointer.
			if refersBack && a != b {
				fa.Type = types.NewPointer(fa.Type)
			}
		}
	}
}

func lastNameElem(t types.Type) string {
	s := t.String()
	return s[strings.LastIndexByte(s, '.')+1:]
}

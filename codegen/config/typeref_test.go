package config

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/vektah/gqlparser/v2/ast"
)

func TestTypeReferenceShape(t *testing.T) {
	pkg := types.NewPackage("example.com/m", "m")
	named := func(name string, underlying types.Type) *types.Named {
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), underlying, nil)
	}
	str := types.Typ[types.String]
	user := named("User", types.NewStruct(nil, nil))
	iface := named("Node", types.NewInterfaceType(nil, nil))
	alias := types.NewAlias(types.NewTypeName(token.NoPos, pkg, "Any", nil), types.NewInterfaceType(nil, nil))

	scalar := &ast.Definition{Kind: ast.Scalar, Name: "String"}
	object := &ast.Definition{Kind: ast.Object, Name: "User"}
	input := &ast.Definition{Kind: ast.InputObject, Name: "In"}
	enum := &ast.Definition{Kind: ast.Enum, Name: "E"}

	type shape struct {
		ptr, ptrToPtr, ptrToSlice, ptrToIntf, slice, nilable, named, strct, scalar, isMap, targetNilable bool
		key, marshal, unmarshal                                                                          string
	}
	tests := []struct {
		name string
		ref  *TypeReference
		want shape
	}{
		{"non-null string", &TypeReference{Definition: scalar, GQL: gqlType("String!"), GO: str, Target: str},
			shape{scalar: true, key: "NString2string", marshal: "marshalNString2string", unmarshal: "unmarshalNString2string"}},
		{"nullable string", &TypeReference{Definition: scalar, GQL: gqlType("String"), GO: types.NewPointer(str), Target: str},
			shape{ptr: true, nilable: true, scalar: true, key: "OString2ᚖstring", marshal: "marshalOString2ᚖstring", unmarshal: "unmarshalOString2ᚖstring"}},
		{"pointer to pointer", &TypeReference{Definition: scalar, GQL: gqlType("String"), GO: types.NewPointer(types.NewPointer(str))},
			shape{ptr: true, ptrToPtr: true, nilable: true, scalar: true, key: "OString2ᚖᚖstring", marshal: "marshalOString2ᚖᚖstring", unmarshal: "unmarshalOString2ᚖᚖstring"}},
		{"list of non-null objects", &TypeReference{Definition: object, GQL: gqlType("[User!]!"), GO: types.NewSlice(types.NewPointer(user)), Target: user},
			shape{slice: true, nilable: true, key: "NUser2ᚕᚖexampleᚗcomᚋmᚐUserᚄ", marshal: "marshalNUser2ᚕᚖexampleᚗcomᚋmᚐUserᚄ"}},
		{"slice bound to a non-list", &TypeReference{Definition: scalar, GQL: gqlType("String"), GO: types.NewSlice(str)},
			shape{nilable: true, scalar: true, key: "OString2ᚕstring", marshal: "marshalOString2ᚕstring", unmarshal: "unmarshalOString2ᚕstring"}},
		{"pointer to slice", &TypeReference{Definition: object, GQL: gqlType("[User]"), GO: types.NewPointer(types.NewSlice(user))},
			shape{ptr: true, ptrToSlice: true, nilable: true, key: "OUser2ᚖᚕexampleᚗcomᚋmᚐUser", marshal: "marshalOUser2ᚖᚕexampleᚗcomᚋmᚐUser"}},
		{"struct value", &TypeReference{Definition: object, GQL: gqlType("User!"), GO: user, Target: user},
			shape{named: true, strct: true, key: "NUser2exampleᚗcomᚋmᚐUser", marshal: "marshalNUser2exampleᚗcomᚋmᚐUser"}},
		{"named interface", &TypeReference{Definition: object, GQL: gqlType("User"), GO: iface, Target: iface},
			shape{named: true, nilable: true, targetNilable: true, key: "OUser2exampleᚗcomᚋmᚐNode", marshal: "marshalOUser2exampleᚗcomᚋmᚐNode"}},
		{"pointer to a named interface", &TypeReference{Definition: object, GQL: gqlType("User"), GO: types.NewPointer(iface)},
			shape{ptr: true, nilable: true, key: "OUser2ᚖexampleᚗcomᚋmᚐNode", marshal: "marshalOUser2ᚖexampleᚗcomᚋmᚐNode"}},
		{"pointer to an interface literal through an alias", &TypeReference{Definition: scalar, GQL: gqlType("Any"), GO: types.NewPointer(alias)},
			shape{ptr: true, ptrToIntf: true, nilable: true, scalar: true, key: "OString2ᚖinterface", marshal: "marshalOString2ᚖinterface", unmarshal: "unmarshalOString2ᚖinterface"}},
		{"the untyped map", &TypeReference{Definition: scalar, GQL: gqlType("Map!"), GO: MapType, Target: MapType},
			shape{isMap: true, nilable: true, targetNilable: true, scalar: true, key: "NString2map", marshal: "marshalNString2map", unmarshal: "unmarshalNString2map"}},
		{"another map", &TypeReference{Definition: scalar, GQL: gqlType("Map!"), GO: types.NewMap(str, str)},
			shape{nilable: true, scalar: true, key: "NString2map", marshal: "marshalNString2map", unmarshal: "unmarshalNString2map"}},
		{"input object", &TypeReference{Definition: input, GQL: gqlType("In!"), GO: user},
			shape{named: true, strct: true, key: "NIn2exampleᚗcomᚋmᚐUser", unmarshal: "unmarshalNIn2exampleᚗcomᚋmᚐUser"}},
		{"enum", &TypeReference{Definition: enum, GQL: gqlType("[E]"), GO: types.NewSlice(types.NewPointer(str))},
			shape{slice: true, nilable: true, key: "OE2ᚕᚖstring", marshal: "marshalOE2ᚕᚖstring", unmarshal: "unmarshalOE2ᚕᚖstring"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.ref
			got := shape{
				ptr: r.IsPtr(), ptrToPtr: r.IsPtrToPtr(), ptrToSlice: r.IsPtrToSlice(), ptrToIntf: r.IsPtrToIntf(),
				slice: r.IsSlice(), nilable: r.IsNilable(), named: r.IsNamed(), strct: r.IsStruct(), scalar: r.IsScalar(),
				isMap: r.IsMap(), targetNilable: r.Target != nil && r.IsTargetNilable(),
				key: r.UniquenessKey(), marshal: r.MarshalFunc(), unmarshal: r.UnmarshalFunc(),
			}
			assert.Equal(t, tt.want, got)
			// The function-syntax names add F even to an empty name.
			assert.Equal(t, tt.want.marshal+"F", r.MarshalFuncFunctionSyntax())
			assert.Equal(t, tt.want.unmarshal+"F", r.UnmarshalFuncFunctionSyntax())
			assert.Equal(t, r.MarshalFunc(), r.EnumMarshalVar(false))
			assert.Equal(t, r.MarshalFuncFunctionSyntax(), r.EnumMarshalVar(true))
			assert.Equal(t, r.UnmarshalFunc(), r.EnumUnmarshalVar(false))
			assert.Equal(t, r.UnmarshalFuncFunctionSyntax(), r.EnumUnmarshalVar(true))
		})
	}
}

func TestTypeReferenceElem(t *testing.T) {
	str := types.Typ[types.String]
	def := &ast.Definition{Kind: ast.Scalar, Name: "String"}

	list := &TypeReference{Definition: def, GQL: gqlType("[String!]"), GO: types.NewPointer(types.NewSlice(str)), Target: str}
	deref := list.Elem()
	assert.Equal(t, "[]string", deref.GO.String())
	assert.Same(t, list.GQL, deref.GQL, "stepping through a pointer keeps the GraphQL type")
	assert.Equal(t, "*[]string", list.GO.String(), "the receiver is not changed")

	elem := deref.Elem()
	assert.Equal(t, "string", elem.GO.String())
	assert.Same(t, list.GQL.Elem, elem.GQL)
	assert.Same(t, def, elem.Definition)
	assert.Nil(t, elem.Elem())

	notList := &TypeReference{Definition: def, GQL: gqlType("String"), GO: types.NewSlice(str)}
	assert.Nil(t, notList.Elem(), "a slice bound to a non-list type has no element reference")

	assert.False(t, (&TypeReference{}).HasEnumValues())
	assert.True(t, (&TypeReference{EnumValues: []EnumValueReference{{}}}).HasEnumValues())
}

func TestTypeReferenceWithoutDefinitionPanics(t *testing.T) {
	ref := &TypeReference{GQL: gqlType("Thing")}
	assert.PanicsWithError(t, "Definition missing for Thing", func() { ref.MarshalFunc() })
	assert.PanicsWithError(t, "Definition missing for Thing", func() { ref.UnmarshalFunc() })
}

func TestIsNilable(t *testing.T) {
	pkg := types.NewPackage("example.com/m", "m")
	named := func(u types.Type) types.Type {
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, "T", nil), u, nil)
	}
	tp := types.NewTypeParam(types.NewTypeName(token.NoPos, pkg, "P", nil), types.NewInterfaceType(nil, nil))
	str := types.Typ[types.String]
	tests := []struct {
		t    types.Type
		want bool
	}{
		{str, false},
		{types.NewPointer(str), true},
		{types.NewSlice(str), true},
		{types.NewMap(str, str), true},
		{types.NewChan(types.SendRecv, str), true},
		{types.NewInterfaceType(nil, nil), true},
		{types.NewStruct(nil, nil), false},
		{types.NewArray(str, 2), false},
		{types.NewSignatureType(nil, nil, nil, nil, nil, false), false},
		{named(types.NewMap(str, str)), true},
		{named(str), false},
		{types.NewAlias(types.NewTypeName(token.NoPos, pkg, "A", nil), types.NewSlice(str)), true},
		{tp, false},
		{nil, false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, IsNilable(tt.t), "%v", tt.t)
	}
}

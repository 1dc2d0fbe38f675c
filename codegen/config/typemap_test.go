package config

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTypeMapCheck(t *testing.T) {
	tests := []struct {
		name string
		tm   TypeMap
		want string
	}{
		{"empty", TypeMap{}, ""},
		{"qualified models", TypeMap{"A": {Model: StringList{"github.com/x/y.A", "map[string]any", "any", "y.A"}}}, ""},
		{"package without type", TypeMap{"A": {Model: StringList{"github.com/x.y/z"}}},
			`model A: invalid type specifier "[github.com/x.y/z]" - you need to specify a struct to map to`},
		{"enum values without a model", TypeMap{"E": {EnumValues: map[string]EnumValue{"B": {Value: "x.B"}, "A": {Value: "x.A"}}}},
			"model is empty for: E, but enum value is specified for A"},
		{"empty enum values without a model are fine", TypeMap{"E": {EnumValues: map[string]EnumValue{"A": {}}}}, ""},
		{"first type in name order", TypeMap{
			"B": {Model: StringList{"b/c"}},
			"A": {Model: StringList{"a/c"}},
		}, `model A: invalid type specifier "[a/c]" - you need to specify a struct to map to`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.tm.Check()
			if tt.want == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tt.want)
		})
	}
}

func TestTypeMapReferencedPackages(t *testing.T) {
	tm := TypeMap{
		"Foo":   {Model: StringList{"github.com/test.Foo"}},
		"Bar":   {Model: StringList{"github.com/test.Bar", "github.com/zzz.Bar"}},
		"Baz":   {Model: StringList{"github.com/otherpkg.Baz"}},
		"Map":   {Model: StringList{"map[string]any", "map[string]interface{}"}},
		"Any":   {Model: StringList{"any", "interface{}"}},
		"Short": {Model: StringList{"NoPackage"}},
		"Empty": {Fields: map[string]TypeMapField{"f": {Resolver: true}}},
	}
	assert.Equal(t, []string{"github.com/zzz", "github.com/test", "github.com/otherpkg"}, tm.ReferencedPackages())
	assert.Nil(t, TypeMap{}.ReferencedPackages())
}

func TestTypeMapMutators(t *testing.T) {
	tm := TypeMap{}
	assert.False(t, tm.Exists("A"))
	assert.False(t, tm.UserDefined("A"))

	tm.ForceGenerate("A", true)
	assert.True(t, tm.Exists("A"))
	assert.False(t, tm.UserDefined("A"), "mentioned but not bound")
	assert.True(t, tm["A"].ForceGenerate)

	tm.Add("A", "x/y.A")
	tm.Add("A", "x/y.B")
	assert.True(t, tm.UserDefined("A"))
	assert.Equal(t, StringList{"x/y.A", "x/y.B"}, tm["A"].Model)
	assert.True(t, tm["A"].ForceGenerate, "Add keeps the other settings")

	tm.ForceGenerate("A", false)
	assert.False(t, tm["A"].ForceGenerate)
	assert.Len(t, tm["A"].Model, 2)
}

func TestTypeSpecPackage(t *testing.T) {
	tests := map[string]string{
		"":                                 "",
		"string":                           "",
		"*[]int64":                         "",
		"map[string]any":                   "",
		"github.com/org/pkg.Type":          "github.com/org/pkg",
		"*github.com/org/pkg.Type":         "github.com/org/pkg",
		"[]*github.com/org/pkg.Type":       "github.com/org/pkg",
		"**[][]example.com/a/vendor/b/c.T": "example.com/a/vendor/b/c",
		"github.com/99designs/gqlgen/graphql.Upload": "github.com/99designs/gqlgen/graphql",
	}
	for spec, want := range tests {
		assert.Equal(t, want, typeSpecPackage(spec), spec)
	}
}

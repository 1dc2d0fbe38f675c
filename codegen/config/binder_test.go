package config

import (
	"errors"
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

// bindingModel is the Go side of the binding fixture.
const bindingModel = `package model

import (
	"context"
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

type User struct {
	ID      string
	Name    *string
	Friends []*User
	Pals    []User
	Age32   int32
	Big     int64
	Role    Role
	Wrong   bool
	Own     OwnMarshaler
	OwnCtx  OwnCtxMarshaler
	PtrPtr  **string
	Opt     graphql.Omittable[*string]
	Node    Node
	Meta    map[string]any
	Loose   any
	Alias   IntAlias
}

type IntAlias = int64

type Node interface{ IsNode() }

type Role string

const (
	RoleAdmin Role = "ADMIN"
	RoleUser  Role = "USER"
	NotARole       = 3
)

var RoleGuest Role = "GUEST"

func RoleFunc() Role { return RoleAdmin }

type Status int

func (s Status) MarshalGQL(w io.Writer)    {}
func (s *Status) UnmarshalGQL(v any) error { return nil }

type CtxScalar struct{ V string }

func (c CtxScalar) MarshalGQLContext(ctx context.Context, w io.Writer) error { return nil }
func (c *CtxScalar) UnmarshalGQLContext(ctx context.Context, v any) error   { return nil }

type OwnMarshaler struct{}

func (OwnMarshaler) MarshalGQL(w io.Writer)    {}
func (*OwnMarshaler) UnmarshalGQL(v any) error { return nil }

type OwnCtxMarshaler struct{}

func (OwnCtxMarshaler) MarshalGQLContext(ctx context.Context, w io.Writer) error { return nil }
func (*OwnCtxMarshaler) UnmarshalGQLContext(ctx context.Context, v any) error   { return nil }

type Email string

func MarshalTimestamp(t time.Time) graphql.Marshaler                  { return graphql.Null }
func UnmarshalTimestamp(v any) (time.Time, error)                     { return time.Time{}, nil }
func MarshalCtxTime(t time.Time) graphql.ContextMarshaler             { return nil }
func UnmarshalCtxTime(ctx context.Context, v any) (time.Time, error) { return time.Time{}, nil }

type Pet struct{ Name string }

type ProductSku string

type Thing struct{ X int }

type Color string

const (
	ColorRed  Color = "red"
	ColorBlue Color = "blue"
)
`

const bindingSchema = goDirectives + `
scalar Timestamp
scalar CtxTime
scalar Email
scalar Int64
scalar Upload
scalar Status
scalar CtxScalar
scalar Map
scalar Any
scalar Loose
scalar Stringy

interface Node { id: ID! }

type User implements Node @goModel(model: "example.com/app/model.User") {
  id: ID!
}

enum Role @goModel(model: "example.com/app/model.Role") {
  ADMIN @goEnum(value: "example.com/app/model.RoleAdmin")
  USER @goEnum(value: "example.com/app/model.RoleUser")
}

enum Color { RED BLUE }
enum Shade { LIGHT DARK }
enum Guest { ADMIN USER }
enum ProductSKU { A B }
type Pet { name: String! }
type Thing { x: Int! }
input Filter { q: String }

type Query { user: User }
`

const bindingConfig = `
schema: schema.graphql
exec:
  filename: graph/generated.go
autobind:
  - example.com/app/model
models:
  Timestamp:
    model: example.com/app/model.Timestamp
  CtxTime:
    model: example.com/app/model.CtxTime
  Email:
    model: example.com/app/model.Email
  Status:
    model: example.com/app/model.Status
  CtxScalar:
    model: example.com/app/model.CtxScalar
  Loose:
    model: [any]
  Stringy:
    model: ["map[string]interface{}"]
  Thing:
    model: model.Thing
  Color:
    model: example.com/app/model.Color
    enum_values:
      RED: {value: example.com/app/model.ColorRed}
      BLUE: {value: example.com/app/model.ColorBlue}
  Shade:
    model: example.com/app/model.Color
    enum_values:
      LIGHT: {value: example.com/app/model.ColorRed}
  Guest:
    model: example.com/app/model.Role
    enum_values:
      ADMIN: {value: example.com/app/model.RoleFunc}
      USER: {value: example.com/app/model.NotARole}
  Int64:
    model:
      - github.com/99designs/gqlgen/graphql.Int64
      - github.com/99designs/gqlgen/graphql.Int
`

// bindingFixture loads the fixture module and initialises its Config.
func bindingFixture(t testing.TB) *Config {
	t.Helper()
	tempModule(t, map[string]string{
		"model/model.go": bindingModel,
		"schema.graphql": bindingSchema,
		"gqlgen.yml":     bindingConfig,
	})
	cfg, err := LoadConfig("gqlgen.yml")
	require.NoError(t, err)
	require.NoError(t, cfg.Init())
	return cfg
}

// gqlType parses a GraphQL type reference such as "[User!]!".
func gqlType(s string) *ast.Type {
	if inner, ok := strings.CutSuffix(s, "!"); ok {
		t := gqlType(inner)
		t.NonNull = true
		return t
	}
	if strings.HasPrefix(s, "[") {
		return &ast.Type{Elem: gqlType(s[1 : len(s)-1])}
	}
	return &ast.Type{NamedType: s}
}

// userField is the type of a field of the fixture's model.User.
func userField(t testing.TB, cfg *Config, name string) types.Type {
	t.Helper()
	pkg := cfg.Packages.Load("example.com/app/model")
	require.NotNil(t, pkg)
	st := pkg.Types.Scope().Lookup("User").Type().Underlying().(*types.Struct)
	for f := range st.Fields() {
		if f.Name() == name {
			return f.Type()
		}
	}
	t.Fatalf("model.User has no field %s", name)
	return nil
}

func funcName(f *types.Func) string {
	if f == nil {
		return ""
	}
	return f.Pkg().Path() + "." + f.Name()
}

// The expectations were checked against upstream gqlgen v0.17.98 binding the
// same fixture.
func TestBinderTypeReference(t *testing.T) {
	cfg := bindingFixture(t)
	const (
		gql = "github.com/99designs/gqlgen/graphql."
		mdl = "example.com/app/model."
	)
	type want struct {
		goType, target, cast string
		marshal, unmarshal   string
		marshaler, context   bool
		omittable            bool
		enumValues           []string
		key                  string
		err                  string
	}
	tests := []struct {
		name   string
		gql    string
		target string // field of model.User, "" for no bind target
		want   want
	}{
		{"non-null builtin", "ID!", "", want{goType: "string", target: "string", marshal: gql + "MarshalID", unmarshal: gql + "UnmarshalID", key: "NID2string"}},
		{"nullable builtin gets a pointer", "String", "", want{goType: "*string", target: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", key: "OString2ᚖstring"}},
		{"list of non-null builtins", "[String!]!", "", want{goType: "[]string", target: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", key: "NString2ᚕstringᚄ"}},
		{"second Int model chosen by the target", "Int!", "Age32", want{goType: "int32", target: "int32", marshal: gql + "MarshalInt32", unmarshal: gql + "UnmarshalInt32", key: "NInt2int32"}},
		{"third Int model chosen by the target", "Int!", "Big", want{goType: "int64", target: "int64", marshal: gql + "MarshalInt64", unmarshal: gql + "UnmarshalInt64", key: "NInt2int64"}},
		{"alias target resolved", "Int64!", "Alias", want{goType: "int64", target: "int64", marshal: gql + "MarshalInt64", unmarshal: gql + "UnmarshalInt64", key: "NInt642int64"}},
		{"Float is context aware", "Float!", "", want{goType: "float64", target: "float64", marshal: gql + "MarshalFloatContext", unmarshal: gql + "UnmarshalFloatContext", context: true, key: "NFloat2float64"}},
		{"nullable struct", "User", "", want{goType: "*" + mdl + "User", target: mdl + "User", key: "OUser2ᚖexampleᚗcomᚋappᚋmodelᚐUser"}},
		{"list of structs gets element pointers", "[User!]!", "", want{goType: "[]*" + mdl + "User", target: mdl + "User", key: "NUser2ᚕᚖexampleᚗcomᚋappᚋmodelᚐUserᚄ"}},
		{"target keeps value elements", "[User!]!", "Pals", want{goType: "[]" + mdl + "User", target: mdl + "User", key: "NUser2ᚕexampleᚗcomᚋappᚋmodelᚐUserᚄ"}},
		{"interface stays without pointer", "Node", "", want{goType: mdl + "Node", target: mdl + "Node", key: "ONode2exampleᚗcomᚋappᚋmodelᚐNode"}},
		{"marshaler methods", "Status!", "", want{goType: mdl + "Status", target: mdl + "Status", marshaler: true, key: "NStatus2exampleᚗcomᚋappᚋmodelᚐStatus"}},
		{"context marshaler methods", "CtxScalar!", "", want{goType: mdl + "CtxScalar", target: mdl + "CtxScalar", marshaler: true, context: true, key: "NCtxScalar2exampleᚗcomᚋappᚋmodelᚐCtxScalar"}},
		{"marshal functions", "Timestamp!", "", want{goType: "time.Time", target: "time.Time", marshal: mdl + "MarshalTimestamp", unmarshal: mdl + "UnmarshalTimestamp", key: "NTimestamp2timeᚐTime"}},
		{"context marshal functions", "CtxTime", "", want{goType: "*time.Time", target: "time.Time", marshal: mdl + "MarshalCtxTime", unmarshal: mdl + "UnmarshalCtxTime", context: true, key: "OCtxTime2ᚖtimeᚐTime"}},
		{"named string scalar is cast", "Email!", "", want{goType: mdl + "Email", target: mdl + "Email", cast: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", key: "NEmail2exampleᚗcomᚋappᚋmodelᚐEmail"}},
		{"autobound enum by Go name", "ProductSKU", "", want{goType: "*" + mdl + "ProductSku", target: mdl + "ProductSku", cast: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", key: "OProductSKU2ᚖexampleᚗcomᚋappᚋmodelᚐProductSku"}},
		{"short model name", "Thing!", "", want{goType: mdl + "Thing", target: mdl + "Thing", key: "NThing2exampleᚗcomᚋappᚋmodelᚐThing"}},
		{"enum values", "[Color!]", "", want{goType: "[]" + mdl + "Color", target: mdl + "Color", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", enumValues: []string{"RED=ColorRed", "BLUE=ColorBlue"}, key: "OColor2ᚕexampleᚗcomᚋappᚋmodelᚐColorᚄ"}},
		{"goEnum values", "Role!", "Role", want{goType: mdl + "Role", target: mdl + "Role", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", enumValues: []string{"ADMIN=RoleAdmin", "USER=RoleUser"}, key: "NRole2exampleᚗcomᚋappᚋmodelᚐRole"}},
		{"builtin map scalar", "Map", "Meta", want{goType: "map[string]any", target: "map[string]any", marshal: gql + "MarshalMap", unmarshal: gql + "UnmarshalMap", key: "OMap2map"}},
		{"untyped any model", "Loose", "", want{goType: "any", key: "OLoose2interface"}},
		{"untyped any model with an interface target", "Loose", "Loose", want{goType: "any", key: "OLoose2interface"}},
		{"untyped map model", "[Stringy]", "", want{goType: "[]map[string]any", key: "OStringy2ᚕmap"}},
		{"omittable target", "String", "Opt", want{goType: "*string", target: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", omittable: true, key: "OString2ᚖstring"}},
		{"pointer to pointer target", "String", "PtrPtr", want{goType: "**string", target: "string", marshal: gql + "MarshalString", unmarshal: gql + "UnmarshalString", key: "OString2ᚖᚖstring"}},
		{"target with its own marshaler", "Status!", "Own", want{goType: mdl + "OwnMarshaler", target: mdl + "Status", marshaler: true, key: "NStatus2exampleᚗcomᚋappᚋmodelᚐOwnMarshaler"}},
		{"target with its own context marshaler", "Timestamp!", "OwnCtx", want{goType: mdl + "OwnCtxMarshaler", target: "time.Time", marshaler: true, context: true, key: "NTimestamp2exampleᚗcomᚋappᚋmodelᚐOwnCtxMarshaler"}},
		{"incompatible target", "String!", "Wrong", want{err: "String is incompatible with bool"}},
		{"map model against a non-map", "Stringy", "Wrong", want{err: "Stringy is incompatible with bool"}},
		{"omittable but non-null", "String!", "Opt", want{err: "String is wrapped with Omittable but non-null"}},
		{"unknown type", "Nope", "", want{err: "Nope was not found"}},
		{"incomplete enum values", "Shade", "", want{err: "not all enum values are binded for Shade"}},
		{"enum value of the wrong type", "Guest", "", want{err: "wrong type: func() example.com/app/model.Role, for enum value: ADMIN, expected type: example.com/app/model.Role, of enum: Guest"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := cfg.NewBinder()
			var target types.Type
			if tt.target != "" {
				target = userField(t, cfg, tt.target)
			}
			ref, err := b.TypeReference(gqlType(tt.gql), target)
			if tt.want.err != "" {
				require.EqualError(t, err, tt.want.err)
				assert.Nil(t, ref)
				return
			}
			require.NoError(t, err)
			str := func(t types.Type) string {
				if t == nil {
					return ""
				}
				return t.String()
			}
			var values []string
			for _, v := range ref.EnumValues {
				values = append(values, v.Definition.Name+"="+v.Object.Name())
			}
			got := want{
				goType: str(ref.GO), target: str(ref.Target), cast: str(ref.CastType),
				marshal: funcName(ref.Marshaler), unmarshal: funcName(ref.Unmarshaler),
				marshaler: ref.IsMarshaler, context: ref.IsContext, omittable: ref.IsOmittable,
				enumValues: values, key: ref.UniquenessKey(),
			}
			assert.Equal(t, tt.want, got)
			assert.Same(t, ref, b.References[len(b.References)-1], "the reference is recorded last")
			assert.Same(t, cfg.Schema.Types[gqlType(tt.gql).Name()], ref.Definition)
		})
	}
}

func TestBinderRecordsReferences(t *testing.T) {
	cfg := bindingFixture(t)
	b := cfg.NewBinder()

	_, err := b.TypeReference(gqlType("Email!"), nil)
	require.NoError(t, err)
	require.Len(t, b.References, 2, "the String reference a cast type borrows its functions from is recorded first")
	assert.Equal(t, "String", b.References[0].Definition.Name)

	_, err = b.TypeReference(gqlType("String"), userField(t, cfg, "Opt"))
	require.NoError(t, err)
	assert.Len(t, b.References, 3, "an omittable reference is recorded once")

	_, err = b.TypeReference(gqlType("String!"), types.Typ[types.Invalid])
	require.EqualError(t, err, "String has an invalid type")
	assert.True(t, b.SawInvalid)
	assert.Len(t, b.References, 3)

	user, err := b.TypeReference(gqlType("User!"), nil)
	require.NoError(t, err)
	ptr := b.PointerTo(user)
	assert.Equal(t, "*example.com/app/model.User", ptr.GO.String())
	assert.Equal(t, []*TypeReference{user, ptr}, b.References[3:])

	ptr2 := b.ReplaceWithPointer(ptr)
	assert.Equal(t, "**example.com/app/model.User", ptr2.GO.String())
	assert.Equal(t, []*TypeReference{user, ptr2}, b.References[3:])

	b.RemoveRef(user)
	b.RemoveRef(user)
	assert.Equal(t, []*TypeReference{ptr2}, b.References[3:])
	b.PushRef(user)
	assert.Same(t, user, b.References[len(b.References)-1])

	t.Run("pointers in unmarshalInput and root types", func(t *testing.T) {
		cfg.ReturnPointersInUnmarshalInput = true
		t.Cleanup(func() { cfg.ReturnPointersInUnmarshalInput = false })
		ref, err := b.TypeReference(gqlType("Query"), nil)
		require.ErrorContains(t, err, "Query was not found")
		assert.Nil(t, ref)
		_, err = b.TypeReference(gqlType("Filter"), nil)
		require.ErrorContains(t, err, "Filter was not found", "generated models are bound after modelgen")
		ref, err = b.TypeReference(gqlType("String"), nil)
		require.NoError(t, err)
		assert.True(t, ref.PointersInUnmarshalInput)
		assert.False(t, ref.IsRoot)
	})
}

func TestBinderOmitSliceElementPointers(t *testing.T) {
	cfg := bindingFixture(t)
	b := cfg.NewBinder()
	user := cfg.Packages.Load("example.com/app/model").Types.Scope().Lookup("User").Type()
	tests := []struct {
		gql       string
		omit      bool
		want      string
		wantDepth string
	}{
		{"[User!]!", false, "[]*example.com/app/model.User", ""},
		{"[User!]!", true, "[]example.com/app/model.User", ""},
		{"[User]", true, "[]*example.com/app/model.User", "nullable elements keep their pointer"},
		{"[[User!]]", false, "[][]*example.com/app/model.User", ""},
		{"User", true, "*example.com/app/model.User", ""},
	}
	for _, tt := range tests {
		cfg.OmitSliceElementPointers = tt.omit
		assert.Equal(t, tt.want, b.CopyModifiersFromAst(gqlType(tt.gql), user).String(), tt.gql)
	}
	cfg.OmitSliceElementPointers = false

	assert.Equal(t, "[]any", b.CopyModifiersFromAst(gqlType("[Any]"), InterfaceType).String())
	assert.Equal(t, "*int", b.CopyModifiersFromAst(gqlType("Int"), types.Typ[types.Int]).String())
	assert.Equal(t, "map[string]any", b.CopyModifiersFromAst(gqlType("Map"), MapType).String())
}

func TestBinderLookups(t *testing.T) {
	cfg := bindingFixture(t)
	b := cfg.NewBinder()
	tests := []struct {
		name    string
		lookup  func() (types.Type, error)
		want    string
		wantErr string
		notFnd  bool
	}{
		{"type", func() (types.Type, error) { return b.FindTypeFromName("example.com/app/model.User") }, "example.com/app/model.User", "", false},
		{"marshal function gives its parameter", func() (types.Type, error) { return b.FindTypeFromName("example.com/app/model.Timestamp") }, "time.Time", "", false},
		{"map", func() (types.Type, error) { return b.FindTypeFromName("map[string]any") }, "map[string]any", "", false},
		{"interface{}", func() (types.Type, error) { return b.FindType("", "interface{}") }, "any", "", false},
		{"missing type", func() (types.Type, error) { return b.FindTypeFromName("example.com/app/model.Nope") }, "", "unable to find type: example.com/app/model.Nope", true},
		{"missing package", func() (types.Type, error) { return b.FindTypeFromName("example.com/nope.X") }, "", "unable to find type: example.com/nope.X", true},
		{"no package", func() (types.Type, error) { return b.FindTypeFromName("User") }, "", "package cannot be nil in FindObject for type: User", false},
		{"default object", func() (types.Type, error) { return b.DefaultUserObject("User") }, "example.com/app/model.User", "", false},
		{"default object of a function binding", func() (types.Type, error) { return b.DefaultUserObject("Timestamp") }, "func(t time.Time) github.com/99designs/gqlgen/graphql.Marshaler", "", false},
		{"default object untyped", func() (types.Type, error) { return b.DefaultUserObject("Stringy") }, "map[string]any", "", false},
		{"default object of an unbound type", func() (types.Type, error) { return b.DefaultUserObject("Query") }, "", "Query not found in typemap", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.lookup()
			if tt.wantErr != "" {
				require.EqualError(t, err, tt.wantErr)
				assert.Equal(t, tt.notFnd, errors.Is(err, ErrTypeNotFound))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got.String())
		})
	}

	t.Run("the untyped model types are shared", func(t *testing.T) {
		m, _ := b.FindTypeFromName("map[string]interface{}")
		assert.Same(t, MapType, m)
		a, _ := b.FindTypeFromName("any")
		assert.Equal(t, InterfaceType, a)
	})

	t.Run("marshal function before type", func(t *testing.T) {
		obj, err := b.FindObject("example.com/app/model", "Timestamp")
		require.NoError(t, err)
		assert.Equal(t, "MarshalTimestamp", obj.Name())
	})

	t.Run("positions", func(t *testing.T) {
		user, err := b.FindTypeFromName("example.com/app/model.User")
		require.NoError(t, err)
		pos := b.TypePosition(user)
		assert.True(t, strings.HasSuffix(pos.Filename, "model/model.go"), pos.Filename)
		assert.Equal(t, 11, pos.Line)
		assert.Equal(t, "unknown", b.TypePosition(types.Typ[types.Int]).Filename)
		assert.Equal(t, "unknown", b.ObjectPosition(nil).Filename)
		assert.Equal(t, "unknown", b.ObjectPosition(types.Universe.Lookup("error")).Filename)
	})

	t.Run("instantiation", func(t *testing.T) {
		omittable, err := b.FindTypeFromName("github.com/99designs/gqlgen/graphql.Omittable")
		require.NoError(t, err)
		a, err := b.InstantiateType(omittable, []types.Type{types.Typ[types.String]})
		require.NoError(t, err)
		assert.Equal(t, "github.com/99designs/gqlgen/graphql.Omittable[string]", a.String())
		again, err := b.InstantiateType(omittable, []types.Type{types.Typ[types.String]})
		require.NoError(t, err)
		assert.Same(t, a, again)
		_, err = b.InstantiateType(omittable, nil)
		assert.EqualError(t, err, "cannot instantiate github.com/99designs/gqlgen/graphql.Omittable[T any] with 0 type arguments")
		_, err = b.InstantiateType(types.Typ[types.Int], []types.Type{types.Typ[types.Int]})
		assert.Error(t, err)
	})
}

package executor

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
)

// coerceSchema has an argument of every type the variables below are
// declared with; each argument's type is the loosest, so that any stricter
// variable type may be used in its place.
var coerceSchema = gqlparser.MustLoadSchema(&ast.Source{Input: `
	scalar Any
	scalar Upload
	enum Color { RED GREEN BLUE }
	input Leaf { i: Int, f: Float, s: String, b: Boolean, id: ID, c: Color, any: Any, up: Upload }
	input Req {
		i: Int!
		s: String! = "x"
		c: Color! = RED
		l: [Int!]!
		bad: Float! = 99999999999999999999
		ok: [Leaf!]! = [{i: 1}]
		opt: Int = 7
	}
	input Nested {
		leaf: Leaf
		req: Req
		leaves: [Leaf!]
		matrix: [[Int!]]
		self: Nested
		tags: [String!]
		ids: [ID]
	}
	input One @oneOf { a: Int, b: String, n: Nested }
	type Query { f(
		i: Int, fl: Float, s: String, b: Boolean, id: ID, c: Color, any: Any, up: Upload,
		leaf: Leaf, req: Req, nested: Nested, one: One,
		lb: [Boolean], li: [Int], lli: [[Int]], lfl: [Float], ls: [String], lid: [ID], lc: [Color], lany: [Any], lup: [Upload],
		lleaf: [Leaf], lreq: [Req], lnested: [Nested], llnested: [[Nested]]
	): Int }
`})

// coerceOp parses and validates query against coerceSchema and returns its
// operation.
func coerceOp(t testing.TB, query string) *ast.OperationDefinition {
	t.Helper()
	doc, errs := gqlparser.LoadQueryWithRules(coerceSchema, query, nil)
	if errs != nil {
		t.Fatalf("%s: %v", query, errs)
	}
	return doc.Operations[0]
}

// varOp returns the operation "query($v: decl) { f(arg: $v) }".
func varOp(t testing.TB, decl, arg string) *ast.OperationDefinition {
	return coerceOp(t, fmt.Sprintf("query($v: %s) { f(%s: $v) }", decl, arg))
}

// cloneValue deep-copies the maps, slices and pointers of v, so that the
// in-place rewrites of one coercion are not seen by the other.
func cloneValue(v any) any {
	if v == nil {
		return nil
	}
	return cloneReflect(reflect.ValueOf(v)).Interface()
}

func cloneReflect(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneReflect(v.Elem()))
		return c
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			c.SetMapIndex(it.Key(), cloneReflect(it.Value()))
		}
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(cloneReflect(v.Index(i)))
		}
		return c
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(cloneReflect(v.Elem()))
		return c
	}
	return v
}

// coerceOutcome is everything a coercion gives back, and the request's
// variables after it (VariableValues rewrites some values in place).
type coerceOutcome struct {
	vars  map[string]any
	err   error
	after map[string]any
}

func coerceWith(
	fn func(*ast.Schema, *ast.OperationDefinition, map[string]any) (map[string]any, error),
	op *ast.OperationDefinition, raw map[string]any,
) (out coerceOutcome, panicked any) {
	var in map[string]any
	if raw != nil {
		in = cloneValue(raw).(map[string]any)
	}
	defer func() { panicked = recover() }()
	out.vars, out.err = fn(coerceSchema, op, in)
	out.after = in
	return out, nil
}

// requireSameCoercion checks that coerceVariables and VariableValues agree
// on raw: the same values of the same Go types, the same errors, and the
// same state of the request's variables afterwards.
func requireSameCoercion(t testing.TB, op *ast.OperationDefinition, raw map[string]any, msg string) {
	t.Helper()
	want, wantPanic := coerceWith(validator.VariableValues, op, raw)
	got, gotPanic := coerceWith(coerceVariables, op, raw)
	if (wantPanic != nil) != (gotPanic != nil) {
		t.Fatalf("%s: panics differ: VariableValues %v, coerceVariables %v", msg, wantPanic, gotPanic)
	}
	if wantPanic != nil {
		return
	}
	if !sameCoercionError(want.err, got.err) {
		t.Fatalf("%s: errors differ:\nVariableValues  %#v\ncoerceVariables %#v", msg, want.err, got.err)
	}
	if !reflect.DeepEqual(want.vars, got.vars) {
		t.Fatalf("%s: values differ:\nVariableValues  %#v\ncoerceVariables %#v", msg, want.vars, got.vars)
	}
	if !reflect.DeepEqual(want.after, got.after) {
		t.Fatalf("%s: variables afterwards differ:\nVariableValues  %#v\ncoerceVariables %#v", msg, want.after, got.after)
	}
}

// sameCoercionError compares two errors of VariableValues. When an input
// object has more than one unknown field, which one it reports depends on
// the map's iteration order, so only the path up to the object counts.
func sameCoercionError(a, b error) bool {
	ea, oka := a.(*gqlerror.Error)
	eb, okb := b.(*gqlerror.Error)
	if oka && okb && ea != nil && eb != nil && ea.Message == "unknown field" && eb.Message == "unknown field" {
		return len(ea.Path) == len(eb.Path) && reflect.DeepEqual(ea.Path[:len(ea.Path)-1], eb.Path[:len(eb.Path)-1])
	}
	return reflect.DeepEqual(a, b)
}

type coerceCase struct {
	decl, arg string
	value     any
	// direct says that coerceVariablesDirect handles the value itself
	// rather than leaving it to VariableValues.
	direct bool
}

func leaf(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

var (
	validReq   = leaf("i", json.Number("1"), "l", []any{json.Number("2")}, "bad", json.Number("1"))
	upload     = graphql.Upload{Filename: "a.txt", Size: 3, ContentType: "text/plain"}
	nestedFull = leaf(
		"leaf", leaf("i", json.Number("1"), "f", json.Number("1.5"), "s", "s", "b", true, "id", "7",
			"c", "GREEN", "any", leaf("x", []any{json.Number("1")}), "up", upload),
		"req", validReq,
		"leaves", []any{leaf(), leaf("c", "red"), leaf("id", json.Number("12"))},
		"matrix", []any{[]any{json.Number("1"), json.Number("2")}, nil, []any{}},
		"self", leaf("self", leaf("tags", []any{"a"}), "__typename", "Nested"),
		"tags", []any{"home", "shopping"},
		"ids", []any{"a", json.Number("1"), nil, 5, int64(6)},
	)
)

var coerceCases = []coerceCase{
	// Built-in scalars at the top level.
	{"Int", "i", json.Number("5"), true},
	{"Int", "i", json.Number("-9223372036854775808"), true},
	{"Int", "i", json.Number("9223372036854775808"), false},
	{"Int", "i", json.Number("1.5"), false},
	{"Int", "i", json.Number("1e3"), false},
	{"Int", "i", 5, true},
	{"Int", "i", int32(5), true},
	{"Int", "i", int64(5), true},
	{"Int", "i", 5.0, true},
	{"Int", "i", float32(5), true},
	{"Int", "i", 5.5, false},
	{"Int", "i", math.Inf(1), false},
	{"Int", "i", "12", true},
	{"Int", "i", "1x", false},
	{"Int", "i", uint(5), false},
	{"Int", "i", int8(5), false},
	{"Int", "i", true, false},
	{"Int", "i", &[]int{3}[0], false},
	{"Int", "i", (*int)(nil), false},
	{"Int", "i", map[string]any{}, false},
	{"Int", "i", []any{json.Number("1")}, false},
	{"Int", "i", nil, true},
	{"Int!", "i", nil, false},
	{"Int!", "i", json.Number("0"), true},
	{"Float", "fl", json.Number("1.5"), true},
	{"Float", "fl", json.Number("1e400"), false},
	{"Float", "fl", json.Number("7"), true},
	{"Float", "fl", 2, true},
	{"Float", "fl", int64(2), true},
	{"Float", "fl", float32(2.5), true},
	{"Float", "fl", "2.5", true},
	{"Float", "fl", "x", false},
	{"Float", "fl", false, false},
	{"String", "s", "x", true},
	{"String", "s", json.Number("5"), true},
	{"String", "s", 5, false},
	{"String", "s", []byte("x"), false},
	{"Boolean", "b", true, true},
	{"Boolean", "b", "true", false},
	{"ID", "id", "x", true},
	{"ID", "id", json.Number("12"), true},
	{"ID", "id", json.Number("1.5"), true},
	{"ID", "id", 12, true},
	{"ID", "id", int32(12), true},
	{"ID", "id", 12.0, true},
	{"ID", "id", float32(12), true},
	{"ID", "id", -9007199254740991.0, true},
	{"ID", "id", 9007199254740992.0, false},
	{"ID", "id", 12.5, false},
	{"ID", "id", math.Inf(-1), false},
	{"ID", "id", true, false},
	// Enums: names match without regard to case and are kept as sent.
	{"Color", "c", "RED", true},
	{"Color", "c", "red", true},
	{"Color", "c", "Blue", true},
	{"Color", "c", "PURPLE", false},
	{"Color", "c", json.Number("1"), false},
	{"Color", "c", 1, false},
	{"Color!", "c", "GREEN", true},
	// Custom scalars take anything, but a pointer is dereferenced.
	{"Any", "any", leaf("a", []any{nil, json.Number("1")}), true},
	{"Any", "any", []any{}, true},
	{"Any", "any", json.Number("1.5"), true},
	{"Any", "any", uint8(1), true},
	{"Any", "any", &[]string{"x"}[0], false},
	{"Any", "any", (*string)(nil), false},
	{"Upload", "up", upload, true},
	{"Upload!", "up", upload, true},
	{"Upload", "up", &upload, false},
	// Input objects.
	{"Leaf", "leaf", leaf(), true},
	{"Leaf", "leaf", map[string]any(nil), true},
	{"Leaf", "leaf", leaf("i", json.Number("1"), "f", json.Number("2"), "s", "s", "b", false, "id", 3,
		"c", "blue", "any", 1.5, "up", upload), true},
	{"Leaf", "leaf", leaf("i", nil, "f", nil, "s", nil, "b", nil, "id", nil, "c", nil, "any", nil), true},
	{"Leaf", "leaf", leaf("i", json.Number("1.5")), false},
	{"Leaf", "leaf", leaf("i", 2.0), true},
	{"Leaf", "leaf", leaf("i", 2.5), false},
	{"Leaf", "leaf", leaf("f", json.Number("1e400")), false},
	{"Leaf", "leaf", leaf("f", "3"), true},
	{"Leaf", "leaf", leaf("s", 1), false},
	{"Leaf", "leaf", leaf("id", 3.0), false},
	{"Leaf", "leaf", leaf("id", 3.5), false},
	{"Leaf", "leaf", leaf("c", "nope"), false},
	{"Leaf", "leaf", leaf("any", (*int)(nil)), true},
	{"Leaf", "leaf", leaf("any", &upload), true},
	{"Leaf", "leaf", leaf("i", &[]int{1}[0]), false},
	{"Leaf", "leaf", leaf("__typename", "Leaf"), true},
	{"Leaf", "leaf", leaf("__typename", 5), true},
	{"Leaf", "leaf", leaf("unknown", 1), false},
	{"Leaf", "leaf", map[string]string{"s": "x"}, false},
	{"Leaf", "leaf", []any{leaf()}, false},
	{"Leaf", "leaf", "x", false},
	{"Leaf!", "leaf", nil, false},
	{"Req", "req", validReq, true},
	{"Req", "req", leaf("i", 1, "l", []any{}, "s", "y", "c", "GREEN", "bad", 1, "ok", []any{}, "opt", nil), true},
	{"Req", "req", leaf("l", []any{}), false},
	{"Req", "req", leaf("i", 1, "l", []any{}), false},
	{"Req", "req", leaf("i", 1), false},
	{"Req", "req", leaf("i", nil, "l", []any{}), false},
	{"Req", "req", leaf("i", 1, "l", []any{nil}), false},
	{"Req", "req", leaf("i", 1, "l", json.Number("3")), false},
	{"Req", "req", leaf("i", 1, "l", []any{}, "s", nil), false},
	{"Nested", "nested", nestedFull, true},
	{"Nested!", "nested", nestedFull, true},
	{"Nested", "nested", leaf("matrix", []any{[]any{nil}}), false},
	{"Nested", "nested", leaf("matrix", []any{json.Number("1")}), false},
	{"Nested", "nested", leaf("matrix", json.Number("1")), false},
	{"Nested", "nested", leaf("tags", "one"), false},
	{"Nested", "nested", leaf("tags", []string{"one"}), false},
	{"Nested", "nested", leaf("ids", []any{1.0}), false},
	{"Nested", "nested", leaf("leaves", []any{nil}), false},
	{"Nested", "nested", leaf("leaves", leaf()), false},
	{"Nested", "nested", leaf("self", leaf("self", leaf("leaf", leaf("c", "X")))), false},
	{"Nested", "nested", leaf("self", leaf("self", leaf("req", leaf("i", 1)))), false},
	{"Nested", "nested", leaf("self", leaf("self", leaf("zzz", 1))), false},
	// @oneOf is not checked by VariableValues.
	{"One", "one", leaf("a", json.Number("1")), true},
	{"One", "one", leaf("a", json.Number("1"), "b", "x"), true},
	{"One", "one", leaf(), true},
	{"One", "one", leaf("a", nil), true},
	{"One", "one", leaf("n", nestedFull), true},
	{"One", "one", leaf("c", 1), false},
	// Lists: a []any is checked element by element; a single value is
	// wrapped into a list of its own Go type.
	{"[Int]", "li", []any{json.Number("1"), nil, 2, int64(3), 4.0, "5"}, true},
	{"[Int]", "li", []any(nil), true},
	{"[Int]", "li", []any{json.Number("1.5")}, false},
	{"[Int!]", "li", []any{nil}, false},
	{"[Int!]!", "li", []any{json.Number("1")}, true},
	{"[Int!]!", "li", nil, false},
	{"[Int]", "li", json.Number("1"), true},
	{"[Int]", "li", 1, true},
	{"[Int]", "li", int64(1), true},
	{"[Int]", "li", 1.0, true},
	{"[Int]", "li", "1", true},
	{"[Int]", "li", int32(1), false},
	{"[Int]", "li", true, false},
	{"[Int]", "li", []int{1, 2}, false},
	{"[Int]", "li", [2]any{1, 2}, false},
	{"[Int]", "li", &[]any{1}, false},
	{"[Float]", "lfl", []any{json.Number("1e3"), 1, 2.5}, true},
	{"[Float]", "lfl", 2.5, true},
	{"[String]", "ls", "x", true},
	{"[String]", "ls", []any{"x", json.Number("1")}, true},
	{"[String!]", "ls", []string{"x"}, false},
	{"[ID]", "lid", []any{"1", 2, json.Number("3")}, true},
	{"[ID]", "lid", []any{2.0}, false},
	{"[ID]", "lid", 2.0, false},
	{"[ID]", "lid", []float64{2}, false},
	{"[ID]", "lid", true, false},
	{"[Color]", "lc", "red", true},
	{"[Color]", "lc", []any{"RED", nil}, true},
	{"[Color]", "lc", []any{"PINK"}, false},
	{"[Boolean]", "lb", true, true},
	{"[Any]", "lany", leaf("x", 1), true},
	{"[Any]", "lany", []any{&upload, (*int)(nil), upload}, true},
	{"[Any]", "lany", uint(1), false},
	{"[Upload!]", "lup", []any{upload, upload}, true},
	{"[Upload!]", "lup", upload, false},
	{"[Leaf]", "lleaf", leaf("i", 1), true},
	{"[Leaf]", "lleaf", []any{leaf("i", 1), nil}, true},
	{"[Leaf]", "lleaf", leaf("i", 1.5), false},
	{"[Leaf]", "lleaf", leaf("id", 1.0), false},
	{"[Leaf]", "lleaf", []map[string]any{leaf()}, false},
	{"[Req!]", "lreq", []any{validReq, validReq}, true},
	{"[Nested!]!", "lnested", []any{nestedFull}, true},
	{"[[Int]]", "lli", []any{[]any{json.Number("1")}, nil, []any{}}, true},
	{"[[Int]]", "lli", []any{json.Number("1")}, false},
	{"[[Int]]", "lli", json.Number("1"), false},
	{"[[Int!]!]!", "lli", []any{[]any{nil}}, false},
	{"[[Int!]!]!", "lli", []any{nil}, false},
	{"[[Nested]]", "llnested", []any{[]any{nestedFull}}, true},
	{"[[Nested]]", "llnested", nestedFull, false},
	// Defaults of variables are built afresh and checked like sent values.
	{"Int = 3", "i", absent{}, true},
	{"Int = null", "i", absent{}, true},
	{"Float = 3", "fl", absent{}, true},
	{"Float = 3.5", "fl", absent{}, true},
	{"ID = 3", "id", absent{}, true},
	{"String = \"x\"", "s", absent{}, true},
	{"Boolean = true", "b", absent{}, true},
	{"Color = GREEN", "c", absent{}, true},
	{"Any = {a: [1, 2.5, \"x\", null, RED]}", "any", absent{}, true},
	{"Leaf = {i: 1, c: RED}", "leaf", absent{}, true},
	{"Req = {i: 1, l: [2], bad: 2.5}", "req", absent{}, true},
	{"Req = {i: 1, l: [2]}", "req", absent{}, false},
	{"Nested = {tags: \"x\"}", "nested", absent{}, false},
	{"Nested = {ids: 1}", "nested", absent{}, false},
	{"[Int] = [1, null]", "li", absent{}, true},
	{"[Int] = 1", "li", absent{}, true},
	{"[String] = \"a\"", "ls", absent{}, true},
	{"[Color] = RED", "lc", absent{}, true},
	{"[Leaf] = {i: 1}", "lleaf", absent{}, true},
	{"[[Int]] = 1", "lli", absent{}, false},
	{"Int = 3", "i", json.Number("4"), true},
	{"Int = 3", "i", nil, true},
	{"Int", "i", absent{}, true},
	{"Int!", "i", absent{}, false},
	{"Leaf", "leaf", absent{}, true},
}

// absent stands for a variable the request leaves out.
type absent struct{}

func (c coerceCase) raw() map[string]any {
	if _, ok := c.value.(absent); ok {
		return map[string]any{"other": 1}
	}
	return map[string]any{"v": c.value, "other": 1}
}

func TestCoerceVariablesMatchesVariableValues(t *testing.T) {
	for i, c := range coerceCases {
		msg := fmt.Sprintf("case %d: $v: %s = %#v", i, c.decl, c.value)
		op := varOp(t, c.decl, c.arg)
		requireSameCoercion(t, op, c.raw(), msg)
		_, direct := coerceVariablesDirect(coerceSchema, op, cloneValue(c.raw()).(map[string]any))
		if direct != c.direct {
			t.Errorf("%s: handled directly %v, want %v", msg, direct, c.direct)
		}
	}
}

// Several variables, where VariableValues stops at the first failure.
func TestCoerceVariablesSeveral(t *testing.T) {
	op := coerceOp(t, `query($a: Int, $b: [Leaf!], $c: Nested!, $d: Color = BLUE, $e: ID) {
		f(i: $a, lleaf: $b, nested: $c, c: $d, id: $e) }`)
	for i, raw := range []map[string]any{
		nil,
		{},
		{"c": nestedFull},
		{"a": json.Number("1"), "b": []any{leaf("s", "x")}, "c": nestedFull, "d": "red", "e": 4.0, "x": 1},
		{"b": []any{leaf("s", "x")}, "c": leaf("req", leaf("i", 1, "l", []any{}))},
		{"a": json.Number("1"), "b": []any{leaf("s", "x")}, "c": nestedFull, "e": json.Number("4")},
		{"a": json.Number("1.5"), "b": "x", "c": nil},
		{"a": nil, "b": nil, "c": leaf(), "d": nil, "e": nil},
		{"b": leaf("id", 1.0), "c": leaf("ids", 2.0)},
		{"b": leaf("id", 1.0), "c": leaf("ids", []any{"x", 1.5})},
		{"c": leaf("leaves", leaf("id", 1.0), "ids", []any{3.0})},
	} {
		requireSameCoercion(t, op, raw, fmt.Sprintf("case %d: %#v", i, raw))
	}
	requireSameCoercion(t, coerceOp(t, "{ f }"), map[string]any{"a": 1}, "no variables")
}

// The direct path never changes the request's variables; VariableValues'
// in-place rewrites still happen when it takes over.
func TestCoerceVariablesLeavesRequestAlone(t *testing.T) {
	op := varOp(t, "Nested", "nested")
	raw := map[string]any{"v": cloneValue(nestedFull)}
	vars, err := coerceVariables(coerceSchema, op, raw)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"v": nestedFull}, raw)
	require.Equal(t, reflect.ValueOf(raw["v"]).Pointer(), reflect.ValueOf(vars["v"]).Pointer(),
		"the value is shared, as VariableValues shares it")

	raw = map[string]any{"v": leaf("tags", "x", "ids", []any{1.0})}
	vars, err = coerceVariables(coerceSchema, op, raw)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"v": leaf("tags", []string{"x"}, "ids", []any{int64(1)})}, raw)
	require.Equal(t, raw, vars)
}

// Values decoded from JSON by the codec in use, and the same values with
// numbers as other decoders and Go callers produce them.
func FuzzCoerceVariables(f *testing.F) {
	decls := [][2]string{
		{"Int", "i"}, {"Int!", "i"}, {"Float", "fl"}, {"String", "s"}, {"Boolean", "b"}, {"ID", "id"},
		{"Color", "c"}, {"Any", "any"}, {"Leaf", "leaf"}, {"Req", "req"}, {"Nested", "nested"},
		{"Nested!", "nested"}, {"One", "one"}, {"[Int]", "li"}, {"[Int!]!", "li"}, {"[[Int!]]", "lli"},
		{"[Float]", "lfl"}, {"[String!]", "ls"}, {"[ID]", "lid"}, {"[Color!]", "lc"}, {"[Any]", "lany"},
		{"[Leaf]", "lleaf"}, {"[Req!]!", "lreq"}, {"[Nested]", "lnested"}, {"[[Nested!]]", "llnested"},
		{"Int = 3", "i"}, {"[Int] = 1", "li"}, {"Leaf = {i: 1, id: 2}", "leaf"},
	}
	ops := make([]*ast.OperationDefinition, len(decls))
	for i, d := range decls {
		ops[i] = varOp(f, d[0], d[1])
	}
	several := coerceOp(f, `query($a: Int, $b: [Leaf!], $c: Nested, $d: Color = BLUE, $e: ID!) {
		f(i: $a, lleaf: $b, nested: $c, c: $d, id: $e) }`)
	for _, seed := range []string{
		`{}`,
		`{"v": null}`,
		`{"v": 1}`,
		`{"v": 1.5, "e": 2}`,
		`{"v": "RED", "d": "green", "e": "x"}`,
		`{"v": [1, null, 2]}`,
		`{"v": [[1], [null]]}`,
		`{"v": {"i": 1, "l": [1], "s": "x", "bad": 2}, "e": 1e3}`,
		`{"v": {"leaf": {"i": 1, "c": "RED", "id": 2}, "tags": ["a"], "matrix": [[1, 2], []]}}`,
		`{"v": {"self": {"self": {"ids": [1, "2", 3.5]}}, "zzz": 1, "yyy": 2}}`,
		`{"v": [{"req": {"i": 1, "l": []}, "leaves": [{"f": 1e400}]}], "b": {"i": 1}, "c": {"tags": "x"}}`,
		`{"v": 99999999999999999999, "a": -0, "e": 9007199254740993}`,
	} {
		f.Add([]byte(seed), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, numbers uint8) {
		var raw map[string]any
		if codec.Unmarshal(data, &raw) != nil {
			return
		}
		switch numbers % 3 {
		case 1:
			raw = convertNumbers(raw, func(n json.Number) any { f, _ := n.Float64(); return f }).(map[string]any)
		case 2:
			raw = convertNumbers(raw, func(n json.Number) any {
				if i, err := n.Int64(); err == nil {
					return int(i)
				}
				return n
			}).(map[string]any)
		}
		for i, op := range ops {
			requireSameCoercion(t, op, raw, fmt.Sprintf("$v: %s with %s", decls[i][0], data))
		}
		requireSameCoercion(t, several, raw, fmt.Sprintf("several with %s", data))
	})
}

// convertNumbers returns v with every json.Number replaced by to(n).
func convertNumbers(v any, to func(json.Number) any) any {
	switch v := v.(type) {
	case json.Number:
		return to(v)
	case map[string]any:
		c := make(map[string]any, len(v))
		for k, e := range v {
			c[k] = convertNumbers(e, to)
		}
		return c
	case []any:
		c := make([]any, len(v))
		for i, e := range v {
			c[i] = convertNumbers(e, to)
		}
		return c
	}
	return v
}

// The input object of _examples/benchmark's MutationInput, as the codec
// decodes it, costs only the result map (a map header and its one group).
func TestCoerceVariablesAllocs(t *testing.T) {
	if coerceRace {
		t.Skip("allocation counts differ under the race detector")
	}
	schema := gqlparser.MustLoadSchema(&ast.Source{Input: `
		input NewTodo { text: String!, userId: ID!, done: Boolean = false, tags: [String!] }
		enum State { OPEN DONE }
		type Query { todos(first: Int! = 20, done: Boolean, text: String, state: State, ids: [ID!]): Int }
		type Mutation { createTodo(input: NewTodo!): Int }
	`})
	load := func(query string) *ast.OperationDefinition {
		doc, errs := gqlparser.LoadQueryWithRules(schema, query, nil)
		require.Nil(t, errs)
		return doc.Operations[0]
	}
	decode := func(s string) map[string]any {
		var raw map[string]any
		require.NoError(t, codec.Unmarshal([]byte(s), &raw))
		return raw
	}
	for _, c := range []struct {
		name   string
		query  string
		vars   string
		allocs float64
	}{
		{"input object", `mutation($input: NewTodo!) { createTodo(input: $input) }`,
			`{"input":{"text":"buy milk","userId":"U3","done":true,"tags":["home","shopping"]}}`, 2},
		{"scalars", `query($first: Int!, $done: Boolean, $text: String) { todos(first: $first, done: $done, text: $text) }`,
			`{"first":10,"done":true,"text":"number"}`, 2},
		{"enum and list", `query($s: State, $ids: [ID!]) { todos(state: $s, ids: $ids) }`,
			`{"s":"OPEN","ids":["1",2,"3"]}`, 2},
		{"no variables", `{ todos }`, `{}`, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			op := load(c.query)
			raw := decode(c.vars)
			want, err := validator.VariableValues(schema, op, decode(c.vars))
			require.NoError(t, err)
			got, err := coerceVariables(schema, op, raw)
			require.NoError(t, err)
			require.Equal(t, want, got)
			allocs := testing.AllocsPerRun(100, func() {
				_, _ = coerceVariables(schema, op, raw)
			})
			if allocs > c.allocs {
				t.Errorf("%v allocations, want at most %v", allocs, c.allocs)
			}
		})
	}
}

package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/codec"
)

func TestOmittableValue(t *testing.T) {
	var unset Omittable[*string]
	if unset.IsSet() || !unset.IsZero() || unset.Value() != nil {
		t.Errorf("zero Omittable: set=%v zero=%v value=%v", unset.IsSet(), unset.IsZero(), unset.Value())
	}
	if v, ok := unset.ValueOK(); ok || v != nil {
		t.Errorf("zero Omittable ValueOK = %v, %v", v, ok)
	}

	null := OmittableOf[*string](nil)
	if !null.IsSet() || null.IsZero() || null.Value() != nil {
		t.Error("OmittableOf(nil) is not set to nil")
	}
	s := "x"
	set := OmittableOf(&s)
	if v, ok := set.ValueOK(); !ok || v != &s || set.Value() != &s {
		t.Errorf("OmittableOf(&s).ValueOK() = %v, %v", v, ok)
	}
}

func TestOmittableJSON(t *testing.T) {
	type input struct {
		Name  Omittable[*string]        `json:"name"`
		Age   Omittable[int]            `json:"age,omitzero"`
		Extra Omittable[map[string]any] `json:"extra,omitzero"`
	}
	name := "<ann>"
	tests := []struct {
		in   input
		want string
	}{
		{input{}, `{"name":null}`},
		{input{Name: OmittableOf(&name)}, `{"name":"\u003cann\u003e"}`},
		{input{Age: OmittableOf(0)}, `{"name":null,"age":0}`},
		{input{Extra: OmittableOf(map[string]any{"b": 1, "a": []int{2}})}, `{"name":null,"extra":{"a":[2],"b":1}}`},
	}
	for _, tt := range tests {
		got, err := codec.Marshal(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}

	var in input
	if err := codec.Unmarshal([]byte(`{"name":null,"extra":{"n":12.5,"l":[1]}}`), &in); err != nil {
		t.Fatal(err)
	}
	if !in.Name.IsSet() || in.Name.Value() != nil || in.Age.IsSet() || !in.Extra.IsSet() {
		t.Errorf("decoded %+v", in)
	}
	// Numbers inside interface values decode as encoding/json decodes them.
	if n, ok := in.Extra.Value()["n"].(float64); !ok || n != 12.5 {
		t.Errorf("extra.n = %#v, want float64 12.5", in.Extra.Value()["n"])
	}
	if l, ok := in.Extra.Value()["l"].([]any); !ok || l[0] != 1.0 {
		t.Errorf("extra.l = %#v, want []any{1.0}", in.Extra.Value()["l"])
	}

	type nested struct {
		Any    any
		Ptr    *any
		List   []any
		Map    map[string]any
		Deep   map[string][]map[string]any
		Number json.Number
		Ints   []int
		//lint:ignore U1000 an unexported field, which decoding must leave alone
		hidden any
	}
	var n Omittable[nested]
	err := n.UnmarshalJSON([]byte(`{"Any":1,"Ptr":2,"List":[3,{"x":4}],"Map":{"m":5},"Deep":{"d":[{"e":6}]},"Number":7,"Ints":[8],"hidden":9}`))
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("%#v", n.Value())
	want := `graphql.nested{Any:1, Ptr:(*interface {})(0x`
	if !strings.HasPrefix(got, want) || *n.Value().Ptr != 2.0 {
		t.Errorf("decoded %s", got)
	}
	v := n.Value()
	v.Ptr = nil
	got = fmt.Sprintf("%#v", v)
	want = `graphql.nested{Any:1, Ptr:(*interface {})(nil), List:[]interface {}{3, map[string]interface {}{"x":4}}, Map:map[string]interface {}{"m":5}, Deep:map[string][]map[string]interface {}{"d":[]map[string]interface {}{map[string]interface {}{"e":6}}}, Number:"7", Ints:[]int{8}, hidden:interface {}(nil)}`
	if got != want {
		t.Errorf("decoded\n got %s\nwant %s", got, want)
	}
	var std nested
	if err := json.Unmarshal([]byte(`{"Any":1,"List":[3,{"x":4}],"Map":{"m":5},"Deep":{"d":[{"e":6}]},"Number":7,"Ints":[8]}`), &std); err != nil || fmt.Sprintf("%#v", std) != want {
		t.Errorf("encoding/json decodes %#v", std)
	}
	var huge Omittable[any]
	if err := huge.UnmarshalJSON([]byte(`[1e400]`)); err == nil || err.Error() != "json: cannot unmarshal number 1e400 into Go value of type float64" || huge.IsSet() {
		t.Errorf("UnmarshalJSON(1e400) = %v", err)
	}

	var o Omittable[int]
	for _, bad := range []string{`"x"`, `{`, `1 2`, ``} {
		o = Omittable[int]{}
		err := o.UnmarshalJSON([]byte(bad))
		var want int
		wantErr := json.Unmarshal([]byte(bad), &want)
		if err == nil || wantErr == nil || err.Error() != wantErr.Error() || o.IsSet() {
			t.Errorf("UnmarshalJSON(%q) = %v (set=%v), want %v", bad, err, o.IsSet(), wantErr)
		}
	}
	if err := o.UnmarshalJSON([]byte(" 42 ")); err != nil || o.Value() != 42 || !o.IsSet() {
		t.Errorf("UnmarshalJSON(42) = %v, value %v", err, o.Value())
	}
}

// upperScalar is a value-receiver Marshaler and Unmarshaler.
type upperScalar string

func (u upperScalar) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strings.ToUpper(string(u))) }

func (u upperScalar) UnmarshalGQL(v any) error {
	if b, ok := v.([]byte); ok && string(b) == "bad" {
		return errors.New("bad upper")
	}
	return nil
}

// ctxScalar writes the value of ctxNote in its context.
type ctxScalar struct{}

type ctxNote struct{}

func (ctxScalar) MarshalGQLContext(ctx context.Context, w io.Writer) error {
	note, _ := ctx.Value(ctxNote{}).(string)
	_, _ = io.WriteString(w, "ctx:"+note)
	return nil
}

func (ctxScalar) UnmarshalGQLContext(ctx context.Context, v any) error {
	if ctx.Value(ctxNote{}) == "fail" {
		return errors.New("ctx fail")
	}
	return nil
}

// bothScalar is both kinds of marshaler and unmarshaler.
type bothScalar struct{}

func (bothScalar) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, "plain") }
func (bothScalar) MarshalGQLContext(_ context.Context, w io.Writer) error {
	_, _ = io.WriteString(w, "contextual")
	return nil
}
func (bothScalar) UnmarshalGQL(any) error                         { return errors.New("plain") }
func (bothScalar) UnmarshalGQLContext(context.Context, any) error { return errors.New("contextual") }

func TestOmittableGQL(t *testing.T) {
	ctx := context.WithValue(t.Context(), ctxNote{}, "hi")
	gql := func(m interface {
		MarshalGQL(io.Writer)
		MarshalGQLContext(context.Context, io.Writer)
	}) (string, string) {
		var a, b bytes.Buffer
		m.MarshalGQL(&a)
		m.MarshalGQLContext(ctx, &b)
		return a.String(), b.String()
	}
	tests := []struct {
		name           string
		m              interface{ MarshalGQL(io.Writer) }
		plain, withCtx string
	}{
		{"marshaler", OmittableOf(upperScalar("abc")), "ABC", "ABC"},
		{"unset marshaler", Omittable[upperScalar]{}, "", ""},
		{"context marshaler", OmittableOf(ctxScalar{}), "ctx:", "ctx:hi"},
		{"both", OmittableOf(bothScalar{}), "plain", "contextual"},
		{"json", OmittableOf(map[string]any{"k": "<v>"}), `{"k":"\u003cv\u003e"}`, `{"k":"\u003cv\u003e"}`},
		{"unset json", Omittable[*int]{}, "null", "null"},
		{"unencodable", OmittableOf(func() {}), "", ""},
	}
	for _, tt := range tests {
		m := tt.m.(interface {
			MarshalGQL(io.Writer)
			MarshalGQLContext(context.Context, io.Writer)
		})
		plain, withCtx := gql(m)
		if plain != tt.plain || withCtx != tt.withCtx {
			t.Errorf("%s: MarshalGQL %q, MarshalGQLContext %q; want %q, %q", tt.name, plain, withCtx, tt.plain, tt.withCtx)
		}
	}

	var u Omittable[upperScalar]
	if err := u.UnmarshalGQL([]byte("bad")); err == nil || u.IsSet() {
		t.Errorf("UnmarshalGQL(bad) = %v, set %v", err, u.IsSet())
	}
	if err := u.UnmarshalGQLContext(ctx, []byte("ok")); err != nil || !u.IsSet() {
		t.Errorf("UnmarshalGQLContext(ok) = %v, set %v", err, u.IsSet())
	}

	var c Omittable[ctxScalar]
	if err := c.UnmarshalGQLContext(context.WithValue(ctx, ctxNote{}, "fail"), nil); err == nil || c.IsSet() {
		t.Errorf("UnmarshalGQLContext(fail) = %v", err)
	}
	if err := c.UnmarshalGQL(nil); err != nil || !c.IsSet() {
		t.Errorf("UnmarshalGQL = %v", err)
	}

	var b Omittable[bothScalar]
	if err := b.UnmarshalGQL(nil); err == nil || err.Error() != "plain" {
		t.Errorf("UnmarshalGQL prefers %v", err)
	}
	if err := b.UnmarshalGQLContext(ctx, nil); err == nil || err.Error() != "contextual" {
		t.Errorf("UnmarshalGQLContext prefers %v", err)
	}

	var j Omittable[[]any]
	if err := j.UnmarshalGQL([]byte(`[1, "a", null]`)); err != nil || !j.IsSet() || len(j.Value()) != 3 || j.Value()[0] != 1.0 {
		t.Errorf("UnmarshalGQL(json) = %v, %#v", err, j.Value())
	}
	j = Omittable[[]any]{}
	if err := j.UnmarshalGQLContext(ctx, []byte(`[1,`)); err == nil || j.IsSet() {
		t.Errorf("UnmarshalGQLContext(bad json) = %v", err)
	}
}

package codectest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// EncodeCase is a value and the exact bytes encoding/json's Marshal writes
// for it (without GOEXPERIMENT=jsonv2). An empty Want with WantErr set means
// the value must be refused with the error text WantErr.
type EncodeCase struct {
	Name    string
	Value   any
	Want    string
	WantErr string
}

// DecodeCase is a JSON input, the Go value to decode it into (Into returns a
// fresh pointer), and either the value it must produce (compared with
// reflect.DeepEqual after dereferencing) or encoding/json's error text.
type DecodeCase struct {
	Name    string
	Input   string
	Into    func() any
	Want    any
	WantErr string
}

// Types with methods, to check that codecs call them the way encoding/json does.

type loudMarshaler struct{}

// MarshalJSON returns valid JSON with spacing and HTML, which encoding/json
// compacts and escapes.
func (loudMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(` { "tag" : "<b>" , "n" : [ 1 , 2 ] } `), nil
}

type ptrMarshaler struct{ N int }

func (p *ptrMarshaler) MarshalJSON() ([]byte, error) { return []byte(`"ptr"`), nil }

type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) { return []byte(`{"broken"`), nil }

type failingMarshaler struct{}

func (failingMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("refused") }

type textKey struct{ a, b string }

func (k textKey) MarshalText() ([]byte, error) { return []byte(k.a + "<" + k.b), nil }

type level int

func (l level) MarshalText() ([]byte, error) { return []byte(strings.Repeat("*", int(l))), nil }

type zeroer struct{ V int }

// IsZero says a value is zero when V is negative, to prove that omitzero
// asks the method rather than comparing fields.
func (z zeroer) IsZero() bool { return z.V < 0 }

type withOmit struct {
	A    string    `json:"a,omitempty"`
	B    []int     `json:"b,omitempty"`
	C    *int      `json:"c,omitempty"`
	T    time.Time `json:"t,omitzero"`
	Z    zeroer    `json:"z,omitzero"`
	Both []int     `json:"both,omitempty,omitzero"`
	S    struct {
		X int
	} `json:"s,omitzero"`
	Keep int `json:"keep"`
}

type embedded struct {
	Inner
	Own   string `json:"own"`
	Str   int    `json:"str,string"`
	Skip  string `json:"-"`
	Dash  string `json:"-,"`
	inner int
}

// Inner is embedded; its fields are promoted.
type Inner struct {
	Promoted int    `json:"promoted"`
	Own      string `json:"own"` // shadowed by embedded.Own
}

type record struct {
	ID     string            `json:"id"`
	Count  int64             `json:"count"`
	Ratio  float64           `json:"ratio"`
	Flag   bool              `json:"flag"`
	Tags   []string          `json:"tags"`
	Attrs  map[string]string `json:"attrs"`
	Raw    json.RawMessage   `json:"raw"`
	Child  *record           `json:"child"`
	Number json.Number       `json:"number,omitempty"`
}

// jsonVal records what its UnmarshalJSON was given: encoding/json hands a
// null to the method of a non-pointer field.
type jsonVal struct{ Got string }

func (j *jsonVal) UnmarshalJSON(b []byte) error { j.Got = "json:" + string(b); return nil }

// textVal records what its UnmarshalText was given: encoding/json does not
// call it for a null.
type textVal struct{ Got string }

func (t *textVal) UnmarshalText(b []byte) error { t.Got = "text:" + string(b); return nil }

// nullable has a field of every kind, for the rules of a JSON null: it sets
// a pointer, map, slice or interface field to nil and leaves a field of any
// other kind as it was (as encoding/json does; a later null does not undo
// an earlier value).
type nullable struct {
	S     string         `json:"s"`
	I     int            `json:"i"`
	U     uint8          `json:"u"`
	F     float64        `json:"f"`
	B     bool           `json:"b"`
	Arr   [2]int         `json:"arr"`
	St    Inner          `json:"st"`
	Num   json.Number    `json:"num"`
	Sl    []int          `json:"sl"`
	M     map[string]int `json:"m"`
	P     *int           `json:"p"`
	PSt   *Inner         `json:"pst"`
	A     any            `json:"a"`
	Vars  map[string]any `json:"vars"`
	Str   int            `json:"str,string"`
	Time  time.Time      `json:"time"`
	J     jsonVal        `json:"j"`
	T     textVal        `json:"t"`
	PJ    *jsonVal       `json:"pj"`
	PT    *textVal       `json:"pt"`
	Inner `json:"inner"`
}

// filledNullable returns a nullable with every field set.
func filledNullable() *nullable {
	n := 5
	return &nullable{
		S: "s", I: 1, U: 2, F: 1.5, B: true, Arr: [2]int{3, 4}, St: Inner{Promoted: 6, Own: "o"}, Num: "7",
		Sl: []int{8}, M: map[string]int{"k": 9}, P: &n, PSt: &Inner{Promoted: 10}, A: "any",
		Vars: map[string]any{"v": true}, Str: 11, Time: time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC),
		J: jsonVal{"old"}, T: textVal{"old"}, PJ: &jsonVal{"old"}, PT: &textVal{"old"},
		Inner: Inner{Promoted: 12, Own: "inner"},
	}
}

// Encode returns the encoding corpus.
func Encode() []EncodeCase {
	n := 7
	return []EncodeCase{
		{Name: "html", Value: "<a href='x'>&</a>", Want: `"\u003ca href='x'\u003e\u0026\u003c/a\u003e"`},
		{Name: "line separators", Value: "a\u2028b\u2029c", Want: `"a\u2028b\u2029c"`},
		{Name: "control chars", Value: "\x00\x01\b\f\n\r\t\x1f\x7f\"\\/", Want: `"\u0000\u0001\b\f\n\r\t\u001f` + "\x7f" + `\"\\/"`},
		{Name: "invalid utf8", Value: "a\xffb\xe2\x80c\xed\xa0\x80", Want: `"a\ufffdb\ufffd\ufffdc\ufffd\ufffd\ufffd"`},
		{Name: "valid utf8", Value: "héllo, 世界 😀", Want: `"héllo, 世界 😀"`},
		{Name: "float 1e21", Value: 1e21, Want: `1e+21`},
		{Name: "float 1e20", Value: 1e20, Want: `100000000000000000000`},
		{Name: "float 1e-7", Value: 1e-7, Want: `1e-7`},
		{Name: "float 1e-6", Value: 1e-6, Want: `0.000001`},
		{Name: "float 1.5e-10", Value: 1.5e-10, Want: `1.5e-10`},
		{Name: "float -0", Value: math.Copysign(0, -1), Want: `-0`},
		{Name: "float 0.1", Value: 0.1, Want: `0.1`},
		{Name: "float max", Value: math.MaxFloat64, Want: `1.7976931348623157e+308`},
		{Name: "float smallest", Value: math.SmallestNonzeroFloat64, Want: `5e-324`},
		{Name: "float32 0.1", Value: float32(0.1), Want: `0.1`},
		{Name: "float32 1e21", Value: float32(1e21), Want: `1e+21`},
		{Name: "float32 max", Value: float32(math.MaxFloat32), Want: `3.4028235e+38`},
		{Name: "float integral", Value: 3.0, Want: `3`},
		{Name: "float NaN", Value: math.NaN(), WantErr: "json: unsupported value: NaN"},
		{Name: "float +Inf", Value: math.Inf(1), WantErr: "json: unsupported value: +Inf"},
		{Name: "float -Inf in map", Value: map[string]any{"x": math.Inf(-1)}, WantErr: "json: unsupported value: -Inf"},
		{Name: "int64 extremes", Value: []int64{math.MinInt64, math.MaxInt64}, Want: `[-9223372036854775808,9223372036854775807]`},
		{Name: "uint64 max", Value: uint64(math.MaxUint64), Want: `18446744073709551615`},
		{Name: "small ints", Value: []any{int8(-128), uint8(255), int16(-1), uint32(4294967295)}, Want: `[-128,255,-1,4294967295]`},
		{Name: "json.Number", Value: json.Number("12345678901234567890.5e3"), Want: `12345678901234567890.5e3`},
		{Name: "nested maps sorted", Value: map[string]any{
			"b": 1, "a": map[string]any{"z": true, "y": []any{nil, "s", 1.5}, "é": 0}, "A": "up", "": "empty",
		}, Want: `{"":"empty","A":"up","a":{"y":[null,"s",1.5],"z":true,"é":0},"b":1}`},
		{Name: "int keys sorted as text", Value: map[int]string{10: "ten", 9: "nine", -1: "minus"}, Want: `{"-1":"minus","10":"ten","9":"nine"}`},
		{Name: "text marshaler keys", Value: map[textKey]int{{"b", "x"}: 2, {"a", "y"}: 1}, Want: `{"a\u003cy":1,"b\u003cx":2}`},
		{Name: "nil and empty", Value: map[string]any{"nilslice": []int(nil), "empty": []int{}, "nilmap": map[string]int(nil), "emptymap": map[string]int{}, "nilptr": (*int)(nil)},
			Want: `{"empty":[],"emptymap":{},"nilmap":null,"nilptr":null,"nilslice":null}`},
		{Name: "bytes base64", Value: []byte("hi<>"), Want: `"aGk8Pg=="`},
		{Name: "raw message compacted", Value: json.RawMessage(" { \"a\" : [ 1 ,\n 2 ] ,\t\"b\" : \"x y\" } "), Want: `{"a":[1,2],"b":"x y"}`},
		{Name: "raw message html", Value: json.RawMessage(`{"h":"<i>&\u2028` + "\u2028\u2029" + `"}`), Want: `{"h":"\u003ci\u003e\u0026\u2028\u2028\u2029"}`},
		{Name: "raw message invalid utf8 kept", Value: json.RawMessage("\"a\xffb\""), Want: "\"a\xffb\""},
		{Name: "raw message in struct", Value: record{ID: "r", Raw: json.RawMessage(` [ true ] `)},
			Want: `{"id":"r","count":0,"ratio":0,"flag":false,"tags":null,"attrs":null,"raw":[true],"child":null}`},
		{Name: "raw message nil in struct", Value: struct {
			D json.RawMessage `json:"data"`
		}{}, Want: `{"data":null}`},
		{Name: "raw message invalid", Value: json.RawMessage(`{"a":`), WantErr: "json: error calling MarshalJSON for type json.RawMessage: unexpected end of JSON input"},
		{Name: "marshaler compacted", Value: loudMarshaler{}, Want: `{"tag":"\u003cb\u003e","n":[1,2]}`},
		{Name: "marshaler in slice", Value: []loudMarshaler{{}}, Want: `[{"tag":"\u003cb\u003e","n":[1,2]}]`},
		{Name: "pointer marshaler addressable", Value: &struct{ P ptrMarshaler }{}, Want: `{"P":"ptr"}`},
		{Name: "pointer marshaler not addressable", Value: struct{ P ptrMarshaler }{}, Want: `{"P":{"N":0}}`},
		{Name: "invalid marshaler output", Value: badMarshaler{}, WantErr: "json: error calling MarshalJSON for type codectest.badMarshaler: unexpected end of JSON input"},
		{Name: "failing marshaler", Value: []any{failingMarshaler{}}, WantErr: "json: error calling MarshalJSON for type codectest.failingMarshaler: refused"},
		{Name: "text marshaler", Value: []level{0, 3}, Want: `["","***"]`},
		{Name: "time", Value: time.Date(2026, 11, 30, 4, 5, 6, 7, time.UTC), Want: `"2026-11-30T04:05:06.000000007Z"`},
		{Name: "omitempty and omitzero empty", Value: withOmit{Z: zeroer{V: -1}}, Want: `{"keep":0}`},
		{Name: "omitempty and omitzero set", Value: withOmit{A: "a", B: []int{1}, C: &n, T: time.Date(2000, 1, 2, 0, 0, 0, 0, time.UTC), Z: zeroer{V: 0}, Both: []int{}, S: struct{ X int }{1}, Keep: 1},
			Want: `{"a":"a","b":[1],"c":7,"t":"2000-01-02T00:00:00Z","z":{"V":0},"s":{"X":1},"keep":1}`},
		{Name: "embedded and tags", Value: embedded{Inner: Inner{Promoted: 1, Own: "hidden"}, Own: "mine", Str: 5, Skip: "x", Dash: "d", inner: 3},
			Want: `{"promoted":1,"own":"mine","str":"5","-":"d"}`},
		{Name: "nested records", Value: &record{ID: "1", Count: -2, Ratio: 2.5e-8, Flag: true, Tags: []string{"<x>"}, Attrs: map[string]string{"k2": "v", "k1": "\u2028"},
			Child: &record{ID: "2", Number: "42"}},
			Want: `{"id":"1","count":-2,"ratio":2.5e-8,"flag":true,"tags":["\u003cx\u003e"],"attrs":{"k1":"\u2028","k2":"v"},"raw":null,"child":{"id":"2","count":0,"ratio":0,"flag":false,"tags":null,"attrs":null,"raw":null,"child":null,"number":42}}`},
		{Name: "any holding pointer", Value: []any{&n, nil, true, "s"}, Want: `[7,null,true,"s"]`},
		{Name: "unsupported type", Value: map[string]any{"c": make(chan int)}, WantErr: "json: unsupported type: chan int"},
	}
}

// Decode returns the decoding corpus.
func Decode() []DecodeCase {
	anyPtr := func() any { return new(any) }
	mapPtr := func() any { return new(map[string]any) }
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	type intField struct {
		N int64 `json:"n"`
	}
	type strFields struct {
		A string `json:"a"`
		B string
	}
	type requestFields struct {
		Query         string         `json:"query"`
		OperationName string         `json:"operationName"`
		Variables     map[string]any `json:"variables"`
	}
	return []DecodeCase{
		{Name: "big integer exact", Input: `{"a":12345678901234567890123}`, Into: anyPtr,
			Want: map[string]any{"a": json.Number("12345678901234567890123")}},
		{Name: "numbers at every depth", Input: `[1,[2.5,{"x":-3e10,"y":[{"z":0}]}],-0]`, Into: anyPtr,
			Want: []any{json.Number("1"), []any{json.Number("2.5"), map[string]any{"x": json.Number("-3e10"), "y": []any{map[string]any{"z": json.Number("0")}}}}, json.Number("-0")}},
		{Name: "int64 max into field", Input: `{"n":9223372036854775807}`, Into: func() any { return new(intField) }, Want: intField{N: math.MaxInt64}},
		{Name: "int64 overflow", Input: `{"n":9223372036854775808}`, Into: func() any { return new(intField) },
			WantErr: "json: cannot unmarshal number 9223372036854775808 into Go struct field intField.n of type int64"},
		{Name: "wrong type", Input: `{"n":"7"}`, Into: func() any { return new(intField) },
			WantErr: "json: cannot unmarshal string into Go struct field intField.n of type int64"},
		{Name: "duplicate keys last wins map", Input: `{"a":1,"b":2,"a":3}`, Into: anyPtr, Want: map[string]any{"a": json.Number("3"), "b": json.Number("2")}},
		{Name: "duplicate keys last wins struct", Input: `{"a":"x","a":"y"}`, Into: func() any { return new(strFields) }, Want: strFields{A: "y"}},
		{Name: "case-insensitive field", Input: `{"b":"lower"}`, Into: func() any { return new(strFields) }, Want: strFields{B: "lower"}},
		{Name: "trailing value", Input: `{"a":1}{}`, Into: anyPtr, WantErr: "invalid character '{' after top-level value"},
		{Name: "trailing garbage", Input: `[1] x`, Into: anyPtr, WantErr: "invalid character 'x' after top-level value"},
		{Name: "trailing spaces ok", Input: " \t\n[1] \r\n", Into: anyPtr, Want: []any{json.Number("1")}},
		{Name: "missing value", Input: `{"a":}`, Into: anyPtr, WantErr: "invalid character '}' looking for beginning of value"},
		{Name: "truncated", Input: `{"a":[1,2`, Into: anyPtr, WantErr: "unexpected end of JSON input"},
		{Name: "empty", Input: ``, Into: anyPtr, WantErr: "unexpected end of JSON input"},
		{Name: "literal typo", Input: `nul`, Into: anyPtr, WantErr: "invalid character ' ' in literal null (expecting 'l')"},
		{Name: "bad literal", Input: `notjson`, Into: anyPtr, WantErr: "invalid character 'o' in literal null (expecting 'u')"},
		{Name: "single quotes", Input: `{'a':1}`, Into: anyPtr, WantErr: "invalid character '\\'' looking for beginning of object key string"},
		{Name: "raw control char", Input: "\"a\x01\"", Into: anyPtr, WantErr: "invalid character '\\x01' in string literal"},
		{Name: "bad escape", Input: `"\x"`, Into: anyPtr, WantErr: "invalid character 'x' in string escape code"},
		{Name: "leading zero", Input: `01`, Into: anyPtr, WantErr: "invalid character '1' after top-level value"},
		{Name: "byte order mark", Input: "\ufeff{}", Into: anyPtr, WantErr: "invalid character 'ï' looking for beginning of value"},
		{Name: "invalid utf8 replaced", Input: "\"a\xffb\xe2\x80\"", Into: anyPtr, Want: "a\ufffdb\ufffd\ufffd"},
		{Name: "lone surrogate replaced", Input: `"\ud800x\udc00"`, Into: anyPtr, Want: "\ufffdx\ufffd"},
		{Name: "surrogate pair", Input: `"\ud83d\ude00\u00e9\u2028"`, Into: anyPtr, Want: "😀é\u2028"},
		{Name: "depth 10000", Input: deep(10000), Into: anyPtr, Want: nest(10000)},
		{Name: "depth 10001", Input: deep(10001), Into: anyPtr, WantErr: "invalid character '[' exceeded max depth"},
		{Name: "depth 100000", Input: deep(100000), Into: anyPtr, WantErr: "invalid character '[' exceeded max depth"},
		{Name: "null into map", Input: `null`, Into: func() any { return new(map[string]any) }, Want: map[string]any(nil)},
		{Name: "later null keeps a string field", Input: `{"a":"x","a":null}`, Into: func() any { return new(strFields) }, Want: strFields{A: "x"}},
		{Name: "later null keeps an int field", Input: `{"n":7,"n":null}`, Into: func() any { return new(intField) }, Want: intField{N: 7}},
		{Name: "request: later null keeps the query", Input: `{"query":"{ a }","query":null,"operationName":"Q","operationName":null,"variables":{"x":1},"variables":null}`,
			Into: func() any { return new(requestFields) }, Want: requestFields{Query: "{ a }", OperationName: "Q"}},
		{Name: "null into every kind of field", Input: `{"s":null,"i":null,"u":null,"f":null,"b":null,"arr":null,"st":null,"num":null,` +
			`"sl":null,"m":null,"p":null,"pst":null,"a":null,"vars":null,"str":null,"time":null,"j":null,"t":null,"pj":null,"pt":null,"inner":null}`,
			Into: func() any { return filledNullable() }, Want: func() nullable {
				n := *filledNullable()
				n.Sl, n.M, n.P, n.PSt, n.A, n.Vars, n.PJ, n.PT = nil, nil, nil, nil, nil, nil, nil, nil
				n.J = jsonVal{"json:null"}
				return n
			}()},
		{Name: "null inside values", Input: `{"sl":[1,null,3],"m":{"a":1,"b":null},"arr":[null,5],"st":{"promoted":null,"own":"x"},"pst":{"promoted":null}}`,
			Into: func() any { return filledNullable() }, Want: func() nullable {
				n := *filledNullable()
				n.Sl, n.M, n.Arr, n.St = []int{1, 0, 3}, map[string]int{"k": 9, "a": 1, "b": 0}, [2]int{3, 5}, Inner{Promoted: 6, Own: "x"}
				n.PSt = &Inner{Promoted: 10}
				return n
			}()},
		{Name: "null into a filled slice element", Input: `[null,{"promoted":null}]`, Into: func() any { s := []Inner{{Promoted: 1}, {Promoted: 2, Own: "o"}}; return &s },
			Want: []Inner{{Promoted: 1}, {Promoted: 2, Own: "o"}}},
		{Name: "null at the top keeps a struct", Input: `null`, Into: func() any { return filledNullable() }, Want: *filledNullable()},
		{Name: "null at the top keeps a string", Input: ` null`, Into: func() any { s := "kept"; return &s }, Want: "kept"},
		{Name: "null at the top sets a pointer nil", Input: `null`, Into: func() any { n := 1; p := &n; return &p }, Want: (*int)(nil)},
		{Name: "numbers into typed", Input: `[1.5e3, -2, 0.25]`, Into: func() any { return new([]float64) }, Want: []float64{1500, -2, 0.25}},
		{Name: "raw message field", Input: `{"q":"{ a }","v":{ "x" : [1] }}`, Into: func() any {
			return new(struct {
				Q string          `json:"q"`
				V json.RawMessage `json:"v"`
			})
		}, Want: struct {
			Q string          `json:"q"`
			V json.RawMessage `json:"v"`
		}{Q: "{ a }", V: json.RawMessage(`{ "x" : [1] }`)}},
		{Name: "null into raw message", Input: `{"v":null}`, Into: func() any {
			return new(struct{ V json.RawMessage })
		}, Want: struct{ V json.RawMessage }{V: json.RawMessage(`null`)}},
		{Name: "raw message spacing", Input: `{"v": 	 [ 1, 2 ] , "w":"x"}`, Into: func() any {
			return new(struct{ V json.RawMessage })
		}, Want: struct{ V json.RawMessage }{V: json.RawMessage(`[ 1, 2 ]`)}},
		{Name: "string escapes", Input: `"\"\\\/\b\f\n\r\t\u0000\u001F\u00E9\u00e9` + "\x7f" + `"`, Into: anyPtr, Want: "\"\\/\b\f\n\r\t\x00\x1f\u00e9\u00e9\x7f"},
		{Name: "surrogate then escaped letter", Input: `"\ud800\u0041"`, Into: anyPtr, Want: "\ufffdA"},
		{Name: "low surrogate first", Input: `"\udc00\ud800"`, Into: anyPtr, Want: "\ufffd\ufffd"},
		{Name: "high surrogate twice", Input: `"\ud800\ud800\udc00"`, Into: anyPtr, Want: "\ufffd\U00010000"},
		{Name: "high surrogate twice into field", Input: `{"a":"\uD800\uDBFF\uDFFF\ud800x"}`, Into: func() any { return new(strFields) }, Want: strFields{A: "\ufffd\U0010ffff\ufffdx"}},
		{Name: "bad escape in long unknown field", Input: `{"":"000000000000\00000000000000000","a":"y"}`, Into: func() any { return new(strFields) },
			WantErr: "invalid character '0' in string escape code"},
		{Name: "bad unicode escape in long unknown field", Input: `{"a":"y","x":"0000000000000000000000000000\u00zz"}`, Into: func() any { return new(strFields) },
			WantErr: "invalid character 'z' in \\u hexadecimal character escape"},
		{Name: "bad escape in long unknown list", Input: `{"x":["0000000000000000000000000000\'"]}`, Into: func() any { return new(strFields) },
			WantErr: "invalid character '\\'' in string escape code"},
		{Name: "bad escape in long unknown key", Input: `{"x":{"0000000000000000000000000000\0":1}}`, Into: func() any { return new(strFields) },
			WantErr: "invalid character '0' in string escape code"},
		{Name: "high surrogate then raw low", Input: "\"\\ud83d\xed\xb8\x80\"", Into: anyPtr, Want: "\ufffd\ufffd\ufffd\ufffd"},
		{Name: "high surrogate at end", Input: `["\uDBFF"]`, Into: anyPtr, Want: []any{"\ufffd"}},
		{Name: "max surrogate pair", Input: `"\uDBFF\uDFFF"`, Into: anyPtr, Want: "\U0010FFFF"},
		{Name: "escaped replacement char", Input: `"\ufffd\uFFFF"`, Into: anyPtr, Want: "\ufffd\uffff"},
		{Name: "invalid utf8 shapes", Input: "[\"\xc0\xaf\", \"\xf4\x90\x80\x80\", \"\xf0\x9f\x98\", \"\x80é\xbf\", \"\xed\x9f\xbf\"]", Into: anyPtr,
			Want: []any{"\ufffd\ufffd", "\ufffd\ufffd\ufffd\ufffd", "\ufffd\ufffd\ufffd", "\ufffdé\ufffd", "\ud7ff"}},
		{Name: "invalid utf8 and escapes in key", Input: "{\"k\xff\\n\":1,\"\\u00e9\":2}", Into: anyPtr, Want: map[string]any{"k\ufffd\n": json.Number("1"), "é": json.Number("2")}},
		{Name: "escaped string ends input", Input: `"\`, Into: anyPtr, WantErr: "invalid character ' ' in string escape code"},
		{Name: "short unicode escape", Input: `"\u12"`, Into: anyPtr, WantErr: "invalid character '\"' in \\u hexadecimal character escape"},
		{Name: "bad unicode escape", Input: `["\uZZZZ"]`, Into: anyPtr, WantErr: "invalid character 'Z' in \\u hexadecimal character escape"},
		{Name: "raw tab in string", Input: "{\"a\":\"\t\"}", Into: anyPtr, WantErr: "invalid character '\\t' in string literal"},
		{Name: "numbers of every shape", Input: `[0,-0,1,-1,1.50,-0.0,1e3,1E3,1e+3,1E-3,-1.5e-10,0.0e0,12345678901234567890123,1e400,-9223372036854775809]`, Into: anyPtr,
			Want: numbers("0", "-0", "1", "-1", "1.50", "-0.0", "1e3", "1E3", "1e+3", "1E-3", "-1.5e-10", "0.0e0", "12345678901234567890123", "1e400", "-9223372036854775809")},
		{Name: "number alone", Input: ` -12.5e+07 `, Into: anyPtr, Want: json.Number("-12.5e+07")},
		{Name: "number: dot without digits", Input: `1.`, Into: anyPtr, WantErr: "invalid character ' ' after decimal point in numeric literal"},
		{Name: "number: lone minus", Input: `[-]`, Into: anyPtr, WantErr: "invalid character ']' in numeric literal"},
		{Name: "number: leading dot", Input: `.5`, Into: anyPtr, WantErr: "invalid character '.' looking for beginning of value"},
		{Name: "number: empty exponent", Input: `[1e+]`, Into: anyPtr, WantErr: "invalid character ']' in exponent of numeric literal"},
		{Name: "number: plus sign", Input: `+1`, Into: anyPtr, WantErr: "invalid character '+' looking for beginning of value"},
		{Name: "number: negative leading zero", Input: `-01`, Into: anyPtr, WantErr: "invalid character '1' after top-level value"},
		{Name: "number: dot then exponent", Input: `1.e5`, Into: anyPtr, WantErr: "invalid character 'e' after decimal point in numeric literal"},
		{Name: "number: hex", Input: `[0x10]`, Into: anyPtr, WantErr: "invalid character 'x' after array element"},
		{Name: "number: NaN", Input: `NaN`, Into: anyPtr, WantErr: "invalid character 'N' looking for beginning of value"},
		{Name: "empty object and array", Input: `{"o":{},"a":[],"s":"","n":null,"t":true,"f":false}`, Into: anyPtr,
			Want: map[string]any{"o": map[string]any{}, "a": []any{}, "s": "", "n": nil, "t": true, "f": false}},
		{Name: "empty array with space", Input: "[ \t\r\n]", Into: anyPtr, Want: []any{}},
		{Name: "whitespace everywhere", Input: " \t\r\n{ \"a\" :\n[ 1 ,\ttrue\r, null , { } , [ ] , \"x\" ] ,\"b\"\t:\tfalse } \n", Into: anyPtr,
			Want: map[string]any{"a": []any{json.Number("1"), true, nil, map[string]any{}, []any{}, "x"}, "b": false}},
		{Name: "vertical tab is not space", Input: " \v1", Into: anyPtr, WantErr: "invalid character '\\v' looking for beginning of value"},
		{Name: "form feed is not space", Input: "[1\f]", Into: anyPtr, WantErr: "invalid character '\\f' after array element"},
		{Name: "trailing comma in array", Input: `[1,]`, Into: anyPtr, WantErr: "invalid character ']' looking for beginning of value"},
		{Name: "trailing comma in object", Input: `{"a":1,}`, Into: anyPtr, WantErr: "invalid character '}' looking for beginning of object key string"},
		{Name: "missing colon", Input: `{"a" 1}`, Into: anyPtr, WantErr: "invalid character '1' after object key"},
		{Name: "number key", Input: `{1:2}`, Into: anyPtr, WantErr: "invalid character '1' looking for beginning of object key string"},
		{Name: "truncated key", Input: `{"a"`, Into: anyPtr, WantErr: "unexpected end of JSON input"},
		{Name: "truncated literal", Input: `[tru]`, Into: anyPtr, WantErr: "invalid character ']' in literal true (expecting 'e')"},
		{Name: "trailing literal", Input: `truefalse`, Into: anyPtr, WantErr: "invalid character 'f' after top-level value"},
		{Name: "trailing bracket", Input: `[1]]`, Into: anyPtr, WantErr: "invalid character ']' after top-level value"},
		{Name: "trailing comma", Input: `{"a":1},`, Into: mapPtr, WantErr: "invalid character ',' after top-level value"},
		{Name: "trailing garbage after null", Input: `nullx`, Into: mapPtr, WantErr: "invalid character 'x' after top-level value"},
		{Name: "only spaces", Input: " \n\t ", Into: anyPtr, WantErr: "unexpected end of JSON input"},
		{Name: "object depth 10000", Input: strings.Repeat(`{"a":`, 9999) + `{}` + strings.Repeat(`}`, 9999), Into: anyPtr, Want: nestObject(10000)},
		{Name: "object depth 10001", Input: strings.Repeat(`{"a":`, 10000) + `{}` + strings.Repeat(`}`, 10000), Into: anyPtr, WantErr: "invalid character '{' exceeded max depth"},
		{Name: "mixed depth 10001 in map", Input: `{"a":` + deep(10000) + `}`, Into: mapPtr, WantErr: "invalid character '[' exceeded max depth"},
		{Name: "duplicate keys into map", Input: `{"a":1,"b":{"x":1},"a":"last","b":{"y":2}}`, Into: mapPtr,
			Want: map[string]any{"a": "last", "b": map[string]any{"y": json.Number("2")}}},
		{Name: "variables into map", Input: `{"input":{"text":"buy milk","userId":"U1","done":false}}`, Into: mapPtr,
			Want: map[string]any{"input": map[string]any{"text": "buy milk", "userId": "U1", "done": false}}},
		{Name: "into filled map merges", Input: `{"a":1,"c":[]}`, Into: func() any { m := map[string]any{"a": "old", "b": true}; return &m },
			Want: map[string]any{"a": json.Number("1"), "b": true, "c": []any{}}},
		{Name: "null into filled map", Input: ` null `, Into: func() any { m := map[string]any{"a": "old"}; return &m }, Want: map[string]any(nil)},
		{Name: "array into map", Input: `[1]`, Into: mapPtr, WantErr: "json: cannot unmarshal array into Go value of type map[string]interface {}"},
		{Name: "string into map", Input: `"x"`, Into: mapPtr, WantErr: "json: cannot unmarshal string into Go value of type map[string]interface {}"},
		{Name: "array into slice", Input: `[1,"a",[{}]]`, Into: func() any { return new([]any) }, Want: []any{json.Number("1"), "a", []any{map[string]any{}}}},
		{Name: "null into slice", Input: `null`, Into: func() any { return new([]any) }, Want: []any(nil)},
		{Name: "object into slice", Input: `{}`, Into: func() any { return new([]any) }, WantErr: "json: cannot unmarshal object into Go value of type []interface {}"},
		{Name: "array into filled slice", Input: `[1]`, Into: func() any { s := []any{"old", "older"}; return &s }, Want: []any{json.Number("1")}},
		{Name: "into any holding a map", Input: `{"b":2}`, Into: func() any { var v any = map[string]any{"a": 1}; return &v },
			Want: map[string]any{"b": json.Number("2")}},
		{Name: "null into any holding a value", Input: `null`, Into: func() any { var v any = "old"; return &v }, Want: nil},
		{Name: "into any holding a pointer", Input: `{"A":7}`, Into: func() any { var v any = &struct{ A int }{}; return &v },
			Want: &struct{ A int }{A: 7}},
		{Name: "long strings", Input: `{"k":"` + strings.Repeat("x", 5000) + `","e":"` + strings.Repeat(`\u00e9`, 1000) + `"}`, Into: anyPtr,
			Want: map[string]any{"k": strings.Repeat("x", 5000), "e": strings.Repeat("é", 1000)}},
		{Name: "many strings", Input: manyStrings(3000), Into: anyPtr, Want: manyStringsWant(3000)},
		{Name: "request shape", Input: `{"query":"query Q($id: ID!) { node(id: $id) { id } }","operationName":"Q","variables":{"id":"1","n":[1,2.5]},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}`,
			Into: anyPtr, Want: map[string]any{
				"query": "query Q($id: ID!) { node(id: $id) { id } }", "operationName": "Q",
				"variables":  map[string]any{"id": "1", "n": []any{json.Number("1"), json.Number("2.5")}},
				"extensions": map[string]any{"persistedQuery": map[string]any{"version": json.Number("1"), "sha256Hash": "abc"}},
			}},
	}
}

func numbers(lits ...string) []any {
	out := make([]any, len(lits))
	for i, l := range lits {
		out[i] = json.Number(l)
	}
	return out
}

func nestObject(n int) any {
	var v any = map[string]any{}
	for i := 1; i < n; i++ {
		v = map[string]any{"a": v}
	}
	return v
}

// manyStrings is an array of n objects, large enough (over 64 KB) to need
// several chunks of whatever a decoder shares between strings.
func manyStrings(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"item-%d","n":%d,"s":"\u00e9%d"}`, i, i, i)
	}
	b.WriteByte(']')
	return b.String()
}

func manyStringsWant(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"id": fmt.Sprint("item-", i), "n": json.Number(fmt.Sprint(i)), "s": fmt.Sprint("é", i)}
	}
	return out
}

func nest(n int) any {
	var v any = []any{}
	for i := 1; i < n; i++ {
		v = []any{v}
	}
	return v
}

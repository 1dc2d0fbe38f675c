package transport

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// marshalRaw is what encoding/json writes for src as a json.RawMessage.
func marshalRaw(src []byte) ([]byte, bool) {
	out, err := refMarshal(json.RawMessage(src))
	return out, err == nil
}

func TestAppendCompactJSON(t *testing.T) {
	inputs := []string{
		`{}`, `[]`, `""`, `0`, `-0`, `-0.5e-7`, `1E+2`, `123456789012345678901234567890`, `true`, `false`, `null`,
		" \t\r\n{ \"a\" : [ 1 , 2.5 , { } , [ ] ] , \"b\" : null } \n",
		`{"<k>":"<v>&amp;"}`, "\"\u2028\u2029\u2027\u202a\"", "\"\xe2\x80\"", "\"\xe2\"", "\"\xff\xfe\"",
		`"\"\\\/\b\f\n\r\t\u0000\uD800\uffFF"`,
		`{"a":1,}`, `[1,]`, `[,1]`, `{"a"}`, `{"a":}`, `{a:1}`, `{"a":1 "b":2}`, `[1 2]`, `{"a":1]`, `[1}`,
		``, ` `, `{`, `[`, `"`, `"abc`, `"\`, `"\u12`, `"\u12g4"`, `"\x"`, "\"\x01\"", "\"\x7f\"",
		`01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `- 1`, `1.5.5`, `0x10`, `NaN`, `Infinity`,
		`tru`, `nul`, `truex`, `true false`, `{} {}`, `[]]`, "\x00", "{}\x00",
		`{"a":{"b":{"c":[[[[]]]]}}}`, `[` + strings.Repeat(`"x",`, 50) + `"y"]`,
	}
	for _, in := range inputs {
		want, wantOK := marshalRaw([]byte(in))
		got, ok := appendCompactJSON([]byte("pre"), []byte(in))
		if ok != wantOK {
			t.Errorf("%q: ok = %v, encoding/json says %v", in, ok, wantOK)
			continue
		}
		if !ok {
			if string(got) != "pre" {
				t.Errorf("%q: dst changed to %q on failure", in, got)
			}
			continue
		}
		if !bytes.Equal(got, append([]byte("pre"), want...)) {
			t.Errorf("%q:\n got %q\nwant pre%q", in, got, want)
		}
	}
}

func TestAppendCompactJSONDepthLimit(t *testing.T) {
	for _, depth := range []int{jsonscan.MaxDepth - 1, jsonscan.MaxDepth, jsonscan.MaxDepth + 1} {
		for _, pair := range []string{"[]", `{"k":}`} {
			open, closing := pair[:len(pair)-1], pair[len(pair)-1:]
			in := []byte(strings.Repeat(open, depth) + "1" + strings.Repeat(closing, depth))
			if pair == "[]" {
				in = []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
			}
			_, wantOK := marshalRaw(in)
			if _, ok := appendCompactJSON(nil, in); ok != wantOK {
				t.Errorf("%s depth %d: ok = %v, encoding/json says %v", pair, depth, ok, wantOK)
			}
		}
	}
}

func FuzzAppendCompactJSON(f *testing.F) {
	for _, seed := range []string{`{"a":[1,-2.5e3,"<\u2028>",true,null]}`, " [ ] ", `"\ud800"`, `{"a":1,}`, "\"\xe2\x80\xa8\""} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		want, wantOK := marshalRaw(src)
		got, ok := appendCompactJSON(nil, src)
		if ok != wantOK {
			t.Fatalf("ok = %v, encoding/json says %v", ok, wantOK)
		}
		if ok && !bytes.Equal(got, want) {
			t.Fatalf("got  %q\nwant %q", got, want)
		}
	})
}

func BenchmarkAppendCompactJSON(b *testing.B) {
	data := benchResponses()["list"].Data
	b.SetBytes(int64(len(data)))
	b.Run("fused", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 2*len(data))
		for b.Loop() {
			if _, ok := appendCompactJSON(buf[:0], data); !ok {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("valid+compact", func(b *testing.B) {
		b.ReportAllocs()
		var buf bytes.Buffer
		for b.Loop() {
			buf.Reset()
			if !json.Valid(data) {
				b.Fatal("invalid")
			}
			_ = json.Compact(&buf, data)
		}
	})
}

// Data graphql.NewDataResponse vouches for is sent as it is; a Data a
// response middleware replaced is checked again, whatever it holds.
func TestAppendDataTrusted(t *testing.T) {
	var hint atomic.Int64
	hint.Store(1 << 10)
	resp := graphql.NewDataResponse(graphql.Array{graphql.MarshalString(strings.Repeat("<a & b>\u2028", 20))}, &hint)
	if !resp.TrustedData() {
		t.Fatal("runtime data not trusted")
	}
	want, _ := marshalRaw(graphql.AppendGQL(nil, graphql.Array{graphql.MarshalString(strings.Repeat("<a & b>\u2028", 20))}))
	got, ok := appendData([]byte("pre"), resp)
	if !ok || string(got) != "pre"+string(want) {
		t.Fatalf("trusted data: %v %q, want pre%q", ok, got, want)
	}
	for _, replaced := range [][]byte{
		append(resp.Data[:len(resp.Data):len(resp.Data)], ' '), // a new slice, with a space
		append([]byte(nil), resp.Data...),                      // a copy
		resp.Data[:len(resp.Data)-1],                           // cut short
	} {
		want, wantOK := marshalRaw(replaced)
		r := *resp
		r.Data = replaced
		got, ok := appendData(nil, &r)
		if ok != wantOK || string(got) != string(want) {
			t.Errorf("%.40q: %v %.40q, encoding/json %v %.40q", replaced, ok, got, wantOK, want)
		}
	}
}

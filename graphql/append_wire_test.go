package graphql

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/internal/jsonscan"
)

// transportBytes is what the transport sends for data written by AppendGQL
// (upstream gqlgen's bytes): the data validated, compacted and escaped as
// encoding/json writes a json.RawMessage; ok is false where it refuses it.
func transportBytes(m Marshaler) (string, bool) {
	out, err := jsonscan.AppendCompact(nil, AppendGQL(nil, m), true)
	return string(out), err == nil
}

// wireResponse returns NewDataResponse's response for m with a hint large
// enough for the wire form.
func wireResponse(m Marshaler) *Response {
	var hint atomic.Int64
	hint.Store(1 << 10)
	return NewDataResponse(m, &hint)
}

type rawScalar string

func (r rawScalar) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, string(r)) }

type failingScalar struct{}

func (failingScalar) MarshalGQLContext(context.Context, io.Writer) error {
	return errors.New("no")
}

func TestNewDataResponseWireForm(t *testing.T) {
	ctx := context.Background()
	text := "He said \"hi\" <b>&amp;</b>\n\t\r\x00\x1f\x7f sep\u2028para\u2029 \xe2\x80 \xff é 日本 🙂"
	deep := Array{}
	for range jsonscan.MaxDepth - 2 { // MaxDepth deep inside the outer array
		deep = Array{deep}
	}
	tooDeep := Array{deep}
	for _, tc := range []struct {
		name    string
		m       Marshaler
		trusted bool
	}{
		{"strings", Array{MarshalString(text), MarshalID(text), MarshalString(strings.Repeat(text, 40))}, true},
		{"scalars", Array{MarshalInt(-3), MarshalFloat(1.5), MarshalBoolean(true), Null, MarshalTime(time0()), MarshalMap(map[string]any{"h": "<&>", "n": []any{1, "\u2028"}})}, true},
		{"foreign valid", Array{rawScalar(" { \"a\" : [ 1 , \"<x>\" ] } "), WriterFunc(func(w io.Writer) { _, _ = io.WriteString(w, "\"\u2029\"") })}, true},
		{"context marshaler", Array{WrapContextMarshaler(ctx, ContextWriterFunc(func(_ context.Context, w io.Writer) error {
			_, err := io.WriteString(w, " \"<ok>\" ")
			return err
		}))}, true},
		{"foreign invalid", Array{MarshalString("<"), rawScalar("{bad")}, false},
		{"foreign empty", Array{MarshalString("<"), rawScalar("")}, false},
		{"foreign two values", Array{MarshalString("<"), rawScalar("1 2")}, false},
		{"NaN", Array{MarshalString("<"), MarshalFloat(math.NaN())}, false},
		{"Inf", Array{MarshalString("<"), MarshalFloat(math.Inf(-1))}, false},
		{"Map and Any values", Array{
			MarshalMap(map[string]any{text: text, "n": []any{json.Number("1e3"), 1e21, float32(0.1), nil, map[string]any{}}}),
			MarshalAny([]any{"<", map[string]string{"&": ">"}}),
		}, true},
		{"Map values handed to the library", Array{
			MarshalMap(map[string]any{"raw": json.RawMessage(` { "a" : "<" } `), "s": struct{ X string }{"\u2028"}}),
			MarshalAny(" <str> "),
		}, true},
		{"Map at the deepest allowed", Array{MarshalString("<"), mapAt(jsonscan.MaxDepth - 3)}, true},
		{"Map too deep", Array{MarshalString("<"), mapAt(jsonscan.MaxDepth - 2)}, false},
		{"deepest allowed", Array{MarshalString("<"), deep}, true},
		{"too deep", Array{MarshalString("<"), tooDeep}, false},
		{"foreign too deep", Array{MarshalString("<"), rawScalar(strings.Repeat("[", jsonscan.MaxDepth) + strings.Repeat("]", jsonscan.MaxDepth))}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := wireResponse(tc.m)
			if got := resp.TrustedData(); got != tc.trusted {
				t.Fatalf("trusted %v, want %v", got, tc.trusted)
			}
			want, ok := transportBytes(tc.m)
			if !ok {
				if tc.trusted {
					t.Fatal("the transport refuses data the runtime vouches for")
				}
				// The transport must still refuse what NewDataResponse wrote.
				if _, err := jsonscan.AppendCompact(nil, resp.Data, true); err == nil {
					t.Fatalf("invalid data became valid: %.200s", resp.Data)
				}
				return
			}
			got := string(resp.Data)
			if !tc.trusted {
				out, err := jsonscan.AppendCompact(nil, resp.Data, true)
				if err != nil {
					t.Fatal(err)
				}
				got = string(out)
			}
			if got != want {
				t.Errorf("data\n%.300q\nwant the transport's bytes\n%.300q", got, want)
			}
		})
	}
	t.Run("failing context marshaler", func(t *testing.T) {
		ctx := WithResponseContext(context.Background(), DefaultErrorPresenter, nil)
		m := Array{MarshalString("<"), WrapContextMarshaler(WithFieldContext(ctx, &FieldContext{}), failingScalar{})}
		resp := wireResponse(m)
		if !resp.TrustedData() || string(resp.Data) != `["\u003c",null]` {
			t.Errorf("data %s trusted %v", resp.Data, resp.TrustedData())
		}
	})
}

// mapAt is a Map holding a list holding an empty object, inside n-1 arrays:
// its innermost object is n+2 deep in the data.
func mapAt(n int) Marshaler {
	var m Marshaler = MarshalMap(map[string]any{"l": []any{map[string]any{}}})
	for range n - 1 {
		m = Array{m}
	}
	return m
}

// A Map value the built-in untyped encoder wrote is taken as written; one
// a program's own codec wrote (codec.Use: it is given every value) is
// checked and compacted as foreign bytes, and the data is still vouched for.
func TestMapWireBytes(t *testing.T) {
	m := Array{Array{MarshalMap(map[string]any{"a": "<"})}}
	resp := wireResponse(m)
	if want := `[[{"a":"\u003c"}]]`; string(resp.Data) != want || !resp.TrustedData() {
		t.Errorf("built-in: data %s trusted %v, want %s trusted", resp.Data, resp.TrustedData(), want)
	}
	codec.Use(spacedCodec{})
	t.Cleanup(func() { codec.Use(nil) })
	resp = wireResponse(m)
	if want := `[[{"a":1}]]`; string(resp.Data) != want || !resp.TrustedData() {
		t.Errorf("installed codec: data %s trusted %v, want %s trusted", resp.Data, resp.TrustedData(), want)
	}
}

// spacedCodec writes every value as { "a" : 1 }, with spaces the
// transport would take out.
type spacedCodec struct{}

func (spacedCodec) Name() string                { return "spaced" }
func (spacedCodec) Marshal(any) ([]byte, error) { return []byte(`{ "a" : 1 }`), nil }
func (spacedCodec) Unmarshal([]byte, any) error { return nil }

func time0() time.Time { return time.Date(2024, 2, 29, 12, 0, 0, 5, time.UTC) }

// The wire form of a string is the transport's rewrite of the GraphQL form.
func TestAppendWireString(t *testing.T) {
	pieces := []string{"a", "bc", "\"", "\\", "\n", "\r", "\t", "\b", "\x00", "\x1f", "\x7f", "<", ">", "&",
		"\u2028", "\u2029", "\u2027", "\xe2", "\xe2\x80", "\xe2\x80\xa8", "é", "日", "🙂", "\xff", " ", "plain text run"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for k := r.IntN(48); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		checkWireString(t, b.String())
	}
	// Escapes on and across the 64-byte block boundaries, after plain runs
	// of every length around the 16 bytes stored as two words.
	for _, esc := range []string{"\u2028", "\u2029", "\xe2\x80", "\xe2", "<", "\"", "\x00", "é"} {
		for n := range 140 {
			for _, tail := range []string{"", "x", "&y", strings.Repeat("z", 70) + ">"} {
				checkWireString(t, strings.Repeat("a", n)+esc+tail)
				checkWireString(t, strings.Repeat("\t", n%7)+strings.Repeat("b", n)+esc+tail+esc)
			}
		}
	}
}

func FuzzAppendWireString(f *testing.F) {
	f.Add("")
	f.Add("<p class=\"x\">Tom &amp; Jerry</p>\u2028\x00")
	f.Fuzz(func(t *testing.T, s string) { checkWireString(t, s) })
}

func checkWireString(t *testing.T, s string) {
	t.Helper()
	want := jsonscan.AppendCompactValid(nil, appendGQLString(nil, s), true)
	for _, pre := range []string{"", "[1,"} {
		// A destination with spare room, and one without.
		for _, dst := range [][]byte{append(make([]byte, 0, 256), pre...), []byte(pre)} {
			if got := appendWireString(dst, s); string(got) != pre+string(want) {
				t.Fatalf("%q: got %q, want %q", s, got, pre+string(want))
			}
		}
	}
}

// appendWireString escapes the bytes jsonscan.EscapeStops finds with the
// table built from wireStop: the two must name the same bytes.
func TestWireStopIsEscapeStops(t *testing.T) {
	for c := range 256 {
		if got := jsonscan.EscapeStops(string([]byte{byte(c)}), 0) == 1; got != wireStop[c] {
			t.Errorf("byte %#x: EscapeStops %v, wireStop %v", c, got, wireStop[c])
		}
	}
}

// TrustedData names the exact slice NewDataResponse wrote: any other Data,
// even with the same bytes or a prefix of the same memory, is not trusted.
func TestResponseTrustedData(t *testing.T) {
	resp := wireResponse(Array{MarshalString("<a>"), MarshalInt(1)})
	if !resp.TrustedData() {
		t.Fatalf("data %s not trusted", resp.Data)
	}
	copied := *resp
	if !copied.TrustedData() {
		t.Error("a copy of the Response, holding the same slice, is not trusted")
	}
	data := resp.Data
	for name, replaced := range map[string][]byte{
		"copy":      append([]byte(nil), data...),
		"cut short": data[:len(data)-1],
		"moved on":  data[1:],
		"appended":  append(data[:len(data):len(data)], ' '),
		"nil":       nil,
	} {
		r := *resp
		r.Data = replaced
		if r.TrustedData() {
			t.Errorf("%s: %q trusted", name, replaced)
		}
	}
	var small atomic.Int64
	if r := NewDataResponse(Array{MarshalString("<")}, &small); r.TrustedData() {
		t.Errorf("small data %s trusted; it is written unchecked only from the wire path", r.Data)
	}
	if (&Response{Data: []byte(`{}`)}).TrustedData() || (*Response)(nil).TrustedData() {
		t.Error("a Response built elsewhere is trusted")
	}
}

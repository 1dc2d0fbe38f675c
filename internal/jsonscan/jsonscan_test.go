package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// syntaxCases pin the error json.Unmarshal gives (without the experiment)
// for each way a document can be wrong; TestCheck also compares them with
// encoding/json when it is the reference.
var syntaxCases = []struct {
	in     string
	msg    string
	offset int64
}{
	{``, "unexpected end of JSON input", 0},
	{" \n\t ", "unexpected end of JSON input", 4},
	{`{"a"`, "unexpected end of JSON input", 4},
	{`[1,`, "unexpected end of JSON input", 3},
	{`"abc`, "unexpected end of JSON input", 4},
	{`nul`, "invalid character ' ' in literal null (expecting 'l')", 3},
	{`[tru]`, "invalid character ']' in literal true (expecting 'e')", 5},
	{`fx`, "invalid character 'x' in literal false (expecting 'a')", 2},
	{"\"\x01\"", "invalid character '\\x01' in string literal", 2},
	{"{\"a\":\"\t\"}", "invalid character '\\t' in string literal", 7},
	{`"\x"`, "invalid character 'x' in string escape code", 3},
	{`"\`, "invalid character ' ' in string escape code", 2},
	{`"\'"`, `invalid character '\'' in string escape code`, 3},
	{`"\u12"`, `invalid character '"' in \u hexadecimal character escape`, 6},
	{`["\uZZZZ"]`, `invalid character 'Z' in \u hexadecimal character escape`, 5},
	{`"\u12`, `invalid character ' ' in \u hexadecimal character escape`, 5},
	{"\ufeff{}", "invalid character 'ï' looking for beginning of value", 1},
	{"\x80", `invalid character '\u0080' looking for beginning of value`, 1},
	{`01`, "invalid character '1' after top-level value", 2},
	{`-01`, "invalid character '1' after top-level value", 3},
	{`1.`, "invalid character ' ' after decimal point in numeric literal", 2},
	{`1.e5`, "invalid character 'e' after decimal point in numeric literal", 3},
	{`[-]`, "invalid character ']' in numeric literal", 3},
	{`-`, "invalid character ' ' in numeric literal", 1},
	{`[1e+]`, "invalid character ']' in exponent of numeric literal", 5},
	{`1e`, "invalid character ' ' in exponent of numeric literal", 2},
	{`.5`, "invalid character '.' looking for beginning of value", 1},
	{`+1`, "invalid character '+' looking for beginning of value", 1},
	{`[0x10]`, "invalid character 'x' after array element", 3},
	{" \v1", `invalid character '\v' looking for beginning of value`, 2},
	{"[1\f]", `invalid character '\f' after array element`, 3},
	{`[1,]`, "invalid character ']' looking for beginning of value", 4},
	{`{"a":1,}`, "invalid character '}' looking for beginning of object key string", 8},
	{`{"a" 1}`, "invalid character '1' after object key", 6},
	{`{"a":1 "b":2}`, `invalid character '"' after object key:value pair`, 8},
	{`{1:2}`, "invalid character '1' looking for beginning of object key string", 2},
	{`truefalse`, "invalid character 'f' after top-level value", 5},
	{`{"a":1},`, "invalid character ',' after top-level value", 8},
	{strings.Repeat("[", MaxDepth+1), "invalid character '[' exceeded max depth", MaxDepth + 1},
	{strings.Repeat(`{"a":`, MaxDepth) + "{}", "invalid character '{' exceeded max depth", int64(5*MaxDepth + 1)},
}

func TestCheck(t *testing.T) {
	for _, tc := range syntaxCases {
		err := Check([]byte(tc.in))
		if err == nil || err.Msg != tc.msg || err.Offset != tc.offset {
			t.Errorf("Check(%.40q) = %v; want %q at %d", tc.in, err, tc.msg, tc.offset)
		}
		if Valid([]byte(tc.in)) {
			t.Errorf("Valid(%.40q) = true", tc.in)
		}
		if out, err := AppendCompact([]byte("x"), []byte(tc.in), true); err == nil || string(out) != "x" || err.Msg != tc.msg {
			t.Errorf("AppendCompact(%.40q) = %q, %v; want x and %q", tc.in, out, err, tc.msg)
		}
		if haveReference {
			var v any
			err := json.Unmarshal([]byte(tc.in), &v)
			var serr *json.SyntaxError
			if !errors.As(err, &serr) || serr.Error() != tc.msg || serr.Offset != tc.offset {
				t.Errorf("encoding/json on %.40q: %v (%T); the table says %q at %d", tc.in, err, err, tc.msg, tc.offset)
			}
		}
	}
}

func TestValidDepth(t *testing.T) {
	for _, depth := range []int{MaxDepth - 1, MaxDepth} {
		in := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		if !Valid([]byte(in)) {
			t.Errorf("depth %d: not valid", depth)
		}
		obj := strings.Repeat(`{"a":`, depth-1) + "{}" + strings.Repeat("}", depth-1)
		if !Valid([]byte(obj)) {
			t.Errorf("object depth %d: not valid", depth)
		}
	}
}

func TestAppendCompact(t *testing.T) {
	for _, tc := range []struct{ in, html, plain string }{
		{" { \"a\" : [ 1 ,\n 2 ] ,\t\"b\" : \"x y\" } ", `{"a":[1,2],"b":"x y"}`, `{"a":[1,2],"b":"x y"}`},
		{`{"h":"<i>&\u2028` + "\u2028\u2029" + `"}`, `{"h":"\u003ci\u003e\u0026\u2028\u2028\u2029"}`, `{"h":"<i>&\u2028` + "\u2028\u2029" + `"}`},
		{"\"a\xffb\xe2\x80\"", "\"a\xffb\xe2\x80\"", "\"a\xffb\xe2\x80\""},
		{`"\"<"`, `"\"\u003c"`, `"\"<"`},
		{" 1 ", "1", "1"},
	} {
		for _, html := range []bool{true, false} {
			want := tc.plain
			if html {
				want = tc.html
			}
			got, err := AppendCompact([]byte("pre"), []byte(tc.in), html)
			if err != nil || string(got) != "pre"+want {
				t.Errorf("AppendCompact(%q, %v) = %q, %v; want pre%s", tc.in, html, got, err, want)
			}
			if got := AppendCompactValid(nil, []byte(tc.in), html); string(got) != want {
				t.Errorf("AppendCompactValid(%q, %v) = %q; want %s", tc.in, html, got, want)
			}
		}
	}
}

func TestFirstValue(t *testing.T) {
	for _, tc := range []struct {
		in  string
		end int
		err string
	}{
		{``, 0, "EOF"},
		{" \n", 0, "EOF"},
		{`{"query":`, 0, "unexpected EOF"},
		{`"\`, 0, "unexpected EOF"},
		{`tru`, 0, "unexpected EOF"},
		{`-`, 0, "unexpected EOF"},
		{` 12 `, 3, ""},
		{`12`, 2, ""},
		{`1x`, 1, ""},
		{`{"a":1} trailing`, 7, ""},
		{`"x"y`, 3, ""},
		{`{"a":tx}`, 0, "invalid character 'x' in literal true (expecting 'r')"},
		{`x`, 0, "invalid character 'x' looking for beginning of value"},
		{"\ufeff{}", 0, "invalid character 'ï' looking for beginning of value"},
	} {
		end, err := FirstValue([]byte(tc.in))
		if msg := errText(err); end != tc.end || msg != tc.err {
			t.Errorf("FirstValue(%q) = %d, %q; want %d, %q", tc.in, end, msg, tc.end, tc.err)
		}
		if haveReference {
			if msg, want := errText(decodeFirst([]byte(tc.in))), tc.err; msg != want {
				t.Errorf("json.Decoder on %q: %q; the table says %q", tc.in, msg, want)
			}
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// decodeFirst is what a json.Decoder says about the first value of src.
func decodeFirst(src []byte) error {
	var v json.RawMessage
	return json.NewDecoder(bytes.NewReader(src)).Decode(&v)
}

func TestUnquote(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`plain`, "plain"},
		{`\"\\\/\b\f\n\r\t\u0000\u001F\u00E9\u00e9`, "\"\\/\b\f\n\r\t\x00\x1f\u00e9\u00e9"},
		{`\ud800x\udc00`, "\ufffdx\ufffd"},
		{`\ud83d\ude00\u00e9\u2028`, "😀é\u2028"},
		{`\ud800\u0041`, "\ufffdA"},
		{`\udc00\ud800`, "\ufffd\ufffd"},
		{`\ud800\ud800\udc00`, "\ufffd\U00010000"},
		{`\uDBFF\uDFFF`, "\U0010FFFF"},
		{`\uDBFF`, "\ufffd"},
		{"\\ud83d\xed\xb8\x80", "\ufffd\ufffd\ufffd\ufffd"},
		{"a\xffb\xe2\x80", "a\ufffdb\ufffd\ufffd"},
		{"\xc0\xaf", "\ufffd\ufffd"},
		{"é世", "é世"},
	} {
		got, ok := Unquote([]byte(tc.body))
		if !ok || got != tc.want {
			t.Errorf("Unquote(%q) = %q, %v; want %q", tc.body, got, ok, tc.want)
		}
		quoted := []byte(`"` + tc.body + `"`)
		end, plain, ok := StringEnd(quoted, 1)
		wantPlain := !strings.Contains(tc.body, `\`) && utf8.ValidString(tc.body)
		if !ok || end != len(quoted)-1 || plain != wantPlain {
			t.Errorf("StringEnd(%q) = %d, %v, %v; want %d, %v, true", quoted, end, plain, ok, len(quoted)-1, wantPlain)
		}
		out, end, raw, ok := AppendString([]byte("pre"), quoted, 1)
		text := string(out[3:])
		if raw {
			text = string(quoted[1:end])
		}
		if !ok || end != len(quoted)-1 || text != tc.want || raw && string(out) != "pre" {
			t.Errorf("AppendString(%q) = %q, %d, %v, %v; want the text %q", quoted, out, end, raw, ok, tc.want)
		}
	}
	for _, bad := range []string{`\x`, `\u12`, `\uZZZZ`, "\x01", `"`, `\`} {
		if _, ok := Unquote([]byte(bad)); ok {
			t.Errorf("Unquote(%q) accepted", bad)
		}
		if _, _, ok := StringEnd([]byte(`"`+bad+`"`), 1); ok && bad != `"` {
			t.Errorf("StringEnd accepted %q", bad)
		}
		if _, _, _, ok := AppendString(nil, []byte(`"`+bad+`"`), 1); ok && bad != `"` {
			t.Errorf("AppendString accepted %q", bad)
		}
	}
}

func TestNumberEnd(t *testing.T) {
	for _, tc := range []struct {
		in  string
		end int
		ok  bool
	}{
		{"0", 1, true}, {"-0.5e-7,", 7, true}, {"1E+2]", 4, true}, {"01", 1, true}, {"123456789012345678901234567890", 30, true},
		{"-", 1, false}, {"1.", 2, false}, {"1.e5", 2, false}, {"1e", 2, false}, {"1e+", 3, false}, {"-x", 1, false}, {".5", 0, false},
	} {
		if end, ok := NumberEnd([]byte(tc.in), 0); end != tc.end && tc.ok || ok != tc.ok {
			t.Errorf("NumberEnd(%q) = %d, %v; want %d, %v", tc.in, end, ok, tc.end, tc.ok)
		}
	}
}

func TestClasses(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		if got, want := IsSpace(b), b == ' ' || b == '\t' || b == '\n' || b == '\r'; got != want {
			t.Errorf("IsSpace(%#x) = %v", b, got)
		}
		if got, want := IsPlain(b), b >= 0x20 && b < 0x80 && b != '"' && b != '\\'; got != want {
			t.Errorf("IsPlain(%#x) = %v", b, got)
		}
		if got, want := IsPlainHTML(b), IsPlain(b) && b != '<' && b != '>' && b != '&'; got != want {
			t.Errorf("IsPlainHTML(%#x) = %v", b, got)
		}
	}
	if r := Hex4([]byte("aF09")); r != 0xaf09 {
		t.Errorf("Hex4(aF09) = %#x", r)
	}
	for _, bad := range []string{"", "123", "12g4", "-123"} {
		if r := Hex4([]byte(bad)); r != -1 {
			t.Errorf("Hex4(%q) = %#x; want -1", bad, r)
		}
	}
	if !OnlySpace([]byte(" \t\r\n")) || OnlySpace([]byte(" \v")) {
		t.Error("OnlySpace")
	}
}

func TestAppendCompactNested(t *testing.T) {
	src := []byte(" [ [ \"<\" ] ] ")
	for _, tc := range []struct {
		depth int
		want  string
		ok    bool
	}{
		{0, `[["\u003c"]]`, true},
		{MaxDepth - 2, `[["\u003c"]]`, true},
		{MaxDepth - 1, "", false},
	} {
		got, err := AppendCompactNested([]byte("x"), src, true, tc.depth)
		if (err == nil) != tc.ok || tc.ok && string(got) != "x"+tc.want || !tc.ok && string(got) != "x" {
			t.Errorf("depth %d: %q, %v; want %q ok=%v", tc.depth, got, err, tc.want, tc.ok)
		}
	}
	if _, err := AppendCompactNested(nil, []byte(`{"a":}`), true, 3); err == nil || err.Error() != "invalid character '}' looking for beginning of value" {
		t.Errorf("error %v", err)
	}
}

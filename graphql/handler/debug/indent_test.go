package debug

import "testing"

func TestIndent(t *testing.T) {
	cases := []struct{ in, prefix, want string }{
		{`null`, "", `null`},
		{`"a{b}[c],d:e"`, "", `"a{b}[c],d:e"`},
		{`{}`, "", `{}`},
		{`[]`, "", `[]`},
		{`[1,2]`, "", "[\n  1,\n  2\n]"},
		{`{"a":1}`, "", "{\n  \"a\": 1\n}"},
		{
			`{"data":{"user":{"name":"x","tags":[]}},"errors":[{"message":"m","path":["user",0]}]}`, "",
			`{
  "data": {
    "user": {
      "name": "x",
      "tags": []
    }
  },
  "errors": [
    {
      "message": "m",
      "path": [
        "user",
        0
      ]
    }
  ]
}`,
		},
		{`{"k":{},"l":[{}]}`, "> ", "{\n>   \"k\": {},\n>   \"l\": [\n>     {}\n>   ]\n> }"},
		// Escaped quotes and backslashes do not end a string.
		{`{"q\"{,":"\\","r":"\\\"]"}`, "", "{\n  \"q\\\"{,\": \"\\\\\",\n  \"r\": \"\\\\\\\"]\"\n}"},
		// White space between tokens is dropped, inside strings kept.
		{" { \"a b\" : [ 1 , { } ] } ", "", "{\n  \"a b\": [\n    1,\n    {}\n  ]\n}"},
	}
	for _, tc := range cases {
		if got := string(indent(nil, []byte(tc.in), tc.prefix, "  ")); got != tc.want {
			t.Errorf("indent(%s)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestIndentAppends(t *testing.T) {
	got := indent([]byte("x="), []byte(`[true]`), "", "\t")
	if string(got) != "x=[\n\ttrue\n]" {
		t.Errorf("got %q", got)
	}
}

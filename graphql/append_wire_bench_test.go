package graphql

import (
	"strings"
	"testing"
)

// wireBenchInputs are strings of the kinds the response writer sees: an
// 8 KiB text with an escape every dozen bytes or so (the shape of the
// EscapedStrings benchmark's bodies), the same size with none, multi-byte
// text with none, and a short name.
var wireBenchInputs = func() []struct{ name, s string } {
	dense := []string{
		`He said "hello" and left. `, `C:\Users\gopher\go\bin `, "col1\tcol2\tcol3\n",
		"line one\r\nline two\n", "bell\a back\b form\f nul\x00 unit\x1f del\x7f ",
		"<p class=\"x\">Tom &amp; Jerry</p> ", "sep\u2028para\u2029 ",
		"café, naïve, Ærøskøbing, 日本語, Ελληνικά ", "emoji 🙂🚀 ", "plain words between the escapes ",
	}
	fill := func(pieces ...string) string {
		var b strings.Builder
		for k := 0; b.Len() < 8<<10; k++ {
			b.WriteString(pieces[k%len(pieces)])
		}
		return b.String()
	}
	return []struct{ name, s string }{
		{"dense8KiB", fill(dense...)},
		{"plain8KiB", fill("plain words without anything to escape ")},
		{"utf8KiB", fill("café, naïve, Ærøskøbing, 日本語, Ελληνικά ")},
		{"short", "Luke Skywalker"},
	}
}()

func BenchmarkAppendWireString(b *testing.B) {
	for _, in := range wireBenchInputs {
		b.Run(in.name, func(b *testing.B) {
			buf := make([]byte, 0, 2*len(in.s)+16)
			b.SetBytes(int64(len(in.s)))
			for b.Loop() {
				buf = appendWireString(buf[:0], in.s)
			}
		})
	}
}

package codegen

import (
	"fmt"
	"strings"
	"text/template"
)

// A piece is one shape of generated code written the way it comes out: a
// text/template whose holes the Go code beside it fills with names and
// finished expressions. Every brace the generated code opens is closed in
// the same piece, so the shape of the output can be read in the
// generator's source; the decisions (which piece, what goes in each hole)
// are made in Go, where they are tested.
type piece struct{ t *template.Template }

// newPiece parses text, a shape of generated code, at package init: a
// malformed piece fails every test of the package. In text, {{bq}} is a
// backquote, which a Go raw string cannot hold.
func newPiece(name, text string) piece {
	funcs := template.FuncMap{"bq": func() string { return "`" }}
	return piece{template.Must(template.New(name).Funcs(funcs).Option("missingkey=error").Parse(text))}
}

// fill writes the piece with data in its holes. A failure is a mismatch
// between a piece and the Go code filling it, a bug of the generator that
// every generation run would hit, not something input can cause.
func (p piece) fill(data any) string {
	var b strings.Builder
	if err := p.t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("codegen: piece %s: %v", p.t.Name(), err))
	}
	return b.String()
}

// Package debug prints every GraphQL request and its response to standard
// output, for watching a server during development. Do not use it in
// production: it prints variables and data, secrets included.
package debug

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/99designs/gqlgen/codec"
	"github.com/99designs/gqlgen/graphql"
)

// Tracer is the handler extension. Add it with Server.Use(&debug.Tracer{}).
//
// For each response it prints the query, one variable a line and the
// response as indented JSON, then the errors by path:
//
//	GraphQL Request {
//	  query ($id: ID!) { user(id: $id) { name } }
//	  var id = "42"
//	  resp: {
//	    "data": { ... }
//	  }
//	  error: user.name: not allowed
//	}
type Tracer struct {
	// DisableColor turns colour off even when standard output is a terminal.
	// Output that is not a terminal is never coloured.
	DisableColor bool

	out   io.Writer
	color bool
}

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
} = &Tracer{}

// ExtensionName names the extension in logs and statistics. It is the name
// upstream gqlgen gives this extension, kept for compatibility.
func (a Tracer) ExtensionName() string { return "ApolloTracing" }

// Validate prepares the output: standard output, coloured when it is a
// terminal that can show colours and DisableColor is not set.
func (a *Tracer) Validate(graphql.ExecutableSchema) error {
	a.out = os.Stdout
	a.color = !a.DisableColor && colorTerminal(os.Stdout)
	return nil
}

// ANSI styles.
const (
	styleBold   = "\x1b[1m"
	styleRed    = "\x1b[31m"
	styleGreen  = "\x1b[32m"
	styleYellow = "\x1b[33m"
	styleCyan   = "\x1b[36m"
	styleReset  = "\x1b[0m"
)

// InterceptResponse prints the request before producing the response and
// the response after. Each half is written at once, so that concurrent
// requests do not mix within it.
func (a Tracer) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if !graphql.HasOperationContext(ctx) {
		return next(ctx)
	}
	out := a.out
	if out == nil {
		out = os.Stdout
	}
	opCtx := graphql.GetOperationContext(ctx)

	var b bytes.Buffer
	b.WriteString("GraphQL Request {\n")
	for line := range strings.SplitSeq(opCtx.RawQuery, "\n") {
		b.WriteString("  ")
		a.styled(&b, styleCyan, line)
		b.WriteByte('\n')
	}
	names := make([]string, 0, len(opCtx.Variables))
	for name := range opCtx.Variables {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		b.WriteString("  var " + name + " = ")
		a.styled(&b, styleYellow, stringify(opCtx.Variables[name]))
		b.WriteByte('\n')
	}
	_, _ = out.Write(b.Bytes())

	resp := next(ctx)

	b.Reset()
	b.WriteString("  resp: ")
	a.styled(&b, styleGreen, stringify(resp))
	b.WriteByte('\n')
	if resp != nil {
		for _, e := range resp.Errors {
			b.WriteString("  error: ")
			a.styled(&b, styleBold, e.Path.String()+":")
			b.WriteByte(' ')
			a.styled(&b, styleRed, e.Message)
			b.WriteByte('\n')
		}
	}
	b.WriteString("}\n\n")
	_, _ = out.Write(b.Bytes())
	return resp
}

// styled writes s to b, in style when colour is on.
func (a Tracer) styled(b *bytes.Buffer, style, s string) {
	if !a.color {
		b.WriteString(s)
		return
	}
	b.WriteString(style)
	b.WriteString(s)
	b.WriteString(styleReset)
}

// stringify renders v as JSON indented by two spaces, its inner lines
// indented two more to sit inside the request block; a value that cannot be
// encoded is printed with fmt.
func stringify(v any) string {
	compact, err := codec.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(indent(nil, compact, "  ", "  "))
}

package introspection

import (
	"fmt"
	"strings"
	"testing"
)

// benchSDL builds a schema of n object types with a handful of fields each,
// all taking arguments, plus an enum, an input and a union.
func benchSDL(n int) string {
	var b strings.Builder
	b.WriteString("type Query { first: O0 }\nenum E { A B C D }\ninput In { a: Int b: String e: E }\n")
	members := make([]string, n)
	for i := range n {
		members[i] = fmt.Sprintf("O%d", i)
		fmt.Fprintf(&b, "type O%d {\n", i)
		for f := range 8 {
			fmt.Fprintf(&b, "\tf%d(x: Int = 1, in: In, e: [E!]): [O%d!]\n", f, (i+1)%n)
		}
		b.WriteString("}\n")
	}
	fmt.Fprintf(&b, "union U = %s\n", strings.Join(members, " | "))
	return b.String()
}

// BenchmarkFullIntrospection walks the schema the way the resolvers do for
// Query: every type with all of its members, then every directive.
func BenchmarkFullIntrospection(b *testing.B) {
	for _, n := range []int{10, 200} {
		b.Run(fmt.Sprintf("types=%d", n), func(b *testing.B) {
			s := WrapSchema(loadSchema(b, benchSDL(n)))
			b.ReportAllocs()
			for b.Loop() {
				for _, typ := range s.Types() {
					for _, f := range typ.Fields(true) {
						_ = f.VisibleArgs(true)
						for t := f.Type; t != nil; t = t.OfType() {
							_ = t.Kind()
						}
					}
					_ = typ.VisibleInputFields(true)
					_ = typ.Interfaces()
					_ = typ.PossibleTypes()
					_ = typ.EnumValues(true)
				}
				for _, d := range s.Directives() {
					_ = d.VisibleArgs(true)
				}
			}
		})
	}
}

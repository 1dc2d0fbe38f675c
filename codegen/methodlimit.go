package codegen

import (
	"log"

	"github.com/vektah/gqlparser/v2/ast"
)

// methodLimit is the compiler's limit on the methods of one type; a
// generated executionContext with more does not compile ("too many methods
// on *executionContext").
const methodLimit = 1<<16 - 1

// methodBudget is the most methods fitMethodLimit lets executionContext
// have: it leaves room under methodLimit for the methods executionContext
// gets from its embedded fields and from plugins' files. Tests lower it.
var methodBudget = methodLimit - 5000

// fitMethodLimit writes the generated functions as functions taking the
// execution context (what use_function_syntax_for_execution_context: true
// asks for) when as methods they could exceed the compiler's limit, and
// says so: the schema compiles instead of failing after the whole
// compile. It runs in BuildData, before any plugin writes code, so that
// every generated file uses the same syntax.
func fitMethodLimit(data *Data) {
	if data.Config.UseFunctionSyntaxForExecutionContext {
		return
	}
	if n := methodCount(data); n > methodBudget {
		log.Printf("executionContext would have about %d methods, near the Go compiler's limit of %d methods per type: "+
			"generating functions taking the execution context instead, as use_function_syntax_for_execution_context: true does", n, methodLimit)
		data.Config.UseFunctionSyntaxForExecutionContext = true
	}
}

// methodCount is an upper bound on the methods the executable schema
// declares on executionContext: per object its marshaler, the form taking
// a lazy FieldContext and the blocks_ function; per field that is not a
// plain struct field its resolve, resolve_, fieldContext_ and argument
// functions; per interface its marshaler and blocks_; per input its
// unmarshalInput; per type reference its marshaler and unmarshaler.
func methodCount(data *Data) int {
	fieldDirectives := len(data.AllDirectives.LocationDirectives(string(ast.LocationField))) > 0
	n := 0
	for _, o := range data.Objects {
		n += 3
		for _, f := range o.Fields {
			if directlyReadable(f) && !o.Root && !o.Stream && !f.IsConcurrent() && !fieldDirectives {
				continue // a plain struct field: no function of its own
			}
			n += 3
			if len(f.Args) > 0 {
				n++
			}
		}
	}
	n += 2*len(data.Interfaces) + len(data.Inputs)
	for _, ref := range data.ReferencedTypes {
		if ref.MarshalFunc() != "" {
			n++
		}
		if ref.UnmarshalFunc() != "" {
			n++
		}
	}
	return n
}

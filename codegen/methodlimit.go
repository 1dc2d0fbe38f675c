package codegen

import (
	"fmt"
	"os"
)

// methodLimit is the compiler's limit on the methods of one type; a
// generated executionContext with more does not compile ("too many methods
// on *executionContext").
const methodLimit = 1<<16 - 1

// methodBudget is the most methods fitMethodLimit lets executionContext
// have: it leaves room under methodLimit for the methods executionContext
// gets from its embedded fields (a few dozen) and from plugins' files.
// Tests lower it.
var methodBudget = methodLimit - 1000

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
		fmt.Fprintf(os.Stderr, "gqlgen: executionContext would have up to %d methods, near the Go compiler's limit of %d methods per type: "+
			"generating functions taking the execution context instead, as use_function_syntax_for_execution_context: true does\n", n, methodLimit)
		data.Config.UseFunctionSyntaxForExecutionContext = true
	}
}

// methodCount is an upper bound on the methods the executable schema
// declares on executionContext, going by the decisions the generator
// makes: per object its marshaler, the form taking a lazy FieldContext and
// blocks_; per interface its marshaler and blocks_; per input its
// unmarshalInput; per type reference its marshaler and unmarshaler; and
// the few of the API and the directives. The per-field functions are not
// methods (see declFunc).
func methodCount(data *Data) int {
	an := analyze(data)
	n := 20
	for _, o := range data.Objects {
		n++
		if an.lazyTargets[o.Name] {
			n++
		}
		if an.blocking[o.Name] {
			n++
		}
	}
	for name := range data.Interfaces {
		n++
		if an.blocking[name] {
			n++
		}
	}
	n += len(data.Inputs)
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

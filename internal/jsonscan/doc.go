// Package jsonscan is the one place where the runtime reads JSON text by
// hand. The request reader of the HTTP transports, the validating compactor
// of the response writer, the untyped decoder and the string quoter of
// package codec all sit on it, so that whitespace, escapes (surrogate pairs
// and invalid UTF-8 included), number grammar, literals, the nesting limit
// and the wording of syntax errors are written, tested and fuzzed once.
//
// The reference for every rule is encoding/json as it is without
// GOEXPERIMENT=jsonv2 (upstream gqlgen v0.17.98's wire bytes): the same
// documents are valid, the same bytes come out of compaction and
// unescaping, and a syntax error has the same message and offset as
// json.Unmarshal's (Check) or a json.Decoder's (FirstValue), whatever
// encoding/json the program is built with.
package jsonscan

// MaxDepth is encoding/json's nesting limit: a document may hold arrays and
// objects 10000 deep; one more bracket is a syntax error.
const MaxDepth = 10000

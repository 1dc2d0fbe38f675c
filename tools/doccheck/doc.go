// Package doccheck holds the tests that keep the README and the user's
// guide true to the code: every error text, build tag, codec name,
// gqlgen.yml key and figure the documents quote is compared with its source
// (the codec package's files, go.mod, gqlgen.schema.json, the wire corpus's
// deliberate cases, the benchmark results files of docs/charts). It has no
// code of its own; `go test ./tools/doccheck` runs the checks, and make
// test runs them with everything else.
package doccheck

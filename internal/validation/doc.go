// Package validation holds the executor's replacements for gqlparser
// validation rules whose cost grows faster than the document on hostile
// input, and the cap on how many errors one validation reports.
//
// A replacement keeps the rule's name and reports exactly the errors
// gqlparser's rule reports (same messages, same locations, same order), so
// that swapping it in changes no response: only the time it takes. The
// differential test in this package holds it to that.
package validation

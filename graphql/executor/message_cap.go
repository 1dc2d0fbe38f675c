package executor

import (
	"unicode/utf8"

	"github.com/vektah/gqlparser/v2/gqlerror"
)

// maxErrorMessage is the most of a parse, validation or variable error's
// message that a response carries, in bytes before JSON escaping. Such
// messages echo the document (a field or argument name, a string token,
// the rest of the input after a bad escape) or a variable's value, which
// can be as long as the request body. With at most maxValidationErrors+1
// errors, each at most six times this once escaped, a refused document's
// response stays well under a megabyte. Messages about ordinary documents
// are a fraction of it and are left whole.
const maxErrorMessage = 1024

// truncatedMark ends a message cut at maxErrorMessage.
const truncatedMark = "… (truncated)"

// capMessage cuts err's message to maxErrorMessage bytes, at a character
// boundary, and marks the cut.
func capMessage(err *gqlerror.Error) {
	if err == nil || len(err.Message) <= maxErrorMessage {
		return
	}
	cut := maxErrorMessage - len(truncatedMark)
	for cut > 0 && !utf8.RuneStart(err.Message[cut]) {
		cut--
	}
	err.Message = err.Message[:cut] + truncatedMark
}
